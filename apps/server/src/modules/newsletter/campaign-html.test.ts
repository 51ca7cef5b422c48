import { describe, expect, it } from 'vitest';
import { sanitizeCampaignHtml } from './campaign-html.ts';

/** Vectors from the usual XSS cheat sheets: none may keep a script, handler, style, frame or unsafe URL. */
const VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<body onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="//evil.example">x</a>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<p style="behavior:url(x.htc)">x</p>',
  '<style>@import "javascript:alert(1)";</style>',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><input type="submit"></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<p onclick="alert(1)" onmouseover="alert(2)">x</p>',
  '<a href="https://ok.example" onclick="alert(1)">x</a>',
  '<base href="javascript:/">',
  '<<script>script>alert(1)<</script>/script>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
];

const UNSAFE =
  /<(script|style|iframe|img|svg|object|embed|form|input|button|link|meta|base|video|source|math|template|noscript)\b|\son\w+\s*=|javascript:|vbscript:|data:|style=|srcdoc/i;

describe('sanitizeCampaignHtml', () => {
  it.each(VECTORS)('keeps nothing executable of %s', (vector) => {
    expect(sanitizeCampaignHtml(vector)).not.toMatch(UNSAFE);
  });

  it('keeps the text structure and http(s) and mailto links, which open in a new tab', () => {
    expect(
      sanitizeCampaignHtml(
        '<h2>Título</h2><p>Olá <strong>a</strong> <em>todos</em><br>linha</p><ul><li>um</li></ul>' +
          '<blockquote>citação</blockquote><a href="https://excelencia.cv/pt">site</a> <a href="mailto:a@b.cv">mail</a>',
      ),
    ).toBe(
      '<h2>Título</h2><p>Olá <strong>a</strong> <em>todos</em><br />linha</p><ul><li>um</li></ul>' +
        '<blockquote>citação</blockquote><a href="https://excelencia.cv/pt" rel="noopener noreferrer" target="_blank">site</a> ' +
        '<a href="mailto:a@b.cv" rel="noopener noreferrer" target="_blank">mail</a>',
    );
  });
});

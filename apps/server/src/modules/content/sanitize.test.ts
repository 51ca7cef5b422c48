import { describe, expect, it } from 'vitest';
import { OWN_IMAGE, XSS_VECTORS } from '../../../test/support/xss-vectors.ts';
import { richTextImageIds, sanitizeRichText } from './sanitize.ts';

const ALLOWED: Record<string, readonly string[]> = {
  p: [],
  br: [],
  strong: [],
  em: [],
  u: [],
  s: [],
  a: ['href', 'rel', 'target'],
  ul: [],
  ol: [],
  li: [],
  h2: [],
  h3: [],
  h4: [],
  blockquote: [],
  img: ['src', 'alt'],
  code: [],
  pre: [],
};

/**
 * Every tag of `html` is on the allow-list with allowed attributes only; links are http(s), mailto or the site's
 * paths with rel=noopener; images come from our image route. Text is escaped by the cleaner, so only tags matter.
 */
function problemsOf(html: string): string[] {
  const problems: string[] = [];
  for (const [tag] of html.matchAll(/<[^>]*>/g)) {
    const match = /^<\/?([a-z0-9]+)([\s\S]*?)\/?>$/i.exec(tag);
    if (!match) {
      problems.push(`unparsable tag ${tag}`);
      continue;
    }
    const name = (match[1] as string).toLowerCase();
    const allowed = ALLOWED[name];
    if (!allowed) {
      problems.push(`tag ${name}`);
      continue;
    }
    const attributes = [...(match[2] as string).matchAll(/([^\s=]+)="([^"]*)"/g)];
    const rest = (match[2] as string).replace(/([^\s=]+)="([^"]*)"/g, '').trim();
    if (rest) problems.push(`stray attribute text ${rest}`);
    for (const [, attribute = '', value = ''] of attributes) {
      if (!allowed.includes(attribute)) problems.push(`${name}[${attribute}]`);
      const decoded = value.replace(/&amp;/g, '&');
      if (attribute === 'href' && !/^(https?:\/\/|mailto:|\/(?![/\\])|#)/i.test(decoded)) {
        problems.push(`href ${value}`);
      }
      if (
        attribute === 'src' &&
        !/^\/app\/api\/v1\/public\/content\/images\/[0-9a-f-]{36}\/\d+\.webp$/.test(value)
      ) {
        problems.push(`src ${value}`);
      }
      if (attribute === 'target' && value !== '_blank') problems.push(`target ${value}`);
    }
    if (name === 'a' && !tag.startsWith('</') && !tag.includes('rel="noopener noreferrer"')) {
      problems.push('a without rel=noopener');
    }
  }
  return problems;
}

describe('sanitizeRichText', () => {
  it(`leaves nothing executable in ${XSS_VECTORS.length} XSS vectors`, () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(30);
    for (const vector of XSS_VECTORS) {
      const clean = sanitizeRichText(vector);
      expect(problemsOf(clean), `${vector} → ${clean}`).toEqual([]);
      expect(clean, vector).not.toMatch(
        /<script|<iframe|<style|<svg|<object|<embed|<form|<meta|<base|<link/i,
      );
    }
  });

  it('keeps what the editor writes', () => {
    const html =
      '<h2>Título</h2><p>Texto <strong>forte</strong>, <em>ênfase</em>, <u>sublinhado</u>, <s>riscado</s><br>' +
      '<a href="https://excelencia.cv/pt/faq" target="_blank">link</a> <a href="mailto:info@excelencia.cv">mail</a> ' +
      '<a href="/pt/about">sobre</a></p><ul><li>um</li></ul><ol><li>dois</li></ol><blockquote>citação</blockquote>' +
      `<pre><code>x = 1</code></pre><p><img src="${OWN_IMAGE}" alt="Gala"></p>`;
    expect(sanitizeRichText(html)).toBe(
      '<h2>Título</h2><p>Texto <strong>forte</strong>, <em>ênfase</em>, <u>sublinhado</u>, <s>riscado</s><br />' +
        '<a rel="noopener noreferrer" href="https://excelencia.cv/pt/faq" target="_blank">link</a> ' +
        '<a rel="noopener noreferrer" href="mailto:info@excelencia.cv">mail</a> ' +
        '<a rel="noopener noreferrer" href="/pt/about">sobre</a></p><ul><li>um</li></ul><ol><li>dois</li></ol>' +
        `<blockquote>citação</blockquote><pre><code>x = 1</code></pre><p><img src="${OWN_IMAGE}" alt="Gala" /></p>`,
    );
  });

  it('drops scripts with their text, and foreign images whole', () => {
    expect(sanitizeRichText('<p>a<script>alert(1)</script>b</p>')).toBe('<p>ab</p>');
    expect(sanitizeRichText('<p>a<img src="https://evil.example/x.png">b</p>')).toBe('<p>ab</p>');
  });

  it('lists the content images a text shows', () => {
    expect(richTextImageIds(sanitizeRichText(`<p><img src="${OWN_IMAGE}"></p>`))).toEqual([
      '0b6f1c2e-3a4d-4e5f-8a9b-0c1d2e3f4a5b',
    ]);
  });
});

import { EMBLEM_SVG, escapeHtml, type Language, translate } from '@excelencia/domain';

/**
 * The icons every HTML page of the portal names: /favicon.ico (site.routes.ts, for browsers and tools that ask
 * for it) and the web build's /favicon.svg. apps/web/index.html, the shell of the app and of the pages the server
 * renders, carries the same two lines.
 */
export const ICON_LINKS =
  '<link rel="icon" href="/favicon.ico" sizes="32x32">\n<link rel="icon" href="/favicon.svg" type="image/svg+xml">';

/** The emblem in a page's header, drawn at `size` px; the name beside it says what it is. */
function emblem(size: number): string {
  return EMBLEM_SVG.replace(
    '<svg ',
    `<svg width="${size}" height="${size}" aria-hidden="true" focusable="false" `,
  )
    .replace(' role="img" aria-label="Excelência Empresarial"', '')
    .trim();
}

const STYLE = `*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1b1e;background:#f8f9fa;line-height:1.5}
header{background:#fff;border-bottom:1px solid #dee2e6}
.bar{max-width:48rem;margin:0 auto;padding:.75rem 1rem}
.brand{display:inline-flex;align-items:center;gap:.6rem;color:#002a99;font-weight:700;font-size:1.125rem;text-decoration:none}
main{max-width:32rem;margin:3rem auto;padding:2rem 1.5rem;background:#fff;border:1px solid #dee2e6;border-radius:8px}
@media (max-width:34rem){main{margin:1.5rem 1rem}}
h1{font-size:1.5rem;margin:0 0 1rem;color:#002a99}
p{margin:0 0 1rem}
a{color:#0538c2}
a:focus-visible,button:focus-visible{outline:2px solid #0538c2;outline-offset:2px}
button{font:inherit;font-weight:600;color:#fff;background:#0538c2;border:0;border-radius:4px;padding:.6rem 1.2rem;cursor:pointer}
.actions{display:flex;flex-wrap:wrap;gap:1rem;align-items:center;margin:1.5rem 0 0}`;

/**
 * A small page the server answers itself (the newsletter's links, the sign-out confirmation, too many requests),
 * in the site's look: the header with the emblem and the name linking home, a card with `content` (HTML the
 * caller built and escaped), the icons, in `language`, kept out of search engines.
 */
export function htmlPage(input: { language: Language; title: string; content: string }): string {
  const { language } = input;
  const appName = escapeHtml(translate(language, 'common:appName'));
  const title = escapeHtml(input.title);
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="theme-color" content="#0032ad">
${ICON_LINKS}
<title>${title} · ${appName}</title>
<style>
${STYLE}
</style>
</head>
<body>
<header><div class="bar"><a class="brand" href="/${language}/">${emblem(36)}<span>${appName}</span></a></div></header>
<main>
<h1>${title}</h1>
${input.content}
</main>
</body>
</html>
`;
}

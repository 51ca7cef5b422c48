import { escapeHtml } from '@excelencia/domain';

export { escapeHtml };

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"']+/g;

/** Escapes text and turns the http(s) addresses in it into links (the address is the link's text). */
export function linkify(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = match[0].replace(/[.,;:!?)]+$/, '');
    const start = match.index;
    out += escapeHtml(text.slice(last, start));
    out += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  return out + escapeHtml(text.slice(last));
}

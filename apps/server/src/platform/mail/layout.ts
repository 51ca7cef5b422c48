import { escapeHtml, type Language, translate } from '@excelencia/domain';
import type { OutgoingMail } from './outbox.ts';

/**
 * A mail in the portal's plain layout, in text and in escaped HTML from the same texts: the greeting, the
 * paragraphs, the link (as its own address), the paragraphs after it, and the signature in the mail's language.
 */
export function layoutMail(input: {
  to: string;
  language: Language;
  subject: string;
  greeting: string;
  lines: readonly string[];
  link: string;
  after?: readonly string[];
}): OutgoingMail {
  const { language, greeting, lines, link } = input;
  const after = input.after ?? [];
  const signature = translate(language, 'mail:signature');
  const text = [greeting, '', ...lines, link, '', ...after.flatMap((line) => [line, '']), signature].join(
    '\n',
  );
  const p = (value: string) => `<p>${escapeHtml(value)}</p>`;
  const html = [
    `<!doctype html><html lang="${language}"><body>`,
    p(greeting),
    ...lines.map(p),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    ...after.map(p),
    p(signature),
    '</body></html>',
  ].join('\n');
  return { to: input.to, subject: input.subject, text, html, language };
}

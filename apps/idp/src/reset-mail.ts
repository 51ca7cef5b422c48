import { type Language, translate } from '@excelencia/domain';
import { escapeHtml } from './html.ts';
import { RESET_LINK_MINUTES } from './password-resets.ts';
import type { IdpMail } from './types.ts';

/** The password reset mail, in the language of the page it was asked from, signed like the portal's mails. */
export function resetMail(input: { to: string; name: string; language: Language; link: string }): IdpMail {
  const { language, link } = input;
  const params = {
    name: input.name || input.to,
    email: input.to,
    minutes: RESET_LINK_MINUTES,
    product: translate(language, 'common:appName'),
  };
  const t = (key: string) => translate(language, `idp:resetMail.${key}`, params);
  const signature = translate(language, 'mail:signature');
  const text = [
    t('greeting'),
    '',
    t('intro'),
    t('action'),
    link,
    '',
    t('expiry'),
    t('ignore'),
    '',
    signature,
  ].join('\n');
  const p = (value: string) => `<p>${escapeHtml(value)}</p>`;
  const html = [
    `<!doctype html><html lang="${language}"><body>`,
    p(t('greeting')),
    p(t('intro')),
    p(t('action')),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t('button'))}</a></p>`,
    `<p>${escapeHtml(link)}</p>`,
    p(t('expiry')),
    p(t('ignore')),
    p(signature),
    '</body></html>',
  ].join('\n');
  return { to: input.to, subject: t('subject'), text, html, language };
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import { escapeHtml, type Language, translate } from '@excelencia/domain';
import { API_PREFIX } from '../../auth/guard.ts';
import { htmlPage } from '../../platform/html-page.ts';
import type { OutgoingMail } from '../../platform/mail/outbox.ts';

/**
 * The reminders' texts and their one-click opt-out (RFC 8058). The opt-out token is the account id and an HMAC of
 * it under the server's secret, for this purpose only: it opts that account out of reminders and does nothing
 * else, and needs no stored state (every reminder the account ever got carries a working link).
 */

const PURPOSE = 'reminders-opt-out';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function signature(secret: string, accountId: string): string {
  return createHmac('sha256', secret).update(`${PURPOSE}:${accountId}`).digest('base64url');
}

export function optOutToken(secret: string, accountId: string): string {
  return `${accountId}.${signature(secret, accountId)}`;
}

/** The account an opt-out token names, or null when the token is not one this server made. */
export function accountOfOptOutToken(secret: string, token: string): string | null {
  const [accountId = '', given = '', ...rest] = token.split('.');
  if (rest.length > 0 || !UUID.test(accountId)) return null;
  const expected = Buffer.from(signature(secret, accountId));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? accountId : null;
}

export function optOutLink(publicUrl: string, token: string): string {
  return `${publicUrl}${API_PREFIX}/reminders/opt-out?token=${encodeURIComponent(token)}`;
}

/** A reminder in the recipient's language: greeting, lines, the link, and the footer with the opt-out. */
export function reminderMail(input: {
  to: string;
  name: string;
  language: Language;
  /** The block of automationsMail (registrationCloses, applicationsClose, sealExpires), or of `namespace`. */
  block: 'registrationCloses' | 'applicationsClose' | 'sealExpires' | 'documentExpires';
  /** The namespace holding the block (automationsMail unless named: documentValidityMail's documentExpires). */
  namespace?: 'automationsMail' | 'documentValidityMail';
  params: Record<string, string | number>;
  /** The lines after the intro, already in the language. */
  details: readonly string[];
  link: string;
  optOutLink: string;
}): OutgoingMail {
  const { language, block } = input;
  const params = { ...input.params, name: input.name };
  const t = (key: string) =>
    translate(language, `${input.namespace ?? 'automationsMail'}:${block}.${key}`, params);
  const lines = [t('intro'), ...input.details, t('action')];
  const signatureText = translate(language, 'mail:signature');
  const reason = translate(language, 'automationsMail:footer.reason', params);
  const optOut = translate(language, 'automationsMail:footer.optOut');
  const p = (value: string) => `<p>${escapeHtml(value)}</p>`;
  return {
    to: input.to,
    language,
    subject: t('subject'),
    text: [
      translate(language, 'automationsMail:greeting', params),
      '',
      ...lines,
      input.link,
      '',
      signatureText,
      '',
      '--',
      reason,
      `${optOut}: ${input.optOutLink}`,
    ].join('\n'),
    html: [
      `<!doctype html><html lang="${language}"><body>`,
      p(translate(language, 'automationsMail:greeting', params)),
      ...lines.map(p),
      `<p><a href="${escapeHtml(input.link)}">${escapeHtml(input.link)}</a></p>`,
      p(signatureText),
      '<hr>',
      `<p style="font-size:12px;color:#555">${escapeHtml(reason)} <a href="${escapeHtml(input.optOutLink)}">${escapeHtml(optOut)}</a></p>`,
      '</body></html>',
    ].join('\n'),
    headers: {
      'List-Unsubscribe': `<${input.optOutLink}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The page the opt-out link answers, in the account's language. */
export function optOutPage(input: {
  language: Language;
  kind: 'optedOut' | 'invalid';
  email?: string;
  profileUrl: string;
}): string {
  const { language } = input;
  const t = (key: string) => translate(language, `automationsMail:page.${key}`, { email: input.email ?? '' });
  return htmlPage({
    language,
    title: t(`${input.kind}Title`),
    content: [
      `<p>${escapeHtml(t(input.kind))}</p>`,
      `<p class="actions"><a href="${escapeHtml(input.profileUrl)}">${escapeHtml(t('profile'))}</a></p>`,
    ].join('\n'),
  });
}

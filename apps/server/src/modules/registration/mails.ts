import { INVITATION_LINK_DAYS, type Language, REGISTRATION_LINK_HOURS, translate } from '@excelencia/domain';
import type { OutgoingMail } from '../../platform/mail/outbox.ts';
import { escapeHtml } from './html.ts';

/** The links the mails carry: pages of the web app that call the confirm/accept endpoints. */
export function registrationLink(publicUrl: string, language: Language, token: string): string {
  return `${publicUrl}/${language}/register/confirm?token=${encodeURIComponent(token)}`;
}

export function invitationLink(publicUrl: string, language: Language, token: string): string {
  return `${publicUrl}/${language}/register/invitation?token=${encodeURIComponent(token)}`;
}

function compose(
  kind: 'registration' | 'invitation',
  to: string,
  language: Language,
  link: string,
  params: Record<string, string | number>,
): OutgoingMail {
  const t = (key: string) => translate(language, `mail:${kind}.${key}`, params);
  const paragraphs = [t('intro'), t('action')];
  const text = [
    t('greeting'),
    '',
    ...paragraphs,
    link,
    '',
    t('expiry'),
    t('ignore'),
    '',
    translate(language, 'mail:signature'),
  ].join('\n');
  const p = (value: string) => `<p>${escapeHtml(value)}</p>`;
  const html = [
    `<!doctype html><html lang="${language}"><body>`,
    p(t('greeting')),
    ...paragraphs.map(p),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t('button'))}</a></p>`,
    `<p>${escapeHtml(link)}</p>`,
    p(t('expiry')),
    p(t('ignore')),
    p(translate(language, 'mail:signature')),
    '</body></html>',
  ].join('\n');
  return { to, subject: t('subject'), text, html, language };
}

export function registrationMail(input: {
  to: string;
  name: string;
  companyName: string;
  language: Language;
  link: string;
}): OutgoingMail {
  return compose('registration', input.to, input.language, input.link, {
    name: input.name,
    companyName: input.companyName,
    hours: REGISTRATION_LINK_HOURS,
  });
}

export function invitationMail(input: {
  to: string;
  name: string;
  companyName: string;
  language: Language;
  link: string;
}): OutgoingMail {
  return compose('invitation', input.to, input.language, input.link, {
    name: input.name,
    companyName: input.companyName,
    days: INVITATION_LINK_DAYS,
  });
}

import {
  escapeHtml,
  INVITATION_LINK_DAYS,
  type Language,
  REGISTRATION_LINK_HOURS,
  translate,
} from '@excelencia/domain';
import type { OutgoingMail } from '../../platform/mail/outbox.ts';

/** The links the mails carry: pages of the web app that call the confirm/accept endpoints. */
export function registrationLink(publicUrl: string, language: Language, token: string): string {
  return `${publicUrl}/${language}/register/confirm?token=${encodeURIComponent(token)}`;
}

export function invitationLink(publicUrl: string, language: Language, token: string): string {
  return `${publicUrl}/${language}/register/invitation?token=${encodeURIComponent(token)}`;
}

/** The portal's sign-in, coming back to the company dashboard in the language. */
export function signInLink(publicUrl: string, language: Language): string {
  const query = new URLSearchParams({ callbackUrl: `/${language}/company/dashboard`, lang: language });
  return `${publicUrl}/auth/login?${query.toString()}`;
}

type MailKind =
  | 'registration'
  | 'registrationRepeated'
  | 'existingAccount'
  | 'registrationCancelled'
  | 'invitation'
  | 'invitationCancelled';

/**
 * One mail of the `mail` catalog's `kind`: the greeting, the paragraphs before the link, the link (a button in
 * the HTML) when there is one, the paragraphs after it, and the signature; the HTML is built from the same texts,
 * escaped.
 */
function compose(
  kind: MailKind,
  to: string,
  language: Language,
  params: Record<string, string | number>,
  parts: { before: readonly string[]; link?: string; after: readonly string[] },
): OutgoingMail {
  const t = (key: string) => translate(language, `mail:${kind}.${key}`, params);
  const before = parts.before.map(t);
  const after = parts.after.map(t);
  const signature = translate(language, 'mail:signature');
  const text = [
    t('greeting'),
    '',
    ...before,
    ...(parts.link ? [parts.link] : []),
    '',
    ...after,
    ...(after.length > 0 ? [''] : []),
    signature,
  ].join('\n');
  const p = (value: string) => `<p>${escapeHtml(value)}</p>`;
  const html = [
    `<!doctype html><html lang="${language}"><body>`,
    p(t('greeting')),
    ...before.map(p),
    ...(parts.link
      ? [
          `<p><a href="${escapeHtml(parts.link)}">${escapeHtml(t('button'))}</a></p>`,
          `<p>${escapeHtml(parts.link)}</p>`,
        ]
      : []),
    ...after.map(p),
    p(signature),
    '</body></html>',
  ].join('\n');
  return { to, subject: t('subject'), text, html, language };
}

interface LinkMail {
  to: string;
  name: string;
  companyName: string;
  language: Language;
  link: string;
}

export function registrationMail(input: LinkMail): OutgoingMail {
  return compose(
    'registration',
    input.to,
    input.language,
    { name: input.name, companyName: input.companyName, hours: REGISTRATION_LINK_HOURS },
    { before: ['intro', 'action'], link: input.link, after: ['expiry', 'ignore'] },
  );
}

/** A registration of an address whose registration already waits: a fresh link to that one. */
export function registrationRepeatedMail(input: LinkMail): OutgoingMail {
  return compose(
    'registrationRepeated',
    input.to,
    input.language,
    { name: input.name, companyName: input.companyName, hours: REGISTRATION_LINK_HOURS },
    { before: ['intro', 'action'], link: input.link, after: ['expiry', 'ignore'] },
  );
}

/**
 * A registration of an address that already has an account: nothing was registered; sign in, or reset the
 * password. It carries nothing the requester typed (the company name is anyone's text).
 */
export function existingAccountMail(input: {
  to: string;
  name: string;
  language: Language;
  link: string;
}): OutgoingMail {
  return compose(
    'existingAccount',
    input.to,
    input.language,
    { name: input.name },
    { before: ['intro', 'action'], link: input.link, after: ['forgot', 'ignore'] },
  );
}

/**
 * Who pre-registered the company: a person of the portal's team (an administrator), or of a partner entity; null
 * when nobody is known any more (the account was removed).
 */
type Inviter = { name: string; entity: string | null } | null;

/** The invitation names who sent it: the person and the partner entity, or the portal's team. */
export function invitationMail(input: LinkMail & { inviter: Inviter }): OutgoingMail {
  const { inviter } = input;
  const intro = !inviter ? 'intro' : inviter.entity ? 'introByPartner' : 'introByAdmin';
  return compose(
    'invitation',
    input.to,
    input.language,
    {
      name: input.name,
      companyName: input.companyName,
      days: INVITATION_LINK_DAYS,
      inviter: inviter?.name ?? '',
      entity: inviter?.entity ?? '',
    },
    { before: [intro, 'action'], link: input.link, after: ['expiry', 'ignore'] },
  );
}

/** A registration or a pre-registration's invitation cancelled because another claim on its NIF was kept. */
export function claimCancelledMail(input: {
  kind: 'registration' | 'invitation';
  to: string;
  name: string;
  companyName: string;
  nif: string;
  language: Language;
}): OutgoingMail {
  return compose(
    input.kind === 'registration' ? 'registrationCancelled' : 'invitationCancelled',
    input.to,
    input.language,
    { name: input.name, companyName: input.companyName, nif: input.nif },
    { before: ['intro'], after: ['contact'] },
  );
}

import { type CompanyRole, formatDisplayDate, type Language, translate } from '@excelencia/domain';
import { layoutMail } from '../../platform/mail/layout.ts';
import type { OutgoingMail } from '../../platform/mail/outbox.ts';

/** The texts of a team's mails (the `teams` catalog), in the recipient's language. */
function texts(language: Language, kind: string, params: Record<string, string>) {
  return (key: string) => translate(language, `teams:mails.${kind}.${key}`, params);
}

const roleName = (language: Language, role: CompanyRole) => translate(language, `teams:roles.${role}`);
const allows = (language: Language, role: CompanyRole) => translate(language, `teams:allows.${role}`);

/** Where a member finds the portal again: its company dashboard, in the language. */
export function dashboardLink(publicUrl: string, language: Language): string {
  return `${publicUrl}/${language}/company/dashboard`;
}

/**
 * An owner's invitation into the company's team: who invites, the company, the role and what it allows, the link
 * and until when it works, in the invited person's language.
 */
export function teamInvitationMail(input: {
  to: string;
  language: Language;
  inviter: string;
  companyName: string;
  role: CompanyRole;
  link: string;
  expiresAt: Date;
}): OutgoingMail {
  const { language } = input;
  const t = texts(language, 'invitation', {
    inviter: input.inviter,
    companyName: input.companyName,
    role: roleName(language, input.role),
    allows: allows(language, input.role),
    expires: formatDisplayDate(input.expiresAt, language, { time: true }),
  });
  return layoutMail({
    to: input.to,
    language,
    subject: t('subject'),
    greeting: t('greeting'),
    lines: [t('intro'), t('allows'), t('action')],
    link: input.link,
    after: [t('expiry'), t('ignore')],
  });
}

/** To a member an owner removed from the team. */
export function memberRemovedMail(input: {
  to: string;
  name: string;
  language: Language;
  actor: string;
  companyName: string;
  link: string;
}): OutgoingMail {
  const { language } = input;
  const t = texts(language, 'removed', {
    name: input.name,
    actor: input.actor,
    companyName: input.companyName,
  });
  return layoutMail({
    to: input.to,
    language,
    subject: t('subject'),
    greeting: t('greeting'),
    lines: [t('intro'), t('contact')],
    link: input.link,
  });
}

/** To a member whose role an owner changed: the old and new roles and what the new one allows. */
export function roleChangedMail(input: {
  to: string;
  name: string;
  language: Language;
  actor: string;
  companyName: string;
  before: CompanyRole;
  after: CompanyRole;
  link: string;
}): OutgoingMail {
  const { language } = input;
  const t = texts(language, 'roleChanged', {
    name: input.name,
    actor: input.actor,
    companyName: input.companyName,
    before: roleName(language, input.before),
    after: roleName(language, input.after),
    allows: allows(language, input.after),
  });
  return layoutMail({
    to: input.to,
    language,
    subject: t('subject'),
    greeting: t('greeting'),
    lines: [t('intro'), t('allows'), t('action')],
    link: input.link,
  });
}

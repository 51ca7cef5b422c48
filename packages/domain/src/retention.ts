/**
 * How long the portal keeps each kind of personal data, in one place: the privacy page states these periods
 * (its retention table reads them) and the server's retention sweep (apps/server/src/modules/retention)
 * enforces them. Each kind's label and sentences are in the contentPublic catalog (retention.kinds.<kind>).
 */

export type RetentionUnit = 'days' | 'years';

export interface RetentionPeriod {
  count: number;
  unit: RetentionUnit;
}

/** The kinds, in the order the privacy page lists them. */
export const RETENTION_KINDS = [
  'sessions',
  'registrations',
  'invitations',
  'accounts',
  'companies',
  'balanceSheets',
  'applicationDocuments',
  'newsletterPending',
  'newsletterUnsubscribed',
  'mail',
  'auditLog',
  'partnerAccessLog',
] as const;

export type RetentionKind = (typeof RETENTION_KINDS)[number];

/** A deactivated account keeps its personal fields this long after its last change (deactivation or later). */
const DEACTIVATED_ACCOUNTS: RetentionPeriod = { count: 2, unit: 'years' };

/**
 * The period of each kind, counted from the event its sentence names:
 * - sessions: from their expiry (deleted then);
 * - registrations: from the expiry of the confirmation link (the request, confirmed or not, is deleted; an
 *   unconfirmed one's disabled sign-in account at the identity provider with it);
 * - invitations: an administrator's pre-registration invitation never accepted, from the expiry of its link;
 * - accounts: a deactivated account, from its last change; its name, e-mail and picture are erased and its
 *   sign-in account at the identity provider deleted;
 * - companies: a company whose every account has been erased loses its personal fields at once (so the same
 *   period as accounts);
 * - balanceSheets: sheets and diagnoses the company deleted, from their deletion (live ones are business
 *   records, kept while the company is registered);
 * - applicationDocuments: from the results date of the application's edition;
 * - newsletterPending: from the last subscription request;
 * - newsletterUnsubscribed: from the unsubscription;
 * - mail: outgoing mail sent or given up, from when it was written;
 * - auditLog, partnerAccessLog: from the entry.
 */
export const RETENTION: Readonly<Record<RetentionKind, RetentionPeriod>> = {
  sessions: { count: 0, unit: 'days' },
  registrations: { count: 30, unit: 'days' },
  invitations: { count: 180, unit: 'days' },
  accounts: DEACTIVATED_ACCOUNTS,
  companies: DEACTIVATED_ACCOUNTS,
  balanceSheets: { count: 30, unit: 'days' },
  applicationDocuments: { count: 3, unit: 'years' },
  newsletterPending: { count: 30, unit: 'days' },
  newsletterUnsubscribed: { count: 30, unit: 'days' },
  mail: { count: 90, unit: 'days' },
  auditLog: { count: 5, unit: 'years' },
  partnerAccessLog: { count: 2, unit: 'years' },
};

/**
 * A newsletter confirmation link works this many days after the subscription request that sent it (counted
 * from the start of that address's request window, so at most SUBSCRIBE_WINDOW_MINUTES less).
 */
export const NEWSLETTER_CONFIRM_LINK_DAYS = 7;

/** `at` moved back by `period` (calendar years in UTC, or days of 24 hours). */
export function periodBefore(at: Date, period: RetentionPeriod): Date {
  const out = new Date(at.getTime());
  if (period.unit === 'years') out.setUTCFullYear(out.getUTCFullYear() - period.count);
  else out.setTime(out.getTime() - period.count * 86_400_000);
  return out;
}

/** The moment before which the events of `kind` are past their period at `now`. */
export function retentionCutoff(kind: RetentionKind, now: Date): Date {
  return periodBefore(now, RETENTION[kind]);
}

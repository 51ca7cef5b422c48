import { z } from 'zod';

/**
 * An edition's automations: the mails the portal sends by itself around the edition's dates, each switched on or
 * off by an administrator per edition (docs/architecture.md, "Background work"). The moments derive from the
 * edition's dates, so changing a date moves its sends; only the switches and what was sent are stored.
 *
 * - registrationCloses7d, registrationCloses1d: registration closes in 7 days / 1 day, to registered companies
 *   without an application in the edition;
 * - applicationsClose7d, applicationsClose1d: applications close in 7 days / 1 day, to companies whose application
 *   is still a draft, naming what is missing (documents, failed criteria);
 * - sealExpires30d: the seal of the edition expires in 30 days, to its holder (with the next edition's dates when
 *   announced);
 * - documentExpiry: a live document of a draft or submitted application runs out before the edition's evaluation
 *   ends, to that company, once per document, from the job's first run after it is known (the upload) until the
 *   evaluation ends (docs/adr/0030-document-validity.md);
 * - resultsPublished: the results mail, sent by the publication itself (listed, not switched here).
 */
export const AUTOMATION_KINDS = [
  'registrationCloses7d',
  'registrationCloses1d',
  'applicationsClose7d',
  'applicationsClose1d',
  'documentExpiry',
  'sealExpires30d',
  'resultsPublished',
] as const;
export type AutomationKind = (typeof AUTOMATION_KINDS)[number];

/** The kinds the job sends (reminders, each with the one-click opt-out) and an administrator may switch off. */
export const REMINDER_KINDS = [
  'registrationCloses7d',
  'registrationCloses1d',
  'applicationsClose7d',
  'applicationsClose1d',
  'documentExpiry',
  'sealExpires30d',
] as const satisfies readonly AutomationKind[];
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export function isReminderKind(kind: AutomationKind): kind is ReminderKind {
  return (REMINDER_KINDS as readonly string[]).includes(kind);
}

/**
 * Where an item stands: 'scheduled' (its moment is to come, or due and about to go), 'sent' (the job sent it;
 * the results mail: published), 'skipped' (the portal reached it only after its meaning had passed, e.g. the
 * window had closed), 'disabled' (switched off, its moment still to come), 'past' (its moment passed without it).
 */
export const AUTOMATION_STATES = ['scheduled', 'sent', 'skipped', 'disabled', 'past'] as const;
export type AutomationState = (typeof AUTOMATION_STATES)[number];

/** `GET editions/{id}/automations`: one item per kind, in the order of AUTOMATION_KINDS. */
export const AutomationItem = z.object({
  kind: z.enum(AUTOMATION_KINDS),
  /** When it is sent (ISO 8601), from the edition's dates. */
  sendAt: z.string(),
  /** How many companies it reaches now (members who opted out of reminders are not reached). */
  audience: z.number().int().nonnegative(),
  enabled: z.boolean(),
  state: z.enum(AUTOMATION_STATES),
  /** How many companies it was sent to. */
  sent: z.number().int().nonnegative(),
  /** False for the results mail, which the publication sends. */
  switchable: z.boolean(),
});
export type AutomationItem = z.infer<typeof AutomationItem>;

export const AutomationList = z.array(AutomationItem);
export type AutomationList = z.infer<typeof AutomationList>;

export const AutomationParams = z.object({ id: z.uuid(), kind: z.enum(AUTOMATION_KINDS) });

/** `PUT editions/{id}/automations/{kind}`. */
export const AutomationSwitch = z.object({ enabled: z.boolean('validation:required') });
export type AutomationSwitch = z.infer<typeof AutomationSwitch>;

/** `GET` and `PUT me/reminders`: whether the account receives reminders (transactional mail always comes). */
export const RemindersPreference = z.object({ enabled: z.boolean('validation:required') });
export type RemindersPreference = z.infer<typeof RemindersPreference>;

/** The opt-out link of every reminder mail (RFC 8058): the token names the account, for its reminders only. */
export const ReminderOptOutQuery = z.object({ token: z.string().min(1).max(200) });

import { z } from 'zod';

/**
 * Broadcasts (docs/adr/0032-broadcasts.md): a message an administrator writes in pt, en and fr to the members of
 * the companies a filter picks, sent as a job in batches through the outbox, each account once, in its language.
 * A broadcast is programme information: the reminders opt-out does not apply to it.
 */

const required = 'validation:required';

/** The longest subject (one line of a mail client). */
export const BROADCAST_SUBJECT_MAX = 200;
/** The longest body of one language, as HTML (a message, not a newsletter). */
export const BROADCAST_BODY_MAX = 20_000;
/** Recipients the job puts in the outbox per transaction. */
export const BROADCAST_BATCH_SIZE = 50;

/**
 * Where a company stands with its application: `none` has none, `draft` any not submitted (sent back included),
 * `incomplete` a draft missing at least one of the eight documents, `pending` submitted and awaiting the decision,
 * `evaluated` qualified, `unqualified` refused. With an edition, its application to that edition; without, any
 * of its applications (`none`: it never applied).
 */
export const BROADCAST_APPLICATION_STATES = [
  'none',
  'draft',
  'incomplete',
  'pending',
  'evaluated',
  'unqualified',
] as const;
export type BroadcastApplicationState = (typeof BROADCAST_APPLICATION_STATES)[number];

/** The earliest and latest year a sheet filter may name. */
const SHEET_YEAR_MIN = 2000;
const SHEET_YEAR_MAX = 2100;

/**
 * Who a broadcast reaches: every criterion given narrows it (all of them hold), none given is every company.
 * `editionId` alone picks the companies with an application to that edition; with `applicationState`, it says
 * which edition the state is of. `hasSheet` (default true) says whether the company has or has not a balance
 * sheet (uploaded or entered) whose period ends in `sheetYear`.
 */
export const BroadcastFilter = z
  .object({
    editionId: z.uuid().optional(),
    applicationState: z.enum(BROADCAST_APPLICATION_STATES).optional(),
    islandId: z.uuid().optional(),
    caeSectionId: z.uuid().optional(),
    sheetYear: z.number().int().min(SHEET_YEAR_MIN).max(SHEET_YEAR_MAX).optional(),
    hasSheet: z.boolean().optional(),
  })
  .refine((filter) => filter.hasSheet === undefined || filter.sheetYear !== undefined, {
    path: ['sheetYear'],
    message: required,
  });
export type BroadcastFilter = z.infer<typeof BroadcastFilter>;

/** `POST broadcasts/preview`: how many a filter reaches now. */
export const BroadcastPreviewRequest = z.object({ filter: BroadcastFilter });
export type BroadcastPreviewRequest = z.infer<typeof BroadcastPreviewRequest>;

/** The companies (not closed, with at least one recipient) and the people (each account once) a filter reaches. */
export const BroadcastReach = z.object({
  companies: z.number().int(),
  recipients: z.number().int(),
});
export type BroadcastReach = z.infer<typeof BroadcastReach>;

const subjectText = z.string().trim().min(1, required).max(BROADCAST_SUBJECT_MAX, 'validation:tooLong');
const bodyText = z.string().trim().min(1, required).max(BROADCAST_BODY_MAX, 'validation:tooLong');

/** `POST broadcasts`: the message in the three languages (each required) and its audience. */
export const BroadcastInput = z.object({
  subject: z.object({ pt: subjectText, en: subjectText, fr: subjectText }),
  /** Rich text (HTML); the server keeps only the house's allow-list of tags and attributes. */
  body: z.object({ pt: bodyText, en: bodyText, fr: bodyText }),
  filter: BroadcastFilter,
});
export type BroadcastInput = z.infer<typeof BroadcastInput>;

export const BroadcastIdParam = z.object({ id: z.uuid() });

export const BROADCAST_STATUSES = ['sending', 'sent', 'failed'] as const;
export type BroadcastStatus = (typeof BROADCAST_STATUSES)[number];

const Localized = z.object({ pt: z.string(), en: z.string(), fr: z.string() });

/**
 * A broadcast with its progress: `totalRecipients` counted when it was sent, `sentCount` of them put in the
 * outbox so far (each once); `delivered` and `failed` by the mail server's answer.
 */
export const BroadcastItem = z.object({
  id: z.uuid(),
  status: z.enum(BROADCAST_STATUSES),
  subject: Localized,
  body: Localized,
  filter: BroadcastFilter,
  totalRecipients: z.number().int(),
  sentCount: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type BroadcastItem = z.infer<typeof BroadcastItem>;

export const BroadcastList = z.array(BroadcastItem);

/** The share of the recipients already in the outbox, 0 to 100. */
export function broadcastProgress(item: Pick<BroadcastItem, 'sentCount' | 'totalRecipients' | 'status'>) {
  if (item.totalRecipients <= 0) return item.status === 'sending' ? 0 : 100;
  return Math.min(100, Math.round((item.sentCount / item.totalRecipients) * 100));
}

import { z } from 'zod';

/**
 * The thread of an application between the company's members and the evaluators (docs/architecture.md,
 * applications): each message is mailed to the other side in its language and noted in the application's history.
 */

/** The longest message, in characters (after trimming). */
export const APPLICATION_MESSAGE_MAX_LENGTH = 4000;
/** At most this many messages an hour per application and side: nobody mails the other side in bulk through it. */
export const APPLICATION_MESSAGES_PER_HOUR = 20;

export const APPLICATION_MESSAGE_SIDES = ['company', 'evaluator'] as const;
export type ApplicationMessageSide = (typeof APPLICATION_MESSAGE_SIDES)[number];

export const ApplicationMessageRequest = z.strictObject({
  body: z
    .string('validation:required')
    .trim()
    .min(1, 'validation:required')
    .max(APPLICATION_MESSAGE_MAX_LENGTH, 'validation:tooLong'),
});
export type ApplicationMessageRequest = z.infer<typeof ApplicationMessageRequest>;

/**
 * One message of the thread. `authorName` is the member's name for a company message; for an evaluator's it is
 * the admin's name only when an admin reads, and the evaluation team's name (in the reader's language) when the
 * company does. Null when the author's account is gone.
 */
export const ApplicationMessage = z.object({
  id: z.uuid(),
  side: z.enum(APPLICATION_MESSAGE_SIDES),
  authorName: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
});
export type ApplicationMessage = z.infer<typeof ApplicationMessage>;

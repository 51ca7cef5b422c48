import { z } from 'zod';
import { LANGUAGES, type Language } from '../languages.ts';
import { EmailAddress } from '../schemas/email.ts';
import { ListQuery } from '../schemas/reference.ts';

/**
 * Payloads of the newsletter: the visitor's subscription (double opt-in), the administrator's subscribers list
 * and campaigns (one subject and body per language, sent in each subscriber's language).
 */

const required = 'validation:required';

/** The longest campaign subject (one line of a mail client). */
export const CAMPAIGN_SUBJECT_MAX = 200;
/** The longest campaign body, as HTML. */
export const CAMPAIGN_BODY_MAX = 100_000;
/** Recipients a campaign job puts in the outbox per transaction. */
export const CAMPAIGN_BATCH_SIZE = 50;
/** Subscription requests one e-mail address may make in SUBSCRIBE_WINDOW_MINUTES; more answer 429. */
export const SUBSCRIBE_MAX_PER_ADDRESS = 3;
export const SUBSCRIBE_WINDOW_MINUTES = 60;

/** `POST public/newsletter/subscriptions`: the footer form. The language is the one of the page. */
export const SubscribeRequest = z.object({
  email: EmailAddress,
  language: z.enum(LANGUAGES).default('pt'),
});
export type SubscribeRequest = z.input<typeof SubscribeRequest>;

/** The same answer for a new, a pending and an already confirmed address: nothing is revealed. */
export const SubscribeAccepted = z.object({ status: z.literal('pending') });
export type SubscribeAccepted = z.infer<typeof SubscribeAccepted>;

/** A link token of the confirm and unsubscribe links. */
export const NewsletterTokenParam = z.object({ token: z.string().min(1).max(200) });
/** Which campaign's mail the unsubscribe link came from (for the campaign's unsubscribed count). */
export const UnsubscribeQuery = z.object({ campaign: z.string().max(100).optional() });

export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const SubscriberListQuery = ListQuery.extend({ status: z.enum(SUBSCRIBER_STATUSES).optional() });
export type SubscriberListQuery = z.input<typeof SubscriberListQuery>;

export const SubscriberItem = z.object({
  id: z.uuid(),
  email: z.string(),
  language: z.enum(LANGUAGES),
  status: z.enum(SUBSCRIBER_STATUSES),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
});
export type SubscriberItem = z.infer<typeof SubscriberItem>;

const subjectText = z.string().trim().max(CAMPAIGN_SUBJECT_MAX, 'validation:tooLong');
const bodyText = z.string().trim().max(CAMPAIGN_BODY_MAX, 'validation:tooLong');

/** A campaign's text per language: pt is required, en and fr fall back to pt when left empty. */
export const CampaignInput = z.object({
  subject: z.object({ pt: subjectText.min(1, required), en: subjectText, fr: subjectText }),
  /** Rich text (HTML); the server keeps only an allow-list of tags and attributes. */
  body: z.object({ pt: bodyText.min(1, required), en: bodyText, fr: bodyText }),
});
export type CampaignInput = z.infer<typeof CampaignInput>;

export const CampaignUpdate = CampaignInput.extend({ version: z.number().int().positive() });
export type CampaignUpdate = z.infer<typeof CampaignUpdate>;

export const CampaignIdParam = z.object({ id: z.uuid() });

export const CAMPAIGN_STATUSES = ['draft', 'sending', 'sent'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/**
 * A campaign's progress: `total` confirmed subscribers when sending started, `queued` of them put in the outbox
 * so far (each exactly once), `sent` and `failed` by the mail server's answer, `unsubscribed` through this
 * campaign's link.
 */
export const CampaignCounts = z.object({
  total: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  unsubscribed: z.number().int(),
});
export type CampaignCounts = z.infer<typeof CampaignCounts>;

export const CampaignItem = z.object({
  id: z.uuid(),
  version: z.number().int(),
  status: z.enum(CAMPAIGN_STATUSES),
  subject: z.object({ pt: z.string(), en: z.string(), fr: z.string() }),
  body: z.object({ pt: z.string(), en: z.string(), fr: z.string() }),
  /** Languages whose subject or body is empty (their subscribers get the pt text). */
  missingLanguages: z.array(z.enum(LANGUAGES)),
  counts: CampaignCounts,
  createdAt: z.string(),
  updatedAt: z.string(),
  sendStartedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
});
export type CampaignItem = z.infer<typeof CampaignItem>;

export const CampaignList = z.array(CampaignItem);

/**
 * What an administrator is told of a campaign: a draft; 'sending' while its recipients are put in the outbox;
 * 'delivering' once they all are but the mail server has not taken every one yet (the stored status is already
 * 'sent'); 'sent' once every queued mail was sent or failed for good.
 */
const CAMPAIGN_STAGES = ['draft', 'sending', 'delivering', 'sent'] as const;
type CampaignStage = (typeof CAMPAIGN_STAGES)[number];

export function campaignStage(campaign: Pick<CampaignItem, 'status' | 'counts'>): CampaignStage {
  if (campaign.status !== 'sent') return campaign.status;
  const { queued, sent, failed } = campaign.counts;
  return sent + failed >= queued ? 'sent' : 'delivering';
}

/** `POST newsletter/campaigns/{id}/test`: which language's text to send to the administrator (default theirs). */
export const CampaignTestRequest = z.object({ language: z.enum(LANGUAGES).optional() });
export const CampaignTestSent = z.object({ to: z.string(), language: z.enum(LANGUAGES) });

export const CampaignPreviewParams = z.object({ id: z.uuid(), language: z.enum(LANGUAGES) });
/** The mail as a subscriber of `language` gets it; `fallback` when that language is missing and pt is used. */
export const CampaignPreview = z.object({
  language: z.enum(LANGUAGES),
  fallback: z.boolean(),
  subject: z.string(),
  html: z.string(),
});
export type CampaignPreview = z.infer<typeof CampaignPreview>;

/** The languages whose subject or body is empty. */
export function missingCampaignLanguages(content: {
  subject: Record<Language, string>;
  body: Record<Language, string>;
}): Language[] {
  return LANGUAGES.filter(
    (language) => !content.subject[language]?.trim() || !content.body[language]?.trim(),
  );
}

/** The subject and body a subscriber of `language` gets: theirs, or pt when theirs is missing. */
export function campaignTextFor(
  content: { subject: Record<Language, string>; body: Record<Language, string> },
  language: Language,
): { language: Language; fallback: boolean; subject: string; body: string } {
  const has = content.subject[language]?.trim() && content.body[language]?.trim();
  const used: Language = has ? language : 'pt';
  return {
    language: used,
    fallback: used !== language,
    subject: content.subject[used],
    body: content.body[used],
  };
}

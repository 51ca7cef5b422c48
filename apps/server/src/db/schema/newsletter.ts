import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

type Trilingual = { pt: string; en: string; fr: string };

/**
 * A newsletter subscriber (double opt-in): 'pending' until the confirmation link is followed, then 'confirmed';
 * 'unsubscribed' after the one-click link. The confirmation token is stored as its sha256 and cleared once used;
 * the unsubscribe token is kept as it is, since every mail carries it.
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    language: text('language', { enum: ['pt', 'en', 'fr'] })
      .notNull()
      .default('pt'),
    status: text('status', { enum: ['pending', 'confirmed', 'unsubscribed'] })
      .notNull()
      .default('pending'),
    confirmTokenHash: text('confirm_token_hash'),
    unsubscribeToken: text('unsubscribe_token').notNull(),
    /** Subscription requests since request_window_started_at (the per-address rate limit). */
    requestCount: integer('request_count').notNull().default(0),
    requestWindowStartedAt: timestamp('request_window_started_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_idx').on(t.email),
    uniqueIndex('newsletter_subscribers_confirm_token_idx').on(t.confirmTokenHash),
    uniqueIndex('newsletter_subscribers_unsubscribe_token_idx').on(t.unsubscribeToken),
    index('newsletter_subscribers_status_idx').on(t.status, t.confirmedAt),
  ],
);

/** A campaign: subject and body per language; 'sending' while the job puts it in the outbox, then 'sent'. */
export const newsletterCampaigns = pgTable('newsletter_campaigns', {
  id: uuid('id').primaryKey().defaultRandom(),
  version: integer('version').notNull().default(1),
  status: text('status', { enum: ['draft', 'sending', 'sent'] })
    .notNull()
    .default('draft'),
  subject: jsonb('subject').$type<Trilingual>().notNull(),
  body: jsonb('body').$type<Trilingual>().notNull(),
  /** Confirmed subscribers when sending started: the recipients. */
  totalRecipients: integer('total_recipients').notNull().default(0),
  createdBy: uuid('created_by').references(() => accounts.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  sendStartedAt: timestamp('send_started_at', { withTimezone: true }),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

/**
 * One recipient of a campaign, written in the same transaction as its outbox row: the unique (campaign,
 * subscriber) key is what keeps a restarted job from mailing anyone twice.
 */
export const newsletterDeliveries = pgTable(
  'newsletter_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => newsletterCampaigns.id, { onDelete: 'cascade' }),
    subscriberId: uuid('subscriber_id')
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
    /** The outbox row of this mail (no foreign key: the outbox is the platform's, emptied as it sees fit). */
    outboxId: uuid('outbox_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when the subscriber left through this campaign's link. */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('newsletter_deliveries_recipient_idx').on(t.campaignId, t.subscriberId),
    index('newsletter_deliveries_outbox_idx').on(t.outboxId),
  ],
);

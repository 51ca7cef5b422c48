import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Stored files: content-addressed on disk by sha256; this row is the metadata. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sha256: text('sha256').notNull(),
    size: integer('size').notNull(),
    mime: text('mime').notNull(),
    originalName: text('original_name').notNull(),
    kind: text('kind').notNull(),
    ownerAccountId: uuid('owner_account_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_sha256_idx').on(t.sha256), index('files_owner_idx').on(t.ownerAccountId)],
);

/** Every change by a signed-in user to shared data: who, what, before, after, when. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorAccountId: uuid('actor_account_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    /** The company the change concerns, if any: its activity (GET companies/{companyId}/activity) reads these. */
    companyId: uuid('company_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_entity_idx').on(t.entity, t.entityId),
    index('audit_at_idx').on(t.at),
    index('audit_company_idx').on(t.companyId, t.id).where(sql`${t.companyId} is not null`),
  ],
);

/** Outgoing mail: written in the same transaction as the change that causes it, sent by a worker. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Extra headers of this message (a newsletter's List-Unsubscribe); none for other mail. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    language: text('language').notNull().default('pt'),
    state: text('state', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_due_idx').on(t.state, t.nextAttemptAt)],
);

/**
 * Background work (platform/jobs): written in the transaction of the change that needs it, run by the job
 * worker of any instance (claimed with FOR UPDATE SKIP LOCKED), retried with backoff up to max_attempts.
 * `key` makes a job unique while it waits or runs (a recurring sweep is enqueued once however many instances
 * start).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    key: text('key'),
    state: text('state', { enum: ['pending', 'running', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(10),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_due_idx').on(t.state, t.nextAttemptAt),
    uniqueIndex('jobs_key_active_idx').on(t.key).where(sql`${t.state} in ('pending', 'running')`),
  ],
);

/**
 * Page views and events counted on the server, per day, page, language and bot flag: no cookie, no address, no
 * user agent, nothing that names a person.
 */
export const pageViews = pgTable(
  'page_views',
  {
    day: date('day', { mode: 'string' }).notNull(),
    /** The public page's key ('home', 'barometer', …) or an event ('event:sign-out'). */
    page: text('page').notNull(),
    language: text('language').notNull(),
    bot: boolean('bot').notNull().default(false),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.page, t.language, t.bot] })],
);

import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { companies } from './companies.ts';
import { files } from './platform.ts';

/** An edition of the distinction: its windows, the indicator year, the regulation and when results went out. */
export const editions = pgTable(
  'editions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').notNull(),
    year: integer('year').notNull(),
    indicatorYear: integer('indicator_year').notNull(),
    registrationOpensAt: timestamp('registration_opens_at', { withTimezone: true }).notNull(),
    registrationClosesAt: timestamp('registration_closes_at', { withTimezone: true }).notNull(),
    applicationOpensAt: timestamp('application_opens_at', { withTimezone: true }).notNull(),
    applicationClosesAt: timestamp('application_closes_at', { withTimezone: true }).notNull(),
    evaluationStartsAt: timestamp('evaluation_starts_at', { withTimezone: true }).notNull(),
    evaluationEndsAt: timestamp('evaluation_ends_at', { withTimezone: true }).notNull(),
    resultsAt: timestamp('results_at', { withTimezone: true }).notNull(),
    regulationFileId: uuid('regulation_file_id').references(() => files.id, { onDelete: 'restrict' }),
    regulationFileName: text('regulation_file_name'),
    resultsPublishedAt: timestamp('results_published_at', { withTimezone: true }),
    resultsPublishedBy: uuid('results_published_by').references(() => accounts.id, { onDelete: 'set null' }),
    /**
     * When applications actually closed, set at publication: the earlier of it and application_closes_at. The
     * window as it ran, for messages and for the one-window-at-a-time rule (docs/adr/0022).
     */
    applicationsClosedAt: timestamp('applications_closed_at', { withTimezone: true }),
    /** Days after publication in which a refused company can appeal. */
    appealDays: integer('appeal_days').notNull().default(10),
    /**
     * How long each application document is valid after its issue date, in days, by file type (the index of
     * APPLICATION_DOCUMENTS as a string key); a type without a key has no validity limit.
     */
    documentValidityDays: jsonb('document_validity_days')
      .$type<Record<string, number>>()
      .notNull()
      .default({ '0': 90, '1': 90, '2': 365 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('editions_number_idx').on(t.number),
    index('editions_application_idx').on(t.applicationOpensAt, t.applicationClosesAt),
  ],
);

/**
 * A company's application to an edition. `eligibility` is the snapshot of the eight criteria (recomputed while
 * a draft, frozen at submission). The decision (decided_*) waits for a second admin (confirmed_*) before the
 * results can be published. A slot sent back by the evaluator is `reopened_file_type`.
 */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    editionId: uuid('edition_id')
      .notNull()
      .references(() => editions.id, { onDelete: 'restrict' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ['draft', 'pending', 'evaluated', 'unqualified', 'closed'] })
      .notNull()
      .default('draft'),
    eligibility: jsonb('eligibility').notNull(),
    eligible: boolean('eligible').notNull().default(false),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    submittedBy: uuid('submitted_by').references(() => accounts.id, { onDelete: 'set null' }),
    decisionReason: text('decision_reason'),
    decidedBy: uuid('decided_by').references(() => accounts.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    confirmedBy: uuid('confirmed_by').references(() => accounts.id, { onDelete: 'set null' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    reopenedFileType: smallint('reopened_file_type'),
    returnReason: text('return_reason'),
    createdBy: uuid('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('applications_edition_company_idx').on(t.editionId, t.companyId),
    index('applications_company_idx').on(t.companyId),
    index('applications_status_idx').on(t.editionId, t.status),
  ],
);

/** The documents of an application: one live file per type; replaced or removed ones keep their row (removed_at). */
export const applicationFiles = pgTable(
  'application_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'restrict' }),
    fileType: smallint('file_type').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    /** `{NIF}_{type}_{name}.pdf`. */
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    /** The date the document was issued, as the company declared it on upload (null for files from before). */
    issuedAt: date('issued_at', { mode: 'string' }),
    /** The appeal this file was uploaded for (null: uploaded with the application). */
    appealId: uuid('appeal_id'),
    createdBy: uuid('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('application_files_live_idx')
      .on(t.applicationId, t.fileType)
      .where(sql`${t.removedAt} is null`),
    index('application_files_file_idx').on(t.fileId),
  ],
);

/** The status a qualified company holds after publication: valid until valid_until unless suspended or withdrawn. */
export const seals = pgTable(
  'seals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 12 random base-36 characters: the public verification code (QR on the certificate). */
    code: text('code').notNull(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'restrict' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    editionId: uuid('edition_id')
      .notNull()
      .references(() => editions.id, { onDelete: 'restrict' }),
    /** The company's name and NIF when the seal was issued: what the certificate and the public check show. */
    companyName: text('company_name').notNull(),
    nif: text('nif').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    state: text('state', { enum: ['active', 'suspended', 'withdrawn'] })
      .notNull()
      .default('active'),
    /** When an admin last suspended, reinstated or withdrew it (null: never since its issue). */
    stateChangedAt: timestamp('state_changed_at', { withTimezone: true }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('seals_code_idx').on(t.code),
    uniqueIndex('seals_application_idx').on(t.applicationId),
    index('seals_company_idx').on(t.companyId),
    index('seals_edition_idx').on(t.editionId),
  ],
);

/**
 * A refused company's appeal: one per application, within the edition's appeal period. Decided with the same
 * four eyes as applications: one admin proposes (decided_*), a second confirms (confirmed_*); an upheld appeal
 * issues the seal.
 */
export const applicationAppeals = pgTable(
  'application_appeals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    status: text('status', { enum: ['pending', 'upheld', 'dismissed'] })
      .notNull()
      .default('pending'),
    /** The outcome the first admin proposed, waiting for a second admin's confirmation. */
    proposedOutcome: text('proposed_outcome', { enum: ['upheld', 'dismissed'] }),
    decisionReason: text('decision_reason'),
    decidedBy: uuid('decided_by').references(() => accounts.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    confirmedBy: uuid('confirmed_by').references(() => accounts.id, { onDelete: 'set null' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('application_appeals_application_idx').on(t.applicationId),
    index('application_appeals_status_idx').on(t.status),
  ],
);

/** The thread of an application between the company's members and the evaluators (admins). */
export const applicationMessages = pgTable(
  'application_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    side: text('side', { enum: ['company', 'evaluator'] }).notNull(),
    authorId: uuid('author_id').references(() => accounts.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('application_messages_application_idx').on(t.applicationId, t.createdAt)],
);

/**
 * A message an admin sends to a filtered audience of company accounts, in pt/en/fr, as a job: `filter` is the
 * audience it was sent to; the counts grow as the job puts mails in the outbox.
 */
export const broadcasts = pgTable('broadcasts', {
  id: uuid('id').primaryKey().defaultRandom(),
  subject: jsonb('subject').$type<{ pt: string; en: string; fr: string }>().notNull(),
  body: jsonb('body').$type<{ pt: string; en: string; fr: string }>().notNull(),
  filter: jsonb('filter').$type<Record<string, unknown>>().notNull(),
  status: text('status', { enum: ['sending', 'sent', 'failed'] })
    .notNull()
    .default('sending'),
  totalRecipients: integer('total_recipients').notNull().default(0),
  sentCount: integer('sent_count').notNull().default(0),
  createdBy: uuid('created_by').references(() => accounts.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

/** One recipient of a broadcast, written with its outbox row: the unique key keeps a restarted job from mailing twice. */
export const broadcastDeliveries = pgTable(
  'broadcast_deliveries',
  {
    broadcastId: uuid('broadcast_id')
      .notNull()
      .references(() => broadcasts.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    outboxId: uuid('outbox_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.broadcastId, t.accountId] })],
);

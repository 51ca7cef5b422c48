import {
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { editions } from './applications.ts';
import { companies } from './companies.ts';

/**
 * An ESG form: its texts, the period its answers describe, its place in the admins' list (order_number from
 * 1) and optionally the edition it belongs to. The questions live in its versions.
 */
export const esgForms = pgTable(
  'esg_forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The seed's idempotence key; null for forms admins create. */
    code: text('code'),
    orderNumber: integer('order_number').notNull(),
    title: jsonb('title').notNull(),
    description: jsonb('description').notNull(),
    period: smallint('period').notNull(),
    editionId: uuid('edition_id').references(() => editions.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['draft', 'open', 'closed'] })
      .notNull()
      .default('draft'),
    createdBy: uuid('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('esg_forms_code_idx').on(t.code), index('esg_forms_status_idx').on(t.status, t.period)],
);

/**
 * One version of a form's questions (EsgFormDefinition). A version some company has answered never changes:
 * editing it writes the next number.
 */
export const esgFormVersions = pgTable(
  'esg_form_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    formId: uuid('form_id')
      .notNull()
      .references(() => esgForms.id, { onDelete: 'restrict' }),
    number: integer('number').notNull(),
    definition: jsonb('definition').notNull(),
    createdBy: uuid('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('esg_form_versions_number_idx').on(t.formId, t.number)],
);

/**
 * A company's answers to a form: a draft saved as it types, then submitted (locked, scored). One per form and
 * company; it keeps the version it was started on.
 */
export const esgResponses = pgTable(
  'esg_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    formId: uuid('form_id')
      .notNull()
      .references(() => esgForms.id, { onDelete: 'restrict' }),
    formVersionId: uuid('form_version_id')
      .notNull()
      .references(() => esgFormVersions.id, { onDelete: 'restrict' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ['draft', 'submitted'] })
      .notNull()
      .default('draft'),
    answers: jsonb('answers').notNull(),
    /** EsgScores, written at submission. */
    scores: jsonb('scores'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    submittedBy: uuid('submitted_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('esg_responses_form_company_idx').on(t.formId, t.companyId),
    index('esg_responses_company_idx').on(t.companyId),
    index('esg_responses_version_idx').on(t.formVersionId),
  ],
);

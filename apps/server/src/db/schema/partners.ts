import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { companies } from './companies.ts';
import { partnerEntities } from './reference.ts';

/** The companies a partner entity registered and assists through registration and application. */
export const partnerAssistedCompanies = pgTable(
  'partner_assisted_companies',
  {
    partnerEntityId: uuid('partner_entity_id')
      .notNull()
      .references(() => partnerEntities.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.partnerEntityId, t.companyId] }),
    index('partner_assisted_companies_company_idx').on(t.companyId),
  ],
);

/**
 * What a company lets a partner entity see, at two levels: its registration and application state, and its
 * self-diagnosis summary. A revoked level is false; the row stays so the change keeps its date.
 */
export const partnerConsents = pgTable(
  'partner_consents',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    partnerEntityId: uuid('partner_entity_id')
      .notNull()
      .references(() => partnerEntities.id, { onDelete: 'cascade' }),
    seesStatus: boolean('sees_status').notNull().default(false),
    seesDiagnosis: boolean('sees_diagnosis').notNull().default(false),
    updatedBy: uuid('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.partnerEntityId] }),
    index('partner_consents_entity_idx').on(t.partnerEntityId),
  ],
);

/**
 * A partner entity's request to follow a company that registered on its own: pending until the company accepts
 * (the entity then assists it) or refuses. One pending request per entity and company.
 */
export const partnerFollowRequests = pgTable(
  'partner_follow_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerEntityId: uuid('partner_entity_id')
      .notNull()
      .references(() => partnerEntities.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'accepted', 'refused'] })
      .notNull()
      .default('pending'),
    requestedBy: uuid('requested_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: uuid('decided_by').references(() => accounts.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('partner_follow_requests_pending_idx')
      .on(t.partnerEntityId, t.companyId)
      .where(sql`${t.status} = 'pending'`),
    index('partner_follow_requests_company_idx').on(t.companyId, t.status),
    index('partner_follow_requests_entity_idx').on(t.partnerEntityId, t.createdAt),
  ],
);

/** Every read of a company's data by a partner: the company sees who looked at what and when. */
export const partnerAccessLog = pgTable(
  'partner_access_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    partnerEntityId: uuid('partner_entity_id')
      .notNull()
      .references(() => partnerEntities.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    readerName: text('reader_name').notNull(),
    level: text('level', { enum: ['status', 'diagnosis'] }).notNull(),
    via: text('via', { enum: ['session', 'bearer'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('partner_access_log_company_idx').on(t.companyId, t.at)],
);

/** The partner API's tokens (only their sha256 is kept): one entity's, made and revoked by its users. */
export const partnerApiTokens = pgTable(
  'partner_api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerEntityId: uuid('partner_entity_id')
      .notNull()
      .references(() => partnerEntities.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => accounts.id, { onDelete: 'set null' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('partner_api_tokens_hash_idx').on(t.tokenHash),
    index('partner_api_tokens_entity_idx').on(t.partnerEntityId),
  ],
);

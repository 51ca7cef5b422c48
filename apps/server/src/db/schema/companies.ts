import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ACCENTED, accounts, PLAIN } from './accounts.ts';
import { caeDivisions, cities, companySituations, companyTypes, employeeRanges } from './reference.ts';

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyName: text('company_name').notNull(),
    nif: text('nif').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    companyTypeId: uuid('company_type_id').references(() => companyTypes.id, { onDelete: 'restrict' }),
    employeeRangeId: uuid('employee_range_id').references(() => employeeRanges.id, { onDelete: 'restrict' }),
    caeDivisionId: uuid('cae_division_id').references(() => caeDivisions.id, { onDelete: 'restrict' }),
    cityId: uuid('city_id').references(() => cities.id, { onDelete: 'restrict' }),
    companySituationId: uuid('company_situation_id').references(() => companySituations.id, {
      onDelete: 'restrict',
    }),
    legalName: text('legal_name'),
    responsibleName: text('responsible_name'),
    ownerName: text('owner_name'),
    managerName: text('manager_name'),
    /** ISO date (YYYY-MM-DD). */
    establishmentDate: date('establishment_date', { mode: 'string' }),
    /** Approximate annual turnover, a decimal string. */
    annualTurnover: numeric('annual_turnover', { precision: 18, scale: 2 }),
    employeeCount: integer('employee_count'),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    website: text('website'),
    /** The public directory shows only companies that agreed to be listed. */
    isListed: boolean('is_listed').notNull().default(false),
    /**
     * When an admin approved the owner's request to close the company's account: its personal data and files were
     * erased, it has no members and leaves the directory; the row keeps its name and NIF for the published
     * results, seals and statistics (docs/adr/0028-company-teams.md).
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * When the company withdrew the statistical use of its figures (the public barometer and the quartiles):
     * the registration terms grant it; null means granted.
     */
    statisticsWithdrawnAt: timestamp('statistics_withdrawn_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    /**
     * The company name lower-cased without accents, for the name search (trigram-indexed). Computed by the
     * database, so every writer (registration, pre-registration, profile edits, seed) keeps it right.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql.raw(`lower(translate(company_name, '${ACCENTED}', '${PLAIN}'))`)),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('companies_nif_idx').on(t.nif),
    index('companies_email_idx').on(t.email),
    index('companies_company_type_idx').on(t.companyTypeId),
    index('companies_employee_range_idx').on(t.employeeRangeId),
    index('companies_cae_division_idx').on(t.caeDivisionId),
    index('companies_city_idx').on(t.cityId),
    index('companies_company_situation_idx').on(t.companySituationId),
    index('companies_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    /** Backs `nif LIKE 'prefix%'` whatever the database collation. */
    index('companies_nif_prefix_idx').using('btree', t.nif.op('text_pattern_ops')),
    /** The directory's default order (listed companies by name). */
    index('companies_listed_name_idx').on(t.companyName).where(sql`${t.isListed}`),
  ],
);

/** Which accounts act for which companies, and in which role (a company user may hold several). */
export const companyMembers = pgTable(
  'company_members',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** What the account may do for the company (docs/adr/0028-company-teams.md); a company keeps an owner. */
    role: text('role', { enum: ['owner', 'accountant', 'viewer'] })
      .notNull()
      .default('owner'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.accountId] }),
    index('company_members_account_idx').on(t.accountId),
  ],
);

/**
 * Changes of a company's names (company_name, legal_name). While it holds the status the company asks (pending
 * until an admin approves or refuses); an admin's edit, or a company without the status, renames at once
 * (recorded approved). At most one pending per company. The seals' public check dates a rename by the approved
 * ones ("known since … as …").
 */
export const companyNameChanges = pgTable(
  'company_name_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'approved', 'refused', 'cancelled'] })
      .notNull()
      .default('pending'),
    fromCompanyName: text('from_company_name').notNull(),
    fromLegalName: text('from_legal_name'),
    toCompanyName: text('to_company_name').notNull(),
    toLegalName: text('to_legal_name'),
    requestedBy: uuid('requested_by').references(() => accounts.id, { onDelete: 'set null' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: uuid('decided_by').references(() => accounts.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('company_name_changes_pending_idx').on(t.companyId).where(sql`${t.status} = 'pending'`),
    index('company_name_changes_company_idx').on(t.companyId, t.decidedAt),
    index('company_name_changes_status_idx').on(t.status, t.requestedAt),
  ],
);

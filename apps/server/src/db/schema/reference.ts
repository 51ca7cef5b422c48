import type { LocalizedText } from '@excelencia/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  type PgColumn,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * The reference data an administrator configures. Every table has `version` (optimistic
 * concurrency), timestamps and `search_text`: the lower-cased, accent-stripped concatenation of the code and
 * the descriptions, written by the service (searchText in @excelencia/domain) and indexed with pg_trgm.
 */

const common = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  version: integer('version').notNull().default(1),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  searchText: text('search_text').notNull().default(''),
});

const description = () => jsonb('description').$type<LocalizedText>().notNull();
const code = () => text('code').notNull();
const isActive = () => boolean('is_active').notNull().default(true);
const sortOrder = () => integer('sort_order').notNull().default(0);

/** The trigram index that backs `search_text LIKE '%term%'`. */
const searchIndex = (table: string, column: PgColumn) =>
  index(`${table}_search_idx`).using('gin', sql`${column} gin_trgm_ops`);

function simpleTable(name: string) {
  return pgTable(
    name,
    { ...common(), code: code(), description: description(), isActive: isActive() },
    (t) => [uniqueIndex(`${name}_code_idx`).on(t.code), searchIndex(name, t.searchText)],
  );
}

export const companyTypes = simpleTable('company_types');
export const companySituations = simpleTable('company_situations');
export const partnerTypes = simpleTable('partner_types');
export const islands = simpleTable('islands');
export const caeSections = simpleTable('cae_sections');

export const cities = pgTable(
  'cities',
  {
    ...common(),
    code: code(),
    description: description(),
    isActive: isActive(),
    islandId: uuid('island_id')
      .notNull()
      .references(() => islands.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('cities_code_idx').on(t.code),
    index('cities_island_idx').on(t.islandId),
    searchIndex('cities', t.searchText),
  ],
);

export const caeDivisions = pgTable(
  'cae_divisions',
  {
    ...common(),
    code: code(),
    description: description(),
    isActive: isActive(),
    sectionId: uuid('section_id')
      .notNull()
      .references(() => caeSections.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('cae_divisions_code_idx').on(t.code),
    index('cae_divisions_section_idx').on(t.sectionId),
    searchIndex('cae_divisions', t.searchText),
  ],
);

export const employeeRanges = pgTable(
  'employee_ranges',
  {
    ...common(),
    code: code(),
    description: description(),
    isActive: isActive(),
    minEmployees: integer('min_employees').notNull(),
    maxEmployees: integer('max_employees'),
  },
  (t) => [uniqueIndex('employee_ranges_code_idx').on(t.code), searchIndex('employee_ranges', t.searchText)],
);

export const criterionTypes = pgTable(
  'criterion_types',
  { ...common(), code: code(), description: description(), sortOrder: sortOrder() },
  (t) => [uniqueIndex('criterion_types_code_idx').on(t.code), searchIndex('criterion_types', t.searchText)],
);

export const criteria = pgTable(
  'criteria',
  {
    ...common(),
    code: code(),
    description: description(),
    formula: text('formula').notNull(),
    targetComparison: text('target_comparison', { enum: ['>', '>=', '<', '<=', '='] }).notNull(),
    targetValue: numeric('target_value', { precision: 20, scale: 6 }).notNull(),
    recommendation: jsonb('recommendation').$type<LocalizedText>().notNull(),
    criterionTypeId: uuid('criterion_type_id')
      .notNull()
      .references(() => criterionTypes.id, { onDelete: 'restrict' }),
    sortOrder: sortOrder(),
    isApplicationCriterion: boolean('is_application_criterion').notNull().default(false),
    isActive: isActive(),
  },
  (t) => [
    uniqueIndex('criteria_code_idx').on(t.code),
    index('criteria_type_idx').on(t.criterionTypeId),
    searchIndex('criteria', t.searchText),
  ],
);

export const partnerEntities = pgTable(
  'partner_entities',
  {
    ...common(),
    code: code(),
    name: text('name').notNull(),
    description: description(),
    partnerTypeId: uuid('partner_type_id')
      .notNull()
      .references(() => partnerTypes.id, { onDelete: 'restrict' }),
    email: text('email'),
    phone: text('phone'),
    website: text('website'),
    isActive: isActive(),
  },
  (t) => [
    uniqueIndex('partner_entities_code_idx').on(t.code),
    index('partner_entities_type_idx').on(t.partnerTypeId),
    searchIndex('partner_entities', t.searchText),
  ],
);

/** Partner users: an account with the partner role, linked to one partner entity. */
export const partners = pgTable(
  'partners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    version: integer('version').notNull().default(1),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    partnerEntityId: uuid('partner_entity_id')
      .notNull()
      .references(() => partnerEntities.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    searchText: text('search_text').notNull().default(''),
  },
  (t) => [
    uniqueIndex('partners_account_idx').on(t.accountId),
    index('partners_entity_idx').on(t.partnerEntityId),
    searchIndex('partners', t.searchText),
  ],
);

// ---- the self-diagnosis tree -----------------------------------------------------------------------------------

const treeNode = () => ({
  ...common(),
  code: code(),
  description: description(),
  sortOrder: sortOrder(),
  accountCodes: jsonb('account_codes').$type<string[]>().notNull().default([]),
});

export const sdHeadings = pgTable(
  'sd_headings',
  { ...treeNode(), nature: text('nature', { enum: ['debit', 'credit'] }).notNull() },
  (t) => [uniqueIndex('sd_headings_code_idx').on(t.code), searchIndex('sd_headings', t.searchText)],
);

export const sdSubHeadings = pgTable(
  'sd_sub_headings',
  {
    ...treeNode(),
    headingId: uuid('heading_id')
      .notNull()
      .references(() => sdHeadings.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('sd_sub_headings_code_idx').on(t.code),
    index('sd_sub_headings_parent_idx').on(t.headingId),
    searchIndex('sd_sub_headings', t.searchText),
  ],
);

export const sdCategories = pgTable(
  'sd_categories',
  {
    ...treeNode(),
    subHeadingId: uuid('sub_heading_id')
      .notNull()
      .references(() => sdSubHeadings.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('sd_categories_code_idx').on(t.code),
    index('sd_categories_parent_idx').on(t.subHeadingId),
    searchIndex('sd_categories', t.searchText),
  ],
);

export const sdSubCategories = pgTable(
  'sd_sub_categories',
  {
    ...treeNode(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => sdCategories.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('sd_sub_categories_code_idx').on(t.code),
    index('sd_sub_categories_parent_idx').on(t.categoryId),
    searchIndex('sd_sub_categories', t.searchText),
  ],
);

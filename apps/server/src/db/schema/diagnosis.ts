import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { balanceSheets } from './balance-sheets.ts';
import { companies } from './companies.ts';
import { criteria } from './reference.ts';

/**
 * A saved self-diagnosis: the sheets it used and a snapshot of every indicator as computed then
 * (criteria texts, formulas, targets, values, sector medians), so it reopens exactly as it was even after the
 * criteria or the sheets change. Deleting is soft.
 */
export const diagnoses = pgTable(
  'diagnoses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    balanceSheetId: uuid('balance_sheet_id')
      .notNull()
      .references(() => balanceSheets.id, { onDelete: 'restrict' }),
    previousBalanceSheetId: uuid('previous_balance_sheet_id').references(() => balanceSheets.id, {
      onDelete: 'restrict',
    }),
    type: text('type', { enum: ['simple', 'comparison'] }).notNull(),
    /** The Diagnosis payload as it was presented when created (see packages/domain diagnosis schemas). */
    snapshot: jsonb('snapshot').notNull(),
    passedCount: integer('passed_count').notNull(),
    computableCount: integer('computable_count').notNull(),
    createdBy: uuid('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('diagnoses_company_idx').on(t.companyId, t.createdAt).where(sql`${t.deletedAt} is null`),
    index('diagnoses_created_idx').on(t.createdAt),
    index('diagnoses_sheet_idx').on(t.balanceSheetId),
    index('diagnoses_previous_sheet_idx').on(t.previousBalanceSheetId),
    index('diagnoses_created_by_idx').on(t.createdBy),
  ],
);

/**
 * Every criterion's value for each kept balance sheet (derived data, rebuilt for a company whenever its sheets
 * change and for everyone when a criterion changes). It feeds the company's indicator charts, the sector
 * medians and the admin's statistics, which read one criterion over many companies: hence the period columns
 * copied from the sheet and the index by criterion, frequency and end date.
 */
export const indicatorValues = pgTable(
  'indicator_values',
  {
    balanceSheetId: uuid('balance_sheet_id')
      .notNull()
      .references(() => balanceSheets.id, { onDelete: 'cascade' }),
    criterionId: uuid('criterion_id')
      .notNull()
      .references(() => criteria.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The criterion's version the value was computed with: reads skip values of an older version. */
    criterionVersion: integer('criterion_version').notNull(),
    frequency: text('frequency').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** When the sheet was inserted: of two sheets ending on the same day, the later one counts. */
    sheetCreatedAt: timestamp('sheet_created_at', { withTimezone: true }).notNull(),
    /** The exact ratio (unconstrained numeric: a ratio over a tiny denominator can be huge); null when not computable. */
    value: numeric('value'),
    passed: boolean('passed'),
  },
  (t) => [
    primaryKey({ columns: [t.balanceSheetId, t.criterionId] }),
    index('indicator_values_statistics_idx').on(t.criterionId, t.frequency, t.endDate, t.companyId),
    index('indicator_values_company_idx').on(t.companyId),
  ],
);

/** A transaction id (pg_current_xact_id()), compared with a build's snapshot by pg_visible_in_snapshot. */
const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * The admin statistics and sector medians, computed ahead (ADR 0026): for each criterion (at the version its
 * values have), frequency and year, the distribution across companies (each counting once, with its latest value
 * ending in the year) overall and by island, CAE section and employee range, as distributionsQuery gives it.
 * `group_key` is the island, section or range (null: companies without one); `dimension` 'overall' is the
 * overall row. Written only by the builder, all rows of a criterion, frequency and year at once.
 */
export const indicatorStatistics = pgTable(
  'indicator_statistics',
  {
    criterionId: uuid('criterion_id')
      .notNull()
      .references(() => criteria.id, { onDelete: 'cascade' }),
    criterionVersion: integer('criterion_version').notNull(),
    frequency: text('frequency').notNull(),
    year: integer('year').notNull(),
    dimension: text('dimension', { enum: ['overall', 'island', 'caeSection', 'employeeRange'] }).notNull(),
    groupKey: uuid('group_key'),
    /** Companies with a computable value. */
    companies: integer('companies').notNull(),
    /** Of those, the ones meeting the target. */
    passed: integer('passed').notNull(),
    p25: numeric('p25'),
    median: numeric('median'),
    p75: numeric('p75'),
  },
  (t) => [index('indicator_statistics_idx').on(t.frequency, t.year, t.criterionId, t.dimension)],
);

/**
 * When each criterion's statistics of a frequency and year were computed: the snapshot of the transaction that
 * computed them. They are current while every change of indicator values in that criterion, frequency and year
 * (indicator_value_changes) is visible in that snapshot.
 */
export const indicatorStatisticsBuilds = pgTable(
  'indicator_statistics_builds',
  {
    criterionId: uuid('criterion_id')
      .notNull()
      .references(() => criteria.id, { onDelete: 'cascade' }),
    frequency: text('frequency').notNull(),
    year: integer('year').notNull(),
    /** pg_current_snapshot() of the computing transaction, as text. */
    snapshot: text('snapshot').notNull(),
    builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.criterionId, t.frequency, t.year] })],
);

/**
 * Which transactions changed indicator values (or what groups them: a company's city, CAE division or employee
 * range, a city's island, a division's section), per criterion, frequency and year: written by triggers in the
 * changing transaction itself, so a statistics build that did not see a change knows it. The builder deletes the
 * rows its snapshot saw.
 */
export const indicatorValueChanges = pgTable(
  'indicator_value_changes',
  {
    criterionId: uuid('criterion_id').notNull(),
    frequency: text('frequency').notNull(),
    year: integer('year').notNull(),
    xid: xid8('xid').notNull().default(sql`pg_current_xact_id()`),
  },
  (t) => [primaryKey({ columns: [t.criterionId, t.frequency, t.year, t.xid] })],
);

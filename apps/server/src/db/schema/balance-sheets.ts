import { sql } from 'drizzle-orm';
import {
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { companies } from './companies.ts';
import { files } from './platform.ts';

/**
 * A company's balance sheet for one period: uploaded as a trial balance (.xlsx) or entered by hand. Deleting
 * is soft (deleted_at); created_at is the "insert date" the same-period rule compares.
 */
export const balanceSheets = pgTable(
  'balance_sheets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    /** ISO dates (YYYY-MM-DD). */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** A normalised frequency (monthly, quarterly, semiannual, annual, unknown). */
    typeFrequence: text('type_frequence').notNull(),
    source: text('source', { enum: ['upload', 'entry'] }).notNull(),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'restrict' }),
    /** The stored name, with the `_<year>_<number>` suffix; null for sheets entered by hand. */
    fileName: text('file_name'),
    createdBy: uuid('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('balance_sheets_company_idx')
      .on(t.companyId, t.startDate, t.endDate)
      .where(sql`${t.deletedAt} is null`),
    index('balance_sheets_created_idx').on(t.createdAt),
    index('balance_sheets_file_idx').on(t.fileId),
    index('balance_sheets_created_by_idx').on(t.createdBy),
  ],
);

/** The lines of an uploaded trial balance, in sheet order. */
export const balanceSheetLines = pgTable(
  'balance_sheet_lines',
  {
    balanceSheetId: uuid('balance_sheet_id')
      .notNull()
      .references(() => balanceSheets.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    account: text('account').notNull(),
    description: text('description').notNull(),
    debit: numeric('debit', { precision: 20, scale: 2 }).notNull(),
    credit: numeric('credit', { precision: 20, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.balanceSheetId, t.rowNumber] })],
);

/**
 * The value of every self-diagnosis tree node (leaves and rolled-up parents) of a sheet, at 2 decimals.
 * Unconstrained numeric: a leaf may have 18 integer digits and a parent is a sum of leaves, past numeric(20,2).
 */
export const balanceSheetValues = pgTable(
  'balance_sheet_values',
  {
    balanceSheetId: uuid('balance_sheet_id')
      .notNull()
      .references(() => balanceSheets.id, { onDelete: 'cascade' }),
    nodeCode: text('node_code').notNull(),
    value: numeric('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.balanceSheetId, t.nodeCode] })],
);

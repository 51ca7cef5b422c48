import { and, asc, count, eq, gte, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  balanceSheetLines,
  balanceSheets,
  balanceSheetValues,
  cities,
  companies,
} from '../../db/schema/index.ts';
import { allOf, type KeysetPage, type OrderKey, orderSql } from '../../platform/listing.ts';
import { nameOrNifCondition } from '../companies/index.ts';
import type { AdminBalanceSheetQuery } from './balance-sheets.schemas.ts';

export type SheetRow = typeof balanceSheets.$inferSelect;
export type SheetLineRow = typeof balanceSheetLines.$inferSelect;
/** A sheet of the admin list with its company's name and NIF. */
export type AdminSheetRow = { sheet: SheetRow; companyName: string; nif: string };

/** Rows of lines and values written per insert. */
const BATCH = 1000;

/**
 * Only the latest sheet of a period counts, in SQL, as latestPerPeriod applies it to a company's sheets: a sheet
 * is superseded when another sheet of the company has the same start and end and was inserted later (on equal
 * times, the greater id: the order sheetsOfCompany reads them in).
 */
const notSuperseded = sql`not exists (
  select 1 from balance_sheets newer
  where newer.company_id = ${balanceSheets.companyId}
    and newer.start_date = ${balanceSheets.startDate}
    and newer.end_date = ${balanceSheets.endDate}
    and newer.deleted_at is null
    and (newer.created_at > ${balanceSheets.createdAt}
      or (newer.created_at = ${balanceSheets.createdAt} and newer.id > ${balanceSheets.id}))
)`;

/** The sheets every list shows and counts: not deleted, and the latest of their period. */
export const keptSheetWhere: SQL = sql`${balanceSheets.deletedAt} is null and ${notSuperseded}`;

// A company's sheets

/** A company's sheets not deleted, oldest insert first (so latestPerPeriod's tie-break is the greater id). */
export async function sheetsOfCompany(db: Executor, companyId: string): Promise<SheetRow[]> {
  return db
    .select()
    .from(balanceSheets)
    .where(and(eq(balanceSheets.companyId, companyId), isNull(balanceSheets.deletedAt)))
    .orderBy(asc(balanceSheets.createdAt), asc(balanceSheets.id));
}

/** The sheets not deleted of several companies, oldest insert first. */
export async function sheetsOfCompanies(db: Executor, companyIds: readonly string[]): Promise<SheetRow[]> {
  return db
    .select()
    .from(balanceSheets)
    .where(and(inArray(balanceSheets.companyId, [...companyIds]), isNull(balanceSheets.deletedAt)))
    .orderBy(asc(balanceSheets.createdAt), asc(balanceSheets.id));
}

/** The company's sheet with the id, unless deleted. */
export async function sheetOfCompany(
  db: Executor,
  companyId: string,
  id: string,
): Promise<SheetRow | undefined> {
  const [row] = await db
    .select()
    .from(balanceSheets)
    .where(
      and(eq(balanceSheets.id, id), eq(balanceSheets.companyId, companyId), isNull(balanceSheets.deletedAt)),
    )
    .limit(1);
  return row;
}

/** A sheet not deleted, with its company's name (the comparator's side). */
export async function sheetWithCompanyName(
  db: Executor,
  id: string,
): Promise<{ sheet: SheetRow; companyName: string } | undefined> {
  const [row] = await db
    .select({ sheet: balanceSheets, companyName: companies.companyName })
    .from(balanceSheets)
    .innerJoin(companies, eq(companies.id, balanceSheets.companyId))
    .where(and(eq(balanceSheets.id, id), isNull(balanceSheets.deletedAt)))
    .limit(1);
  return row;
}

/** Stores a new sheet. */
export async function insertSheet(
  tx: Executor,
  values: typeof balanceSheets.$inferInsert,
): Promise<SheetRow | undefined> {
  const [row] = await tx.insert(balanceSheets).values(values).returning();
  return row;
}

/** Points the sheet at its stored upload; the new row. */
export async function setSheetFile(tx: Executor, id: string, fileId: string): Promise<SheetRow | undefined> {
  const [row] = await tx.update(balanceSheets).set({ fileId }).where(eq(balanceSheets.id, id)).returning();
  return row;
}

/** Changes the sheet's period and frequency when it is still at `version`, one version on; the new row. */
export async function updateSheetPeriodAtVersion(
  tx: Executor,
  id: string,
  version: number,
  values: Pick<SheetRow, 'startDate' | 'endDate' | 'typeFrequence'>,
): Promise<SheetRow | undefined> {
  const [row] = await tx
    .update(balanceSheets)
    .set({
      startDate: values.startDate,
      endDate: values.endDate,
      typeFrequence: values.typeFrequence,
      version: version + 1,
      updatedAt: new Date(),
    })
    .where(and(eq(balanceSheets.id, id), eq(balanceSheets.version, version)))
    .returning();
  return row;
}

/** Marks the sheet deleted unless it already is; its id, undefined when there was nothing to delete. */
export async function markSheetDeleted(tx: Executor, id: string): Promise<{ id: string } | undefined> {
  const [row] = await tx
    .update(balanceSheets)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(balanceSheets.id, id), isNull(balanceSheets.deletedAt)))
    .returning({ id: balanceSheets.id });
  return row;
}

// A sheet's values and lines

/** The sheet's stored values by node code. */
export async function valuesOfSheet(db: Executor, id: string): Promise<Record<string, string>> {
  const rows = await db
    .select({ nodeCode: balanceSheetValues.nodeCode, value: balanceSheetValues.value })
    .from(balanceSheetValues)
    .where(eq(balanceSheetValues.balanceSheetId, id))
    .orderBy(asc(balanceSheetValues.nodeCode));
  return Object.fromEntries(rows.map((row) => [row.nodeCode, row.value]));
}

/** Stores values of a sheet, a thousand rows per insert. */
export async function insertSheetValues(
  tx: Executor,
  rows: (typeof balanceSheetValues.$inferInsert)[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await tx.insert(balanceSheetValues).values(rows.slice(i, i + BATCH));
  }
}

/** Deletes every value of the sheet. */
export async function deleteSheetValues(tx: Executor, id: string): Promise<void> {
  await tx.delete(balanceSheetValues).where(eq(balanceSheetValues.balanceSheetId, id));
}

/** How many trial-balance lines the sheet has. */
export async function lineCountOfSheet(db: Executor, id: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(balanceSheetLines)
    .where(eq(balanceSheetLines.balanceSheetId, id));
  return Number(row?.n ?? 0);
}

/** A page of the sheet's trial-balance lines, by row number. */
export async function linesOfSheet(
  db: Executor,
  id: string,
  window: { limit: number; offset: number },
): Promise<SheetLineRow[]> {
  return db
    .select()
    .from(balanceSheetLines)
    .where(eq(balanceSheetLines.balanceSheetId, id))
    .orderBy(asc(balanceSheetLines.rowNumber))
    .limit(window.limit)
    .offset(window.offset);
}

/** Stores trial-balance lines of a sheet, a thousand rows per insert. */
export async function insertSheetLines(
  tx: Executor,
  rows: (typeof balanceSheetLines.$inferInsert)[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await tx.insert(balanceSheetLines).values(rows.slice(i, i + BATCH));
  }
}

// The admin list

/** The admin list's sheets: not deleted, not superseded (as in the company's views), and the filters. */
export function adminSheetsWhere(query: AdminBalanceSheetQuery): SQL | undefined {
  const year = query.year;
  return allOf(
    keptSheetWhere,
    nameOrNifCondition(query.search),
    query.companyId ? eq(balanceSheets.companyId, query.companyId) : undefined,
    query.islandId ? eq(cities.islandId, query.islandId) : undefined,
    query.frequency ? eq(balanceSheets.typeFrequence, query.frequency) : undefined,
    year !== undefined
      ? and(gte(balanceSheets.endDate, `${year}-01-01`), lt(balanceSheets.startDate, `${year + 1}-01-01`))
      : undefined,
  );
}

/** The admin list's order: newest insert first. */
export const ADMIN_SHEET_ORDER: readonly OrderKey[] = [
  { value: balanceSheets.createdAt, descending: true },
  { value: balanceSheets.id, descending: true },
];

/** The admin list's sheets with their company, and `extra` columns (keyset paging's order keys). */
function adminQuery<TExtra extends Record<string, SQL>>(db: Executor, extra: TExtra) {
  return db
    .select({ sheet: balanceSheets, companyName: companies.companyName, nif: companies.nif, ...extra })
    .from(balanceSheets)
    .innerJoin(companies, eq(companies.id, balanceSheets.companyId))
    .leftJoin(cities, eq(cities.id, companies.cityId));
}

/** A page of the admin list, newest insert first. */
export async function adminSheetsPage(
  db: Executor,
  where: SQL | undefined,
  window: { limit: number; offset: number },
): Promise<AdminSheetRow[]> {
  return adminQuery(db, {})
    .where(where)
    .orderBy(...orderSql(ADMIN_SHEET_ORDER))
    .limit(window.limit)
    .offset(window.offset);
}

/** One keyset page of the admin list (the export), each row with its order keys. */
export async function adminSheetsAfter(db: Executor, where: SQL | undefined, page: KeysetPage) {
  return adminQuery(db, page.keys)
    .where(allOf(where, page.after))
    .orderBy(...page.orderBy)
    .limit(page.limit);
}

/** How many sheets the admin list has. */
export async function adminSheetCount(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(balanceSheets)
    .innerJoin(companies, eq(companies.id, balanceSheets.companyId))
    .leftJoin(cities, eq(cities.id, companies.cityId))
    .where(where);
  return Number(row?.n ?? 0);
}

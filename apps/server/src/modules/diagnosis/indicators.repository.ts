import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  balanceSheetLines,
  balanceSheets,
  balanceSheetValues,
  criteria,
  criterionTypes,
  indicatorValues,
} from '../../db/schema/index.ts';

export type CriterionRow = typeof criteria.$inferSelect;
export type CriterionTypeRow = typeof criterionTypes.$inferSelect;
export type SheetRow = typeof balanceSheets.$inferSelect;
export type IndicatorValueInsert = typeof indicatorValues.$inferInsert;

/** Rows of indicator values written per insert. */
const INSERT_BATCH = 1000;

/** Indicator values that are current (criterion active and of the version they were computed with). */
export const currentIndicatorValue = sql`exists (select 1 from ${criteria} c where c.id = ${indicatorValues.criterionId} and c.version = ${indicatorValues.criterionVersion} and c.is_active)`;

// The engine's inputs

/** The active criteria with their types, by sort order and code. */
export async function activeCriteriaWithTypes(
  db: Executor,
): Promise<{ criterion: CriterionRow; type: CriterionTypeRow }[]> {
  return db
    .select({ criterion: criteria, type: criterionTypes })
    .from(criteria)
    .innerJoin(criterionTypes, eq(criterionTypes.id, criteria.criterionTypeId))
    .where(eq(criteria.isActive, true))
    .orderBy(asc(criteria.sortOrder), asc(criteria.code));
}

/** A company's sheets not deleted (superseded ones included), in no particular order. */
export async function undeletedSheetsOfCompany(db: Executor, companyId: string): Promise<SheetRow[]> {
  return db
    .select()
    .from(balanceSheets)
    .where(and(eq(balanceSheets.companyId, companyId), isNull(balanceSheets.deletedAt)));
}

/** Every stored node value of the sheets. */
export async function valuesOfSheets(db: Executor, ids: readonly string[]) {
  return db
    .select()
    .from(balanceSheetValues)
    .where(inArray(balanceSheetValues.balanceSheetId, [...ids]));
}

/** Every trial-balance line of the sheets: account, description, debit and credit. */
export async function linesOfSheets(db: Executor, ids: readonly string[]) {
  return db
    .select({
      balanceSheetId: balanceSheetLines.balanceSheetId,
      account: balanceSheetLines.account,
      description: balanceSheetLines.description,
      debit: balanceSheetLines.debit,
      credit: balanceSheetLines.credit,
    })
    .from(balanceSheetLines)
    .where(inArray(balanceSheetLines.balanceSheetId, [...ids]));
}

// The indicator values

/**
 * Serialises the rebuilds of one company's indicator values: a transaction-scoped advisory lock (held until that
 * transaction ends). Two writes of one company's sheets at once, or two instances refreshing at start-up, would
 * otherwise both delete and insert the same rows (a primary-key clash answered 500) or leave values computed
 * without the other's sheet. The one that waits reads the sheets once the other has committed (read committed:
 * a fresh snapshot per statement), so the last rebuild sees every sheet.
 */
export async function lockCompanyIndicators(tx: Executor, companyId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('indicator_values'), hashtext(${companyId}))`);
}

/** Stores indicator values, a thousand rows per insert. */
export async function insertIndicatorValues(tx: Executor, rows: IndicatorValueInsert[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await tx.insert(indicatorValues).values(rows.slice(i, i + INSERT_BATCH));
  }
}

/** Deletes every indicator value of the company. */
export async function deleteIndicatorValuesOfCompany(tx: Executor, companyId: string): Promise<void> {
  await tx.delete(indicatorValues).where(eq(indicatorValues.companyId, companyId));
}

/** Deletes the company's indicator values of the periods (each given once) and of the sheets. */
export async function deleteIndicatorValuesOfPeriodsAndSheets(
  tx: Executor,
  companyId: string,
  periods: readonly { startDate: string; endDate: string }[],
  sheetIds: readonly string[],
): Promise<void> {
  const inPeriods = periods.map((period) =>
    and(eq(indicatorValues.startDate, period.startDate), eq(indicatorValues.endDate, period.endDate)),
  );
  await tx
    .delete(indicatorValues)
    .where(
      and(
        eq(indicatorValues.companyId, companyId),
        or(
          ...inPeriods,
          sheetIds.length > 0 ? inArray(indicatorValues.balanceSheetId, [...sheetIds]) : undefined,
        ),
      ),
    );
}

/** The companies whose indicator values are out of date with the criteria (changed, added or deactivated). */
export async function companiesWithStaleIndicators(db: Executor, limit: number): Promise<string[]> {
  const s = balanceSheets;
  const rows = await db
    .selectDistinct({ companyId: s.companyId })
    .from(s)
    .where(
      and(
        isNull(s.deletedAt),
        sql`(
          exists (
            select 1 from ${indicatorValues} iv join ${criteria} c on c.id = iv.criterion_id
            where iv.company_id = ${s.companyId} and (iv.criterion_version <> c.version or not c.is_active)
          )
          or (not exists (
            select 1 from ${balanceSheets} n
            where n.company_id = ${s.companyId} and n.start_date = ${s.startDate} and n.end_date = ${s.endDate}
              and n.deleted_at is null and n.created_at > ${s.createdAt}
          ) and exists (
            select 1 from ${criteria} c
            where c.is_active and not exists (
              select 1 from ${indicatorValues} iv where iv.balance_sheet_id = ${s.id} and iv.criterion_id = c.id
            )
          ))
        )`,
      ),
    )
    .limit(limit);
  return rows.map((row) => row.companyId);
}

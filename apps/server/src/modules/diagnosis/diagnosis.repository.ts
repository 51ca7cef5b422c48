import type { AdminDiagnosisQuery, PeriodFrequency } from '@excelencia/domain';
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { caeDivisions, caeSections, companies, diagnoses, indicatorValues } from '../../db/schema/index.ts';
import { allOf } from '../../platform/listing.ts';
import { nameOrNifCondition } from '../companies/index.ts';
import type { SummarySnapshot } from './diagnosis.presenter.ts';
import { currentIndicatorValue } from './indicators.repository.ts';

export type DiagnosisRow = typeof diagnoses.$inferSelect;

/**
 * What summaryOf reads of a diagnosis, for the lists: the row's own columns and, of the snapshot, only the three
 * fields a summary shows. A snapshot holds every indicator (some 50 KB of JSON): reading whole rows, the company's
 * list parsed all of its diagnoses' snapshots on every request, so that under load the heap's peak, and with it
 * the process's memory, climbed as the company's diagnoses grew.
 */
const summaryColumns = {
  id: diagnoses.id,
  companyId: diagnoses.companyId,
  type: diagnoses.type,
  createdAt: diagnoses.createdAt,
  passedCount: diagnoses.passedCount,
  computableCount: diagnoses.computableCount,
  snapshot: sql<SummarySnapshot>`jsonb_build_object(
    'companyName', ${diagnoses.snapshot}->'companyName',
    'balanceSheet', ${diagnoses.snapshot}->'balanceSheet',
    'previousBalanceSheet', ${diagnoses.snapshot}->'previousBalanceSheet'
  )`,
};

// The company

/** The company's name and the CAE section of its division (null without one). */
export async function companyNameAndSection(db: Executor, companyId: string) {
  const [row] = await db
    .select({ name: companies.companyName, sectionId: caeDivisions.sectionId })
    .from(companies)
    .leftJoin(caeDivisions, eq(caeDivisions.id, companies.caeDivisionId))
    .where(eq(companies.id, companyId))
    .limit(1);
  return row;
}

/** A CAE section's code and description. */
export async function caeSectionById(db: Executor, id: string) {
  const [row] = await db
    .select({ code: caeSections.code, description: caeSections.description })
    .from(caeSections)
    .where(eq(caeSections.id, id));
  return row;
}

// Diagnoses

/** The company's diagnosis with the id, unless deleted. */
export async function diagnosisOfCompany(
  db: Executor,
  companyId: string,
  id: string,
): Promise<DiagnosisRow | undefined> {
  const [row] = await db
    .select()
    .from(diagnoses)
    .where(and(eq(diagnoses.id, id), eq(diagnoses.companyId, companyId), isNull(diagnoses.deletedAt)))
    .limit(1);
  return row;
}

/** The company's diagnoses not deleted, newest first, as summaries read them. */
export async function diagnosisSummariesOfCompany(db: Executor, companyId: string) {
  return db
    .select(summaryColumns)
    .from(diagnoses)
    .where(and(eq(diagnoses.companyId, companyId), isNull(diagnoses.deletedAt)))
    .orderBy(desc(diagnoses.createdAt), desc(diagnoses.id));
}

/** Stores a diagnosis. */
export async function insertDiagnosis(
  tx: Executor,
  values: typeof diagnoses.$inferInsert,
): Promise<DiagnosisRow | undefined> {
  const [row] = await tx.insert(diagnoses).values(values).returning();
  return row;
}

/** Marks the company's diagnosis deleted unless it already is; the row, undefined when there was none. */
export async function markDiagnosisDeleted(
  tx: Executor,
  companyId: string,
  id: string,
): Promise<DiagnosisRow | undefined> {
  const [row] = await tx
    .update(diagnoses)
    .set({ deletedAt: new Date() })
    .where(and(eq(diagnoses.id, id), eq(diagnoses.companyId, companyId), isNull(diagnoses.deletedAt)))
    .returning();
  return row;
}

// Indicator values

/** The company's current indicator values of the frequency: sheet, criterion and value. */
export async function currentIndicatorValuesOfCompany(
  db: Executor,
  companyId: string,
  frequency: PeriodFrequency,
) {
  return db
    .select({
      balanceSheetId: indicatorValues.balanceSheetId,
      criterionId: indicatorValues.criterionId,
      value: indicatorValues.value,
    })
    .from(indicatorValues)
    .where(
      and(
        eq(indicatorValues.companyId, companyId),
        eq(indicatorValues.frequency, frequency),
        currentIndicatorValue,
      ),
    );
}

// The admin list

/** The admin list's diagnoses: not deleted, of the company when given, matching the name or NIF. */
export function adminDiagnosesWhere(query: AdminDiagnosisQuery): SQL | undefined {
  return allOf(
    isNull(diagnoses.deletedAt),
    query.companyId ? eq(diagnoses.companyId, query.companyId) : undefined,
    nameOrNifCondition(query.search),
  );
}

/** A page of the admin list, newest first, as summaries read them. */
export async function adminDiagnosisSummariesPage(
  db: Executor,
  where: SQL | undefined,
  window: { limit: number; offset: number },
) {
  const rows = await db
    .select({ diagnosis: summaryColumns })
    .from(diagnoses)
    .innerJoin(companies, eq(companies.id, diagnoses.companyId))
    .where(where)
    .orderBy(desc(diagnoses.createdAt), desc(diagnoses.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows.map((row) => row.diagnosis);
}

/** How many diagnoses the admin list has. */
export async function adminDiagnosisCount(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(diagnoses)
    .innerJoin(companies, eq(companies.id, diagnoses.companyId))
    .where(where);
  return Number(row?.n ?? 0);
}

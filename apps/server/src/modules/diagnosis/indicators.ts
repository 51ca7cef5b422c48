import {
  buildBalanceTree,
  computeIndicators,
  Decimal,
  type EngineCriterion,
  type EngineSheet,
  type Frequency,
  latestPerPeriod,
  linesByNode,
  type NodeLine,
  normalizeFrequency,
  previousYearSheet,
  type TreeLevelNode,
} from '@excelencia/domain';
import type { Database, Executor } from '../../db/client.ts';
import { singleFlight } from '../../platform/single-flight.ts';
import { selfDiagnosisTree } from '../reference/index.ts';
import {
  activeCriteriaWithTypes,
  companiesWithStaleIndicators,
  deleteIndicatorValuesOfCompany,
  deleteIndicatorValuesOfPeriodsAndSheets,
  type IndicatorValueInsert,
  insertIndicatorValues,
  linesOfSheets,
  lockCompanyIndicators,
  undeletedSheetsOfCompany,
  valuesOfSheets,
} from './indicators.repository.ts';

/**
 * The inputs of the diagnosis engine read from the database, and the derived indicator values (one row per
 * kept sheet and active criterion) that charts, sector medians and statistics read.
 */

export type StoredCriterion = EngineCriterion & { version: number };

/** The active criteria with their types (the engine orders them). */
export async function activeCriteria(db: Executor): Promise<StoredCriterion[]> {
  const rows = await activeCriteriaWithTypes(db);
  return rows.map(({ criterion, type }) => ({
    id: criterion.id,
    version: criterion.version,
    code: criterion.code,
    description: criterion.description,
    formula: criterion.formula,
    targetComparison: criterion.targetComparison,
    targetValue: Decimal.fromString(criterion.targetValue).toString(),
    recommendation: criterion.recommendation,
    sortOrder: criterion.sortOrder,
    isApplicationCriterion: criterion.isApplicationCriterion,
    type: { code: type.code, description: type.description, sortOrder: type.sortOrder },
  }));
}

export async function balanceTree(db: Executor): Promise<TreeLevelNode[]> {
  return buildBalanceTree(await selfDiagnosisTree(db));
}

export type KeptSheet = {
  id: string;
  companyId: string;
  startDate: string;
  endDate: string;
  dateInsert: string;
  createdAt: Date;
  frequency: Frequency;
  fileName: string | null;
  /** Uploaded (it has trial-balance lines) or entered by hand. */
  source: 'upload' | 'entry';
};

/** A company's sheets as every list shows them: not deleted, latest per period. */
export async function keptSheets(db: Executor, companyId: string): Promise<KeptSheet[]> {
  const rows = await undeletedSheetsOfCompany(db, companyId);
  return latestPerPeriod(
    rows.map((row) => ({
      id: row.id,
      companyId: row.companyId,
      startDate: row.startDate,
      endDate: row.endDate,
      dateInsert: row.createdAt.toISOString(),
      createdAt: row.createdAt,
      frequency: normalizeFrequency(row.typeFrequence),
      fileName: row.fileName,
      source: row.source,
    })),
  );
}

/** Every node value of the given sheets. */
export async function sheetValues(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, Map<string, Decimal>>> {
  const out = new Map<string, Map<string, Decimal>>(ids.map((id) => [id, new Map()]));
  if (ids.length === 0) return out;
  const rows = await valuesOfSheets(db, ids);
  for (const row of rows) out.get(row.balanceSheetId)?.set(row.nodeCode, Decimal.fromString(row.value));
  return out;
}

/**
 * The trial-balance lines behind every tree node of each uploaded sheet (linesByNode: the leaf assignment of the
 * upload's aggregation, at most NODE_LINES_SHOWN per node with the count of the others). A node's lines are
 * kept only when they add up to the sheet's stored value of that node: a tree whose account codes were edited
 * after the upload would assign them otherwise than the aggregation did.
 */
export async function sheetLinesByNode(
  db: Executor,
  sheets: readonly KeptSheet[],
  tree: TreeLevelNode[],
  values: Map<string, Map<string, Decimal>>,
): Promise<Map<string, Map<string, { lines: NodeLine[]; others: number }>>> {
  const out = new Map<string, Map<string, { lines: NodeLine[]; others: number }>>();
  const uploaded = [...new Set(sheets.filter((s) => s.source === 'upload').map((s) => s.id))];
  if (uploaded.length === 0) return out;
  const rows = await linesOfSheets(db, uploaded);
  const linesOf = new Map<
    string,
    { account: string; description: string; debit: Decimal; credit: Decimal }[]
  >(uploaded.map((id) => [id, []]));
  for (const row of rows) {
    linesOf.get(row.balanceSheetId)?.push({
      account: row.account,
      description: row.description,
      debit: Decimal.fromString(row.debit),
      credit: Decimal.fromString(row.credit),
    });
  }
  for (const [id, lines] of linesOf) {
    const stored = values.get(id) ?? new Map<string, Decimal>();
    const byNode = new Map<string, { lines: NodeLine[]; others: number }>();
    for (const [code, node] of linesByNode(tree, lines)) {
      if (node.total.eq(stored.get(code) ?? Decimal.ZERO)) {
        byNode.set(code, { lines: node.lines, others: node.others });
      }
    }
    out.set(id, byNode);
  }
  return out;
}

export function engineSheet(sheet: KeptSheet, values: Map<string, Map<string, Decimal>>): EngineSheet {
  return {
    startDate: sheet.startDate,
    endDate: sheet.endDate,
    frequency: sheet.frequency,
    values: values.get(sheet.id) ?? new Map(),
  };
}

/** A sheet's period: its start and end dates (the period every list keeps one sheet of). */
type SheetPeriod = { startDate: string; endDate: string };

const periodKey = (period: SheetPeriod) => `${period.startDate.slice(0, 10)}/${period.endDate.slice(0, 10)}`;

/** The indicator rows of `chosen` (among the company's kept `sheets`): every active criterion, prev() included. */
async function indicatorRows(
  tx: Executor,
  companyId: string,
  chosen: readonly KeptSheet[],
  sheets: readonly KeptSheet[],
  criteriaList: StoredCriterion[],
  tree: TreeLevelNode[],
): Promise<IndicatorValueInsert[]> {
  const versions = new Map(criteriaList.map((criterion) => [criterion.id, criterion.version]));
  const pairs = chosen.map((sheet) => ({ sheet, prior: previousYearSheet(sheet, sheets) }));
  const values = await sheetValues(tx, [
    ...new Set(pairs.flatMap(({ sheet, prior }) => (prior ? [sheet.id, prior.id] : [sheet.id]))),
  ]);
  const rows: IndicatorValueInsert[] = [];
  for (const { sheet, prior } of pairs) {
    const indicators = computeIndicators({
      criteria: criteriaList,
      tree,
      sheet: engineSheet(sheet, values),
      prior: prior ? engineSheet(prior, values) : undefined,
    });
    for (const indicator of indicators) {
      rows.push({
        balanceSheetId: sheet.id,
        criterionId: indicator.criterionId,
        criterionVersion: versions.get(indicator.criterionId) ?? 1,
        companyId,
        frequency: sheet.frequency,
        startDate: sheet.startDate,
        endDate: sheet.endDate,
        sheetCreatedAt: sheet.createdAt,
        value: indicator.value?.toFixed(20) ?? null,
        passed: indicator.passed,
      });
    }
  }
  return rows;
}

/**
 * Rebuilds a company's indicator values: every kept sheet, every active criterion, prev() from the sheet of
 * the previous year (previousYearSheet; none when that year is missing). Runs inside the transaction that
 * changed the sheets, serialised per company (lockCompanyIndicators). Used when the criteria changed (the
 * background refresher); a change of sheets rebuilds only what it can change (refreshSheetIndicators).
 */
export async function refreshCompanyIndicators(
  tx: Executor,
  companyId: string,
  inputs?: { criteria: StoredCriterion[]; tree: TreeLevelNode[] },
): Promise<void> {
  await lockCompanyIndicators(tx, companyId);
  const sheets = await keptSheets(tx, companyId);
  await deleteIndicatorValuesOfCompany(tx, companyId);
  if (sheets.length === 0) return;
  const criteriaList = inputs?.criteria ?? (await activeCriteria(tx));
  if (criteriaList.length === 0) return;
  const tree = inputs?.tree ?? (await balanceTree(tx));
  await insertIndicatorValues(tx, await indicatorRows(tx, companyId, sheets, sheets, criteriaList, tree));
}

/**
 * The kept sheets whose indicator values a change of the sheets in `periods` (a sheet added, replaced, corrected,
 * moved or deleted there) can change: those of these periods, and those whose prev() may read one of them (the
 * same period a year later; for a shorter period, also the one ending a year after a day of an annual sheet
 * there: previousYearSheet against such an annual sheet says it, frequency aside, which only widens the set).
 */
function sheetsAffectedBy<T extends KeptSheet>(sheets: readonly T[], periods: readonly SheetPeriod[]): T[] {
  const touched = new Set(periods.map(periodKey));
  const candidates = periods.map((period): SheetPeriod & { id: string; frequency: Frequency } => ({
    id: '',
    startDate: period.startDate,
    endDate: period.endDate,
    frequency: 'annual',
  }));
  return sheets.filter(
    (sheet) =>
      touched.has(periodKey(sheet)) ||
      candidates.some((candidate) => previousYearSheet<typeof candidate>(sheet, [candidate]) !== undefined),
  );
}

/**
 * What a change of a company's sheets does to its indicator values, inside the transaction that made it: the
 * rows of the sheets of the changed periods (`periods`: where a sheet was added, replaced, corrected, moved from
 * or to, or deleted) are dropped, and the kept sheets the change can affect (sheetsAffectedBy: those periods'
 * and the ones whose prev() reads them) are computed again. The other rows stay: their sheet and the sheet its
 * prev() reads are unchanged, so recomputing them would give the same values (the equivalence test checks it
 * against refreshCompanyIndicators). So an upload costs the same with 1 kept sheet or 120.
 */
export async function refreshSheetIndicators(
  tx: Executor,
  companyId: string,
  periods: readonly SheetPeriod[],
): Promise<void> {
  if (periods.length === 0) return;
  await lockCompanyIndicators(tx, companyId);
  const sheets = await keptSheets(tx, companyId);
  const affected = sheetsAffectedBy(sheets, periods);
  const seen = new Set<string>();
  const distinctPeriods = periods.filter(
    (period) => !seen.has(periodKey(period)) && seen.add(periodKey(period)),
  );
  await deleteIndicatorValuesOfPeriodsAndSheets(
    tx,
    companyId,
    distinctPeriods,
    affected.map((sheet) => sheet.id),
  );
  if (affected.length === 0) return;
  const criteriaList = await activeCriteria(tx);
  if (criteriaList.length === 0) return;
  const tree = await balanceTree(tx);
  await insertIndicatorValues(tx, await indicatorRows(tx, companyId, affected, sheets, criteriaList, tree));
}

/**
 * Brings every company's indicator values up to date with the criteria, a batch of companies at a time (each
 * in its own transaction). Single-flight: a call while one runs makes that one go round once more.
 */
export function createIndicatorRefresher(deps: { db: Database; onError: (error: unknown) => void }) {
  async function runOnce(): Promise<void> {
    const tree = await balanceTree(deps.db);
    const criteriaList = await activeCriteria(deps.db);
    const done = new Set<string>();
    for (;;) {
      const batch = (await companiesWithStaleIndicators(deps.db, 50)).filter((id) => !done.has(id));
      if (batch.length === 0) return;
      for (const companyId of batch) {
        await deps.db.transaction((tx) =>
          refreshCompanyIndicators(tx, companyId, { criteria: criteriaList, tree }),
        );
        done.add(companyId);
      }
    }
  }

  const { run: refresh, idle } = singleFlight(runOnce, deps.onError);
  return { refresh, idle };
}

export type IndicatorRefresher = ReturnType<typeof createIndicatorRefresher>;

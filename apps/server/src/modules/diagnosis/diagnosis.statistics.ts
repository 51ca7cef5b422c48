import {
  Decimal,
  type DistributionRow,
  type IndicatorStatisticsQuery,
  type LocalizedText,
  SECTOR_MIN_COMPANIES,
} from '@excelencia/domain';
import type { Database, Executor } from '../../db/client.ts';
import { singleFlight } from '../../platform/single-flight.ts';
import type { KeptSheet, StoredCriterion } from './indicators.ts';
import {
  criteriaDistributionRows,
  type criteriaDistributionsQuery,
  deleteStatistics,
  deleteValueChangesSeenBy,
  insertStatisticsRows,
  lockStatisticsBuild,
  recordStatisticsBuild,
  type StatisticsTarget,
  type StoredRow,
  sectorMedianRows,
  staleStatisticsTargets,
  statisticsFilterWhere,
  storedStatistics,
} from './statistics.repository.ts';

/**
 * The statistics across companies, over indicator_values (their queries in statistics.repository.ts): a
 * criterion's distribution (quartiles and the share meeting the target) overall and by island, CAE section or
 * employee range, and the sector medians a diagnosis shows; and the builder of the statistics computed ahead.
 */

type Figures = Omit<DistributionRow, 'key' | 'label'>;

/** A criterion's distribution as the statistics show it: overall, and each group with its label. */
export type LabelledDistribution = { overall: DistributionRow; groups: DistributionRow[] };

const decimalText = (value: string | null) => (value === null ? null : Decimal.fromString(value).toString());

export type SectorMedian = { median: Decimal; companies: number };
export type SectorMedians = Map<string, SectorMedian>;

/** Medians of every criterion among the companies of a CAE section (shown only from 5 companies on). */
export async function sectorMedians(
  executor: Executor,
  sectionId: string,
  criteriaList: readonly { id: string; version: number }[],
  sheet: Pick<KeptSheet, 'frequency' | 'endDate'>,
  onStale?: () => void,
): Promise<SectorMedians> {
  const out: SectorMedians = new Map();
  const frequency = sheet.frequency;
  if (frequency === 'unknown' || criteriaList.length === 0) return out;
  const year = Number(sheet.endDate.slice(0, 4));
  const keep = (criterionId: string, n: number, median: string | null) => {
    if (median !== null && n >= SECTOR_MIN_COMPANIES) {
      out.set(criterionId, { median: Decimal.fromString(median), companies: n });
    }
  };
  // Computed ahead where current (ADR 0026); the others from the values.
  const stored = await storedStatistics(executor, criteriaList, frequency, year, ['caeSection'], sectionId);
  for (const [criterionId, rows] of stored) {
    const row = rows.find((r) => r.groupKey === sectionId);
    if (row) keep(criterionId, row.companies, row.median);
  }
  const rest = criteriaList.filter((criterion) => !stored.has(criterion.id));
  if (rest.length === 0) return out;
  onStale?.();
  const rows = await sectorMedianRows(executor, { sectionId, criteria: rest, frequency, year });
  for (const row of rows) keep(row.criterion_id, Number(row.n), row.median);
  return out;
}

type Distribution = { overall: Figures; groups: Map<string | null, Figures> };

/** A group's figures as counted: computable values, those meeting the target, quartiles (numeric text). */
type Counted = {
  n: number;
  passed: number;
  p25: string | null;
  median: string | null;
  p75: string | null;
};

const figures = (row: Counted | undefined): Figures => ({
  companies: Number(row?.n ?? 0),
  p25: decimalText(row?.p25 ?? null),
  median: decimalText(row?.median ?? null),
  p75: decimalText(row?.p75 ?? null),
  shareMeetingTarget:
    row && Number(row.n) > 0
      ? Decimal.fromInteger(Number(row.passed))
          .div(Decimal.fromInteger(Number(row.n)), 4)
          .toString()
      : null,
});

/**
 * The distributions of several criteria, by criterion id: without a filter, those computed ahead where current
 * (ADR 0026); the others (and every filtered one) from the values (criteriaDistributionsQuery), calling
 * `onStale` when some unfiltered ones were not current.
 */
async function distributions(
  db: Executor,
  filter: Parameters<typeof criteriaDistributionsQuery>[0],
  onStale?: () => void,
): Promise<Map<string, Distribution>> {
  const out = new Map<string, Distribution>();
  if (filter.criteria.length === 0) return out;
  const stored = filter.where
    ? new Map<string, StoredRow[]>()
    : await storedStatistics(db, filter.criteria, filter.frequency, filter.year, [filter.groupBy]);
  const counted = (row: StoredRow): Counted => ({ ...row, n: row.companies });
  for (const [criterionId, rows] of stored) {
    const overall = rows.find((row) => row.dimension === 'overall');
    out.set(criterionId, {
      overall: figures(overall && counted(overall)),
      groups: new Map(
        rows
          .filter((row) => row.dimension === filter.groupBy)
          .map((row) => [row.groupKey, figures(counted(row))]),
      ),
    });
  }
  const rest = filter.criteria.filter((criterion) => !stored.has(criterion.id));
  if (rest.length === 0) return out;
  if (!filter.where) onStale?.();
  const rows = await criteriaDistributionRows(db, { ...filter, criteria: rest });
  for (const criterion of rest) {
    const own = rows.filter((row) => row.criterion_id === criterion.id);
    out.set(criterion.id, {
      overall: figures(own.find((row) => row.overall)),
      groups: new Map(own.filter((row) => !row.overall).map((row) => [row.key, figures(row)])),
    });
  }
  return out;
}

/** The distributions of the criteria, each as rows with their group labels, by criterion id. */
export async function distributionsOf(
  db: Executor,
  criteriaList: readonly StoredCriterion[],
  query: IndicatorStatisticsQuery,
  year: number,
  labels: Map<string, LocalizedText>,
  onStale?: () => void,
): Promise<Map<string, LabelledDistribution>> {
  const found = await distributions(
    db,
    {
      criteria: criteriaList,
      frequency: query.frequency,
      year,
      groupBy: query.groupBy,
      where: statisticsFilterWhere(query),
    },
    onStale,
  );
  return new Map(
    [...found].map(([criterionId, { overall, groups }]) => [criterionId, labelled(overall, groups, labels)]),
  );
}

/** The groups sorted by their Portuguese label, the companies without one last. */
function labelled(
  overall: Figures,
  groups: Map<string | null, Figures>,
  labels: Map<string, LocalizedText>,
): LabelledDistribution {
  const rows = [...groups].map(
    ([key, figures]): DistributionRow => ({
      key,
      label: key ? (labels.get(key) ?? null) : null,
      ...figures,
    }),
  );
  rows.sort(
    (a, b) =>
      (a.key === null ? 1 : 0) - (b.key === null ? 1 : 0) ||
      (a.label?.pt ?? '').localeCompare(b.label?.pt ?? '', 'pt'),
  );
  return { overall: { key: null, label: null, ...overall }, groups: rows };
}

// ---- statistics computed ahead (ADR 0026) ------------------------------------------------------------------

/**
 * Computes one criterion's statistics of a frequency and year again, in a repeatable-read transaction whose
 * snapshot is recorded with them, then forgets the changes that snapshot saw. False when another build of the
 * same holds its lock (that one will do), or the criterion is no longer active.
 */
async function buildStatistics(db: Database, target: StatisticsTarget): Promise<boolean> {
  return db.transaction(
    async (tx) => {
      const head = await lockStatisticsBuild(tx, target);
      if (!head?.locked || head.version === null) return false;
      await deleteStatistics(tx, target);
      await insertStatisticsRows(tx, target, Number(head.version));
      await recordStatisticsBuild(tx, target, head.snapshot);
      await deleteValueChangesSeenBy(tx, target, head.snapshot);
      return true;
    },
    { isolationLevel: 'repeatable read' },
  );
}

/**
 * Brings the statistics computed ahead up to date, one criterion, frequency and year at a time (each in its own
 * transaction, so on PGlite requests get their turn in between). Single-flight: a call while one runs makes that
 * one go round once more. Set off at start-up and whenever a read found statistics out of date.
 */
export function createStatisticsBuilder(deps: { db: Database; onError: (error: unknown) => void }) {
  async function runOnce(): Promise<void> {
    const done = new Set<string>();
    for (;;) {
      const batch = (await staleStatisticsTargets(deps.db, 100)).filter(
        (target) => !done.has(`${target.criterionId}/${target.frequency}/${target.year}`),
      );
      if (batch.length === 0) return;
      for (const target of batch) {
        await buildStatistics(deps.db, target);
        done.add(`${target.criterionId}/${target.frequency}/${target.year}`);
      }
    }
  }

  const { run: refresh, idle } = singleFlight(runOnce, deps.onError);
  return { refresh, idle };
}

export type StatisticsBuilder = ReturnType<typeof createStatisticsBuilder>;

import {
  type BarometerCell,
  type BarometerCriterion,
  type BarometerDimension,
  type BarometerEdition,
  type BarometerEditionCell,
  type BarometerPosition,
  Decimal,
  type LocalizedText,
  orderCriteria,
  primarySuppression,
  protectRow,
  quartileOf,
  quartiles,
  type StatisticDimension,
  type SuppressionReason,
} from '@excelencia/domain';
import type { activeCriteria } from '../diagnosis/index.ts';
import type {
  CountedCompany,
  CountedValue,
  EditionCounts,
  EditionOfYear,
  GroupName,
} from './barometer.repository.ts';

/**
 * The barometer's tables from the year's rows (docs/adr/0033-barometer-disclosure-control.md): each criterion's
 * cells (count, quartiles, share meeting the target) overall and by a dimension, the editions' counts, each
 * under the disclosure control of the domain; and a value's position in them. No database here.
 */

/** An active criterion as the diagnosis area reads it. */
type StoredCriterion = Awaited<ReturnType<typeof activeCriteria>>[number];

/** What a year's figures are computed from (read once per year and kept a while: barometer.service.ts). */
export type YearData = {
  year: number;
  criteria: readonly StoredCriterion[];
  companies: ReadonlyMap<string, CountedCompany>;
  /** By criterion id: the computable values of the counted companies. */
  values: ReadonlyMap<string, readonly CountedValue[]>;
  names: Record<StatisticDimension, ReadonlyMap<string, GroupName>>;
  /** The employee ranges' codes, smallest first. */
  rangeOrder: readonly string[];
};

const GROUP_OF: Record<StatisticDimension, (company: CountedCompany) => string | null> = {
  island: (company) => company.island,
  caeSection: (company) => company.section,
  employeeRange: (company) => company.employee_range,
};

/** The groups' order: employee ranges from the smallest up, the others by their Portuguese name; none last. */
function groupOrder(data: Pick<YearData, 'names' | 'rangeOrder'>, dimension: StatisticDimension) {
  const names = data.names[dimension];
  const rank = new Map(data.rangeOrder.map((code, index) => [code, index]));
  return (a: string | null, b: string | null): number => {
    if (a === null || b === null) return (a === null ? 1 : 0) - (b === null ? 1 : 0);
    if (dimension === 'employeeRange') return (rank.get(a) ?? 0) - (rank.get(b) ?? 0);
    const label = (code: string) => names.get(code)?.description.pt ?? code;
    return label(a).localeCompare(label(b), 'pt');
  };
}

const EMPTY_FIGURES = { count: null, q1: null, median: null, q3: null, meetingShare: null } as const;

type Measured = {
  values: Decimal[];
  turnovers: (Decimal | null)[];
  meeting: number;
};

function measure(rows: readonly CountedValue[], data: YearData): Measured {
  return {
    values: rows.map((row) => Decimal.fromString(row.value)),
    turnovers: rows.map((row) => {
      const turnover = data.companies.get(row.company_id)?.turnover;
      return turnover ? Decimal.fromString(turnover) : null;
    }),
    meeting: rows.filter((row) => row.passed === true).length,
  };
}

const share = (part: number, whole: number) =>
  Decimal.fromInteger(part).div(Decimal.fromInteger(whole), 4).toString();

function cell(
  group: { key: string | null; label: LocalizedText | null },
  measured: Measured,
  suppressed: SuppressionReason | null,
): BarometerCell {
  const base = { groupKey: group.key, groupLabel: group.label };
  const cuts = quartiles(measured.values);
  if (suppressed !== null || !cuts) {
    return { ...base, ...EMPTY_FIGURES, suppressed: suppressed ?? 'fewCompanies' };
  }
  const count = measured.values.length;
  return {
    ...base,
    count,
    q1: cuts.q1.toString(),
    median: cuts.median.toString(),
    q3: cuts.q3.toString(),
    meetingShare: share(measured.meeting, count),
    suppressed: null,
  };
}

const disclosed = (measured: Measured) => ({ count: measured.values.length, turnovers: measured.turnovers });

/** One criterion's table: the overall cell and, unless `by` is overall, a cell per group of companies. */
function criterionTable(
  data: YearData,
  criterion: StoredCriterion,
  by: BarometerDimension,
): BarometerCriterion {
  const rows = data.values.get(criterion.id) ?? [];
  const overall = measure(rows, data);
  const overallReason = primarySuppression(disclosed(overall));
  const overallCell = cell({ key: null, label: null }, overall, overallReason);
  let groupCells: BarometerCell[] = [];
  if (by !== 'overall') {
    const groupOf = GROUP_OF[by];
    const grouped = new Map<string | null, CountedValue[]>();
    for (const row of rows) {
      const company = data.companies.get(row.company_id);
      const key = company ? groupOf(company) : null;
      const list = grouped.get(key) ?? [];
      list.push(row);
      grouped.set(key, list);
    }
    const keys = [...grouped.keys()].sort(groupOrder(data, by));
    const measured = keys.map((key) => measure(grouped.get(key) ?? [], data));
    const reasons = protectRow(measured.map(disclosed), overallReason === null);
    const names = data.names[by];
    groupCells = keys.map((key, index) =>
      cell(
        { key, label: key === null ? null : (names.get(key)?.description ?? null) },
        measured[index] as Measured,
        reasons[index] ?? null,
      ),
    );
  }
  return {
    code: criterion.code,
    description: criterion.description,
    typeCode: criterion.type.code,
    target: { comparison: criterion.targetComparison, value: criterion.targetValue },
    isApplicationCriterion: criterion.isApplicationCriterion,
    overall: overallCell,
    rows: groupCells,
    meetingShare:
      overallCell.suppressed === null
        ? {
            count: overall.values.length,
            meeting: overall.meeting,
            share: share(overall.meeting, overall.values.length),
          }
        : null,
  };
}

/** Every active criterion's table, in the diagnosis order. */
export function criterionTables(data: YearData, by: BarometerDimension): BarometerCriterion[] {
  return orderCriteria(data.criteria).map((criterion) => criterionTable(data, criterion, by));
}

const EMPTY_COUNTS = { registered: null, applied: null, distinguished: null, renewals: null } as const;

function editionCell(
  group: { key: string | null; label: LocalizedText | null },
  counts: EditionCounts | undefined,
  suppressed: SuppressionReason | null,
): BarometerEditionCell {
  const base = { groupKey: group.key, groupLabel: group.label };
  if (suppressed !== null || !counts) {
    return { ...base, ...EMPTY_COUNTS, suppressed: suppressed ?? 'fewCompanies' };
  }
  return {
    ...base,
    registered: Number(counts.registered),
    applied: Number(counts.applied),
    distinguished: Number(counts.distinguished),
    renewals: Number(counts.renewals),
    suppressed: null,
  };
}

/**
 * The editions' tables: the counts of companies overall and by `by` (none when overall), a cell of fewer than
 * 5 registered companies suppressed, and its row protected as the criteria's are.
 */
export function editionTables(
  data: Pick<YearData, 'names' | 'rangeOrder'>,
  found: { editions: readonly EditionOfYear[]; counts: readonly EditionCounts[] },
  by: BarometerDimension,
): BarometerEdition[] {
  return found.editions.map((edition) => {
    const own = found.counts.filter((row) => row.edition_id === edition.id);
    const overall = own.find((row) => row.overall);
    const overallReason = primarySuppression({ count: Number(overall?.registered ?? 0) });
    let byGroup: BarometerEditionCell[] = [];
    if (by !== 'overall') {
      const names = data.names[by];
      const order = groupOrder(data, by);
      const groups = own.filter((row) => !row.overall).sort((a, b) => order(a.key, b.key));
      const reasons = protectRow(
        groups.map((row) => ({ count: Number(row.registered) })),
        overallReason === null,
      );
      byGroup = groups.map((row, index) =>
        editionCell(
          { key: row.key, label: row.key === null ? null : (names.get(row.key)?.description ?? null) },
          row,
          reasons[index] ?? null,
        ),
      );
    }
    return {
      number: Number(edition.number),
      year: Number(edition.year),
      indicatorYear: Number(edition.indicator_year),
      overall: editionCell({ key: null, label: null }, overall, overallReason),
      byGroup,
    };
  });
}

/** A value's position against a table's cell: its count and cut points, and the quartile it falls in. */
export function positionIn(cellOf: BarometerCell | undefined, value: string | null): BarometerPosition {
  if (
    !cellOf ||
    cellOf.suppressed !== null ||
    cellOf.q1 === null ||
    cellOf.median === null ||
    cellOf.q3 === null
  ) {
    return {
      count: null,
      q1: null,
      median: null,
      q3: null,
      quartile: null,
      suppressed: cellOf?.suppressed ?? 'fewCompanies',
    };
  }
  const cuts = {
    q1: Decimal.fromString(cellOf.q1),
    median: Decimal.fromString(cellOf.median),
    q3: Decimal.fromString(cellOf.q3),
  };
  const parsed = value === null ? undefined : Decimal.tryFromString(value);
  return {
    count: cellOf.count,
    q1: cellOf.q1,
    median: cellOf.median,
    q3: cellOf.q3,
    quartile: parsed ? quartileOf(parsed, cuts) : null,
    suppressed: null,
  };
}

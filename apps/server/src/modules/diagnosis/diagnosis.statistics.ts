import {
  Decimal,
  type DistributionRow,
  type IndicatorStatisticsQuery,
  type LocalizedText,
  type PeriodFrequency,
  SECTOR_MIN_COMPANIES,
  type StatisticDimension,
} from '@excelencia/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  caeDivisions,
  caeSections,
  cities,
  companies,
  employeeRanges,
  indicatorValues,
  islands,
} from '../../db/schema/index.ts';
import { allOf } from '../../platform/listing.ts';
import type { KeptSheet, StoredCriterion } from './indicators.ts';

/**
 * The statistics across companies, in SQL over indicator_values: a criterion's distribution (quartiles and the
 * share meeting the target) overall and by island, CAE section or employee range, the sector medians a diagnosis
 * shows, and the years that have values.
 */

function yearRange(year: number): [string, string] {
  return [`${year}-01-01`, `${year + 1}-01-01`];
}

/** The group key of each dimension, over companies joined with their city and CAE division. */
const DIMENSION_KEY: Record<StatisticDimension, AnyPgColumn> = {
  island: cities.islandId,
  caeSection: caeDivisions.sectionId,
  employeeRange: companies.employeeRangeId,
};

const DIMENSION_TABLE = { island: islands, caeSection: caeSections, employeeRange: employeeRanges } as const;

type Figures = Omit<DistributionRow, 'key' | 'label'>;

/** A criterion's distribution as the statistics show it: overall, and each group with its label. */
export type LabelledDistribution = { overall: DistributionRow; groups: DistributionRow[] };

/** The most years the statistics offer to choose from. */
const YEARS_MAX = 200;

/** The p-quantile (p in thousandths) of the group's sorted values, interpolated as percentile_cont, exactly. */
function quartile(p: number): SQL {
  const low = `sorted[1 + (n - 1) * ${p} / 1000]`;
  const high = `sorted[least(2 + (n - 1) * ${p} / 1000, n)]`;
  return sql.raw(`${low} + (${high} - ${low}) * (((n - 1) * ${p} % 1000)::numeric / 1000)`);
}

const decimalText = (value: string | null) => (value === null ? null : Decimal.fromString(value).toString());

export type DistributionFilter = {
  criterion: { id: string; version: number };
  frequency: PeriodFrequency;
  year: number;
  groupBy: StatisticDimension;
  where?: SQL | undefined;
};

/**
 * A criterion's distribution across companies, by group and overall: each company counts once, with its
 * latest current value among its sheets of the frequency ending in the year (picked from indicator_values
 * alone, then joined with those companies only). Quartiles interpolate between the closest ranks like
 * percentile_cont, but on exact numeric values (percentile_cont itself works in double precision); values
 * that are not computable are left out, and the share meeting the target is over the computable ones.
 *
 * (Also what the bench explains.)
 */
export function distributionsQuery(filter: DistributionFilter): SQL {
  const { criterion, ...rest } = filter;
  return criteriaDistributionsQuery({ ...rest, criteria: [criterion] });
}

/** distributionsQuery for several criteria in one query: each row says its criterion_id. */
export function criteriaDistributionsQuery(
  filter: Omit<DistributionFilter, 'criterion'> & { criteria: readonly { id: string; version: number }[] },
): SQL {
  const [from, to] = yearRange(filter.year);
  const wanted = sql.join(
    filter.criteria.map((c) => sql`(${c.id}::uuid, ${c.version}::int)`),
    sql`, `,
  );
  return sql`
    with latest as (
      select distinct on (iv.criterion_id, iv.company_id) iv.criterion_id, iv.company_id, iv.value, iv.passed
      from ${indicatorValues} iv
      where (iv.criterion_id, iv.criterion_version) in (${wanted})
        and iv.frequency = ${filter.frequency} and iv.end_date >= ${from} and iv.end_date < ${to}
      order by iv.criterion_id, iv.company_id, iv.end_date desc, iv.sheet_created_at desc
    ), keyed as (
      select latest.criterion_id, ${DIMENSION_KEY[filter.groupBy]} as key, latest.value, latest.passed
      from latest
      join ${companies} on ${companies.id} = latest.company_id
      left join ${cities} on ${cities.id} = ${companies.cityId}
      left join ${caeDivisions} on ${caeDivisions.id} = ${companies.caeDivisionId}
      ${filter.where ? sql`where ${filter.where}` : sql``}
    ), grouped as (
      select criterion_id, key, grouping(key) = 1 as overall, count(value)::int as n,
        (count(*) filter (where value is not null and passed))::int as passed,
        array_agg(value order by value) filter (where value is not null) as sorted
      from keyed group by grouping sets ((criterion_id, key), (criterion_id))
    )
    select criterion_id, key, overall, n, passed,
      ${quartile(250)} as p25, ${quartile(500)} as median, ${quartile(750)} as p75
    from grouped`;
}

/**
 * The median of each criterion among the companies of one CAE section, in one query (a diagnosis shows all of
 * them): each company counts once, with its latest current value among its sheets of the frequency ending in the
 * year, as in distributionsQuery; `n` counts the computable values.
 */
export function sectorMediansQuery(filter: {
  sectionId: string;
  criteria: readonly { id: string; version: number }[];
  frequency: PeriodFrequency;
  year: number;
}): SQL {
  const [from, to] = yearRange(filter.year);
  const wanted = sql.join(
    filter.criteria.map((c) => sql`(${c.id}::uuid, ${c.version}::int)`),
    sql`, `,
  );
  return sql`
    with wanted (criterion_id, criterion_version) as (values ${wanted}),
    members as (
      select ${companies.id} as id from ${companies}
      join ${caeDivisions} on ${caeDivisions.id} = ${companies.caeDivisionId}
      where ${caeDivisions.sectionId} = ${filter.sectionId}
    ), latest as (
      select distinct on (iv.criterion_id, iv.company_id) iv.criterion_id, iv.value
      from ${indicatorValues} iv
      join wanted w on w.criterion_id = iv.criterion_id and w.criterion_version = iv.criterion_version
      join members m on m.id = iv.company_id
      where iv.frequency = ${filter.frequency} and iv.end_date >= ${from} and iv.end_date < ${to}
      order by iv.criterion_id, iv.company_id, iv.end_date desc, iv.sheet_created_at desc
    ), grouped as (
      select criterion_id, count(value)::int as n,
        array_agg(value order by value) filter (where value is not null) as sorted
      from latest group by criterion_id
    )
    select criterion_id, n, ${quartile(500)} as median from grouped`;
}

export type SectorMedian = { median: Decimal; companies: number };
export type SectorMedians = Map<string, SectorMedian>;

/** Medians of every criterion among the companies of a CAE section (shown only from 5 companies on). */
export async function sectorMedians(
  executor: Executor,
  sectionId: string,
  criteriaList: StoredCriterion[],
  sheet: KeptSheet,
): Promise<SectorMedians> {
  const out: SectorMedians = new Map();
  const frequency = sheet.frequency;
  if (frequency === 'unknown' || criteriaList.length === 0) return out;
  const query = sectorMediansQuery({
    sectionId,
    criteria: criteriaList,
    frequency,
    year: Number(sheet.endDate.slice(0, 4)),
  });
  // Both drivers (pg and PGlite) answer a raw query with its rows.
  const { rows } = (await executor.execute(query)) as unknown as {
    rows: { criterion_id: string; n: number; median: string | null }[];
  };
  for (const row of rows) {
    const companiesCount = Number(row.n);
    if (row.median !== null && companiesCount >= SECTOR_MIN_COMPANIES) {
      out.set(row.criterion_id, { median: Decimal.fromString(row.median), companies: companiesCount });
    }
  }
  return out;
}

type Distribution = { overall: Figures; groups: Map<string | null, Figures> };

/** The distributions of several criteria (criteriaDistributionsQuery), by criterion id. */
async function distributions(
  db: Executor,
  filter: Parameters<typeof criteriaDistributionsQuery>[0],
): Promise<Map<string, Distribution>> {
  const out = new Map<string, Distribution>();
  if (filter.criteria.length === 0) return out;
  const query = criteriaDistributionsQuery(filter);
  type Row = {
    criterion_id: string;
    key: string | null;
    overall: boolean;
    n: number;
    passed: number;
    p25: string | null;
    median: string | null;
    p75: string | null;
  };
  // Both drivers (pg and PGlite) answer a raw query with its rows.
  const { rows } = (await db.execute(query)) as unknown as { rows: Row[] };
  const figures = (row: Row | undefined): Figures => ({
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
  for (const criterion of filter.criteria) {
    const own = rows.filter((row) => row.criterion_id === criterion.id);
    out.set(criterion.id, {
      overall: figures(own.find((row) => row.overall)),
      groups: new Map(own.filter((row) => !row.overall).map((row) => [row.key, figures(row)])),
    });
  }
  return out;
}

/**
 * The years with values of a criterion and frequency, newest first, at most 200: a skip scan of the index
 * (each step the latest end date before the year found last), in one recursive query.
 */
export async function yearsOf(
  db: Executor,
  criterion: StoredCriterion,
  frequency: PeriodFrequency,
): Promise<number[]> {
  const latestBefore = (before: SQL | undefined) => sql`(
    select extract(year from max(iv.end_date))::int from ${indicatorValues} iv
    where iv.criterion_id = ${criterion.id} and iv.frequency = ${frequency}
      ${before ? sql`and iv.end_date < ${before}` : sql``}
  )`;
  const query = sql`
    with recursive years (year, step) as (
      select ${latestBefore(undefined)}, 1
      union all
      select ${latestBefore(sql`make_date(years.year, 1, 1)`)}, step + 1
      from years where years.year is not null and step < ${YEARS_MAX}
    )
    select year from years where year is not null order by step`;
  // Both drivers (pg and PGlite) answer a raw query with its rows.
  const { rows } = (await db.execute(query)) as unknown as { rows: { year: number }[] };
  return rows.map((row) => Number(row.year));
}

function statisticsFilter(query: IndicatorStatisticsQuery): SQL | undefined {
  return allOf(
    query.islandId ? eq(cities.islandId, query.islandId) : undefined,
    query.caeSectionId ? eq(caeDivisions.sectionId, query.caeSectionId) : undefined,
    query.employeeRangeId ? eq(companies.employeeRangeId, query.employeeRangeId) : undefined,
  );
}

/** The names of a dimension's groups (islands, CAE sections or employee ranges), by id. */
export async function groupLabels(
  db: Executor,
  dimension: StatisticDimension,
): Promise<Map<string, LocalizedText>> {
  const table = DIMENSION_TABLE[dimension];
  const rows = await db.select({ id: table.id, description: table.description }).from(table);
  return new Map(rows.map((row) => [row.id, row.description as LocalizedText]));
}

/** The distributions of the criteria, each as rows with their group labels, by criterion id. */
export async function distributionsOf(
  db: Executor,
  criteriaList: readonly StoredCriterion[],
  query: IndicatorStatisticsQuery,
  year: number,
  labels: Map<string, LocalizedText>,
): Promise<Map<string, LabelledDistribution>> {
  const found = await distributions(db, {
    criteria: criteriaList,
    frequency: query.frequency,
    year,
    groupBy: query.groupBy,
    where: statisticsFilter(query),
  });
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

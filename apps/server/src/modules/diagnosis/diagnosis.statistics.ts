import {
  Decimal,
  type DistributionRow,
  type IndicatorStatisticsQuery,
  type LocalizedText,
  type PeriodFrequency,
  SECTOR_MIN_COMPANIES,
  type StatisticDimension,
} from '@excelencia/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import {
  caeDivisions,
  caeSections,
  cities,
  companies,
  criteria,
  employeeRanges,
  indicatorStatistics,
  indicatorStatisticsBuilds,
  indicatorValueChanges,
  indicatorValues,
  islands,
} from '../../db/schema/index.ts';
import { allOf } from '../../platform/listing.ts';
import { singleFlight } from '../../platform/single-flight.ts';
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
  const query = sectorMediansQuery({ sectionId, criteria: rest, frequency, year });
  // Both drivers (pg and PGlite) answer a raw query with its rows.
  const { rows } = (await executor.execute(query)) as unknown as {
    rows: { criterion_id: string; n: number; median: string | null }[];
  };
  for (const row of rows) keep(row.criterion_id, Number(row.n), row.median);
  return out;
}

/** A row of computed-ahead statistics (indicator_statistics). */
type StoredRow = {
  dimension: 'overall' | StatisticDimension;
  groupKey: string | null;
  companies: number;
  passed: number;
  p25: string | null;
  median: string | null;
  p75: string | null;
};

/** The query of storedStatistics (also what the bench explains). */
export function storedStatisticsQuery(
  wanted: readonly { id: string; version: number }[],
  frequency: PeriodFrequency,
  year: number,
  dimensions: readonly StatisticDimension[],
  groupKey?: string,
): SQL {
  const values = sql.join(
    wanted.map((c) => sql`(${c.id}::uuid, ${c.version}::int)`),
    sql`, `,
  );
  const s = indicatorStatistics;
  return sql`
    with wanted (criterion_id, criterion_version) as (values ${values}),
    fresh as (
      select w.criterion_id, w.criterion_version from ${indicatorStatisticsBuilds} b
      join wanted w on w.criterion_id = b.criterion_id
      where b.frequency = ${frequency} and b.year = ${year}
        and not exists (
          select 1 from ${indicatorValueChanges} c
          where c.criterion_id = b.criterion_id and c.frequency = ${frequency} and c.year = ${year}
            and not pg_visible_in_snapshot(c.xid, b.snapshot::pg_snapshot)
        )
    )
    select f.criterion_id, ${s.dimension} as dimension, ${s.groupKey} as group_key, ${s.companies} as companies,
      ${s.passed} as passed, ${s.p25}::text as p25, ${s.median}::text as median, ${s.p75}::text as p75
    from fresh f
    left join ${s} on ${s.criterionId} = f.criterion_id and ${s.criterionVersion} = f.criterion_version
      and ${s.frequency} = ${frequency} and ${s.year} = ${year}
      and (${s.dimension} = 'overall' or (${s.dimension} in (${sql.join(
        dimensions.map((dimension) => sql`${dimension}`),
        sql`, `,
      )})${groupKey === undefined ? sql`` : sql` and ${s.groupKey} = ${groupKey}`}))`;
}

/**
 * The computed-ahead statistics of the criteria (at the given versions) for a frequency and year, of those whose
 * build is current: no change of their indicator values (or of what groups them) that the build's snapshot did
 * not see (ADR 0026). By criterion id, its rows of the overall and the given dimensions (only the group
 * `groupKey` of those when given); none for a criterion without values that year. Criteria missing from the
 * answer are to be computed from the values.
 */
export async function storedStatistics(
  executor: Executor,
  wanted: readonly { id: string; version: number }[],
  frequency: PeriodFrequency,
  year: number,
  dimensions: readonly StatisticDimension[],
  groupKey?: string,
): Promise<Map<string, StoredRow[]>> {
  const out = new Map<string, StoredRow[]>();
  if (wanted.length === 0) return out;
  const query = storedStatisticsQuery(wanted, frequency, year, dimensions, groupKey);
  type Row = {
    criterion_id: string;
    dimension: StoredRow['dimension'] | null;
    group_key: string | null;
    companies: number;
    passed: number;
    p25: string | null;
    median: string | null;
    p75: string | null;
  };
  // Both drivers (pg and PGlite) answer a raw query with its rows.
  const { rows } = (await executor.execute(query)) as unknown as { rows: Row[] };
  for (const row of rows) {
    const list = out.get(row.criterion_id) ?? [];
    out.set(row.criterion_id, list);
    if (row.dimension === null) continue;
    list.push({
      dimension: row.dimension,
      groupKey: row.group_key,
      companies: Number(row.companies),
      passed: Number(row.passed),
      p25: row.p25,
      median: row.median,
      p75: row.p75,
    });
  }
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
  type Row = Counted & { criterion_id: string; key: string | null; overall: boolean };
  // Both drivers (pg and PGlite) answer a raw query with its rows.
  const { rows } = (await db.execute(
    criteriaDistributionsQuery({ ...filter, criteria: rest }),
  )) as unknown as {
    rows: Row[];
  };
  for (const criterion of rest) {
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
  onStale?: () => void,
): Promise<Map<string, LabelledDistribution>> {
  const found = await distributions(
    db,
    {
      criteria: criteriaList,
      frequency: query.frequency,
      year,
      groupBy: query.groupBy,
      where: statisticsFilter(query),
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

/** One criterion's statistics of a frequency and year: what a build computes. */
type StatisticsTarget = { criterionId: string; frequency: string; year: number };

/**
 * The criteria, frequencies and years whose statistics are out of date: a change (indicator_value_changes) that
 * their build's snapshot did not see, or no build at all. Active criteria only.
 */
async function staleStatistics(db: Executor, limit: number): Promise<StatisticsTarget[]> {
  const c = indicatorValueChanges;
  const b = indicatorStatisticsBuilds;
  const rows = await db
    .selectDistinct({ criterionId: c.criterionId, frequency: c.frequency, year: c.year })
    .from(c)
    .innerJoin(criteria, and(eq(criteria.id, c.criterionId), eq(criteria.isActive, true)))
    .leftJoin(b, and(eq(b.criterionId, c.criterionId), eq(b.frequency, c.frequency), eq(b.year, c.year)))
    .where(sql`${b.criterionId} is null or not pg_visible_in_snapshot(${c.xid}, ${b.snapshot}::pg_snapshot)`)
    .limit(limit);
  return rows;
}

/**
 * The rows of one criterion's statistics (its current `version`) of a frequency and year, overall and by each
 * dimension, as distributionsQuery computes them: each company once, with its latest value ending in the year.
 */
function statisticsRowsQuery(target: StatisticsTarget, version: number): SQL {
  const [from, to] = yearRange(target.year);
  return sql`
    insert into ${indicatorStatistics} (criterion_id, criterion_version, frequency, year, dimension, group_key,
      companies, passed, p25, median, p75)
    with latest as (
      select distinct on (iv.company_id) iv.company_id, iv.value, iv.passed
      from ${indicatorValues} iv
      where iv.criterion_id = ${target.criterionId} and iv.criterion_version = ${version}
        and iv.frequency = ${target.frequency} and iv.end_date >= ${from} and iv.end_date < ${to}
      order by iv.company_id, iv.end_date desc, iv.sheet_created_at desc
    ), keyed as (
      select ${cities.islandId} as island_id, ${caeDivisions.sectionId} as section_id,
        ${companies.employeeRangeId} as employee_range_id, latest.value, latest.passed
      from latest
      join ${companies} on ${companies.id} = latest.company_id
      left join ${cities} on ${cities.id} = ${companies.cityId}
      left join ${caeDivisions} on ${caeDivisions.id} = ${companies.caeDivisionId}
    ), grouped as (
      select grouping(island_id) as gi, grouping(section_id) as gs, grouping(employee_range_id) as ge,
        coalesce(island_id, section_id, employee_range_id) as key, count(value)::int as n,
        (count(*) filter (where value is not null and passed))::int as passed,
        array_agg(value order by value) filter (where value is not null) as sorted
      from keyed group by grouping sets ((island_id), (section_id), (employee_range_id), ())
    )
    select ${target.criterionId}::uuid, ${version}::int, ${target.frequency}, ${target.year}::int,
      case when gi = 0 then 'island' when gs = 0 then 'caeSection' when ge = 0 then 'employeeRange'
        else 'overall' end,
      key, n, passed, ${quartile(250)}, ${quartile(500)}, ${quartile(750)}
    from grouped`;
}

/**
 * Computes one criterion's statistics of a frequency and year again, in a repeatable-read transaction whose
 * snapshot is recorded with them, then forgets the changes that snapshot saw. False when another build of the
 * same holds its lock (that one will do), or the criterion is no longer active.
 */
async function buildStatistics(db: Database, target: StatisticsTarget): Promise<boolean> {
  return db.transaction(
    async (tx) => {
      const key = `${target.criterionId}/${target.frequency}/${target.year}`;
      const result = (await tx.execute(sql`
        select pg_try_advisory_xact_lock(hashtext('indicator_statistics'), hashtext(${key})) as locked,
          pg_current_snapshot()::text as snapshot,
          (select version from ${criteria} where id = ${target.criterionId} and is_active) as version`)) as unknown as {
        rows: { locked: boolean; snapshot: string; version: number | null }[];
      };
      const head = result.rows[0];
      if (!head?.locked || head.version === null) return false;
      const s = indicatorStatistics;
      await tx
        .delete(s)
        .where(
          and(
            eq(s.criterionId, target.criterionId),
            eq(s.frequency, target.frequency),
            eq(s.year, target.year),
          ),
        );
      await tx.execute(statisticsRowsQuery(target, Number(head.version)));
      await tx
        .insert(indicatorStatisticsBuilds)
        .values({ ...target, snapshot: head.snapshot, builtAt: new Date() })
        .onConflictDoUpdate({
          target: [
            indicatorStatisticsBuilds.criterionId,
            indicatorStatisticsBuilds.frequency,
            indicatorStatisticsBuilds.year,
          ],
          set: { snapshot: head.snapshot, builtAt: new Date() },
        });
      const c = indicatorValueChanges;
      await tx
        .delete(c)
        .where(
          and(
            eq(c.criterionId, target.criterionId),
            eq(c.frequency, target.frequency),
            eq(c.year, target.year),
            sql`pg_visible_in_snapshot(${c.xid}, ${head.snapshot}::pg_snapshot)`,
          ),
        );
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
      const batch = (await staleStatistics(deps.db, 100)).filter(
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

import type {
  IndicatorStatisticsQuery,
  LocalizedText,
  PeriodFrequency,
  StatisticDimension,
} from '@excelencia/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
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

/**
 * The queries of the statistics across companies, over indicator_values and the statistics computed ahead
 * (indicator_statistics, ADR 0026): distributions, sector medians, the years with values, the group labels, and
 * the steps of a build. The rules that choose between them are in diagnosis.statistics.ts.
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

/** The most years the statistics offer to choose from. */
const YEARS_MAX = 200;

/** The p-quantile (p in thousandths) of the group's sorted values, interpolated as percentile_cont, exactly. */
function quartile(p: number): SQL {
  const low = `sorted[1 + (n - 1) * ${p} / 1000]`;
  const high = `sorted[least(2 + (n - 1) * ${p} / 1000, n)]`;
  return sql.raw(`${low} + (${high} - ${low}) * (((n - 1) * ${p} % 1000)::numeric / 1000)`);
}

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

/** The distribution rows of `criteriaDistributionsQuery`: per criterion, overall and per group. */
export type DistributionRowCounted = {
  criterion_id: string;
  key: string | null;
  overall: boolean;
  n: number;
  passed: number;
  p25: string | null;
  median: string | null;
  p75: string | null;
};

/** The rows of criteriaDistributionsQuery. */
export async function criteriaDistributionRows(
  db: Executor,
  filter: Parameters<typeof criteriaDistributionsQuery>[0],
): Promise<DistributionRowCounted[]> {
  // Both drivers (pg and PGlite) answer a raw query with its rows.
  const { rows } = (await db.execute(criteriaDistributionsQuery(filter))) as unknown as {
    rows: DistributionRowCounted[];
  };
  return rows;
}

/** The rows of sectorMediansQuery: per criterion, the computable values and their median. */
export async function sectorMedianRows(
  executor: Executor,
  filter: Parameters<typeof sectorMediansQuery>[0],
): Promise<{ criterion_id: string; n: number; median: string | null }[]> {
  // Both drivers (pg and PGlite) answer a raw query with its rows.
  const { rows } = (await executor.execute(sectorMediansQuery(filter))) as unknown as {
    rows: { criterion_id: string; n: number; median: string | null }[];
  };
  return rows;
}

/** A row of computed-ahead statistics (indicator_statistics). */
export type StoredRow = {
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

// ---- the years and the groups -----------------------------------------------------------------------------

/**
 * The years with values of a criterion and frequency, newest first, at most 200: a skip scan of the index
 * (each step the latest end date before the year found last), in one recursive query.
 */
export async function yearsWithValues(
  db: Executor,
  criterion: { id: string },
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

/** The statistics' filters (island, CAE section, employee range) as a condition on the companies. */
export function statisticsFilterWhere(query: IndicatorStatisticsQuery): SQL | undefined {
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

// ---- statistics computed ahead (ADR 0026) ------------------------------------------------------------------

/** One criterion's statistics of a frequency and year: what a build computes. */
export type StatisticsTarget = { criterionId: string; frequency: string; year: number };

/**
 * The criteria, frequencies and years whose statistics are out of date: a change (indicator_value_changes) that
 * their build's snapshot did not see, or no build at all. Active criteria only.
 */
export async function staleStatisticsTargets(db: Executor, limit: number): Promise<StatisticsTarget[]> {
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

// ---- the steps of a build (ADR 0026), in the builder's repeatable-read transaction ------------------------

/**
 * Takes the build's lock if free (transaction-scoped), and reads the transaction's snapshot and the criterion's
 * version (null when it is not active).
 */
export async function lockStatisticsBuild(
  tx: Executor,
  target: StatisticsTarget,
): Promise<{ locked: boolean; snapshot: string; version: number | null } | undefined> {
  const key = `${target.criterionId}/${target.frequency}/${target.year}`;
  const result = (await tx.execute(sql`
    select pg_try_advisory_xact_lock(hashtext('indicator_statistics'), hashtext(${key})) as locked,
      pg_current_snapshot()::text as snapshot,
      (select version from ${criteria} where id = ${target.criterionId} and is_active) as version`)) as unknown as {
    rows: { locked: boolean; snapshot: string; version: number | null }[];
  };
  return result.rows[0];
}

/** Deletes the statistics of the criterion, frequency and year. */
export async function deleteStatistics(tx: Executor, target: StatisticsTarget): Promise<void> {
  const s = indicatorStatistics;
  await tx
    .delete(s)
    .where(
      and(eq(s.criterionId, target.criterionId), eq(s.frequency, target.frequency), eq(s.year, target.year)),
    );
}

/** Computes and stores the statistics of the criterion (at `version`), frequency and year (statisticsRowsQuery). */
export async function insertStatisticsRows(
  tx: Executor,
  target: StatisticsTarget,
  version: number,
): Promise<void> {
  await tx.execute(statisticsRowsQuery(target, version));
}

/** Records the build of the criterion, frequency and year with its snapshot (replacing the one before). */
export async function recordStatisticsBuild(
  tx: Executor,
  target: StatisticsTarget,
  snapshot: string,
): Promise<void> {
  await tx
    .insert(indicatorStatisticsBuilds)
    .values({ ...target, snapshot, builtAt: new Date() })
    .onConflictDoUpdate({
      target: [
        indicatorStatisticsBuilds.criterionId,
        indicatorStatisticsBuilds.frequency,
        indicatorStatisticsBuilds.year,
      ],
      set: { snapshot, builtAt: new Date() },
    });
}

/** Forgets the changes of indicator values of the criterion, frequency and year that the snapshot saw. */
export async function deleteValueChangesSeenBy(
  tx: Executor,
  target: StatisticsTarget,
  snapshot: string,
): Promise<void> {
  const c = indicatorValueChanges;
  await tx
    .delete(c)
    .where(
      and(
        eq(c.criterionId, target.criterionId),
        eq(c.frequency, target.frequency),
        eq(c.year, target.year),
        sql`pg_visible_in_snapshot(${c.xid}, ${snapshot}::pg_snapshot)`,
      ),
    );
}

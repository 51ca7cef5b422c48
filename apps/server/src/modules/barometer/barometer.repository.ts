import type { LocalizedText, StatisticDimension } from '@excelencia/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  applications,
  balanceSheets,
  balanceSheetValues,
  caeDivisions,
  caeSections,
  cities,
  companies,
  criteria,
  editions,
  employeeRanges,
  indicatorValues,
  islands,
  seals,
} from '../../db/schema/index.ts';

/**
 * The queries of the public barometer (docs/adr/0033-barometer-disclosure-control.md): the companies counted in a
 * year (each with its latest annual sheet ending in it, only those allowing statistical use and not closed), the
 * indicator values of those sheets, the group names, the editions' counts, and the statistical-use consent.
 */

/** The self-diagnosis node whose value is a sheet's turnover (Volume de negócios), for the dominance rule. */
const TURNOVER_NODE = 'VN';

function yearRange(year: number): [string, string] {
  return [`${year}-01-01`, `${year + 1}-01-01`];
}

/** Companies whose figures the statistics may use: they have not withdrawn it, and are not closed. */
const COUNTED = sql`${companies.statisticsWithdrawnAt} is null and ${companies.closedAt} is null`;

/**
 * Each counted company's latest annual sheet ending in the year (end date, then the later inserted), as a
 * `with` clause named `kept` (sheet_id, company_id).
 */
function keptSheets(year: number): SQL {
  const [from, to] = yearRange(year);
  return sql`kept as (
    select distinct on (bs.company_id) bs.id as sheet_id, bs.company_id
    from ${balanceSheets} bs
    join ${companies} on ${companies.id} = bs.company_id
    where bs.deleted_at is null and bs.type_frequence = 'annual'
      and bs.end_date >= ${from} and bs.end_date < ${to} and ${COUNTED}
    order by bs.company_id, bs.end_date desc, bs.created_at desc
  )`;
}

/** The years in which counted companies have annual sheets, newest first. */
export async function barometerYears(db: Executor): Promise<number[]> {
  const { rows } = (await db.execute(sql`
    select distinct extract(year from bs.end_date)::int as year
    from ${balanceSheets} bs
    join ${companies} on ${companies.id} = bs.company_id
    where bs.deleted_at is null and bs.type_frequence = 'annual' and ${COUNTED}
    order by year desc`)) as unknown as { rows: { year: number }[] };
  return rows.map((row) => Number(row.year));
}

/** A counted company of the year: its groups (codes) and its sheet's turnover (decimal text, or null). */
export type CountedCompany = {
  company_id: string;
  island: string | null;
  section: string | null;
  employee_range: string | null;
  turnover: string | null;
};

/** The companies counted in the year, with their groups and turnover. */
export async function countedCompanies(db: Executor, year: number): Promise<CountedCompany[]> {
  const { rows } = (await db.execute(sql`
    with ${keptSheets(year)}
    select kept.company_id, ${islands.code} as island, ${caeSections.code} as section,
      ${employeeRanges.code} as employee_range, v.value::text as turnover
    from kept
    join ${companies} on ${companies.id} = kept.company_id
    left join ${cities} on ${cities.id} = ${companies.cityId}
    left join ${islands} on ${islands.id} = ${cities.islandId}
    left join ${caeDivisions} on ${caeDivisions.id} = ${companies.caeDivisionId}
    left join ${caeSections} on ${caeSections.id} = ${caeDivisions.sectionId}
    left join ${employeeRanges} on ${employeeRanges.id} = ${companies.employeeRangeId}
    left join ${balanceSheetValues} v on v.balance_sheet_id = kept.sheet_id and v.node_code = ${TURNOVER_NODE}
  `)) as unknown as { rows: CountedCompany[] };
  return rows;
}

/** A computable value of an active criterion (at its current version) on a counted company's kept sheet. */
export type CountedValue = {
  company_id: string;
  criterion_id: string;
  value: string;
  passed: boolean | null;
};

/** The computable values of the active criteria on the kept sheets of the year. */
export async function countedValues(db: Executor, year: number): Promise<CountedValue[]> {
  const { rows } = (await db.execute(sql`
    with ${keptSheets(year)}
    select kept.company_id, iv.criterion_id, iv.value::text as value, iv.passed
    from kept
    join ${indicatorValues} iv on iv.balance_sheet_id = kept.sheet_id
    join ${criteria} on ${criteria.id} = iv.criterion_id and ${criteria.version} = iv.criterion_version
      and ${criteria.isActive}
    where iv.value is not null`)) as unknown as { rows: CountedValue[] };
  return rows;
}

/** A group of a dimension: its code and name. */
export type GroupName = { code: string; description: LocalizedText };

/** The groups of each dimension (islands, CAE sections, employee ranges), by code. */
export async function groupNames(db: Executor): Promise<Record<StatisticDimension, Map<string, GroupName>>> {
  const read = async (table: typeof islands | typeof caeSections) =>
    new Map(
      (await db.select({ code: table.code, description: table.description }).from(table)).map((row) => [
        row.code,
        { code: row.code, description: row.description as LocalizedText },
      ]),
    );
  const ranges = await db
    .select({ code: employeeRanges.code, description: employeeRanges.description })
    .from(employeeRanges);
  return {
    island: await read(islands),
    caeSection: await read(caeSections),
    employeeRange: new Map(
      ranges.map((row) => [row.code, { code: row.code, description: row.description as LocalizedText }]),
    ),
  };
}

/** The employee ranges' codes from the smallest companies up (their natural order). */
export async function employeeRangeOrder(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ code: employeeRanges.code })
    .from(employeeRanges)
    .orderBy(employeeRanges.minEmployees);
  return rows.map((row) => row.code);
}

/** An edition with published results judging the year's sheets. */
export type EditionOfYear = { id: string; number: number; year: number; indicator_year: number };

/** An edition's counts in one group (`key` a group code; `overall` the edition's totals). */
export type EditionCounts = {
  edition_id: string;
  key: string | null;
  overall: boolean;
  registered: number;
  applied: number;
  distinguished: number;
  renewals: number;
};

const DIMENSION_CODE: Record<StatisticDimension, SQL> = {
  island: sql`${islands.code}`,
  caeSection: sql`${caeSections.code}`,
  employeeRange: sql`${employeeRanges.code}`,
};

/**
 * The editions with published results whose indicator year is the year, newest first, and their counts of
 * counted companies, overall and by the dimension: registered (created before the applications closed, or
 * applied), applied (submitted an application, as the results count them), distinguished (a seal of the edition), renewals (distinguished
 * holding a seal of an earlier edition).
 */
export async function editionsOfYear(
  db: Executor,
  year: number,
  dimension: StatisticDimension,
): Promise<{ editions: EditionOfYear[]; counts: EditionCounts[] }> {
  const found = (await db.execute(sql`
    select ${editions.id} as id, ${editions.number} as number, ${editions.year} as year,
      ${editions.indicatorYear} as indicator_year
    from ${editions}
    where ${editions.resultsPublishedAt} is not null and ${editions.indicatorYear} = ${year}
    order by ${editions.number} desc`)) as unknown as { rows: EditionOfYear[] };
  if (found.rows.length === 0) return { editions: [], counts: [] };
  const ids = sql.join(
    found.rows.map((edition) => sql`${edition.id}::uuid`),
    sql`, `,
  );
  const { rows } = (await db.execute(sql`
    with eds as (
      select e.id, e.number, coalesce(e.applications_closed_at, e.application_closes_at) as closed_at
      from ${editions} e where e.id in (${ids})
    ), pop as (
      select ${companies.id} as id, ${companies.createdAt} as created_at, ${DIMENSION_CODE[dimension]} as key
      from ${companies}
      left join ${cities} on ${cities.id} = ${companies.cityId}
      left join ${islands} on ${islands.id} = ${cities.islandId}
      left join ${caeDivisions} on ${caeDivisions.id} = ${companies.caeDivisionId}
      left join ${caeSections} on ${caeSections.id} = ${caeDivisions.sectionId}
      left join ${employeeRanges} on ${employeeRanges.id} = ${companies.employeeRangeId}
      where ${COUNTED}
    ), marks as (
      select eds.id as edition_id, pop.key,
        exists (select 1 from ${applications} a where a.edition_id = eds.id and a.company_id = pop.id
          and (a.status not in ('draft', 'closed') or a.submitted_at is not null)) as applied,
        exists (select 1 from ${seals} s where s.edition_id = eds.id and s.company_id = pop.id) as distinguished,
        exists (select 1 from ${seals} s join ${editions} pe on pe.id = s.edition_id
          where s.company_id = pop.id and pe.number < eds.number) as held_before,
        pop.created_at < eds.closed_at as registered_before
      from eds cross join pop
    )
    select edition_id, key, grouping(key) = 1 as overall,
      (count(*) filter (where registered_before or applied))::int as registered,
      (count(*) filter (where applied))::int as applied,
      (count(*) filter (where distinguished))::int as distinguished,
      (count(*) filter (where distinguished and held_before))::int as renewals
    from marks
    group by grouping sets ((edition_id, key), (edition_id))
    having count(*) filter (where registered_before or applied) > 0 or grouping(key) = 1`)) as unknown as {
    rows: EditionCounts[];
  };
  return { editions: found.rows, counts: rows };
}

/** The code of the company's CAE section, or null. */
export async function companySectionCode(db: Executor, companyId: string): Promise<string | null> {
  const [row] = await db
    .select({ code: caeSections.code })
    .from(companies)
    .innerJoin(caeDivisions, eq(caeDivisions.id, companies.caeDivisionId))
    .innerJoin(caeSections, eq(caeSections.id, caeDivisions.sectionId))
    .where(eq(companies.id, companyId))
    .limit(1);
  return row?.code ?? null;
}

/** When the company withdrew the statistical use of its figures (null: allowed); `lock` locks its row. */
export async function statisticsWithdrawnAt(
  executor: Executor,
  companyId: string,
  lock = false,
): Promise<{ withdrawnAt: Date | null } | undefined> {
  const query = executor
    .select({ withdrawnAt: companies.statisticsWithdrawnAt })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Sets (a date: withdrawn) or clears (null: allowed) the company's statistics withdrawal. */
export async function setStatisticsWithdrawnAt(
  tx: Executor,
  companyId: string,
  withdrawnAt: Date | null,
): Promise<void> {
  await tx.update(companies).set({ statisticsWithdrawnAt: withdrawnAt }).where(eq(companies.id, companyId));
}

import {
  type AdminDiagnosisQuery,
  annualisationFactor,
  type CreateDiagnosisRequest,
  computeIndicators,
  Decimal,
  type Diagnosis,
  type DiagnosisIndicator,
  type DiagnosisIndicatorInput,
  type DiagnosisSheet,
  type DiagnosisSummary,
  type DistributionRow,
  displayFileName,
  type Indicator,
  type IndicatorSeries,
  type IndicatorStatistics,
  type IndicatorStatisticsQuery,
  type LocalizedText,
  type NodeLine,
  orderCriteria,
  type Page,
  type PeriodFrequency,
  percentageChange,
  previousYearSheet,
  SECTOR_MIN_COMPANIES,
  type StatisticDimension,
  withPeriodTags,
} from '@excelencia/domain';
import { and, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AuthContext } from '../../auth/types.ts';
import type { Database, Executor } from '../../db/client.ts';
import {
  caeDivisions,
  caeSections,
  cities,
  companies,
  diagnoses,
  employeeRanges,
  indicatorValues,
  islands,
} from '../../db/schema/index.ts';
import type { Actor } from '../../platform/actor.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { allOf, pageWindow } from '../../platform/listing.ts';
import { nameOrNifCondition } from '../companies/companies.service.ts';
import { assertCompanyAccess } from '../companies/company-access.ts';
import {
  activeCriteria,
  balanceTree,
  currentIndicatorValue,
  engineSheet,
  type KeptSheet,
  keptSheets,
  type StoredCriterion,
  sheetLinesByNode,
  sheetValues,
} from './indicators.ts';

export const DIAGNOSIS_ENTITY = 'diagnoses';

// ---- presenting ---------------------------------------------------------------------------------------------

type TaggedSheet = KeptSheet & { tag: string };

function presentSheet(sheet: TaggedSheet): DiagnosisSheet {
  return {
    id: sheet.id,
    startDate: sheet.startDate,
    endDate: sheet.endDate,
    typeFrequence: sheet.frequency,
    tag: sheet.tag,
    fileName: sheet.fileName ? displayFileName(sheet.fileName) : null,
  };
}

/** Values as the wire carries them: exact text, and a number rounded to 6 decimals for charts. */
const wireDecimal = (value: Decimal | null) => (value === null ? null : value.toString());
const asNumber = (value: Decimal | null) => (value === null ? null : value.round(6).toNumber());

type NodeLines = Map<string, Map<string, { lines: NodeLine[]; others: number }>>;

/**
 * What an input shows of its sheet: entered by hand, or uploaded with the trial-balance lines that fed the
 * aggregate (none when the tree no longer assigns them as the upload did, see sheetLinesByNode).
 */
function inputSheetLines(
  sheet: KeptSheet | undefined,
  name: string,
  nodeLines: NodeLines,
): Pick<DiagnosisIndicatorInput, 'source' | 'lines' | 'otherLines'> {
  if (!sheet) return {};
  if (sheet.source === 'entry') return { source: 'entry' };
  const node = nodeLines.get(sheet.id)?.get(name);
  if (!node) return { source: 'upload' };
  return {
    source: 'upload',
    lines: node.lines.map((line) => ({
      account: line.account,
      description: line.description,
      amount: line.amount.toString(),
    })),
    otherLines: node.others,
  };
}

function presentIndicator(
  indicator: Indicator,
  sheets: { sheet: KeptSheet; prior: KeptSheet | undefined; nodeLines: NodeLines },
): DiagnosisIndicator {
  return {
    criterion: {
      id: indicator.criterionId,
      code: indicator.code,
      description: indicator.description,
      ratio: indicator.formula,
      ratioOrder: indicator.ratioOrder,
      recommendation: indicator.recommendation,
      isApplicationCriterion: indicator.isApplicationCriterion,
      typedescCriterion: indicator.type,
    },
    result: asNumber(indicator.value),
    value: wireDecimal(indicator.value),
    reason: indicator.reason,
    ratioOrder: indicator.ratioOrder,
    target: indicator.target,
    passed: indicator.passed,
    annualised: indicator.annualised,
    inputs: indicator.inputs.map((input) => ({
      name: input.name,
      period: input.period,
      description: input.description,
      accountCodes: input.accountCodes,
      value: wireDecimal(input.value),
      annualisedValue: wireDecimal(input.annualisedValue),
      ...inputSheetLines(
        input.period === 'current' ? sheets.sheet : sheets.prior,
        input.name,
        sheets.nodeLines,
      ),
    })),
  };
}

type SectorMedians = Map<string, { median: Decimal; companies: number }>;

// ---- statistics SQL ----------------------------------------------------------------------------------------

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
type LabelledDistribution = { overall: DistributionRow; groups: DistributionRow[] };

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

// ---- the service --------------------------------------------------------------------------------------------

/**
 * Self-diagnoses of companies: run and save a diagnosis of a balance sheet (optionally compared with a previous
 * one), reopen it exactly as it was, the company's indicators over its periods, sector medians, and the
 * admin's list and statistics across companies. Company users act only on their companies (404 otherwise).
 */
export function createDiagnosisService(deps: { db: Database }) {
  const { db } = deps;

  async function taggedSheets(executor: Executor, companyId: string): Promise<TaggedSheet[]> {
    return withPeriodTags(await keptSheets(executor, companyId));
  }

  async function companyOf(executor: Executor, companyId: string) {
    const [row] = await executor
      .select({ name: companies.companyName, sectionId: caeDivisions.sectionId })
      .from(companies)
      .leftJoin(caeDivisions, eq(caeDivisions.id, companies.caeDivisionId))
      .where(eq(companies.id, companyId))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  /** Medians of every criterion among the companies of a CAE section (shown only from 5 companies on). */
  async function sectorMedians(
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

  function summaryOf(row: typeof diagnoses.$inferSelect): DiagnosisSummary {
    const snapshot = row.snapshot as Omit<Diagnosis, 'id' | 'createdAt'>;
    return {
      id: row.id,
      companyId: row.companyId,
      companyName: snapshot.companyName,
      type: row.type,
      balanceSheet: snapshot.balanceSheet,
      previousBalanceSheet: snapshot.previousBalanceSheet,
      createdAt: row.createdAt.toISOString(),
      passedCount: row.passedCount,
      computableCount: row.computableCount,
    };
  }

  function diagnosisOf(row: typeof diagnoses.$inferSelect): Diagnosis {
    const snapshot = row.snapshot as Omit<Diagnosis, 'id' | 'createdAt'>;
    return { ...snapshot, ...summaryOf(row) };
  }

  async function rowOf(companyId: string, id: string) {
    const [row] = await db
      .select()
      .from(diagnoses)
      .where(and(eq(diagnoses.id, id), eq(diagnoses.companyId, companyId), isNull(diagnoses.deletedAt)))
      .limit(1);
    if (!row) throw notFound();
    return row;
  }

  /** The chosen active criterion; without a choice the first in diagnosis order (EE first), as the select lists. */
  async function currentCriterion(criterionId: string | undefined): Promise<StoredCriterion | null> {
    const list = orderCriteria(await activeCriteria(db));
    if (!criterionId) return list[0] ?? null;
    const found = list.find((criterion) => criterion.id === criterionId);
    if (!found) throw notFound();
    return found;
  }

  /**
   * The years with values of a criterion and frequency, newest first, at most 200: a skip scan of the index
   * (each step the latest end date before the year found last), in one recursive query.
   */
  async function yearsOf(criterion: StoredCriterion, frequency: PeriodFrequency): Promise<number[]> {
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

  async function groupLabels(dimension: StatisticDimension): Promise<Map<string, LocalizedText>> {
    const table = DIMENSION_TABLE[dimension];
    const rows = await db.select({ id: table.id, description: table.description }).from(table);
    return new Map(rows.map((row) => [row.id, row.description as LocalizedText]));
  }

  /** The distributions of the criteria, each as rows with their group labels, by criterion id. */
  async function distributionsOf(
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
      [...found].map(([criterionId, { overall, groups }]) => [
        criterionId,
        labelled(overall, groups, labels),
      ]),
    );
  }

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

  return {
    /** The company's saved diagnoses, newest first. */
    async list(caller: AuthContext, companyId: string): Promise<DiagnosisSummary[]> {
      await assertCompanyAccess(db, caller, companyId);
      const rows = await db
        .select()
        .from(diagnoses)
        .where(and(eq(diagnoses.companyId, companyId), isNull(diagnoses.deletedAt)))
        .orderBy(desc(diagnoses.createdAt), desc(diagnoses.id));
      return rows.map(summaryOf);
    },

    async get(caller: AuthContext, companyId: string, id: string): Promise<Diagnosis> {
      await assertCompanyAccess(db, caller, companyId);
      return diagnosisOf(await rowOf(companyId, id));
    },

    /**
     * Runs and saves a diagnosis: every active criterion on the chosen sheet (prev() from the chosen previous
     * sheet, else from the sheet of the previous year, previousYearSheet: none when that year is missing), the
     * previous sheet's own indicators (its prev() from its previous year) and the change of each, and the
     * sector medians. The saved snapshot is what every later read returns.
     */
    async create(
      caller: AuthContext,
      actor: Actor,
      companyId: string,
      request: CreateDiagnosisRequest,
    ): Promise<Diagnosis> {
      await assertCompanyAccess(db, caller, companyId);
      return db.transaction(async (tx) => {
        const sheets = await taggedSheets(tx, companyId);
        const current = sheets.find((sheet) => sheet.id === request.balanceSheetId);
        if (!current) throw notFound('diagnosis:chooseSheet');
        let previous: TaggedSheet | undefined;
        if (request.previousBalanceSheetId) {
          previous = sheets.find((sheet) => sheet.id === request.previousBalanceSheetId);
          if (!previous) throw notFound('diagnosis:chooseSheet');
          if (previous.endDate >= current.endDate) {
            throw new AppError(400, 'previous_not_earlier', 'diagnosis:previousNotEarlier', {
              details: [{ path: 'previousBalanceSheetId', message: 'diagnosis:previousNotEarlier' }],
            });
          }
        }
        const criteriaList = await activeCriteria(tx);
        if (criteriaList.length === 0) throw new AppError(409, 'no_criteria', 'diagnosis:noCriteria');
        const tree = await balanceTree(tx);
        const prior = previous ?? previousYearSheet(current, sheets);
        const priorOfPrevious = previous ? previousYearSheet(previous, sheets) : undefined;
        const values = await sheetValues(
          tx,
          [current, prior, priorOfPrevious].filter((s): s is TaggedSheet => s !== undefined).map((s) => s.id),
        );
        const currentIndicators = computeIndicators({
          criteria: criteriaList,
          tree,
          sheet: engineSheet(current, values),
          prior: prior ? engineSheet(prior, values) : undefined,
        });
        const previousIndicators = previous
          ? computeIndicators({
              criteria: criteriaList,
              tree,
              sheet: engineSheet(previous, values),
              prior: priorOfPrevious ? engineSheet(priorOfPrevious, values) : undefined,
            })
          : [];
        const nodeLines = await sheetLinesByNode(
          tx,
          [current, prior, priorOfPrevious].filter((s): s is TaggedSheet => s !== undefined),
          tree,
          values,
        );
        const previousById = new Map(
          previousIndicators.map((indicator) => [indicator.criterionId, indicator]),
        );
        const company = await companyOf(tx, companyId);
        const sector = company.sectionId
          ? await sectorMedians(tx, company.sectionId, criteriaList, current)
          : new Map();
        const [section] = company.sectionId
          ? await tx
              .select({ code: caeSections.code, description: caeSections.description })
              .from(caeSections)
              .where(eq(caeSections.id, company.sectionId))
          : [];

        const presented = currentIndicators.map((indicator): DiagnosisIndicator => {
          const out = presentIndicator(indicator, { sheet: current, prior, nodeLines });
          const median = sector.get(indicator.criterionId);
          out.sector = median ? { median: median.median.toString(), companies: median.companies } : null;
          if (previous) {
            const before = previousById.get(indicator.criterionId)?.value ?? null;
            const change = percentageChange(indicator.value, before);
            out.previousValue = wireDecimal(before);
            out.change = change ? { percent: change.percent.toFixed(1), direction: change.direction } : null;
          }
          return out;
        });
        const computable = currentIndicators.filter((indicator) => indicator.value !== null);
        const passedCount = computable.filter((indicator) => indicator.passed).length;
        const { months, isAnnualised } = annualisationFactor(current);
        const snapshot: Omit<Diagnosis, 'id' | 'createdAt'> = {
          companyId,
          companyName: company.name,
          type: previous ? 'comparison' : 'simple',
          balanceSheet: presentSheet(current),
          previousBalanceSheet: previous ? presentSheet(previous) : null,
          passedCount,
          computableCount: computable.length,
          annualisedMonths: isAnnualised ? months : null,
          sector: section ? { code: section.code, description: section.description as LocalizedText } : null,
          currentAutoFinancialIndicators: presented,
          previousAutoFinancialIndicators: previous
            ? previousIndicators.map((indicator) =>
                presentIndicator(indicator, { sheet: previous, prior: priorOfPrevious, nodeLines }),
              )
            : [],
        };
        const [row] = await tx
          .insert(diagnoses)
          .values({
            companyId,
            balanceSheetId: current.id,
            previousBalanceSheetId: previous?.id ?? null,
            type: snapshot.type,
            snapshot,
            passedCount,
            computableCount: computable.length,
            createdBy: caller.accountId,
          })
          .returning();
        if (!row) throw new Error('inserting the diagnosis returned nothing');
        const diagnosis = diagnosisOf(row);
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'create',
          entity: DIAGNOSIS_ENTITY,
          entityId: row.id,
          after: summaryOf(row),
          requestId: actor.requestId,
        });
        return diagnosis;
      });
    },

    async remove(caller: AuthContext, actor: Actor, companyId: string, id: string): Promise<void> {
      await assertCompanyAccess(db, caller, companyId);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(diagnoses)
          .set({ deletedAt: new Date() })
          .where(and(eq(diagnoses.id, id), eq(diagnoses.companyId, companyId), isNull(diagnoses.deletedAt)))
          .returning();
        if (!row) throw notFound();
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'delete',
          entity: DIAGNOSIS_ENTITY,
          entityId: id,
          before: summaryOf(row),
          requestId: actor.requestId,
        });
      });
    },

    /** The company's indicators over its periods of one frequency, oldest first, with each target. */
    async series(
      caller: AuthContext,
      companyId: string,
      frequency: PeriodFrequency,
    ): Promise<IndicatorSeries> {
      await assertCompanyAccess(db, caller, companyId);
      const [criteriaList, sheets] = [await activeCriteria(db), await taggedSheets(db, companyId)];
      const chosen = sheets
        .filter((sheet) => sheet.frequency === frequency)
        .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.endDate.localeCompare(b.endDate));
      const rows = await db
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
      const codeOf = new Map(criteriaList.map((criterion) => [criterion.id, criterion.code]));
      const valuesOf = new Map<string, Record<string, string | null>>();
      for (const row of rows) {
        const code = codeOf.get(row.criterionId);
        if (!code) continue;
        const values = valuesOf.get(row.balanceSheetId) ?? {};
        values[code] = row.value === null ? null : Decimal.fromString(row.value).toString();
        valuesOf.set(row.balanceSheetId, values);
      }
      const ordered = orderCriteria(criteriaList);
      return {
        frequency,
        criteria: ordered.map((criterion) => ({
          id: criterion.id,
          code: criterion.code,
          description: criterion.description,
          typeCode: criterion.type.code,
          target: { comparison: criterion.targetComparison, value: criterion.targetValue },
        })),
        points: chosen.map((sheet) => ({
          balanceSheetId: sheet.id,
          tag: sheet.tag,
          startDate: sheet.startDate,
          endDate: sheet.endDate,
          values: valuesOf.get(sheet.id) ?? {},
        })),
      };
    },

    // ---- admin ----

    /** Diagnoses across companies, newest first: by company, by name or NIF. */
    async adminList(query: AdminDiagnosisQuery): Promise<Page<DiagnosisSummary>> {
      const where = allOf(
        isNull(diagnoses.deletedAt),
        query.companyId ? eq(diagnoses.companyId, query.companyId) : undefined,
        nameOrNifCondition(query.search),
      );
      const { limit, offset } = pageWindow(query);
      const [rows, [total]] = await Promise.all([
        db
          .select({ diagnosis: diagnoses })
          .from(diagnoses)
          .innerJoin(companies, eq(companies.id, diagnoses.companyId))
          .where(where)
          .orderBy(desc(diagnoses.createdAt), desc(diagnoses.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ n: count() })
          .from(diagnoses)
          .innerJoin(companies, eq(companies.id, diagnoses.companyId))
          .where(where),
      ]);
      return {
        items: rows.map((row) => summaryOf(row.diagnosis)),
        total: Number(total?.n ?? 0),
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** One criterion's distribution across companies (one value each: their latest sheet in the year). */
    async statistics(query: IndicatorStatisticsQuery): Promise<IndicatorStatistics> {
      const criterion = await currentCriterion(query.criterionId);
      const empty: DistributionRow = {
        key: null,
        label: null,
        companies: 0,
        p25: null,
        median: null,
        p75: null,
        shareMeetingTarget: null,
      };
      if (!criterion) {
        return {
          criterion: null,
          groupBy: query.groupBy,
          frequency: query.frequency,
          year: null,
          years: [],
          overall: empty,
          groups: [],
        };
      }
      const years = await yearsOf(criterion, query.frequency);
      const year = query.year ?? years[0] ?? null;
      const summary = {
        id: criterion.id,
        code: criterion.code,
        description: criterion.description,
        target: { comparison: criterion.targetComparison, value: criterion.targetValue },
      };
      if (year === null) {
        return {
          criterion: summary,
          groupBy: query.groupBy,
          frequency: query.frequency,
          year,
          years,
          overall: empty,
          groups: [],
        };
      }
      const labels = await groupLabels(query.groupBy);
      const { overall, groups } = (await distributionsOf([criterion], query, year, labels)).get(
        criterion.id,
      ) as LabelledDistribution;
      return {
        criterion: summary,
        groupBy: query.groupBy,
        frequency: query.frequency,
        year,
        years,
        overall,
        groups,
      };
    },

    /** Every active criterion's distribution by the query's dimension, for the spreadsheet export. */
    async statisticsRows(
      query: IndicatorStatisticsQuery,
    ): Promise<Array<DistributionRow & { code: string; description: LocalizedText }>> {
      const criteriaList = orderCriteria(await activeCriteria(db));
      const first = criteriaList[0];
      const year = query.year ?? (first ? (await yearsOf(first, query.frequency))[0] : undefined);
      if (year === undefined) return [];
      const labels = await groupLabels(query.groupBy);
      const out: Array<DistributionRow & { code: string; description: LocalizedText }> = [];
      const found = await distributionsOf(criteriaList, query, year, labels);
      for (const criterion of criteriaList) {
        const { overall, groups } = found.get(criterion.id) as LabelledDistribution;
        for (const row of [overall, ...groups]) {
          out.push({ ...row, code: criterion.code, description: criterion.description });
        }
      }
      return out;
    },
  };
}

export type DiagnosisService = ReturnType<typeof createDiagnosisService>;

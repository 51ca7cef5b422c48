import type {
  BarometerDimension,
  BarometerResponse,
  Diagnosis,
  DiagnosisPositions,
  StatisticDimension,
  StatisticsConsent,
} from '@excelencia/domain';
import type { AuthContext } from '../../auth/types.ts';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import { notFound } from '../../platform/errors.ts';
import { assertCompanyAccess } from '../../policies/company-access.ts';
import { activeCriteria } from '../diagnosis/index.ts';
import { criterionTables, editionTables, positionIn, type YearData } from './barometer.figures.ts';
import {
  barometerYears,
  type CountedValue,
  companySectionCode,
  countedCompanies,
  countedValues,
  editionsOfYear,
  employeeRangeOrder,
  groupNames,
  setStatisticsWithdrawnAt,
  statisticsWithdrawnAt,
} from './barometer.repository.ts';

/**
 * The public barometer, each company's position in it, and the statistical-use consent
 * (docs/adr/0033-barometer-disclosure-control.md).
 *
 * A year's figures change only when sheets, companies or consents do; they are read and computed once and kept
 * for CACHE_MS in this process (the public answer is cacheable for 5 minutes anyway), and forgotten at once when
 * this process records a consent change.
 */

/** How long a year's figures are kept in the process. */
export const CACHE_MS = 60_000;

type Answers = {
  data: YearData;
  byDimension: Map<BarometerDimension, BarometerResponse['criteria']>;
  editions: Map<BarometerDimension, BarometerResponse['editions']>;
};

export function createBarometerService(deps: {
  db: Database;
  /** Reads a company's saved diagnosis as its members may (the diagnosis area's service). */
  diagnosis: { get(caller: AuthContext, companyId: string, id: string): Promise<Diagnosis> };
  now?: () => number;
}) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const kept = new Map<string, { at: number; value: Promise<unknown> }>();

  /** The value under `key`, computed once per CACHE_MS (a failed computation is not kept; stale ones go). */
  function cached<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const found = kept.get(key);
    if (found && now() - found.at < CACHE_MS) return found.value as Promise<T>;
    for (const [other, entry] of kept) if (now() - entry.at >= CACHE_MS) kept.delete(other);
    const value = compute();
    kept.set(key, { at: now(), value });
    value.catch(() => kept.delete(key));
    return value;
  }

  const years = () => cached('years', () => barometerYears(db));

  function answersOf(year: number): Promise<Answers> {
    return cached(`year:${year}`, async () => {
      const [criteria, companies, values, names, rangeOrder] = await Promise.all([
        activeCriteria(db),
        countedCompanies(db, year),
        countedValues(db, year),
        groupNames(db),
        employeeRangeOrder(db),
      ]);
      const counted = new Map(companies.map((company) => [company.company_id, company]));
      const byCriterion = new Map<string, CountedValue[]>();
      for (const row of values) {
        // Read apart from the companies: a company that withdrew in between is left out of both.
        if (!counted.has(row.company_id)) continue;
        const list = byCriterion.get(row.criterion_id) ?? [];
        list.push(row);
        byCriterion.set(row.criterion_id, list);
      }
      const data: YearData = {
        year,
        criteria,
        companies: counted,
        values: byCriterion,
        names,
        rangeOrder,
      };
      return { data, byDimension: new Map(), editions: new Map() };
    });
  }

  async function tablesOf(answers: Answers, by: BarometerDimension) {
    let criteria = answers.byDimension.get(by);
    if (!criteria) {
      criteria = criterionTables(answers.data, by);
      answers.byDimension.set(by, criteria);
    }
    let editions = answers.editions.get(by);
    if (!editions) {
      const dimension: StatisticDimension = by === 'overall' ? 'island' : by;
      editions = editionTables(answers.data, await editionsOfYear(db, answers.data.year, dimension), by);
      answers.editions.set(by, editions);
    }
    return { criteria, editions };
  }

  return {
    /**
     * The barometer of a year (the latest with figures when none is given) grouped by `by`, every cell under
     * the disclosure control. A year without figures answers every criterion as fewer than 5 companies.
     */
    async barometer(query: {
      year?: number | undefined;
      by: BarometerDimension;
    }): Promise<BarometerResponse> {
      const available = await years();
      const year = query.year ?? available[0] ?? null;
      if (year === null) return { year: null, years: available, by: query.by, criteria: [], editions: [] };
      const { criteria, editions } = await tablesOf(await answersOf(year), query.by);
      return { year, years: available, by: query.by, criteria, editions };
    },

    /**
     * A saved diagnosis's indicators placed in the quartiles of the year of its sheet (or the latest year before
     * it with figures): among the companies of its CAE section and among all, under the same disclosure control
     * as the public tables.
     */
    async positions(
      caller: AuthContext,
      companyId: string,
      diagnosisId: string,
    ): Promise<DiagnosisPositions> {
      const diagnosis = await deps.diagnosis.get(caller, companyId, diagnosisId);
      // The sheet's year, or the latest before it with figures (a sheet of the running year has no annual
      // sheets to stand against yet).
      const sheetYear = Number(diagnosis.balanceSheet.endDate.slice(0, 4));
      const year = (await years()).find((candidate) => candidate <= sheetYear) ?? sheetYear;
      const [sectionCode, answers] = await Promise.all([companySectionCode(db, companyId), answersOf(year)]);
      const [overall, bySection] = await Promise.all([
        tablesOf(answers, 'overall'),
        tablesOf(answers, 'caeSection'),
      ]);
      const codeOf = new Map(answers.data.criteria.map((criterion) => [criterion.id, criterion.code]));
      const sectionName = sectionCode ? answers.data.names.caeSection.get(sectionCode) : undefined;
      return {
        diagnosisId: diagnosis.id,
        year,
        section: sectionName ? { code: sectionName.code, description: sectionName.description } : null,
        indicators: diagnosis.currentAutoFinancialIndicators.map((indicator) => {
          const code = codeOf.get(indicator.criterion.id) ?? indicator.criterion.code;
          const all = overall.criteria.find((table) => table.code === code);
          const section = bySection.criteria.find((table) => table.code === code);
          return {
            criterionId: indicator.criterion.id,
            code: indicator.criterion.code,
            description: indicator.criterion.description,
            value: indicator.value,
            section: sectionCode
              ? positionIn(
                  section?.rows.find((row) => row.groupKey === sectionCode),
                  indicator.value,
                )
              : null,
            all: positionIn(all?.overall, indicator.value),
          };
        }),
      };
    },

    /**
     * The owner withdraws (allowed false) or grants again (true) the statistical use of the company's figures,
     * audited; from then on its figures are counted nowhere (or again). Setting the state it already has
     * changes nothing and writes no audit row.
     */
    async setConsent(
      caller: AuthContext,
      actor: Actor,
      companyId: string,
      allowed: boolean,
    ): Promise<StatisticsConsent> {
      await assertCompanyAccess(db, caller, companyId, 'own');
      const result = await db.transaction(async (tx) => {
        const row = await statisticsWithdrawnAt(tx, companyId, true);
        if (!row) throw notFound();
        if (allowed === (row.withdrawnAt === null)) return row.withdrawnAt;
        const withdrawnAt = allowed ? null : new Date();
        await setStatisticsWithdrawnAt(tx, companyId, withdrawnAt);
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: allowed ? 'statisticsGranted' : 'statisticsWithdrawn',
          entity: 'companies',
          entityId: companyId,
          before: { statisticsAllowed: row.withdrawnAt === null },
          after: { statisticsAllowed: allowed },
          requestId: actor.requestId ?? null,
        });
        return withdrawnAt;
      });
      kept.clear();
      return { allowed: result === null, withdrawnAt: result?.toISOString() ?? null };
    },

    /** Forgets every kept figure (the next request computes them again). */
    forget(): void {
      kept.clear();
    },
  };
}

export type BarometerService = ReturnType<typeof createBarometerService>;

import {
  type AdminDiagnosisQuery,
  annualisationFactor,
  type CreateDiagnosisRequest,
  computeIndicators,
  Decimal,
  type Diagnosis,
  type DiagnosisSummary,
  type DistributionRow,
  type IndicatorSeries,
  type IndicatorStatistics,
  type IndicatorStatisticsQuery,
  type LocalizedText,
  orderCriteria,
  type Page,
  type PeriodFrequency,
  previousYearSheet,
  withPeriodTags,
} from '@excelencia/domain';
import type { AuthContext } from '../../auth/types.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { pageWindow } from '../../platform/listing.ts';
import { assertCompanyAccess } from '../../policies/company-access.ts';
import {
  diagnosisOf,
  presentCurrentIndicator,
  presentIndicator,
  presentSheet,
  summaryOf,
  type TaggedSheet,
} from './diagnosis.presenter.ts';
import {
  adminDiagnosesWhere,
  adminDiagnosisCount,
  adminDiagnosisSummariesPage,
  caeSectionById,
  companyNameAndSection,
  currentIndicatorValuesOfCompany,
  diagnosisOfCompany,
  diagnosisSummariesOfCompany,
  insertDiagnosis,
  markDiagnosisDeleted,
} from './diagnosis.repository.ts';
import { distributionsOf, type LabelledDistribution, sectorMedians } from './diagnosis.statistics.ts';
import {
  activeCriteria,
  balanceTree,
  engineSheet,
  keptSheets,
  type StoredCriterion,
  sheetLinesByNode,
  sheetValues,
} from './indicators.ts';
import { groupLabels, yearsWithValues } from './statistics.repository.ts';

export const DIAGNOSIS_ENTITY = 'diagnoses';

/**
 * Self-diagnoses of companies: run and save a diagnosis of a balance sheet (optionally compared with a previous
 * one), reopen it exactly as it was, the company's indicators over its periods, sector medians, and the
 * admin's list and statistics across companies. Company users act only on their companies (404 otherwise).
 */
export function createDiagnosisService(deps: {
  db: Database;
  /** Called when a read found statistics computed ahead out of date (to build them again in the background). */
  onStatisticsStale?: () => void;
}) {
  const { db, onStatisticsStale } = deps;

  async function taggedSheets(executor: Executor, companyId: string): Promise<TaggedSheet[]> {
    return withPeriodTags(await keptSheets(executor, companyId));
  }

  async function companyOf(executor: Executor, companyId: string) {
    const row = await companyNameAndSection(executor, companyId);
    if (!row) throw notFound();
    return row;
  }

  async function rowOf(companyId: string, id: string) {
    const row = await diagnosisOfCompany(db, companyId, id);
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

  return {
    /** The company's saved diagnoses, newest first. */
    async list(caller: AuthContext, companyId: string): Promise<DiagnosisSummary[]> {
      await assertCompanyAccess(db, caller, companyId);
      const rows = await diagnosisSummariesOfCompany(db, companyId);
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
      await assertCompanyAccess(db, caller, companyId, 'prepare');
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
          ? await sectorMedians(tx, company.sectionId, criteriaList, current, onStatisticsStale)
          : new Map();
        const section = company.sectionId ? await caeSectionById(tx, company.sectionId) : undefined;

        const presented = currentIndicators.map((indicator) =>
          presentCurrentIndicator(
            indicator,
            { sheet: current, prior, nodeLines },
            sector.get(indicator.criterionId),
            previous ? { previousValue: previousById.get(indicator.criterionId)?.value ?? null } : undefined,
          ),
        );
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
        const row = await insertDiagnosis(tx, {
          companyId,
          balanceSheetId: current.id,
          previousBalanceSheetId: previous?.id ?? null,
          type: snapshot.type,
          snapshot,
          passedCount,
          computableCount: computable.length,
          createdBy: caller.accountId,
        });
        if (!row) throw new Error('inserting the diagnosis returned nothing');
        const diagnosis = diagnosisOf(row);
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'create',
          entity: DIAGNOSIS_ENTITY,
          entityId: row.id,
          companyId,
          after: summaryOf(row),
          requestId: actor.requestId,
        });
        return diagnosis;
      });
    },

    async remove(caller: AuthContext, actor: Actor, companyId: string, id: string): Promise<void> {
      await assertCompanyAccess(db, caller, companyId, 'prepare');
      await db.transaction(async (tx) => {
        const row = await markDiagnosisDeleted(tx, companyId, id);
        if (!row) throw notFound();
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'delete',
          entity: DIAGNOSIS_ENTITY,
          entityId: id,
          companyId,
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
      const rows = await currentIndicatorValuesOfCompany(db, companyId, frequency);
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
      const where = adminDiagnosesWhere(query);
      const [rows, total] = await Promise.all([
        adminDiagnosisSummariesPage(db, where, pageWindow(query)),
        adminDiagnosisCount(db, where),
      ]);
      return {
        items: rows.map(summaryOf),
        total,
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
      const years = await yearsWithValues(db, criterion, query.frequency);
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
      const labels = await groupLabels(db, query.groupBy);
      const { overall, groups } = (
        await distributionsOf(db, [criterion], query, year, labels, onStatisticsStale)
      ).get(criterion.id) as LabelledDistribution;
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
      const year = query.year ?? (first ? (await yearsWithValues(db, first, query.frequency))[0] : undefined);
      if (year === undefined) return [];
      const labels = await groupLabels(db, query.groupBy);
      const out: Array<DistributionRow & { code: string; description: LocalizedText }> = [];
      const found = await distributionsOf(db, criteriaList, query, year, labels, onStatisticsStale);
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

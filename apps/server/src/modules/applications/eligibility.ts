import {
  type ApplicationIndicator,
  computeIndicators,
  type Eligibility,
  eligibilityYears,
  thresholdGap,
} from '@excelencia/domain';
import { type Executor, readTogether } from '../../db/client.ts';
import {
  activeCriteria,
  balanceTree,
  engineSheet,
  type KeptSheet,
  keptSheets,
  sheetValues,
} from '../diagnosis/index.ts';

/** The annual sheet of a year: the kept annual sheet ending in that year (the latest ending one if several). */
function annualSheetOf(sheets: readonly KeptSheet[], year: number): KeptSheet | null {
  const candidates = sheets
    .filter((s) => s.frequency === 'annual' && Number(s.endDate.slice(0, 4)) === year)
    .sort((a, b) => b.endDate.localeCompare(a.endDate) || b.createdAt.getTime() - a.createdAt.getTime());
  return candidates[0] ?? null;
}

const number = (value: string | null) => (value === null ? null : Number(Number(value).toFixed(6)));

/**
 * The eight application criteria (their fixed order, the engine's) on the company's annual sheet of the indicator
 * year, with prev() read from the annual sheet of the year before: the same engine as the self-diagnosis.
 * Eligible when both sheets are there and every criterion passes.
 */
export async function computeEligibility(
  db: Executor,
  companyId: string,
  indicatorYear: number,
): Promise<Eligibility> {
  const [criteria, tree, sheets] = await readTogether(db, [
    () => activeCriteria(db),
    () => balanceTree(db),
    () => keptSheets(db, companyId),
  ]);
  const years = eligibilityYears(indicatorYear);
  const current = annualSheetOf(sheets, years.current);
  const previous = annualSheetOf(sheets, years.previous);
  const missingYears = [...(current ? [] : [years.current]), ...(previous ? [] : [years.previous])].sort(
    (a, b) => a - b,
  );
  const applicationCriteria = criteria.filter((c) => c.isApplicationCriterion);
  const values = await sheetValues(
    db,
    [current, previous].filter((s): s is KeptSheet => s !== null).map((s) => s.id),
  );
  const indicators = current
    ? computeIndicators({
        criteria: applicationCriteria,
        tree,
        sheet: engineSheet(current, values),
        prior: previous ? engineSheet(previous, values) : undefined,
      })
    : null;
  const rows: ApplicationIndicator[] = indicators
    ? indicators.map((indicator) => {
        const value = indicator.value?.toString() ?? null;
        return {
          criterionRatioDetails: {
            code: indicator.code,
            ratioDescription: indicator.description,
            ratio: indicator.formula,
          },
          result: number(value),
          value,
          target: indicator.target,
          passed: indicator.passed,
          ...(indicator.reason ? { reason: indicator.reason } : {}),
          gap: thresholdGap(value, indicator.target.comparison, indicator.target.value),
        };
      })
    : computeIndicators({
        criteria: applicationCriteria,
        tree,
        sheet: {
          startDate: `${indicatorYear}-01-01`,
          endDate: `${indicatorYear}-12-31`,
          frequency: 'annual',
          values: new Map(),
        },
      }).map((indicator) => ({
        criterionRatioDetails: {
          code: indicator.code,
          ratioDescription: indicator.description,
          ratio: indicator.formula,
        },
        result: null,
        value: null,
        target: indicator.target,
        passed: null,
        reason: { key: 'missingValue' as const },
        gap: null,
      }));
  const eligible = missingYears.length === 0 && rows.length > 0 && rows.every((row) => row.passed === true);
  const sheetRef = (sheet: KeptSheet | null) =>
    sheet ? { id: sheet.id, startDate: sheet.startDate, endDate: sheet.endDate } : null;
  return {
    indicatorYear,
    eligible,
    applicationFinancialIndicators: rows,
    sheets: { current: sheetRef(current), previous: sheetRef(previous) },
    missingYears,
  };
}

/** The year of the company's latest annual sheet, or null (the early warning reads it). */
export async function latestAnnualYear(db: Executor, companyId: string): Promise<number | null> {
  const annual = (await keptSheets(db, companyId)).filter((s) => s.frequency === 'annual');
  if (annual.length === 0) return null;
  return Math.max(...annual.map((s) => Number(s.endDate.slice(0, 4))));
}

/**
 * The application criteria's rows with each criterion's recommendation as the reference data says it now (a
 * frozen snapshot keeps the figures judged, not the advice): what a refused company reads beside each failed one.
 */
export async function withRecommendations(
  db: Executor,
): Promise<(rows: readonly ApplicationIndicator[]) => ApplicationIndicator[]> {
  const byCode = new Map((await activeCriteria(db)).map((c) => [c.code, c.recommendation]));
  return (rows) =>
    rows.map((row) => {
      const recommendation = byCode.get(row.criterionRatioDetails.code);
      return recommendation
        ? { ...row, criterionRatioDetails: { ...row.criterionRatioDetails, recommendation } }
        : row;
    });
}

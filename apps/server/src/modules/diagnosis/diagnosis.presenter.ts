import {
  type Decimal,
  type Diagnosis,
  type DiagnosisIndicator,
  type DiagnosisIndicatorInput,
  type DiagnosisSheet,
  type DiagnosisSummary,
  displayFileName,
  type Indicator,
  type NodeLine,
  percentageChange,
} from '@excelencia/domain';
import type { diagnoses } from '../../db/schema/index.ts';
import type { SectorMedian } from './diagnosis.statistics.ts';
import type { KeptSheet } from './indicators.ts';

/**
 * The diagnosis API's payloads, built from the engine's results and the stored rows: no database and no
 * permissions here, so what a saved snapshot holds is decided in one place.
 */

export type TaggedSheet = KeptSheet & { tag: string };

export function presentSheet(sheet: TaggedSheet): DiagnosisSheet {
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
export const wireDecimal = (value: Decimal | null) => (value === null ? null : value.toString());
const asNumber = (value: Decimal | null) => (value === null ? null : value.round(6).toNumber());

export type NodeLines = Map<string, Map<string, { lines: NodeLine[]; others: number }>>;

/** The sheets an indicator was computed from, and the trial-balance lines behind their aggregates. */
export type IndicatorSheets = { sheet: KeptSheet; prior: KeptSheet | undefined; nodeLines: NodeLines };

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

export function presentIndicator(indicator: Indicator, sheets: IndicatorSheets): DiagnosisIndicator {
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

/**
 * An indicator of the diagnosed sheet: presentIndicator with its sector median (null below the minimum number of
 * companies) and, in a comparison, the previous sheet's value and the change from it.
 */
export function presentCurrentIndicator(
  indicator: Indicator,
  sheets: IndicatorSheets,
  sector: SectorMedian | undefined,
  comparison: { previousValue: Decimal | null } | undefined,
): DiagnosisIndicator {
  const out = presentIndicator(indicator, sheets);
  out.sector = sector ? { median: sector.median.toString(), companies: sector.companies } : null;
  if (comparison) {
    const change = percentageChange(indicator.value, comparison.previousValue);
    out.previousValue = wireDecimal(comparison.previousValue);
    out.change = change ? { percent: change.percent.toFixed(1), direction: change.direction } : null;
  }
  return out;
}

/** The fields of a snapshot a summary shows (the lists read only these: see summaryColumns in the service). */
export type SummarySnapshot = Pick<Diagnosis, 'companyName' | 'balanceSheet' | 'previousBalanceSheet'>;

export function summaryOf(
  row: Pick<
    typeof diagnoses.$inferSelect,
    'id' | 'companyId' | 'type' | 'createdAt' | 'passedCount' | 'computableCount' | 'snapshot'
  >,
): DiagnosisSummary {
  const snapshot = row.snapshot as SummarySnapshot;
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

/** A saved diagnosis as every read returns it: its snapshot, with the row's identity and counts. */
export function diagnosisOf(row: typeof diagnoses.$inferSelect): Diagnosis {
  const snapshot = row.snapshot as Omit<Diagnosis, 'id' | 'createdAt'>;
  return { ...snapshot, ...summaryOf(row) };
}

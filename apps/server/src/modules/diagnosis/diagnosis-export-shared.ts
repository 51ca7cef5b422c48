import {
  changePercentText,
  type Diagnosis,
  type DiagnosisIndicator,
  type DiagnosisIndicatorInput,
  type DiagnosisSheet,
  diagnosisTypeLabel,
  formatDisplayDate,
  type Language,
  periodLabel,
  translate,
} from '@excelencia/domain';

/**
 * What the PDF and XLSX exports of a saved self-diagnosis (diagnosis-export-pdf.ts, diagnosis-export-xlsx.ts)
 * both write: texts from the 'diagnosis:export' catalog, the sheets' periods, the status and the change. Figures
 * follow the domain's display rules, as on the web: targets exactly (up to 6 decimals), values, previous values
 * and medians with 4 decimals below 10 and 2 above, more when rounding would contradict pass or fail.
 */

export function exportText(
  language: Language,
  key: string,
  params?: Record<string, string | number>,
): string {
  return translate(language, `diagnosis:export.${key}`, params);
}

/** '1 January 2024 – 31 December 2024 (Y0)' in the export's language. */
export function sheetPeriod(sheet: DiagnosisSheet, language: Language): string {
  const period = periodLabel(sheet, language);
  return sheet.tag ? `${period} (${sheet.tag})` : period;
}

/** 'balancete-2023.xlsx · 1 January 2023 – 31 December 2023 (Y0)', or the period alone for a sheet entered by hand. */
export function sheetWithPeriod(sheet: DiagnosisSheet, language: Language): string {
  const period = sheetPeriod(sheet, language);
  return sheet.fileName ? `${sheet.fileName} · ${period}` : period;
}

export function typeLabel(diagnosis: Diagnosis, language: Language): string {
  return diagnosisTypeLabel(diagnosis, (key, params) => translate(language, key, params), language);
}

/** When the diagnosis was made, as every date is written (formatDisplayDate, docs/adr/0023). */
export function createdOn(diagnosis: Diagnosis, language: Language): string {
  return formatDisplayDate(diagnosis.createdAt, language);
}

export function summary(diagnosis: Diagnosis, language: Language): string {
  return exportText(language, 'summary', {
    count: diagnosis.passedCount,
    passed: diagnosis.passedCount,
    computable: diagnosis.computableCount,
  });
}

export function annualisedNote(diagnosis: Diagnosis, language: Language): string | null {
  if (diagnosis.annualisedMonths === null) return null;
  return translate(language, 'diagnosis:annualised', { months: diagnosis.annualisedMonths });
}

/** '+12.5 %', '-3.0 %', '0.0 %' as the web writes it; the raw text when it is not a number; null without one. */
export function changeText(indicator: DiagnosisIndicator): string | null {
  const change = indicator.change;
  if (!change) return null;
  return changePercentText(change.percent) ?? change.percent;
}

export type Status = 'passed' | 'failed' | 'notComputable';

export function statusOf(indicator: DiagnosisIndicator): Status {
  if (indicator.passed === true) return 'passed';
  if (indicator.passed === false) return 'failed';
  return 'notComputable';
}

/** 'Meets', 'Does not meet', or the reason it is not computable ('Not computable: the denominator is zero.'). */
export function statusText(indicator: DiagnosisIndicator, language: Language): string {
  const status = statusOf(indicator);
  if (status !== 'notComputable') return exportText(language, status);
  const reason = indicator.reason;
  if (!reason) return exportText(language, 'notComputable');
  return translate(language, `formula:reasons.${reason.key}`, { name: reason.name ?? '' });
}

/** The previous sheet's value: carried by the indicator, else looked up among the previous indicators. */
export function previousValueOf(diagnosis: Diagnosis, indicator: DiagnosisIndicator): string | null {
  if (indicator.previousValue !== undefined) return indicator.previousValue;
  const previous = diagnosis.previousAutoFinancialIndicators.find(
    (candidate) => candidate.criterion.code === indicator.criterion.code,
  );
  return previous?.value ?? null;
}

/** An input's period, as the export names it: 'Current' or 'Previous'. */
export function inputPeriod(input: DiagnosisIndicatorInput, language: Language): string {
  return exportText(language, input.period === 'previous' ? 'previousPeriod' : 'currentPeriod');
}

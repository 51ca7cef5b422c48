import type { DiagnosisSummary } from './schemas.ts';

/** Labels of a diagnosis shared by the web pages and the exports (SPEC §4), given a translate function. */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

export interface SheetLike {
  startDate: string;
  endDate: string;
  tag: string;
  /** The upload's display name; null for a sheet entered by hand. */
  fileName: string | null;
}

export function periodLabel(sheet: { startDate: string; endDate: string }): string {
  return `${sheet.startDate} – ${sheet.endDate}`;
}

/** A sheet in a list or a picker: 'Y1 · 2025-01-01 – 2025-12-31', or the period alone without a tag. */
export function taggedPeriodLabel(sheet: {
  startDate: string;
  endDate: string;
  tag?: string | null;
}): string {
  return sheet.tag ? `${sheet.tag} · ${periodLabel(sheet)}` : periodLabel(sheet);
}

/** A sheet's name in a type label: its file name, or for a sheet entered by hand its tag and period. */
export function sheetName(sheet: SheetLike): string {
  if (sheet.fileName) return sheet.fileName;
  return sheet.tag ? `${sheet.tag} ${periodLabel(sheet)}` : periodLabel(sheet);
}

/**
 * SPEC §4: 'Simples' without a previous sheet, 'Comparação com {previous file name}' with one; the admin
 * variant names the company.
 */
export function diagnosisTypeLabel(
  summary: Pick<DiagnosisSummary, 'companyName' | 'previousBalanceSheet'>,
  t: Translate,
  variant: 'company' | 'admin' = 'company',
): string {
  const previous = summary.previousBalanceSheet;
  if (variant === 'admin') {
    return previous
      ? t('diagnosis:types.adminComparison', { company: summary.companyName, name: sheetName(previous) })
      : t('diagnosis:types.adminSimple', { company: summary.companyName });
  }
  return previous
    ? t('diagnosis:types.comparison', { name: sheetName(previous) })
    : t('diagnosis:types.simple');
}

import { formatDisplayPeriod } from '../dates.ts';
import type { Language } from '../languages.ts';
import type { DiagnosisSummary } from './schemas.ts';

/** Labels of a diagnosis shared by the web pages and the exports, given a translate function. */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

export interface SheetLike {
  startDate: string;
  endDate: string;
  tag: string;
  /** The upload's display name; null for a sheet entered by hand. */
  fileName: string | null;
}

/** A sheet's period in the reader's language (formatDisplayPeriod, docs/adr/0023), never the ISO dates. */
export function periodLabel(sheet: { startDate: string; endDate: string }, language: Language): string {
  return formatDisplayPeriod(sheet.startDate, sheet.endDate, language);
}

/** A sheet in a list or a picker: 'Y1 · 1 January 2025 – 31 December 2025', or the period alone without a tag. */
export function taggedPeriodLabel(
  sheet: {
    startDate: string;
    endDate: string;
    tag?: string | null;
  },
  language: Language,
): string {
  return sheet.tag ? `${sheet.tag} · ${periodLabel(sheet, language)}` : periodLabel(sheet, language);
}

/** A sheet's name in a type label: its file name, or for a sheet entered by hand its tag and period. */
export function sheetName(sheet: SheetLike, language: Language): string {
  if (sheet.fileName) return sheet.fileName;
  return sheet.tag ? `${sheet.tag} ${periodLabel(sheet, language)}` : periodLabel(sheet, language);
}

/**
 * The diagnosis type: 'Simples' without a previous sheet, 'Comparação com {previous file name}' with one; the admin
 * variant names the company.
 */
export function diagnosisTypeLabel(
  summary: Pick<DiagnosisSummary, 'companyName' | 'previousBalanceSheet'>,
  t: Translate,
  language: Language,
  variant: 'company' | 'admin' = 'company',
): string {
  const previous = summary.previousBalanceSheet;
  const name = (sheet: SheetLike) => sheetName(sheet, language);
  if (variant === 'admin') {
    return previous
      ? t('diagnosis:types.adminComparison', { company: summary.companyName, name: name(previous) })
      : t('diagnosis:types.adminSimple', { company: summary.companyName });
  }
  return previous ? t('diagnosis:types.comparison', { name: name(previous) }) : t('diagnosis:types.simple');
}

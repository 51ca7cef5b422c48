import {
  type EditionResults,
  formatDisplayDate,
  type Language,
  localized,
  type SealStatus,
  thresholdGap,
} from '@excelencia/domain';
import type { Translate } from '../../../ui/form/zod-resolver.ts';
import { gapDisplay } from './company-application-format.ts';

/**
 * Pure helpers of the admin's and partner's screens: edition names, short dates for tables, the signed gap of a
 * criterion, the result groups with their totals, and which actions a seal allows.
 */

/** A date for a table cell as the site writes dates ('12 - março - 2026'); '' when it is not a date. */
export function shortDate(iso: string | null | undefined, language: Language): string {
  return iso ? formatDisplayDate(iso, language) : '';
}

/** The same with the Cabo Verde time ('12 - março - 2026, 09:30'). */
export function shortDateTime(iso: string | null | undefined, language: Language): string {
  return iso ? formatDisplayDate(iso, language, { time: true }) : '';
}

/**
 * A criterion's distance to its threshold with its sign: '+0.05' (margin), '-0.1234' (shortfall), '0' at the
 * threshold; '' when the value is not computable. Without the server's gap it is computed from value and target.
 */
export function signedGapText(indicator: {
  gap: string | null;
  value: string | null;
  target: { comparison: '>' | '>=' | '<' | '<=' | '='; value: string };
}): string {
  const gap =
    indicator.gap ?? thresholdGap(indicator.value, indicator.target.comparison, indicator.target.value);
  const shown = gapDisplay(gap);
  if (!shown) return '';
  if (shown.kind === 'at') return '0';
  return `${shown.kind === 'above' ? '+' : '-'}${shown.amount}`;
}

export interface ResultGroupRow {
  label: string;
  applicants: number;
  distinguished: number;
}

/** The groups of a results breakdown (island, CAE section) named in the reader's language, then their total. */
export function resultGroups(
  rows: EditionResults['byIsland'],
  t: Translate,
  language: Language,
): { rows: ResultGroupRow[]; total: ResultGroupRow } {
  const named = rows.map((row) => ({
    label: row.label ? localized(row.label, language) : t('applicationsAdmin:view.noGroup'),
    applicants: row.applicants,
    distinguished: row.distinguished,
  }));
  return {
    rows: named,
    total: {
      label: t('applicationsAdmin:view.total'),
      applicants: named.reduce((sum, row) => sum + row.applicants, 0),
      distinguished: named.reduce((sum, row) => sum + row.distinguished, 0),
    },
  };
}

export type SealAction = 'suspend' | 'reinstate' | 'withdraw';

/** What an admin may do with a seal: a valid one is suspended or withdrawn, a suspended one reinstated or withdrawn. */
export function sealActions(status: SealStatus): SealAction[] {
  switch (status) {
    case 'valid':
      return ['suspend', 'withdraw'];
    case 'suspended':
      return ['reinstate', 'withdraw'];
    case 'expired':
      return ['withdraw'];
    case 'withdrawn':
      return [];
  }
}

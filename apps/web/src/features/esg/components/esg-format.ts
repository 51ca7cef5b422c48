import { formatNumber } from '@excelencia/domain';

/** A score in percent as numbers are displayed ('65 %', '42.9 %'; scores have 1 decimal), or a dash when none. */
export function percentText(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : formatNumber(value, { decimals: 1, percent: true });
}

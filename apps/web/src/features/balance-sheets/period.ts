import { BalanceSheetUploadFields, PERIOD_FREQUENCIES } from '@excelencia/domain';

export const FREQUENCY_CHOICES = PERIOD_FREQUENCIES;

export interface PeriodFields {
  startDate: string;
  endDate: string;
  typeFrequence: string;
}

/**
 * The period's problems by field, as catalog keys, from the shared upload schema (a date is required, and the end
 * cannot be before the start).
 */
export function periodProblems(fields: PeriodFields): Partial<Record<keyof PeriodFields, string>> {
  const parsed = BalanceSheetUploadFields.safeParse(fields);
  if (parsed.success) return {};
  const out: Partial<Record<keyof PeriodFields, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof PeriodFields | undefined;
    if (field && !out[field]) out[field] = issue.message;
  }
  return out;
}

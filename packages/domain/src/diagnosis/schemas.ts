import { z } from 'zod';
import { FREQUENCIES, PERIOD_FREQUENCIES } from '../balance-sheets/periods.ts';
import { ListQuery, LocalizedText, TARGET_COMPARISONS } from '../schemas/reference.ts';

/**
 * Self-diagnosis requests and responses, shared by the server and the web. The field names are
 * the API contract's (currentAutoFinancialIndicators, criterion.ratio, typedescCriterion…). Exact values travel as
 * canonical decimal strings (`value`); `result` is the same value as a JSON number, for charts only.
 */

export const CreateDiagnosisRequest = z
  .strictObject({
    balanceSheetId: z.uuid('diagnosis:chooseSheet'),
    previousBalanceSheetId: z.uuid('diagnosis:chooseSheet').nullish(),
  })
  .refine((value) => value.previousBalanceSheetId !== value.balanceSheetId, {
    message: 'diagnosis:sameSheet',
    path: ['previousBalanceSheetId'],
  });
export type CreateDiagnosisRequest = z.infer<typeof CreateDiagnosisRequest>;

export const NOT_COMPUTABLE_REASONS = [
  'divisionByZero',
  'negativeDenominator',
  'missingValue',
  'missingPrevious',
  'invalidFormula',
] as const;

export const DiagnosisIndicatorInput = z.object({
  name: z.string(),
  period: z.enum(['current', 'previous']),
  description: LocalizedText.nullable(),
  accountCodes: z.array(z.string()),
  value: z.string().nullable(),
  annualisedValue: z.string().nullable(),
  /**
   * How the input's sheet was made: 'upload' (then `lines`: the trial-balance lines that fed this aggregate,
   * largest absolute amounts first, at most 20, and `otherLines` the count of the others) or 'entry' (by hand,
   * no lines). Absent in diagnoses saved before, or when there is no sheet for the input.
   */
  source: z.enum(['upload', 'entry']).optional(),
  lines: z
    .array(
      z.object({
        account: z.string(),
        description: z.string(),
        /** What the line added to the aggregate, on its natural side (decimal text). */
        amount: z.string(),
      }),
    )
    .optional(),
  otherLines: z.number().int().optional(),
});
export type DiagnosisIndicatorInput = z.infer<typeof DiagnosisIndicatorInput>;

export const DiagnosisIndicator = z.object({
  criterion: z.object({
    id: z.string(),
    code: z.string(),
    description: LocalizedText,
    /** The formula. */
    ratio: z.string(),
    ratioOrder: z.number().int(),
    recommendation: LocalizedText,
    isApplicationCriterion: z.boolean(),
    typedescCriterion: z.object({ code: z.string(), description: LocalizedText }),
  }),
  /** The ratio as a number (rounded to 6 decimals), or null when not computable. */
  result: z.number().nullable(),
  /** The exact ratio as decimal text, or null when not computable. */
  value: z.string().nullable(),
  reason: z.object({ key: z.enum(NOT_COMPUTABLE_REASONS), name: z.string().optional() }).nullable(),
  ratioOrder: z.number().int(),
  target: z.object({ comparison: z.enum(TARGET_COMPARISONS), value: z.string() }),
  passed: z.boolean().nullable(),
  annualised: z.boolean(),
  inputs: z.array(DiagnosisIndicatorInput),
  /** With a comparison: the previous sheet's value, the change in percent (1 decimal) and its direction. */
  previousValue: z.string().nullable().optional(),
  change: z
    .object({ percent: z.string(), direction: z.enum(['up', 'down', 'flat']) })
    .nullable()
    .optional(),
  /** The anonymised median of the company's CAE section; null when fewer than 5 companies contribute. */
  sector: z.object({ median: z.string(), companies: z.number().int() }).nullable().optional(),
});
export type DiagnosisIndicator = z.infer<typeof DiagnosisIndicator>;

export const DiagnosisSheet = z.object({
  id: z.uuid(),
  startDate: z.iso.date(),
  endDate: z.iso.date(),
  typeFrequence: z.enum(FREQUENCIES),
  tag: z.string(),
  /** The upload's display name, or null for a sheet entered by hand. */
  fileName: z.string().nullable(),
});
export type DiagnosisSheet = z.infer<typeof DiagnosisSheet>;

export const DIAGNOSIS_TYPES = ['simple', 'comparison'] as const;
export type DiagnosisType = (typeof DIAGNOSIS_TYPES)[number];

export const DiagnosisSummary = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  companyName: z.string(),
  type: z.enum(DIAGNOSIS_TYPES),
  balanceSheet: DiagnosisSheet,
  previousBalanceSheet: DiagnosisSheet.nullable(),
  createdAt: z.string(),
  /** Indicators meeting their target, and computable ones. */
  passedCount: z.number().int(),
  computableCount: z.number().int(),
});
export type DiagnosisSummary = z.infer<typeof DiagnosisSummary>;

export const Diagnosis = DiagnosisSummary.extend({
  /** Flows of a sub-annual period were annualised (× 12 / months) before comparing with annual targets. */
  annualisedMonths: z.number().int().nullable(),
  /** The CAE section the sector medians come from (null when the company has none). */
  sector: z.object({ code: z.string(), description: LocalizedText }).nullable(),
  currentAutoFinancialIndicators: z.array(DiagnosisIndicator),
  previousAutoFinancialIndicators: z.array(DiagnosisIndicator),
});
export type Diagnosis = z.infer<typeof Diagnosis>;

export const AdminDiagnosisQuery = ListQuery.extend({ companyId: z.uuid().optional() });
export type AdminDiagnosisQuery = z.infer<typeof AdminDiagnosisQuery>;

/** A company's indicators over its periods (/company/statistic). */
export const IndicatorSeriesQuery = z.object({ frequency: z.enum(PERIOD_FREQUENCIES).default('annual') });
export const IndicatorSeries = z.object({
  frequency: z.enum(PERIOD_FREQUENCIES),
  criteria: z.array(
    z.object({
      id: z.string(),
      code: z.string(),
      description: LocalizedText,
      typeCode: z.string(),
      target: z.object({ comparison: z.enum(TARGET_COMPARISONS), value: z.string() }),
    }),
  ),
  /** Oldest first. `values` by criterion code: exact decimal text, or null when not computable. */
  points: z.array(
    z.object({
      balanceSheetId: z.uuid(),
      tag: z.string(),
      startDate: z.iso.date(),
      endDate: z.iso.date(),
      values: z.record(z.string(), z.string().nullable()),
    }),
  ),
});
export type IndicatorSeries = z.infer<typeof IndicatorSeries>;

/** Across companies (/admin/statistic): one criterion's distribution by a dimension. */
export const STATISTIC_DIMENSIONS = ['island', 'caeSection', 'employeeRange'] as const;
export type StatisticDimension = (typeof STATISTIC_DIMENSIONS)[number];

export const IndicatorStatisticsQuery = z.object({
  criterionId: z.uuid('validation:selectOne').optional(),
  groupBy: z.enum(STATISTIC_DIMENSIONS).default('island'),
  frequency: z.enum(PERIOD_FREQUENCIES).default('annual'),
  year: z.coerce.number().int().min(1900).max(2200).optional(),
  islandId: z.uuid().optional(),
  caeSectionId: z.uuid().optional(),
  employeeRangeId: z.uuid().optional(),
});
export type IndicatorStatisticsQuery = z.infer<typeof IndicatorStatisticsQuery>;

export const DistributionRow = z.object({
  /** The group's id (null: companies without a value for the dimension). */
  key: z.string().nullable(),
  label: LocalizedText.nullable(),
  /** Companies with a computable value (each company counts once: its latest sheet in the selection). */
  companies: z.number().int(),
  p25: z.string().nullable(),
  median: z.string().nullable(),
  p75: z.string().nullable(),
  /** Share of those companies meeting the target, 0 to 1 (4 decimals). */
  shareMeetingTarget: z.string().nullable(),
});
export type DistributionRow = z.infer<typeof DistributionRow>;

export const IndicatorStatistics = z.object({
  criterion: z
    .object({
      id: z.string(),
      code: z.string(),
      description: LocalizedText,
      target: z.object({ comparison: z.enum(TARGET_COMPARISONS), value: z.string() }),
    })
    .nullable(),
  groupBy: z.enum(STATISTIC_DIMENSIONS),
  frequency: z.enum(PERIOD_FREQUENCIES),
  year: z.number().int().nullable(),
  /** The years that have sheets of this frequency, newest first. */
  years: z.array(z.number().int()),
  overall: DistributionRow,
  groups: z.array(DistributionRow),
});
export type IndicatorStatistics = z.infer<typeof IndicatorStatistics>;

/**
 * The what-if simulator (what-if.ts): each criterion of a saved diagnosis with, when it does not pass, its levers:
 * the smallest single change of one figure (signed, whole escudos of the sheet's own period, as decimal text) that
 * makes it pass, and the criterion's value after it.
 */
/** The figures a lever changes (what each moves by the books: what-if.ts). */
export const WHAT_IF_FIGURES = [
  'capitalInjection',
  'ebitda',
  'netFinancialDebt',
  'netResult',
  'turnover',
] as const;
export type WhatIfFigure = (typeof WHAT_IF_FIGURES)[number];

export const WhatIfLever = z.object({
  figure: z.enum(WHAT_IF_FIGURES),
  change: z.string(),
  resultingValue: z.string(),
});
export type WhatIfLever = z.infer<typeof WhatIfLever>;

export const WhatIfCriterionResult = z.object({
  criterion: z.object({ id: z.string(), code: z.string(), description: LocalizedText }),
  /** Whether the criterion passes on the diagnosed sheet; null when it is not computable. */
  passed: z.boolean().nullable(),
  /** The diagnosed value (decimal text), or null when not computable. */
  value: z.string().nullable(),
  target: z.object({ comparison: z.enum(TARGET_COMPARISONS), value: z.string() }),
  /** Empty when it passes, or when no single change on this sheet makes it pass. */
  levers: z.array(WhatIfLever),
});
export type WhatIfCriterionResult = z.infer<typeof WhatIfCriterionResult>;

export const WhatIfResponse = z.array(WhatIfCriterionResult);
export type WhatIfResponse = z.infer<typeof WhatIfResponse>;

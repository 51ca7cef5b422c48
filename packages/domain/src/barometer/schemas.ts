import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';
import { LocalizedText, TARGET_COMPARISONS } from '../schemas/reference.ts';

/**
 * The public barometer (docs/adr/0033-barometer-disclosure-control.md): per year of indicators, each criterion's
 * quartiles across companies, overall and by island, CAE section or employee range, under disclosure control;
 * the editions' figures; and each company's position in the quartiles of its diagnosis. Shared by the server
 * (which applies the disclosure control before anything leaves it) and the web.
 *
 * Figures are exact decimal text (canonical, as the statistics carry them elsewhere); a suppressed cell carries
 * no figure at all (every number null) and says why.
 */

/** How the groups of a table are formed: one row of all companies, or by island, CAE section, employee range. */
export const BAROMETER_DIMENSIONS = ['overall', 'island', 'caeSection', 'employeeRange'] as const;
export type BarometerDimension = (typeof BAROMETER_DIMENSIONS)[number];

/**
 * Why a cell shows no figure: fewer than BAROMETER_MIN_COMPANIES companies (`fewCompanies`); one company holds
 * more than BAROMETER_DOMINANCE_SHARE of the cell's turnover (`dominance`); or it was suppressed so that another
 * suppressed cell of its row cannot be recovered from the total by subtraction (`secondary`).
 */
export const SUPPRESSION_REASONS = ['fewCompanies', 'dominance', 'secondary'] as const;
export type SuppressionReason = (typeof SUPPRESSION_REASONS)[number];

/** The tables a download holds: each criterion's cells, or the editions' counts. */
export const BAROMETER_TABLES = ['criteria', 'editions'] as const;

/**
 * GET public/barometer, public/barometer.csv and public/barometer.xlsx (`lang`, `table` and `criterion` are for
 * the downloads: the CSV holds the table `table`; the XLSX a sheet of the criteria and one of the editions;
 * `criterion` keeps one criterion's rows).
 */
export const BarometerQuery = z.object({
  /** The year the indicators' annual sheets end in; the latest year with figures when absent. */
  year: z.coerce
    .number('barometer:errors.badYear')
    .int('barometer:errors.badYear')
    .min(1900, 'barometer:errors.badYear')
    .max(2200, 'barometer:errors.badYear')
    .optional(),
  by: z.enum(BAROMETER_DIMENSIONS, 'barometer:errors.badBy').default('overall'),
  /** The language of a download's headings and suppression notes (the JSON carries reasons as codes). */
  lang: z.enum(LANGUAGES).default('pt'),
  /** The CSV's table: the criteria's cells (default) or the editions' counts. */
  table: z.enum(BAROMETER_TABLES, 'barometer:errors.badTable').default('criteria'),
  /** A download of one criterion's table only (its code); every criterion when absent. */
  criterion: z.string().max(50).optional(),
});
export type BarometerQuery = z.input<typeof BarometerQuery>;

/**
 * One cell of a table: a group (or all companies) and its figures. `groupKey` is the group's code (an island's,
 * a CAE section's letter, an employee range's code); null in the overall cell, and in the row of companies
 * without a value for the dimension (then `groupLabel` is null too, and the page says "not stated").
 */
export const BarometerCell = z.object({
  groupKey: z.string().nullable(),
  groupLabel: LocalizedText.nullable(),
  /** Companies with a computable value (each once: its latest annual sheet ending in the year). */
  count: z.number().int().nullable(),
  /** First quartile, median and third quartile (percentile_cont: docs/adr/0033). */
  q1: z.string().nullable(),
  median: z.string().nullable(),
  q3: z.string().nullable(),
  /** Share of those companies meeting the criterion's target, 0 to 1 (4 decimals). */
  meetingShare: z.string().nullable(),
  /** Null when shown; else why not (then every figure above is null). */
  suppressed: z.enum(SUPPRESSION_REASONS).nullable(),
});
export type BarometerCell = z.infer<typeof BarometerCell>;

/** The companies meeting a criterion's target among all those with a computable value (null when suppressed). */
export const MeetingShare = z.object({
  count: z.number().int(),
  meeting: z.number().int(),
  /** meeting / count, 0 to 1 (4 decimals). */
  share: z.string(),
});
export type MeetingShare = z.infer<typeof MeetingShare>;

export const BarometerCriterion = z.object({
  code: z.string(),
  description: LocalizedText,
  typeCode: z.string(),
  target: z.object({ comparison: z.enum(TARGET_COMPARISONS), value: z.string() }),
  /** One of the criteria an application is judged on (the page's "share meeting each application threshold"). */
  isApplicationCriterion: z.boolean(),
  /** All companies. */
  overall: BarometerCell,
  /** One cell per group of `by`, in the groups' order (empty when `by` is 'overall'); their counts add to the overall's. */
  rows: z.array(BarometerCell),
  /** The share meeting the target among all companies; null when the overall cell is suppressed. */
  meetingShare: MeetingShare.nullable(),
});
export type BarometerCriterion = z.infer<typeof BarometerCriterion>;

/** An edition's figures in one group (island or CAE section) or overall; counts of companies. */
export const BarometerEditionCell = z.object({
  groupKey: z.string().nullable(),
  groupLabel: LocalizedText.nullable(),
  /** Companies registered on the portal when the edition's applications closed. */
  registered: z.number().int().nullable(),
  /** Companies that submitted an application to the edition. */
  applied: z.number().int().nullable(),
  /** Companies the edition distinguished (published results). */
  distinguished: z.number().int().nullable(),
  /** Of those distinguished, the ones that held a seal of an earlier edition. */
  renewals: z.number().int().nullable(),
  suppressed: z.enum(SUPPRESSION_REASONS).nullable(),
});
export type BarometerEditionCell = z.infer<typeof BarometerEditionCell>;

export const BarometerEdition = z.object({
  number: z.number().int(),
  year: z.number().int(),
  /** The year of the sheets the edition judged. */
  indicatorYear: z.number().int(),
  overall: BarometerEditionCell,
  /** One cell per group of `by` (empty when `by` is 'overall'). */
  byGroup: z.array(BarometerEditionCell),
});
export type BarometerEdition = z.infer<typeof BarometerEdition>;

/** GET public/barometer. */
export const BarometerResponse = z.object({
  /** The year shown (null when no year has figures yet). */
  year: z.number().int().nullable(),
  /** The years with figures, newest first. */
  years: z.array(z.number().int()),
  by: z.enum(BAROMETER_DIMENSIONS),
  /** The active criteria in their order. */
  criteria: z.array(BarometerCriterion),
  /** The editions with published results whose indicator year is `year`, newest first. */
  editions: z.array(BarometerEdition),
});
export type BarometerResponse = z.infer<typeof BarometerResponse>;

// ---- a company's position ------------------------------------------------------------------------------------

/**
 * A value's position in a group: the group's count and three cut points and the quartile the value falls in
 * (1: at or below Q1, 2: at or below the median, 3: at or below Q3, 4: above; by value, whatever the criterion's
 * direction); null when the value is not computable. Suppressed groups carry no figure.
 */
export const BarometerPosition = z.object({
  count: z.number().int().nullable(),
  q1: z.string().nullable(),
  median: z.string().nullable(),
  q3: z.string().nullable(),
  quartile: z.number().int().min(1).max(4).nullable(),
  suppressed: z.enum(SUPPRESSION_REASONS).nullable(),
});
export type BarometerPosition = z.infer<typeof BarometerPosition>;

/** GET companies/{companyId}/diagnoses/{id}/positions. */
export const DiagnosisPositions = z.object({
  diagnosisId: z.uuid(),
  /**
   * The year the groups' annual sheets end in: the year of the diagnosed sheet's end, or the latest year before
   * it with figures (a sheet of the running year, monthly for instance, stands against the last full year).
   */
  year: z.number().int(),
  /** The company's CAE section (null when it has none: then every `section` is null). */
  section: z.object({ code: z.string(), description: LocalizedText }).nullable(),
  indicators: z.array(
    z.object({
      criterionId: z.uuid(),
      code: z.string(),
      description: LocalizedText,
      /** The diagnosed value (exact decimal text), null when not computable. */
      value: z.string().nullable(),
      section: BarometerPosition.nullable(),
      all: BarometerPosition,
    }),
  ),
});
export type DiagnosisPositions = z.infer<typeof DiagnosisPositions>;

// ---- statistical-use consent ----------------------------------------------------------------------------------

/** PUT companies/{companyId}/statistics-consent (owner): withdraw or grant again the statistical use. */
export const StatisticsConsentRequest = z.strictObject({ allowed: z.boolean() });
export type StatisticsConsentRequest = z.infer<typeof StatisticsConsentRequest>;

export const StatisticsConsent = z.object({
  allowed: z.boolean(),
  /** When it was withdrawn (null while allowed). */
  withdrawnAt: z.string().nullable(),
});
export type StatisticsConsent = z.infer<typeof StatisticsConsent>;

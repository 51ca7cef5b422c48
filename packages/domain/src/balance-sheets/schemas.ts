import { z } from 'zod';
import { FREQUENCIES, normalizeFrequency, PERIOD_FREQUENCIES } from './periods.ts';

/**
 * Balance-sheet requests and responses, shared by the server and the web. Messages are catalog keys.
 * Amounts travel as canonical decimal strings ('-1234.56': a dot, at most 2 decimals).
 */

export const BALANCE_SHEET_SOURCES = ['upload', 'entry'] as const;
export type BalanceSheetSource = (typeof BALANCE_SHEET_SOURCES)[number];

/** The years a period may fall in (PostgreSQL has no year 0; the admin list filters the same years). */
export const PERIOD_MIN_DATE = '1900-01-01';
export const PERIOD_MAX_DATE = '2999-12-31';

const DateField = z
  .string('balanceSheets:dateRequired')
  .trim()
  .min(1, 'balanceSheets:dateRequired')
  .pipe(
    z.iso
      .date('validation:invalidDate')
      .refine((date) => date >= PERIOD_MIN_DATE && date <= PERIOD_MAX_DATE, 'balanceSheets:dateRange'),
  );

/** One of the four period frequencies; the Portuguese spellings (mensal, anual…) are normalised first. */
export const SheetFrequency = z.preprocess(
  (value) => normalizeFrequency(value),
  z.enum(PERIOD_FREQUENCIES, 'balanceSheets:frequencyRequired'),
);

/** An amount: canonical decimal text, at most 18 integer digits and 2 decimals. */
export const AmountText = z
  .string('balanceSheets:invalidAmount')
  .regex(/^-?\d{1,18}(\.\d{1,2})?$/, 'balanceSheets:invalidAmount');

const periodFields = { startDate: DateField, endDate: DateField, typeFrequence: SheetFrequency };

const endNotBeforeStart = (value: { startDate: string; endDate: string }) => value.endDate >= value.startDate;
const endRule = { message: 'balanceSheets:endBeforeStart', path: ['endDate'] };

/** The fields sent with an upload (multipart form fields). */
export const BalanceSheetUploadFields = z.object(periodFields).refine(endNotBeforeStart, endRule);
export type BalanceSheetUploadFields = z.infer<typeof BalanceSheetUploadFields>;

/**
 * A sheet entered (or corrected) by hand: values by leaf code. Strict: client-only fields (result, opened,
 * inputError, checkError, dateInsert, dateUpdate, status…) are rejected, the web strips them before sending.
 */
export const SaveBalanceSheetEntry = z
  .strictObject({
    ...periodFields,
    values: z.record(z.string().regex(/^[A-Za-z][A-Za-z0-9_]*$/), AmountText),
    version: z.number().int().positive().optional(),
  })
  .refine(endNotBeforeStart, endRule);
export type SaveBalanceSheetEntry = z.infer<typeof SaveBalanceSheetEntry>;

export const BalanceSheetItem = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  startDate: z.iso.date(),
  endDate: z.iso.date(),
  /** When it was inserted (ISO date-time). */
  dateInsert: z.string(),
  typeFrequence: z.enum(FREQUENCIES),
  /** The period tag (Y0, Q1, S2, M03…: periodTag). */
  tag: z.string(),
  source: z.enum(BALANCE_SHEET_SOURCES),
  /** The upload's name for display (suffix stripped); null for a sheet entered by hand. */
  fileName: z.string().nullable(),
  previousBalanceSheetId: z.uuid().nullish(),
  previousBalanceSheetFileName: z.string().nullish(),
  version: z.number().int().positive(),
  /**
   * Superseded by a later upload or entry of the same start and end (the views keep only the latest per period):
   * kept for the record, listed only when asked for (?includeReplaced=true).
   */
  replaced: z.boolean().optional(),
});
export type BalanceSheetItem = z.infer<typeof BalanceSheetItem>;

/** A row of the admin's list across companies (GET balance-sheets): the sheet with its company's name and NIF. */
export const AdminBalanceSheetItem = BalanceSheetItem.extend({ companyName: z.string(), nif: z.string() });
export type AdminBalanceSheetItem = z.infer<typeof AdminBalanceSheetItem>;

export const BalanceSheetDetail = BalanceSheetItem.extend({
  /**
   * Every node's value by node code (leaves and rolled-up parents), as canonical decimal text, as the sheet is
   * read (financialPosition): the period's result still in the income statement counted in equity once, so
   * Ativo = Capital próprio + Passivo on these values whenever the balance check passes (docs/adr/0018).
   */
  values: z.record(z.string(), z.string()),
  /**
   * What reading the sheet added to its stored amounts: the period's result (REND − GAST) and the equity nodes
   * it went to (the period-result leaf last); stored value = value − amount on those nodes. Null when nothing.
   */
  periodResultAdded: z.object({ amount: z.string(), codes: z.array(z.string()) }).nullish(),
  /** Number of trial-balance lines stored (0 for a sheet entered by hand). */
  linesCount: z.number().int().nonnegative(),
});
export type BalanceSheetDetail = z.infer<typeof BalanceSheetDetail>;

/** Two sheets side by side (the admin's comparator): every node either holds, with right − left. */
export const BalanceSheetComparison = z.object({
  left: BalanceSheetDetail.extend({ companyName: z.string() }),
  right: BalanceSheetDetail.extend({ companyName: z.string() }),
  rows: z.array(
    z.object({
      code: z.string(),
      left: z.string().nullable(),
      right: z.string().nullable(),
      difference: z.string(),
    }),
  ),
});
export type BalanceSheetComparison = z.infer<typeof BalanceSheetComparison>;

/** One stored trial-balance line (the "others" view). */
export const BalanceSheetLineItem = z.object({
  row: z.number().int(),
  account: z.string(),
  description: z.string(),
  debit: z.string(),
  credit: z.string(),
});
export type BalanceSheetLineItem = z.infer<typeof BalanceSheetLineItem>;

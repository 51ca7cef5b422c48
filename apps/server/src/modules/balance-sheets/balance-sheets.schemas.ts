import { FREQUENCIES, ListQuery } from '@excelencia/domain';
import { z } from 'zod';

/**
 * Request and response shapes only the server's admin and paging endpoints use (the sheet, entry and line
 * shapes live in @excelencia/domain).
 */

export const CompanySheetParams = z.object({ companyId: z.uuid() });
export const SheetParams = z.object({ companyId: z.uuid(), id: z.uuid() });
/** The company list: with includeReplaced=true, the sheets superseded in their period too (marked replaced). */
export const CompanySheetsQuery = z.object({ includeReplaced: z.enum(['true', 'false']).optional() });
export const LinesQuery = z.object({ page: z.coerce.number().int().min(1).default(1) });

/** Admin list across companies: name-or-NIF search, company, island, frequency, a year the period touches. */
export const AdminBalanceSheetQuery = ListQuery.pick({ page: true, pageSize: true, search: true }).extend({
  companyId: z.uuid().optional(),
  islandId: z.uuid().optional(),
  frequency: z.enum(FREQUENCIES).optional(),
  year: z.coerce.number().int().min(1900).max(2999).optional(),
});
export type AdminBalanceSheetQuery = z.output<typeof AdminBalanceSheetQuery>;

export const CompareQuery = z.object({ left: z.uuid(), right: z.uuid() });

export const TemplateQuery = z.object({ lang: z.string().optional() });

/** The entry form's "-1/0/0" option: Assets of -1 with Equity and Liabilities at 0 pass the check. */
export const EntryQuery = z.object({
  allowAssetsMinusOneWithZeroEquityAndLiabilities: z.enum(['true', 'false']).optional(),
});

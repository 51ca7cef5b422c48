import {
  AdminBalanceSheetItem,
  BalanceSheetComparison,
  BalanceSheetDetail,
  BalanceSheetItem,
  type BalanceSheetLineItem,
  type Page,
  pageOf,
  type SaveBalanceSheetEntry,
  SelfDiagnosisTree,
} from '@excelencia/domain';
import { API_BASE, apiJson } from '../../lib/api-client.ts';
import { uploadWithProgress } from '../../ui/upload-with-progress.ts';

const enc = encodeURIComponent;

export const sheetsPath = (companyId: string) => `${API_BASE}/companies/${enc(companyId)}/balance-sheets`;
export const sheetPath = (companyId: string, id: string) => `${sheetsPath(companyId)}/${enc(id)}`;
export const templatePath = (language: string) =>
  `${API_BASE}/balance-sheets/template.xlsx?lang=${enc(language)}`;

const AdminBalanceSheetPage = pageOf(AdminBalanceSheetItem);

/** The company's sheets, the latest period first; with includeReplaced, the replaced ones too (marked). */
export async function fetchSheets(
  companyId: string,
  signal?: AbortSignal,
  options: { includeReplaced?: boolean } = {},
): Promise<BalanceSheetItem[]> {
  const query = options.includeReplaced ? '?includeReplaced=true' : '';
  const body = await apiJson<unknown>(`${sheetsPath(companyId)}${query}`, { signal });
  return BalanceSheetItem.array().parse(body);
}

export async function fetchSheet(
  companyId: string,
  id: string,
  signal?: AbortSignal,
): Promise<BalanceSheetDetail> {
  return BalanceSheetDetail.parse(await apiJson<unknown>(sheetPath(companyId, id), { signal }));
}

/** Two sheets side by side with right − left, as the server computes it (admin). */
export async function fetchComparison(
  left: string,
  right: string,
  signal?: AbortSignal,
): Promise<BalanceSheetComparison> {
  const query = `left=${enc(left)}&right=${enc(right)}`;
  return BalanceSheetComparison.parse(
    await apiJson<unknown>(`${API_BASE}/balance-sheets/compare?${query}`, { signal }),
  );
}

export function fetchLines(
  companyId: string,
  id: string,
  page: number,
  signal?: AbortSignal,
): Promise<Page<BalanceSheetLineItem>> {
  return apiJson(`${sheetPath(companyId, id)}/lines?page=${page}`, { signal });
}

export function deleteSheet(companyId: string, id: string): Promise<void> {
  return apiJson(sheetPath(companyId, id), { method: 'DELETE' });
}

/** The tree the entry form and the views are built from. */
export async function fetchTree(signal?: AbortSignal): Promise<SelfDiagnosisTree> {
  return SelfDiagnosisTree.parse(await apiJson<unknown>(`${API_BASE}/balance-sheets/tree`, { signal }));
}

/**
 * The -1/0/0 option of the balance check (Assets of -1 with Equity and Liabilities at 0 pass) travels as a query
 * parameter, not in the body.
 */
const entryQuery = (allowAssetsMinusOneWithZeroEquityAndLiabilities: boolean) =>
  allowAssetsMinusOneWithZeroEquityAndLiabilities
    ? '?allowAssetsMinusOneWithZeroEquityAndLiabilities=true'
    : '';

export function postEntry(
  companyId: string,
  body: SaveBalanceSheetEntry,
  allowAssetsMinusOneWithZeroEquityAndLiabilities = false,
): Promise<BalanceSheetDetail> {
  return apiJson(
    `${sheetsPath(companyId)}/entries${entryQuery(allowAssetsMinusOneWithZeroEquityAndLiabilities)}`,
    {
      method: 'POST',
      body,
    },
  );
}

export function putEntry(
  companyId: string,
  id: string,
  body: SaveBalanceSheetEntry,
  allowAssetsMinusOneWithZeroEquityAndLiabilities = false,
): Promise<BalanceSheetDetail> {
  return apiJson(
    `${sheetPath(companyId, id)}/entries${entryQuery(allowAssetsMinusOneWithZeroEquityAndLiabilities)}`,
    {
      method: 'PUT',
      body,
    },
  );
}

/** `GET balance-sheets?<query>` (admin): one page of the sheets across companies. */
export async function fetchAdminSheets(
  query: string,
  signal?: AbortSignal,
): Promise<Page<AdminBalanceSheetItem>> {
  return AdminBalanceSheetPage.parse(
    await apiJson<unknown>(`${API_BASE}/balance-sheets?${query}`, { signal }),
  );
}

export interface UploadFields {
  startDate: string;
  endDate: string;
  typeFrequence: string;
}

/**
 * POST the multipart upload (fields, then `file`) with upload progress (0..1); rejects with ApiError carrying
 * the server's message and, for a refused spreadsheet, the problems as details.
 */
export async function uploadSheet(
  companyId: string,
  fields: UploadFields,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<BalanceSheetItem> {
  const form = new FormData();
  form.append('startDate', fields.startDate);
  form.append('endDate', fields.endDate);
  form.append('typeFrequence', fields.typeFrequence);
  form.append('file', file, file.name);
  const body = await uploadWithProgress({ method: 'POST', path: sheetsPath(companyId), form, onProgress });
  return BalanceSheetItem.parse(body);
}

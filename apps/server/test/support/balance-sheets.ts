import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * Spreadsheets and multipart bodies for the balance-sheet tests (and the bench): built with exceljs, as a
 * company's accounting software would write them.
 */

export const HEADER = ['Conta', 'Descrição', 'Débito acumulado', 'Crédito acumulado'];

/** A workbook whose first sheet holds `rows` (row 1 first); more sheets after it when given. */
export async function xlsx(rows: unknown[][], ...moreSheets: unknown[][][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const [index, sheetRows] of [rows, ...moreSheets].entries()) {
    const sheet = workbook.addWorksheet(`Sheet${index + 1}`);
    for (const [r, row] of sheetRows.entries()) {
      // A row left out is a blank line (exceljs writes no element for it).
      if (row.length > 0) sheet.getRow(r + 1).values = row as ExcelJS.CellValue[];
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A trial balance of `count` (even) lines on account 11 (debit) and 51 (credit), balanced, via the streaming writer. */
export async function bigTrialBalance(count: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stream = new PassThrough();
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet('Balancete');
  sheet.addRow(HEADER).commit();
  // Distinct accounts of 10 digits under 11 (cash) and 51 (capital): no account is a prefix of another. The
  // k-th credit line mirrors the k-th debit line, so the totals match (count is even).
  const half = Math.floor(count / 2);
  for (let i = 0; i < count; i += 1) {
    const debitSide = i < half;
    const k = debitSide ? i : i - half;
    const value = 10 + (k % 97) + 0.25;
    const account = `${debitSide ? '11' : '51'}${String(k).padStart(8, '0')}`;
    sheet.addRow([account, `Conta ${i}`, debitSide ? value : 0, debitSide ? 0 : value]).commit();
  }
  sheet.commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

/** multipart/form-data with text fields and one file part named `file`. */
export function multipart(
  fields: Record<string, string>,
  file: { data: Buffer; filename: string; type?: string } | null,
): { payload: Buffer; contentType: string } {
  const boundary = `----bs${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.type ?? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

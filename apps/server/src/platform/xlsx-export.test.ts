import { MAX_EXPORT_ROWS } from '@excelencia/domain';
import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sendXlsx } from './xlsx-export.ts';

/** An export of `count` rows (one numbered column), read back as a spreadsheet would. */
async function exported(count: number): Promise<ExcelJS.Worksheet> {
  const app = Fastify();
  app.get('/export', (_request, reply) =>
    sendXlsx(reply, {
      name: 'rows',
      language: 'en',
      columns: [{ header: 'reference:table.search', value: (row: number) => row }],
      rows: (async function* () {
        for (let row = 1; row <= count; row += 1) yield row;
      })(),
    }),
  );
  const response = await app.inject({ method: 'GET', url: '/export' });
  await app.close();
  expect(response.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  return sheet;
}

describe('sendXlsx', () => {
  it('writes the header and every row when they fit, with no note', async () => {
    const sheet = await exported(3);
    expect([1, 2, 3, 4].map((row) => sheet.getRow(row).getCell(1).value)).toEqual(['Search', 1, 2, 3]);
    expect(sheet.rowCount).toBe(4);
  });

  it('stops at the row limit and says so on a last line, in the language', async () => {
    const sheet = await exported(MAX_EXPORT_ROWS + 1);
    expect(sheet.getRow(MAX_EXPORT_ROWS + 1).getCell(1).value).toBe(MAX_EXPORT_ROWS);
    expect(sheet.getRow(MAX_EXPORT_ROWS + 2).getCell(1).value ?? null).toBeNull();
    expect(sheet.getRow(MAX_EXPORT_ROWS + 3).getCell(1).value).toBe(
      'Only the first 50\u00a0000 rows are exported: narrow the search or the filters to export the rest.',
    );
    expect(sheet.rowCount).toBe(MAX_EXPORT_ROWS + 3);
  });
});

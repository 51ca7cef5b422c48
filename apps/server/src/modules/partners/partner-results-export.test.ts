import type { EditionResults } from '@excelencia/domain';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { resultsReportXlsx } from '../applications/index.ts';

/** The results report a partner downloads: the same workbook with a last column marking its assisted companies. */

function company(name: string, nif: string): EditionResults['companies'][number] {
  return {
    companyName: name,
    nif,
    island: null,
    city: null,
    section: null,
    sealCode: `EXC-${nif}`,
    validUntil: '2027-03-01T12:00:00.000Z',
    status: 'valid',
    currentName: null,
    renamedAt: null,
    isRenewal: false,
  };
}

const results: EditionResults = {
  edition: { id: '00000000-0000-4000-8000-000000000001', number: 2, year: 2026, resultsPublishedAt: null },
  applicants: 3,
  distinguished: 2,
  unqualified: 1,
  byIsland: [],
  bySection: [],
  companies: [company('Alfa, Lda', '200000010'), company('Beta, SA', '200000011')],
};

async function listSheet(file: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const list = workbook.worksheets[2];
  if (!list) throw new Error('no list sheet');
  return list;
}

describe('resultsReportXlsx with marked companies', () => {
  it('adds the marking column, filled for the marked NIFs only, inside the filter', async () => {
    const list = await listSheet(
      await resultsReportXlsx(results, 'en', {
        header: 'Assisted',
        yes: 'Yes',
        nifs: new Set(['200000011']),
      }),
    );
    const header = list.getRow(1).values as unknown[];
    expect(header.at(-1)).toBe('Assisted');
    expect(list.getRow(2).getCell(9).value ?? '').toBe('');
    expect(list.getRow(3).getCell(9).value).toBe('Yes');
    expect(list.autoFilter).toBe('A1:I1');
  });

  it('is the plain report without marking', async () => {
    const list = await listSheet(await resultsReportXlsx(results, 'en'));
    expect((list.getRow(1).values as unknown[]).length - 1).toBe(8);
  });
});

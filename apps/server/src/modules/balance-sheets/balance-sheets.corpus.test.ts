import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigTrialBalance, HEADER, multipart, xlsx } from '../../../test/support/balance-sheets.ts';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { apiCalls } from '../../../test/support/http.ts';
import { balanceSheetLines, balanceSheets, balanceSheetValues, files } from '../../db/schema/index.ts';
import { createFileStore, localDiskDriver } from '../../platform/files/file-store.ts';
import { seedReferenceData } from '../../seed/seed-reference.ts';
import { createBalanceSheetsService } from './balance-sheets.service.ts';

/** A corpus of bad uploads: each refused with its message, and nothing at all kept. */

let ctx: TestContext;
let member: SignedIn;
let memberAccountId: string;
let companyId: string;

const GOOD = [
  ['11', 'Caixa', 1000, 0],
  ['51', 'Capital', 0, 1000],
];

/** A zip of the given entries (deflated unless `stored`); `declared` overrides an entry's stated size. */
function zip(entries: Array<{ name: string; data: Buffer; declared?: number; stored?: boolean }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const compressed = entry.stored ? entry.data : deflateRawSync(entry.data, { level: 9 });
    const size = entry.declared ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(entry.stored ? 0 : 8, 8);
    local.writeUInt32LE(crc32(entry.data), 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(entry.stored ? 0 : 8, 10);
    central.writeUInt32LE(crc32(entry.data), 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** An xlsx-shaped zip whose sheet is `sheetBytes` of spaces: tiny on the wire, huge once inflated. */
function bomb(sheetBytes: number, declared?: number): Buffer {
  return zip([
    { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types/>') },
    { name: 'xl/workbook.xml', data: Buffer.from('<?xml version="1.0"?><workbook/>') },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: Buffer.alloc(sheetBytes, 0x20),
      ...(declared === undefined ? {} : { declared }),
    },
  ]);
}

async function stored(): Promise<number[]> {
  const counts = await Promise.all(
    [balanceSheets, balanceSheetLines, balanceSheetValues, files].map(async (table) => {
      const [row] = await ctx.db.select({ n: count() }).from(table);
      return Number(row?.n ?? 0);
    }),
  );
  return counts;
}

const uploadDirs = () => readdirSync(tmpdir()).filter((name) => name.startsWith('balance-sheet-'));

/** The stored blobs (the file store's files on disk). */
function blobs(): string[] {
  const root = join(ctx.config.dataDir, 'files');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const text = (value: string, ref?: string) =>
  `<c${ref ? ` r="${ref}"` : ''} t="inlineStr"><is><t>${value}</t></is></c>`;
const number = (value: number, ref?: string) => `<c${ref ? ` r="${ref}"` : ''}><v>${value}</v></c>`;

/**
 * A workbook written by hand, as a program other than Excel may write it: `rows` is the <sheetData> of its
 * only sheet after the header row; `more` entries come after the sheet; `sheetDeclared` overrides the sheet's
 * stated size.
 */
function handWritten(
  rows: string,
  more: Array<{ name: string; data: Buffer; declared?: number; stored?: boolean }> = [],
  sheetDeclared?: number,
): Buffer {
  const header = `<row r="1">${['Conta', 'Descrição', 'Débito', 'Crédito'].map((t, i) => text(t, `${'ABCD'[i]}1`)).join('')}</row>`;
  return zip([
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(
        `<?xml version="1.0"?><workbook ${NS}><sheets><sheet name="A" sheetId="1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: Buffer.from(
        `<?xml version="1.0"?><worksheet ${NS}><sheetData>${header}${rows}</sheetData></worksheet>`,
      ),
      ...(sheetDeclared === undefined ? {} : { declared: sheetDeclared }),
    },
    ...more,
    { name: 'docProps/app.xml', data: Buffer.from('<?xml version="1.0"?><Properties/>') },
  ]);
}

async function refuse(data: Buffer, filename = 'balancete.xlsx') {
  const before = await stored();
  const dirsBefore = uploadDirs().length;
  const blobsBefore = blobs();
  const body = multipart(
    { startDate: '2024-01-01', endDate: '2024-12-31', typeFrequence: 'annual' },
    { data, filename },
  );
  const response = await send(member, 'POST', `/companies/${companyId}/balance-sheets`, body.payload, {
    contentType: body.contentType,
    language: 'en',
  });
  expect(await stored(), 'nothing stored').toEqual(before);
  expect(uploadDirs().length, 'no temporary file left').toBeLessThanOrEqual(dirsBefore);
  expect(blobs(), 'no stored file left').toEqual(blobsBefore);
  const error = response.json().error as {
    code: string;
    message: string;
    details?: Array<{ path: string; message: string }>;
  };
  return { status: response.statusCode, ...error, details: error.details ?? [] };
}

const { get, send } = apiCalls(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  await seedReferenceData(ctx.db);
  const user = await ctx.createUser({ email: 'corpus@bs.cv', roles: ['company'] });
  memberAccountId = user.accountId;
  companyId = await ctx.linkCompany(user.accountId, { companyName: 'Corpus, Lda', nif: '200000009' });
  member = await ctx.signIn(user.email, user.password);
});

afterAll(async () => {
  await ctx?.close();
});

describe('POST /app/api/v1/companies/{companyId}/balance-sheets refuses bad spreadsheets', () => {
  it('blank rows, with their row number', async () => {
    const result = await refuse(await xlsx([HEADER, GOOD[0] ?? [], [], GOOD[1] ?? []]));
    expect(result).toMatchObject({ status: 400, code: 'invalid_spreadsheet' });
    expect(result.details).toContainEqual({ path: 'row 3', message: 'Blank line: remove it.' });
  });

  it('blank values', async () => {
    const result = await refuse(await xlsx([HEADER, ['11', 'Caixa', null, 0], GOOD[1] ?? []]));
    expect(result.details[0]?.path).toBe('row 2, column C');
  });

  it('totals rows and ledger totals', async () => {
    const totals = await refuse(await xlsx([HEADER, ...GOOD, ['', 'Total', 1000, 1000]]));
    expect(totals.details).toContainEqual(
      expect.objectContaining({ path: 'row 4, column A', message: 'Totals row: remove it.' }),
    );
    const ledger = await refuse(
      await xlsx([HEADER, ['1', 'Meios', 1000, 0], ...GOOD, ['5', 'Capital', 0, 1000]]),
    );
    expect(ledger.details.map((detail) => detail.message).join(' ')).toContain('is a total');
  });

  it('text in amounts, malformed and unknown account codes', async () => {
    const result = await refuse(
      await xlsx([HEADER, ['11', 'Caixa', 'mil', 0], ['11A', 'Bancos', 5, 0], ['99', 'Nada', 0, 5], ...GOOD]),
    );
    expect(result.details).toContainEqual({ path: 'row 2, column C', message: 'Not a number: “mil”.' });
    expect(result.details).toContainEqual(expect.objectContaining({ path: 'row 3, column A' }));
    expect(result.details).toContainEqual({
      path: 'row 4, column A',
      message: 'Account 99 is not in the self-diagnosis tree.',
    });
  });

  it('a missing column', async () => {
    const result = await refuse(
      await xlsx([HEADER.slice(0, 3), ['11', 'Caixa', 1000], ['51', 'Capital', 0]]),
    );
    expect(result.details).toContainEqual(
      expect.objectContaining({ message: 'The accumulated credit column is missing.' }),
    );
  });

  it('debit total different from credit total, with both totals as numbers are displayed', async () => {
    const result = await refuse(
      await xlsx([HEADER, ['11', 'Caixa', 11_673_456, 0], ['51', 'Capital', 0, 11_673_455.5]]),
    );
    expect(result.details).toEqual([
      {
        path: 'sheet',
        message:
          'The debit total (11\u00a0673\u00a0456) is not equal to the credit total (11\u00a0673\u00a0455.5); ' +
          'difference: 0.5.',
      },
    ]);
  });

  it('the wrong sheet: an empty first sheet with the data on the second', async () => {
    const result = await refuse(await xlsx([], [HEADER, ...GOOD]));
    expect(result.details).toEqual([
      {
        path: 'sheet',
        message: 'The data must be on the first sheet of the file.',
      },
    ]);
  });

  it('a csv renamed .xlsx, and text that is no zip at all', async () => {
    const csv = await refuse(
      Buffer.from('Conta;Descrição;Débito;Crédito\n11;Caixa;1000;0\n51;Capital;0;1000\n'),
    );
    expect(csv).toMatchObject({ status: 400, code: 'not_xlsx', message: 'Please select a XLSX file.' });
    // A zip that is not a workbook.
    const notWorkbook = await refuse(zip([{ name: 'hello.txt', data: Buffer.from('hello') }]));
    expect(notWorkbook).toMatchObject({ status: 400, code: 'not_xlsx' });
  });

  it('zip bombs: a huge compression ratio, and sizes understated in the central directory', async () => {
    const ratio = await refuse(bomb(20 * 1024 * 1024));
    expect(ratio).toMatchObject({
      status: 400,
      code: 'zip_bomb',
      message: 'The file cannot be read: its uncompressed content is too large.',
    });
    const lying = await refuse(bomb(20 * 1024 * 1024, 50_000));
    expect(lying).toMatchObject({ status: 400, code: 'zip_bomb' });
    // A damaged sheet before an entry that understates its size: the bomb is what the file is refused for (the
    // container's check answers first, though the sheet is read while it runs).
    const row = (r: string) =>
      `<row r="${r}">${number(11, `A${r}`)}${text('Caixa', `B${r}`)}${number(1, `C${r}`)}${number(1, `D${r}`)}</row>`;
    const damagedThenBomb = await refuse(
      handWritten(row('2') + row('2'), [
        { name: 'docProps/custom.xml', data: Buffer.alloc(20 * 1024 * 1024, 0x20), declared: 50_000 },
      ]),
    );
    expect(damagedThenBomb).toMatchObject({ status: 400, code: 'zip_bomb' });
    // Likewise when the bomb is a later sheet (one the reader would have read after the first) or the damaged
    // sheet itself, and when a stored entry is shorter than it says (not a workbook).
    const sheet2 = (data: Buffer, declared?: number) => ({
      name: 'xl/worksheets/sheet2.xml',
      data,
      ...(declared === undefined ? {} : { declared }),
    });
    const laterSheetBomb = await refuse(
      handWritten(row('2') + row('2'), [sheet2(Buffer.alloc(20 * 1024 * 1024, 0x20), 50_000)]),
    );
    expect(laterSheetBomb).toMatchObject({ status: 400, code: 'zip_bomb' });
    const damagedBomb = await refuse(
      handWritten(row('2') + row('2') + ' '.repeat(20 * 1024 * 1024), [], 300_000),
    );
    expect(damagedBomb).toMatchObject({ status: 400, code: 'zip_bomb' });
    const shortStored = await refuse(
      handWritten(row('2') + row('3'), [
        { name: 'xl/sharedStrings.xml', data: Buffer.from('<sst/>'), declared: 9, stored: true },
      ]),
    );
    expect(shortStored).toMatchObject({ status: 400, code: 'not_xlsx' });
  });

  it('more rows than the limit (60 000)', async () => {
    const result = await refuse(await bigTrialBalance(60_000));
    expect(result.details).toEqual([{ path: 'sheet', message: 'The sheet has more than 50\u00a0000 rows.' }]);
  });

  it('rows numbered twice, backwards or past row 1 048 576: a damaged file, with the number found', async () => {
    // Cells with references (as exceljs reads them), rows numbered `r` (none when null).
    const line = (r: string | null, account: number, debit: number, credit: number) => {
      const ref = (column: string) => (r === null ? undefined : `${column}${r}`);
      return (
        `<row${r === null ? '' : ` r="${r}"`}>${number(account, ref('A'))}${text('Conta', ref('B'))}` +
        `${number(debit, ref('C'))}${number(credit, ref('D'))}</row>`
      );
    };
    const twice = await refuse(handWritten(line('2', 11, 1000, 0) + line('2', 51, 0, 1000)));
    expect(twice).toMatchObject({ status: 400, code: 'invalid_spreadsheet' });
    expect(twice.details).toEqual([
      {
        path: 'sheet',
        message:
          'The file is damaged: a row is numbered “2” where a number from 3 to 1\u00a0048\u00a0576 was expected. ' +
          'Open it and save it again with your spreadsheet program.',
      },
    ]);
    // A row without r after row 2 is row 3: a row 3 after it is numbered twice.
    const implied = await refuse(
      handWritten(line('2', 11, 1000, 0) + line(null, 12, 0, 0) + line('3', 51, 0, 1000)),
    );
    expect(implied.details[0]?.message).toContain('“3” where a number from 4 to');
    const huge = await refuse(handWritten(line('2', 11, 1000, 0) + line('3000000000', 51, 0, 1000)));
    expect(huge.details[0]?.message).toContain('“3000000000” where a number from 3 to 1\u00a0048\u00a0576');
    const notANumber = await refuse(handWritten(line('two', 11, 1000, 0) + line(null, 51, 0, 1000)));
    expect(notANumber.details[0]?.message).toContain('“two”');
  });

  it('a text of more than 1 000 characters, with its row and column', async () => {
    const result = await refuse(await xlsx([HEADER, ['11', 'Caixa '.repeat(200), 1000, 0], GOOD[1] ?? []]));
    expect(result.details).toEqual([
      { path: 'row 2, column B', message: 'Text too long: more than 1\u00a0000 characters.' },
    ]);
  });

  it('shared strings declared over 20 MB, even when the sheet is clean', async () => {
    const items = Array.from({ length: 1_400_000 }, (_, i) => `<si><t>${i}</t></si>`).join('');
    const sharedStrings = Buffer.from(`<?xml version="1.0"?><sst ${NS}>${items}</sst>`);
    expect(sharedStrings.length).toBeGreaterThan(20 * 1024 * 1024);
    const clean = handWritten(
      `<row r="2">${number(11, 'A2')}${text('Caixa', 'B2')}${number(1000, 'C2')}${number(0, 'D2')}</row>` +
        `<row r="3">${number(51, 'A3')}${text('Capital', 'B3')}${number(0, 'C3')}${number(1000, 'D3')}</row>`,
      [{ name: 'xl/sharedStrings.xml', data: sharedStrings }],
    );
    const result = await refuse(clean);
    expect(result).toMatchObject({ status: 400, code: 'zip_bomb' });
  });

  it('a file over 10 MB (413)', async () => {
    const result = await refuse(Buffer.alloc(10 * 1024 * 1024 + 1, 1));
    expect(result).toMatchObject({ status: 413, code: 'file_too_large' });
  });
});

describe('POST /app/api/v1/companies/{companyId}/balance-sheets: rows and cells without r', () => {
  it('reads a row without r as the row after the previous one and a cell without r as the next column', async () => {
    const body = multipart(
      { startDate: '2024-01-01', endDate: '2024-12-31', typeFrequence: 'annual' },
      {
        data: handWritten(
          `<row>${number(11)}${text('Caixa')}${number(1000)}${number(0)}</row>` +
            `<row r="4">${number(12, 'A4')}${text('Depósitos', 'B9')}${number(500, 'C4')}${number(0)}</row>` +
            `<row>${number(51)}${text('Capital')}${number(0)}${number(1500)}</row>`,
        ),
        filename: 'sem-referencias.xlsx',
      },
    );
    const response = await send(member, 'POST', `/companies/${companyId}/balance-sheets`, body.payload, {
      contentType: body.contentType,
      language: 'en',
    });
    // Row 3 is not in the file: a blank line between row 2 and row 4.
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.details).toEqual([{ path: 'row 3', message: 'Blank line: remove it.' }]);

    const clean = multipart(
      { startDate: '2024-01-01', endDate: '2024-12-31', typeFrequence: 'annual' },
      {
        data: handWritten(
          `<row>${number(11)}${text('Caixa')}${number(1000)}${number(0)}</row>` +
            `<row r="3">${number(12, 'A3')}${text('Depósitos', 'B9')}${number(500, 'C3')}${number(0)}</row>` +
            `<row>${number(51)}${text('Capital')}${number(0)}${number(1500)}</row>`,
        ),
        filename: 'sem-referencias.xlsx',
      },
    );
    const stored = await send(member, 'POST', `/companies/${companyId}/balance-sheets`, clean.payload, {
      contentType: clean.contentType,
      language: 'en',
    });
    expect(stored.statusCode, stored.body).toBe(201);
    const lines = await get(member, `/companies/${companyId}/balance-sheets/${stored.json().id}/lines`);
    expect(lines.json().items).toEqual([
      { row: 2, account: '11', description: 'Caixa', debit: '1000.00', credit: '0.00' },
      { row: 3, account: '12', description: 'Depósitos', debit: '500.00', credit: '0.00' },
      { row: 4, account: '51', description: 'Capital', debit: '0.00', credit: '1500.00' },
    ]);
  });
});

describe('POST /app/api/v1/companies/{companyId}/balance-sheets: amounts computed by formulas', () => {
  it('accepts formulas whose cached result is 0 (=C2-C2), stored as 0.00', async () => {
    const body = multipart(
      { startDate: '2022-01-01', endDate: '2022-12-31', typeFrequence: 'annual' },
      {
        data: await xlsx([
          HEADER,
          ['11', 'Caixa', { formula: 'E2-F2', result: 1000 }, { formula: 'C2-C2', result: 0 }],
          ['51', 'Capital', { formula: 'D2-D2', result: 0 }, { formula: 'C2', result: 1000 }],
        ]),
        filename: 'formulas.xlsx',
      },
    );
    const response = await send(member, 'POST', `/companies/${companyId}/balance-sheets`, body.payload, {
      contentType: body.contentType,
      language: 'en',
    });
    expect(response.statusCode, response.body).toBe(201);
    const lines = await get(member, `/companies/${companyId}/balance-sheets/${response.json().id}/lines`);
    expect(lines.json().items).toEqual([
      { row: 2, account: '11', description: 'Caixa', debit: '1000.00', credit: '0.00' },
      { row: 3, account: '51', description: 'Capital', debit: '0.00', credit: '1000.00' },
    ]);
  });

  it('still refuses a formula without a result (blank) and one giving an error (not a number)', async () => {
    const result = await refuse(
      handWritten(
        '<row r="2"><c r="A2"><v>11</v></c><c r="B2" t="inlineStr"><is><t>Caixa</t></is></c>' +
          '<c r="C2"><f>E2</f></c><c r="D2" t="e"><f>1/0</f><v>#DIV/0!</v></c></row>',
      ),
    );
    expect(result.details).toEqual([
      { path: 'row 2, column C', message: 'Blank value: fill it in (0 for an amount without movements).' },
      { path: 'row 2, column D', message: 'Not a number: “#DIV/0!”.' },
    ]);
  });
});

describe('an upload whose transaction fails', () => {
  it('leaves no file on disk and no row', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'failing-upload-'));
    try {
      const blobRoot = join(folder, 'files');
      const service = createBalanceSheetsService({
        db: ctx.db,
        fileStore: createFileStore(localDiskDriver(blobRoot)),
        onSheetsChanged: async () => {
          throw new Error('indicator refresh failed');
        },
      });
      const path = join(folder, 'upload.xlsx');
      await writeFile(path, await xlsx([HEADER, ...GOOD]));
      const before = await stored();
      const caller = {
        accountId: memberAccountId,
        email: 'corpus@bs.cv',
        name: 'Corpus',
        roles: ['company'],
        language: 'en' as const,
        via: 'session' as const,
      };
      await expect(
        service.upload(
          caller,
          { accountId: memberAccountId },
          companyId,
          {
            startDate: '2023-01-01',
            endDate: '2023-12-31',
            typeFrequence: 'annual',
            path,
            originalName: 'b.xlsx',
          },
          'en',
        ),
      ).rejects.toThrow('indicator refresh failed');
      expect(await stored()).toEqual(before);
      expect(existsSync(blobRoot) ? readdirSync(blobRoot, { recursive: true }) : []).toEqual([]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

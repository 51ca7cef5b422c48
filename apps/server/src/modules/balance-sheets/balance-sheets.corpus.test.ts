import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { crc32, deflateRawSync } from 'node:zlib';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigTrialBalance, HEADER, multipart, xlsx } from '../../../test/support/balance-sheets.ts';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { balanceSheetLines, balanceSheets, balanceSheetValues, files } from '../../db/schema/index.ts';
import { seedReferenceData } from '../../db/seed-reference.ts';

/** A corpus of bad uploads: each refused with its message, and nothing at all kept. */

const API = '/app/api/v1';
let ctx: TestContext;
let member: SignedIn;
let companyId: string;

const GOOD = [
  ['11', 'Caixa', 1000, 0],
  ['51', 'Capital', 0, 1000],
];

/** A zip of the given entries (deflated unless `stored`); `declared` overrides an entry's stated size. */
function zip(entries: Array<{ name: string; data: Buffer; declared?: number }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const compressed = deflateRawSync(entry.data, { level: 9 });
    const size = entry.declared ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(entry.data), 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
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

async function refuse(data: Buffer, filename = 'balancete.xlsx') {
  const before = await stored();
  const dirsBefore = uploadDirs().length;
  const body = multipart(
    { startDate: '2024-01-01', endDate: '2024-12-31', typeFrequence: 'annual' },
    { data, filename },
  );
  const response = await ctx.app.inject({
    method: 'POST',
    url: `${API}/companies/${companyId}/balance-sheets`,
    headers: { ...member.headers, 'content-type': body.contentType, 'x-language': 'en' },
    payload: body.payload,
  });
  expect(await stored(), 'nothing stored').toEqual(before);
  expect(uploadDirs().length, 'no temporary file left').toBeLessThanOrEqual(dirsBefore);
  const error = response.json().error as {
    code: string;
    message: string;
    details?: Array<{ path: string; message: string }>;
  };
  return { status: response.statusCode, ...error, details: error.details ?? [] };
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  await seedReferenceData(ctx.db);
  const user = await ctx.createUser({ email: 'corpus@bs.cv', roles: ['company'] });
  companyId = await ctx.linkCompany(user.accountId, { companyName: 'Corpus, Lda', nif: '200000009' });
  member = await ctx.signIn(user.email, user.password);
}, 60_000);

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

  it('debit total different from credit total, with both totals', async () => {
    const result = await refuse(await xlsx([HEADER, ['11', 'Caixa', 1000, 0], ['51', 'Capital', 0, 999.99]]));
    expect(result.details[0]?.message).toMatch(/1\s?000\.00.*999\.99/);
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
  });

  it('more rows than the limit (60 000)', async () => {
    const result = await refuse(await bigTrialBalance(60_000));
    expect(result.details).toEqual([{ path: 'sheet', message: 'The sheet has more than 50000 rows.' }]);
  }, 60_000);

  it('a file over 10 MB (413)', async () => {
    const result = await refuse(Buffer.alloc(10 * 1024 * 1024 + 1, 1));
    expect(result).toMatchObject({ status: 413, code: 'file_too_large' });
  });
});

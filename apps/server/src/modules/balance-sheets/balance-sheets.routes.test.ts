import { buildBalanceTree, treeLeaves } from '@excelencia/domain';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER, multipart, xlsx } from '../../../test/support/balance-sheets.ts';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { apiCalls } from '../../../test/support/http.ts';
import { balanceSheets, files, indicatorValues } from '../../db/schema/index.ts';
import { listAudit } from '../../platform/audit/audit.ts';
import { seedReferenceData } from '../../seed/seed-reference.ts';
import { activeCriteria, refreshCompanyIndicators } from '../diagnosis/index.ts';
import { selfDiagnosisTree } from '../reference/index.ts';

let ctx: TestContext;
let admin: SignedIn;
let adminAccountId: string;
let member: SignedIn;
let otherMember: SignedIn;
let partner: SignedIn;
let ownCompany: string;
let memberAccountId: string;
let otherCompany: string;
let leafCodes: string[];

/** A clean trial balance: two cash accounts, capital, sales and external supplies (debit 3 300.30 = credit). */
const CLEAN_ROWS = [
  HEADER,
  ['11', 'Caixa', 1000.1, 0],
  ['12', 'Depósitos à ordem', 2000.2, 0],
  ['51', 'Capital', 0, 2500.3],
  ['71', 'Vendas', 0, 800],
  ['62', 'Fornecimentos e serviços externos', 300, 0],
];

const period = (startDate: string, endDate: string, typeFrequence = 'annual') => ({
  startDate,
  endDate,
  typeFrequence,
});

function upload(
  session: SignedIn,
  companyId: string,
  fields: Record<string, string>,
  file: { data: Buffer; filename: string } | null,
) {
  const body = multipart(fields, file);
  return send(session, 'POST', `/companies/${companyId}/balance-sheets`, body.payload, {
    contentType: body.contentType,
  });
}

const { get, send } = apiCalls(() => ctx.app, { language: 'en' });

/** Every leaf at 0 but the given ones. */
function leafValues(values: Record<string, string>): Record<string, string> {
  return { ...Object.fromEntries(leafCodes.map((code) => [code, '0'])), ...values };
}

async function sheetCount(): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(balanceSheets);
  return Number(row?.n ?? 0);
}

/**
 * The uploads of the member's own company that the admin lists, the comparator and the correction read: 2024,
 * 2025, 2024 again (it replaces the first) and the third quarter of 2025.
 */
async function uploadOwnSheets() {
  for (const [startDate, endDate, frequency, filename] of [
    ['2024-01-01', '2024-12-31', 'Anual', 'balancete.xlsx'],
    ['2025-01-01', '2025-12-31', 'annual', 'b2025.xlsx'],
    ['2024-01-01', '2024-12-31', 'annual', 'balancete-corrigido.xlsx'],
    ['2025-07-01', '2025-09-30', 'trimestral', 'q3.xlsx'],
  ] as const) {
    const response = await upload(member, ownCompany, period(startDate, endDate, frequency), {
      data: await xlsx(CLEAN_ROWS),
      filename,
    });
    expect(response.statusCode, response.body).toBe(201);
  }
}

let lastNif = 200000100;
/** Another company of the member's, with no sheet yet. */
function freshCompany(): Promise<string> {
  lastNif += 1;
  return ctx.linkCompany(memberAccountId, { companyName: `Fresh ${lastNif}, Lda`, nif: String(lastNif) });
}

/** Uploads the clean trial balance as 2024 to a company; answers the stored sheet and the file's bytes. */
async function uploadClean2024(companyId: string) {
  const data = await xlsx(CLEAN_ROWS);
  const response = await upload(member, companyId, period('2024-01-01', '2024-12-31', 'Anual'), {
    data,
    filename: 'balancete.xlsx',
  });
  expect(response.statusCode, response.body).toBe(201);
  return { data, sheet: response.json() };
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  await seedReferenceData(ctx.db);
  leafCodes = treeLeaves(buildBalanceTree(await selfDiagnosisTree(ctx.db))).map((leaf) => leaf.code);
  const adminUser = await ctx.createUser({ email: 'admin@bs.cv', roles: ['admin'] });
  adminAccountId = adminUser.accountId;
  const memberUser = await ctx.createUser({ email: 'member@bs.cv', roles: ['company'] });
  const otherUser = await ctx.createUser({ email: 'other@bs.cv', roles: ['company'] });
  const partnerUser = await ctx.createUser({ email: 'partner@bs.cv', roles: ['partner'] });
  memberAccountId = memberUser.accountId;
  ownCompany = await ctx.linkCompany(memberUser.accountId, { companyName: 'Own, Lda', nif: '200000001' });
  otherCompany = await ctx.linkCompany(otherUser.accountId, { companyName: 'Other, Lda', nif: '200000002' });
  [admin, member, otherMember, partner] = await Promise.all([
    ctx.signIn(adminUser.email, adminUser.password),
    ctx.signIn(memberUser.email, memberUser.password),
    ctx.signIn(otherUser.email, otherUser.password),
    ctx.signIn(partnerUser.email, partnerUser.password),
  ]);
  await uploadOwnSheets();
});

afterAll(async () => {
  await ctx?.close();
});

describe('POST /app/api/v1/companies/{companyId}/balance-sheets', () => {
  it('stores a clean trial balance: listed with tag and frequency, aggregates as computed by hand', async () => {
    const company = await freshCompany();
    const { sheet: item } = await uploadClean2024(company);
    expect(item).toMatchObject({
      companyId: company,
      startDate: '2024-01-01',
      endDate: '2024-12-31',
      typeFrequence: 'annual',
      tag: 'Y0',
      source: 'upload',
      fileName: 'balancete.xlsx',
      version: 1,
    });
    const firstId = item.id;

    const list = await get(member, `/companies/${company}/balance-sheets`);
    expect(list.json()).toEqual([
      expect.objectContaining({ id: firstId, tag: 'Y0', typeFrequence: 'annual' }),
    ]);

    const detail = (await get(member, `/companies/${company}/balance-sheets/${firstId}`)).json();
    expect(detail.linesCount).toBe(5);
    expect(detail.values).toMatchObject({
      CAIXA: '1000.10',
      DO: '2000.20',
      CAP: '2500.30',
      VENDAS: '800.00',
      FSE: '300.00',
      AT: '3000.30',
      // Read as an accountant reads a trial balance before closing: equity holds the period's result
      // (sales 800 − external supplies 300 = 500, not yet closed to 818): 2 500.30 + 500 = Assets 3 000.30.
      CP: '3000.30',
      RLPER: '500.00',
      PT: '0.00',
      REND: '800.00',
      GAST: '300.00',
    });
    expect(detail.periodResultAdded).toEqual({ amount: '500.00', codes: ['CP', 'CPR', 'RLPER'] });

    const lines = (await get(member, `/companies/${company}/balance-sheets/${firstId}/lines`)).json();
    expect(lines.total).toBe(5);
    expect(lines.items[0]).toEqual({
      row: 2,
      account: '11',
      description: 'Caixa',
      debit: '1000.10',
      credit: '0.00',
    });

    const audit = await listAudit(ctx.db, { entity: 'balance-sheets', entityId: firstId });
    expect(audit.map((row) => row.action)).toEqual(['upload']);
  });

  it('gives back the original file byte for byte under its display name', async () => {
    const company = await freshCompany();
    const { data: original, sheet } = await uploadClean2024(company);
    const firstId = sheet.id;
    const response = await get(member, `/companies/${company}/balance-sheets/${firstId}/file`);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(original)).toBe(true);
    expect(response.headers['content-disposition']).toContain('filename="balancete.xlsx"');
  });

  it('keeps only the latest sheet of a period, tags later years and quarters, lists the latest period first', async () => {
    const company = await freshCompany();
    const firstId = (await uploadClean2024(company)).sheet.id;
    const next = await upload(member, company, period('2025-01-01', '2025-12-31'), {
      data: await xlsx(CLEAN_ROWS),
      filename: 'b2025.xlsx',
    });
    // 2024 uploaded again after 2025: it replaces the first 2024 but stays after 2025 in the list.
    const again = await upload(member, company, period('2024-01-01', '2024-12-31'), {
      data: await xlsx(CLEAN_ROWS),
      filename: 'balancete-corrigido.xlsx',
    });
    expect(again.statusCode, again.body).toBe(201);
    const quarter = await upload(member, company, period('2025-07-01', '2025-09-30', 'trimestral'), {
      data: await xlsx(CLEAN_ROWS),
      filename: 'q3.xlsx',
    });
    const list = (await get(member, `/companies/${company}/balance-sheets`)).json() as Array<{
      id: string;
      tag: string;
      fileName: string;
      previousBalanceSheetId?: string;
    }>;
    expect(list.map((sheet) => [sheet.fileName, sheet.tag])).toEqual([
      ['b2025.xlsx', 'Y1'],
      ['q3.xlsx', 'Q3'],
      ['balancete-corrigido.xlsx', 'Y0'],
    ]);
    expect(list.find((sheet) => sheet.id === next.json().id)?.previousBalanceSheetId).toBe(again.json().id);
    expect(quarter.json().tag).toBe('Q3');
    // The superseded sheet is still readable by id, marked replaced.
    const superseded = await get(member, `/companies/${company}/balance-sheets/${firstId}`);
    expect(superseded.statusCode).toBe(200);
    expect(superseded.json().replaced).toBe(true);

    // Asked for, the list keeps the replaced sheet, after the one that replaced it.
    const withReplaced = (
      await get(member, `/companies/${company}/balance-sheets?includeReplaced=true`)
    ).json() as Array<{ id: string; fileName: string; tag: string; replaced: boolean }>;
    expect(withReplaced.map((sheet) => [sheet.fileName, sheet.tag, sheet.replaced])).toEqual([
      ['b2025.xlsx', 'Y1', false],
      ['q3.xlsx', 'Q3', false],
      ['balancete-corrigido.xlsx', 'Y0', false],
      ['balancete.xlsx', 'Y0', true],
    ]);
    expect(withReplaced[3]?.id).toBe(firstId);
  });

  it('stores an upload whose totals pass 10^18 (2 002 lines of 999 999 999 999 999) exactly', async () => {
    const lines = Array.from({ length: 2002 }, (_, i) => {
      const debitSide = i < 1001;
      const k = debitSide ? i : i - 1001;
      const account = `${debitSide ? '11' : '51'}${String(k).padStart(8, '0')}`;
      return [
        account,
        `Conta ${i}`,
        debitSide ? 999_999_999_999_999 : 0,
        debitSide ? 0 : 999_999_999_999_999,
      ];
    });
    const response = await upload(member, ownCompany, period('2018-01-01', '2018-12-31'), {
      data: await xlsx([HEADER, ...lines]),
      filename: 'enorme.xlsx',
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().id as string;
    const detail = (await get(member, `/companies/${ownCompany}/balance-sheets/${id}`)).json();
    expect(detail.linesCount).toBe(2002);
    expect(detail.values).toMatchObject({
      CAIXA: '1000999999999998999.00',
      AT: '1000999999999998999.00',
      CAP: '1000999999999998999.00',
      CP: '1000999999999998999.00',
    });
    await send(member, 'DELETE', `/companies/${ownCompany}/balance-sheets/${id}`);
  });

  it('refuses year 0000 and dates outside 1900…2999 on upload, entry and correction (400, nothing stored)', async () => {
    const before = await sheetCount();
    const uploaded = await upload(member, ownCompany, period('0000-01-01', '0000-12-31'), {
      data: await xlsx(CLEAN_ROWS),
      filename: 'ano-zero.xlsx',
    });
    expect(uploaded.statusCode, uploaded.body).toBe(400);
    expect(uploaded.json().error.details).toEqual([
      { path: 'startDate', message: 'Enter a date from 1900 to 2999.' },
      { path: 'endDate', message: 'Enter a date from 1900 to 2999.' },
    ]);
    const entered = await send(member, 'POST', `/companies/${ownCompany}/balance-sheets/entries`, {
      ...period('0000-01-01', '2024-12-31'),
      values: leafValues({}),
    });
    expect(entered.statusCode, entered.body).toBe(400);
    expect(entered.json().error.details).toContainEqual(
      expect.objectContaining({ path: 'startDate', message: 'Enter a date from 1900 to 2999.' }),
    );
    const [sheet] = await ctx.db.select().from(balanceSheets).where(eq(balanceSheets.companyId, ownCompany));
    if (!sheet) throw new Error('no sheet');
    const corrected = await send(
      member,
      'PUT',
      `/companies/${ownCompany}/balance-sheets/${sheet.id}/entries`,
      {
        ...period('2024-01-01', '3000-12-31'),
        values: leafValues({}),
      },
    );
    expect(corrected.statusCode, corrected.body).toBe(400);
    expect(await sheetCount()).toBe(before);
    const [after] = await ctx.db.select().from(balanceSheets).where(eq(balanceSheets.id, sheet.id));
    expect(after?.endDate).toBe(sheet.endDate);
  });

  it('refuses an end date before the start date and a missing file, storing nothing', async () => {
    const before = await sheetCount();
    const dates = await upload(member, ownCompany, period('2024-12-31', '2024-01-01'), {
      data: await xlsx(CLEAN_ROWS),
      filename: 'b.xlsx',
    });
    expect(dates.statusCode).toBe(400);
    expect(dates.json().error.details).toContainEqual(
      expect.objectContaining({ path: 'endDate', message: 'End date cannot be before the Start Date!' }),
    );
    const noFile = await upload(member, ownCompany, period('2024-01-01', '2024-12-31'), null);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.message).toBe('Please select a XLSX file.');
    expect(await sheetCount()).toBe(before);
  });
});

describe('the public template', () => {
  it('GET /app/api/v1/balance-sheets/template.xlsx: header, samples and the rules sheet in the language asked', async () => {
    const response = await get(null, '/balance-sheets/template.xlsx?lang=fr');
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const [data, rules] = workbook.worksheets;
    expect(data?.getRow(1).values).toEqual([undefined, 'Compte', 'Libellé', 'Débit cumulé', 'Crédit cumulé']);
    expect(data?.rowCount).toBe(4);
    expect(rules?.name).toBe('Règles');
    expect(String(rules?.getCell('A2').value)).toContain('Quatre colonnes');

    // The template, filled as it is, is a valid upload.
    const stored = await upload(member, ownCompany, period('2023-01-01', '2023-12-31'), {
      data: response.rawPayload,
      filename: 'modele.xlsx',
    });
    expect(stored.statusCode, stored.body).toBe(201);
    await send(member, 'DELETE', `/companies/${ownCompany}/balance-sheets/${stored.json().id}`);
  });
});

describe('access to balance sheets', () => {
  let sheetId: string;

  beforeAll(async () => {
    const response = await upload(
      otherMember,
      otherCompany,
      period('2024-01-01', '2024-06-30', 'semestral'),
      {
        data: await xlsx(CLEAN_ROWS),
        filename: 'other.xlsx',
      },
    );
    sheetId = response.json().id;
  });

  it('a company user cannot list, read, download, change or delete another company’s sheets (404)', async () => {
    const base = `/companies/${otherCompany}/balance-sheets`;
    expect((await get(member, base)).statusCode).toBe(404);
    expect((await get(member, `${base}/${sheetId}`)).statusCode).toBe(404);
    expect((await get(member, `${base}/${sheetId}/file`)).statusCode).toBe(404);
    expect((await get(member, `${base}/${sheetId}/lines`)).statusCode).toBe(404);
    expect((await send(member, 'DELETE', `${base}/${sheetId}`)).statusCode).toBe(404);
    const body = { ...period('2024-01-01', '2024-06-30', 'semiannual'), values: leafValues({}) };
    expect((await send(member, 'PUT', `${base}/${sheetId}/entries`, body)).statusCode).toBe(404);
    // Nor reach it through their own company's path.
    expect((await get(member, `/companies/${ownCompany}/balance-sheets/${sheetId}`)).statusCode).toBe(404);
    const upload404 = await upload(member, otherCompany, period('2024-01-01', '2024-12-31'), {
      data: await xlsx(CLEAN_ROWS),
      filename: 'x.xlsx',
    });
    expect(upload404.statusCode).toBe(404);
    expect((await get(otherMember, `${base}/${sheetId}`)).statusCode).toBe(200);
  });

  it('partners are refused (403); admins read any company', async () => {
    expect((await get(partner, `/companies/${otherCompany}/balance-sheets`)).statusCode).toBe(403);
    expect((await get(partner, '/balance-sheets')).statusCode).toBe(403);
    expect((await get(admin, `/companies/${otherCompany}/balance-sheets/${sheetId}`)).json().tag).toBe('S1');
  });

  it('DELETE soft-deletes: 204, gone from the list, audited', async () => {
    const response = await send(
      otherMember,
      'DELETE',
      `/companies/${otherCompany}/balance-sheets/${sheetId}`,
    );
    expect(response.statusCode).toBe(204);
    expect((await get(otherMember, `/companies/${otherCompany}/balance-sheets`)).json()).toEqual([]);
    expect((await get(otherMember, `/companies/${otherCompany}/balance-sheets/${sheetId}`)).statusCode).toBe(
      404,
    );
    const [row] = await ctx.db.select().from(balanceSheets).where(eq(balanceSheets.id, sheetId));
    expect(row?.deletedAt).not.toBeNull();
    const audit = await listAudit(ctx.db, { entity: 'balance-sheets', entityId: sheetId });
    expect(audit[0]?.action).toBe('delete');
  });
});

describe('POST /app/api/v1/companies/{companyId}/balance-sheets/entries', () => {
  const url = () => `/companies/${ownCompany}/balance-sheets/entries`;

  it('stores cost lines on their natural side whatever the sign typed, and rolls up', async () => {
    const response = await send(member, 'POST', url(), {
      ...period('2022-01-01', '2022-01-31', 'mensal'),
      values: leafValues({ CAIXA: '150.50', CAP: '100.50', FSE: '-40', VENDAS: '90' }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const detail = response.json();
    expect(detail).toMatchObject({ source: 'entry', fileName: null, linesCount: 0 });
    // Equity holds the period's result still in the income statement: 100.50 + (90 − 40) = Assets.
    expect(detail.values).toMatchObject({ FSE: '40.00', GAST: '40.00', REND: '90.00', AT: '150.50' });
  });

  it('a semiannual sheet entered before closing: the check, the sheet as read and the diagnosis count its result in equity once', async () => {
    const owner = await ctx.createUser({ email: 'semester@bs.cv', roles: ['company'] });
    const company = await ctx.linkCompany(owner.accountId, {
      companyName: 'Semestre, Lda',
      nif: '200000031',
    });
    const session = await ctx.signIn(owner.email, owner.password);
    const entries = `/companies/${company}/balance-sheets/entries`;
    const semester = period('2026-01-01', '2026-06-30', 'semiannual');
    // Fixed assets 1 200 000, customers 300 000, capital 1 000 000, suppliers 200 000, personnel costs 500 000.
    // Debits 1 200 000 + 300 000 + 500 000 = 2 000 000; credits 1 000 000 + 200 000 = 1 200 000.
    const entered = { AFT: '1200000', CLI: '300000', CAP: '1000000', FORN: '200000', GP: '500000' };
    const short = await send(session, 'POST', entries, { ...semester, values: leafValues(entered) });
    expect(short.statusCode).toBe(400);
    // Equity before closing = 1 000 000 + result (−500 000) = 500 000: 800 000 short of Assets − Liabilities.
    expect(short.json().error.details[0].message).toBe(
      'The Assets value is not equal to the sum of the Equity value + the Liabilities value (difference: 800\u00a0000)',
    );

    const created = await send(session, 'POST', entries, {
      ...semester,
      values: leafValues({ ...entered, RT: '800000' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    // Equity before closing = 1 000 000 + 800 000 + result (−500 000) = 1 300 000; + Liabilities 200 000 =
    // 1 500 000 = Assets. Not 1 800 000, the result left out.
    const asRead = {
      AT: '1500000.00',
      CP: '1300000.00',
      CPR: '300000.00',
      RT: '800000.00',
      RLPER: '-500000.00',
      PT: '200000.00',
      REND: '0.00',
      GAST: '500000.00',
      GP: '500000.00',
    };
    expect(created.json().values).toMatchObject(asRead);
    expect(created.json().periodResultAdded).toEqual({ amount: '-500000.00', codes: ['CP', 'CPR', 'RLPER'] });
    const id = created.json().id as string;
    // The balance sheet and income statement views read the sheet back the same way.
    const read = (await get(session, `/companies/${company}/balance-sheets/${id}`)).json();
    expect(read.values).toMatchObject(asRead);
    // The diagnosis reads the same equity: AF = CP / AT = 1 300 000 / 1 500 000.
    const diagnosis = await send(session, 'POST', `/companies/${company}/diagnoses`, { balanceSheetId: id });
    expect(diagnosis.statusCode, diagnosis.body).toBe(201);
    const af = (
      diagnosis.json().currentAutoFinancialIndicators as Array<{
        criterion: { code: string };
        inputs: Array<{ name: string; value: string }>;
      }>
    ).find((indicator) => indicator.criterion.code === 'AF');
    expect(af?.inputs.map((input) => [input.name, input.value])).toEqual([
      ['CP', '1300000'],
      ['AT', '1500000'],
    ]);

    // The result typed a second time as the net result for the period is still counted once.
    const typedTwice = await send(session, 'PUT', `/companies/${company}/balance-sheets/${id}/entries`, {
      ...semester,
      values: leafValues({ ...entered, RT: '800000', RLPER: '-500000' }),
    });
    expect(typedTwice.statusCode, typedTwice.body).toBe(200);
    expect(typedTwice.json().values).toMatchObject(asRead);
    expect(typedTwice.json().periodResultAdded).toBeNull();
  });

  it('refuses a sheet whose Assets differ from Equity + Liabilities, with the difference', async () => {
    const before = await sheetCount();
    const response = await send(member, 'POST', url(), {
      ...period('2021-01-01', '2021-12-31'),
      values: leafValues({ CAIXA: '100', CAP: '90' }),
    });
    expect(response.statusCode).toBe(400);
    const body = response.json().error;
    expect(body.code).toBe('assets_mismatch');
    expect(body.message).toBe(
      'The Assets value is not equal to the sum of the Equity value + the Liabilities value',
    );
    expect(body.details[0].message).toContain('(difference: 10)');
    expect(await sheetCount()).toBe(before);
  });

  it('accepts Assets of -1 with Equity and Liabilities at 0 only with the option', async () => {
    const values = leafValues({ CAIXA: '-1' });
    const refused = await send(member, 'POST', url(), { ...period('2020-01-01', '2020-12-31'), values });
    expect(refused.statusCode).toBe(400);
    const accepted = await send(
      member,
      'POST',
      `${url()}?allowAssetsMinusOneWithZeroEquityAndLiabilities=true`,
      {
        ...period('2020-01-01', '2020-12-31'),
        values,
      },
    );
    expect(accepted.statusCode, accepted.body).toBe(201);
    await send(member, 'DELETE', `/companies/${ownCompany}/balance-sheets/${accepted.json().id}`);
  });

  it('saves and reads back exactly totals past 10^18: two 18-digit asset leaves and two equity leaves', async () => {
    const huge = '900000000000000000';
    const response = await send(member, 'POST', url(), {
      ...period('2019-01-01', '2019-12-31'),
      values: leafValues({ CAIXA: huge, DO: `${huge}.99`, CAP: huge, RES: `${huge}.99` }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().id as string;
    const expected = {
      CAIXA: '900000000000000000.00',
      DO: '900000000000000000.99',
      AT: '1800000000000000000.99',
      CP: '1800000000000000000.99',
    };
    expect(response.json().values).toMatchObject(expected);
    const read = await get(member, `/companies/${ownCompany}/balance-sheets/${id}`);
    expect(read.json().values).toMatchObject(expected);

    const updated = await send(member, 'PUT', `/companies/${ownCompany}/balance-sheets/${id}/entries`, {
      ...period('2019-01-01', '2019-12-31'),
      values: leafValues({
        CAIXA: '999999999999999999.99',
        DO: huge,
        CAP: huge,
        RES: '999999999999999999.99',
      }),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().values).toMatchObject({
      AT: '1899999999999999999.99',
      CP: '1899999999999999999.99',
    });
    await send(member, 'DELETE', `/companies/${ownCompany}/balance-sheets/${id}`);
  });

  it("'Fill all fields!' when a leaf is missing; unknown and client-only keys are refused", async () => {
    const { CAIXA: _left, ...missing } = leafValues({});
    const fill = await send(member, 'POST', url(), {
      ...period('2021-01-01', '2021-12-31'),
      values: missing,
    });
    expect(fill.statusCode).toBe(400);
    expect(fill.json().error.message).toBe('Fill all fields!');

    for (const extra of [
      'result',
      'opened',
      'inputError',
      'checkError',
      'dateInsert',
      'dateUpdate',
      'status',
    ]) {
      const response = await send(member, 'POST', url(), {
        ...period('2021-01-01', '2021-12-31'),
        values: leafValues({}),
        [extra]: extra === 'opened' ? true : 'x',
      });
      expect(response.statusCode, extra).toBe(400);
    }
    const unknownNode = await send(member, 'POST', url(), {
      ...period('2021-01-01', '2021-12-31'),
      values: leafValues({ NOT_A_NODE: '1' }),
    });
    expect(unknownNode.statusCode).toBe(400);
  });

  it('refuses an amount with 3 decimals (never rounds a total silently), in the caller’s language', async () => {
    const before = await sheetCount();
    for (const [language, message] of [
      ['en', 'Enter an amount with at most 2 decimals.'],
      ['pt', 'Indique um valor com no máximo 2 casas decimais.'],
      ['fr', 'Saisissez un montant avec au plus 2 décimales.'],
    ] as const) {
      const response = await send(
        member,
        'POST',
        url(),
        { ...period('2021-01-01', '2021-12-31'), values: leafValues({ CAIXA: '1000.005' }) },
        { language },
      );
      expect(response.statusCode, language).toBe(400);
      const error = response.json().error;
      expect(JSON.stringify(error), language).toContain(message);
      expect(error.details.map((detail: { path: string }) => detail.path)).toContain('values.CAIXA');
    }
    expect(await sheetCount()).toBe(before);
  });

  it('an admin corrects an uploaded sheet for a company: recomputed, version bumped, audited as the admin', async () => {
    const list = (await get(admin, `/companies/${ownCompany}/balance-sheets`)).json() as Array<{
      id: string;
      source: string;
      version: number;
      startDate: string;
      endDate: string;
      typeFrequence: string;
      dateInsert: string;
    }>;
    // The upload inserted last (the list is in period order).
    const uploaded = list
      .filter((sheet) => sheet.source === 'upload')
      .sort((a, b) => b.dateInsert.localeCompare(a.dateInsert))[0];
    if (!uploaded) throw new Error('no uploaded sheet');
    const response = await send(
      admin,
      'PUT',
      `/companies/${ownCompany}/balance-sheets/${uploaded.id}/entries`,
      {
        ...period(uploaded.startDate, uploaded.endDate, uploaded.typeFrequence),
        values: leafValues({ CAIXA: '700', DO: '300', CAP: '1000' }),
        version: uploaded.version,
      },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().values).toMatchObject({ AT: '1000.00', CP: '1000.00', DO: '300.00' });
    expect(response.json().version).toBe(uploaded.version + 1);
    const [audit] = await listAudit(ctx.db, { entity: 'balance-sheets', entityId: uploaded.id });
    expect(audit).toMatchObject({ action: 'update', actorAccountId: adminAccountId });
    expect(audit?.after).toMatchObject({ byAdmin: true });

    const stale = await send(admin, 'PUT', `/companies/${ownCompany}/balance-sheets/${uploaded.id}/entries`, {
      ...period(uploaded.startDate, uploaded.endDate, uploaded.typeFrequence),
      values: leafValues({ CAIXA: '700', DO: '300', CAP: '1000' }),
      version: uploaded.version,
    });
    expect(stale.statusCode).toBe(409);
  });
});

describe('admin lists and comparator', () => {
  it('GET /app/api/v1/balance-sheets filters across companies; export is an xlsx', async () => {
    const all = (await get(admin, '/balance-sheets?frequency=annual')).json();
    expect(all.total).toBeGreaterThan(0);
    expect(all.items.every((item: { typeFrequence: string }) => item.typeFrequence === 'annual')).toBe(true);
    const byName = (await get(admin, '/balance-sheets?search=own&year=2025')).json();
    expect(
      byName.items.map((item: { companyName: string; tag: string }) => [item.companyName, item.tag]),
    ).toEqual([
      ['Own, Lda', 'Q3'],
      ['Own, Lda', 'Y1'],
    ]);
    const exported = await get(admin, '/balance-sheets/export?search=own');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
  });

  it('the admin list and export leave out sheets superseded by a newer one of the same period, as company views do', async () => {
    const companyView = (await get(admin, `/companies/${ownCompany}/balance-sheets`)).json() as Array<{
      id: string;
      startDate: string;
    }>;
    const kept2024 = companyView
      .filter((sheet) => sheet.startDate.startsWith('2024'))
      .map((sheet) => sheet.id);
    expect(kept2024).toHaveLength(1);
    // Two uploads of 2024-01-01…2024-12-31 were stored: only the later one is listed.
    const list = (await get(admin, `/balance-sheets?companyId=${ownCompany}&year=2024`)).json();
    expect(list.items.map((item: { id: string }) => item.id)).toEqual(kept2024);
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({ fileName: 'balancete-corrigido.xlsx', tag: 'Y0' });

    const exported = await get(admin, `/balance-sheets/export?companyId=${ownCompany}&year=2024`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.actualRowCount).toBe(2);
    expect(sheet?.getRow(2).getCell(8).value).toBe('balancete-corrigido.xlsx');
  });

  it('searches a name without its accents and a NIF with LIKE wildcards taken literally', async () => {
    const owner = await ctx.createUser({ email: 'acoes@bs.cv', roles: ['company'] });
    const accented = await ctx.linkCompany(owner.accountId, {
      companyName: 'Ações Êxito, Lda',
      nif: '200100003',
    });
    const entered = await send(admin, 'POST', `/companies/${accented}/balance-sheets/entries`, {
      ...period('2022-01-01', '2022-12-31'),
      values: leafValues({ CAIXA: '700', DO: '300', CAP: '1000' }),
    });
    expect(entered.statusCode, entered.body).toBe(201);
    const found = async (search: string) =>
      (await get(admin, `/balance-sheets?search=${encodeURIComponent(search)}`))
        .json()
        .items.map((item: { companyName: string }) => item.companyName);

    expect(await found('acoes exito')).toEqual(['Ações Êxito, Lda']);
    expect(await found('AÇÕES')).toEqual(['Ações Êxito, Lda']);
    expect(await found('2001000')).toEqual(['Ações Êxito, Lda']);
    // As LIKE wildcards, '_' and '%' would match any digit of 200100003.
    expect(await found('2001_0')).toEqual([]);
    expect(await found('2001%3')).toEqual([]);
    expect(await found('%')).toEqual([]);
    expect(await found('_')).toEqual([]);
  });

  it('GET /app/api/v1/balance-sheets/compare: values of two sheets and right − left', async () => {
    // A monthly sheet entered by hand (February 2022, cash 150.50) and the 2025 upload (cash 1000.10).
    const response2022 = await send(member, 'POST', `/companies/${ownCompany}/balance-sheets/entries`, {
      ...period('2022-02-01', '2022-02-28', 'mensal'),
      values: leafValues({ CAIXA: '150.50', CAP: '100.50', FSE: '-40', VENDAS: '90' }),
    });
    expect(response2022.statusCode, response2022.body).toBe(201);
    const entered = response2022.json() as { id: string };
    const list = (await get(admin, `/companies/${ownCompany}/balance-sheets`)).json() as Array<{
      id: string;
      fileName: string | null;
    }>;
    const y1 = list.find((sheet) => sheet.fileName === 'b2025.xlsx');
    if (!y1) throw new Error('no 2025 upload');
    const response = await get(admin, `/balance-sheets/compare?left=${entered.id}&right=${y1.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const comparison = response.json();
    expect(comparison.left.companyName).toBe('Own, Lda');
    expect(comparison.rows).toContainEqual({
      code: 'CAIXA',
      left: '150.50',
      right: '1000.10',
      difference: '849.60',
    });
    expect(comparison.rows[0].code).toBe('AT');
    expect((await get(member, `/balance-sheets/compare?left=${entered.id}&right=${y1.id}`)).statusCode).toBe(
      403,
    );
  });
});

describe('concurrent uploads for one company', () => {
  // Every write of a company's sheets rebuilds its indicator values (delete, then insert): without a lock per
  // company, two writes at once inserted the same (sheet, criterion) rows and one answered 500 on PostgreSQL.
  it('all succeed and leave one indicator value per kept sheet and active criterion, as a rebuild computes', async () => {
    const owner = await ctx.createUser({ email: 'concurrent@bs.cv', roles: ['company'] });
    const companyId = await ctx.linkCompany(owner.accountId, {
      companyName: 'Concurrent, Lda',
      nif: '200100009',
    });
    const session = await ctx.signIn(owner.email, owner.password);
    const data = await xlsx(CLEAN_ROWS);
    const years = [2019, 2020, 2021, 2022, 2023, 2024];
    const responses = await Promise.all(
      years.map((year) =>
        upload(session, companyId, period(`${year}-01-01`, `${year}-12-31`), {
          data,
          filename: `b${year}.xlsx`,
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(years.map(() => 201));

    const criteriaCount = (await activeCriteria(ctx.db)).length;
    expect(criteriaCount).toBeGreaterThan(0);
    const snapshot = async () =>
      (
        await ctx.db
          .select({
            sheet: indicatorValues.balanceSheetId,
            criterion: indicatorValues.criterionId,
            value: indicatorValues.value,
            passed: indicatorValues.passed,
          })
          .from(indicatorValues)
          .where(eq(indicatorValues.companyId, companyId))
      )
        .map((row) => JSON.stringify(row))
        .sort();
    const stored = await snapshot();
    expect(stored).toHaveLength(years.length * criteriaCount);
    // prev() of each year reads the year before, uploaded concurrently: a fresh rebuild gives the same rows.
    await ctx.db.transaction((tx) => refreshCompanyIndicators(tx, companyId));
    expect(await snapshot()).toEqual(stored);
  });
});

describe('stored files', () => {
  it('every stored upload has its file row', async () => {
    const [sheets] = await ctx.db
      .select({ n: count() })
      .from(balanceSheets)
      .where(eq(balanceSheets.source, 'upload'));
    const [rows] = await ctx.db.select({ n: count() }).from(files).where(eq(files.kind, 'balance-sheet'));
    expect(rows?.n).toBe(sheets?.n);
  });
});

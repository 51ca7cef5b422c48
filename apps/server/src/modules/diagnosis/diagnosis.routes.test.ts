import { buildBalanceTree, CRITERION_TYPE_CODES, type CriterionItem, treeLeaves } from '@excelencia/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER, multipart, xlsx } from '../../../test/support/balance-sheets.ts';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { SHEET_2023, SHEET_2024 } from '../../../test/support/eligible-sheets.ts';
import { apiCalls } from '../../../test/support/http.ts';
import { caeDivisions, companies, criteria, indicatorValues, sdCategories } from '../../db/schema/index.ts';
import { listAudit } from '../../platform/audit/audit.ts';
import { seedReferenceData } from '../../seed/seed-reference.ts';
import { createReferenceService, selfDiagnosisTree } from '../reference/index.ts';

let ctx: TestContext;
let admin: SignedIn;
let member: SignedIn;
let otherMember: SignedIn;
let partner: SignedIn;
let ownCompany: string;
let otherCompany: string;
let leafCodes: string[];
let retailDivision: string;

const { get, send } = apiCalls(() => ctx.app, { language: 'en' });

/** Enters a sheet by hand (every leaf 0 but the given ones); answers its id. */
async function enterSheet(
  session: SignedIn,
  companyId: string,
  startDate: string,
  endDate: string,
  values: Record<string, string>,
  typeFrequence = 'annual',
): Promise<string> {
  const response = await send(session, 'POST', `/companies/${companyId}/balance-sheets/entries`, {
    startDate,
    endDate,
    typeFrequence,
    values: { ...Object.fromEntries(leafCodes.map((code) => [code, '0'])), ...values },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

type Indicator = {
  criterion: { code: string; typedescCriterion: { code: string } };
  value: string | null;
  passed: boolean | null;
  previousValue?: string | null;
  change?: { percent: string; direction: string } | null;
  sector?: { median: string; companies: number } | null;
  inputs: Array<{ name: string; period: string; value: string | null; accountCodes: string[] }>;
  reason: { key: string } | null;
  annualised: boolean;
};

const byCode = (indicators: Indicator[], code: string) => {
  const found = indicators.find((indicator) => indicator.criterion.code === code);
  if (!found) throw new Error(`no indicator ${code}`);
  return found;
};

let sheet2023: string;
let sheet2024: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  await seedReferenceData(ctx.db);
  leafCodes = treeLeaves(buildBalanceTree(await selfDiagnosisTree(ctx.db))).map((leaf) => leaf.code);
  for (const code of Object.keys(SHEET_2024)) expect(leafCodes).toContain(code);
  const [division] = await ctx.db.select().from(caeDivisions).where(eq(caeDivisions.code, '47'));
  retailDivision = division?.id ?? '';
  const adminUser = await ctx.createUser({ email: 'admin@dg.cv', roles: ['admin'] });
  const memberUser = await ctx.createUser({ email: 'member@dg.cv', roles: ['company'] });
  const otherUser = await ctx.createUser({ email: 'other@dg.cv', roles: ['company'] });
  const partnerUser = await ctx.createUser({ email: 'partner@dg.cv', roles: ['partner'] });
  ownCompany = await ctx.linkCompany(memberUser.accountId, { companyName: 'Own, Lda', nif: '200000011' });
  otherCompany = await ctx.linkCompany(otherUser.accountId, { companyName: 'Other, Lda', nif: '200000012' });
  await ctx.db.update(companies).set({ caeDivisionId: retailDivision }).where(eq(companies.id, ownCompany));
  [admin, member, otherMember, partner] = await Promise.all([
    ctx.signIn(adminUser.email, adminUser.password),
    ctx.signIn(memberUser.email, memberUser.password),
    ctx.signIn(otherUser.email, otherUser.password),
    ctx.signIn(partnerUser.email, partnerUser.password),
  ]);
  sheet2023 = await enterSheet(member, ownCompany, '2023-01-01', '2023-12-31', SHEET_2023);
  sheet2024 = await enterSheet(member, ownCompany, '2024-01-01', '2024-12-31', SHEET_2024);
});

afterAll(async () => {
  await ctx?.close();
});

type SavedDiagnosis = { id: string; currentAutoFinancialIndicators: Indicator[] } & Record<string, unknown>;

/** Saves a diagnosis of the member's 2024 sheet (compared with another sheet when given); answers it as saved. */
async function saveDiagnosis(previousBalanceSheetId?: string): Promise<SavedDiagnosis> {
  const response = await send(member, 'POST', `/companies/${ownCompany}/diagnoses`, {
    balanceSheetId: sheet2024,
    ...(previousBalanceSheetId ? { previousBalanceSheetId } : {}),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('POST /app/api/v1/companies/{companyId}/diagnoses', () => {
  it('runs a simple diagnosis: every criterion by type EE, F, L, RE, RF, C, values computed by hand', async () => {
    const response = await send(member, 'POST', `/companies/${ownCompany}/diagnoses`, {
      balanceSheetId: sheet2024,
    });
    expect(response.statusCode, response.body).toBe(201);
    const simple: SavedDiagnosis = response.json();
    expect(simple).toMatchObject({
      type: 'simple',
      companyName: 'Own, Lda',
      balanceSheet: { id: sheet2024, tag: 'Y1', typeFrequence: 'annual' },
      previousBalanceSheet: null,
      annualisedMonths: null,
      previousAutoFinancialIndicators: [],
    });
    const indicators = simple.currentAutoFinancialIndicators;
    expect(indicators).toHaveLength(25);
    const typeOrder = indicators.map((i) =>
      CRITERION_TYPE_CODES.indexOf(i.criterion.typedescCriterion.code as 'C'),
    );
    expect(typeOrder).toEqual([...typeOrder].sort((a, b) => a - b));
    expect(
      indicators.filter((i) => i.criterion.typedescCriterion.code === 'C').map((i) => i.criterion.code),
    ).toEqual(['RLP', 'EBITDA', 'EBITDA_2A', 'DFL_EBITDA', 'RCP', 'AF', 'EBITDA_AT', 'EBITDA_VN']);
    // RLP = REND − GAST = 825 000 − 775 000 = 50 000 > 0
    expect(byCode(indicators, 'RLP')).toMatchObject({ value: '50000', passed: true });
    // AF = CP / AT = (350 000 + the result 50 000) / 1 000 000 = 0.4 ≥ 0.375
    expect(byCode(indicators, 'AF')).toMatchObject({ value: '0.4', passed: true });
    // RCP = (REND − GAST) / CP = 50 000 / 400 000 = 0.125 ≥ 0.1
    expect(byCode(indicators, 'RCP')).toMatchObject({ value: '0.125', passed: true });
    // EBITDA_2A = min(120 000, 90 000) with the 2023 sheet found as the previous period
    expect(byCode(indicators, 'EBITDA_2A')).toMatchObject({ value: '90000', passed: true });
    // DFL_EBITDA = (DF_NC + DF_C − CX) / EBITDA = (250 000 + 50 000 − 100 000) / 120 000 = 1.666… ≤ 3
    expect(byCode(indicators, 'DFL_EBITDA')).toMatchObject({ value: '1.66666666666666666667', passed: true });
    // The inputs behind AF: the aggregates with their account codes.
    expect(byCode(indicators, 'AF').inputs).toEqual([
      expect.objectContaining({ name: 'CP', period: 'current', value: '400000' }),
      expect.objectContaining({ name: 'AT', period: 'current', value: '1000000' }),
    ]);
    expect(byCode(indicators, 'AF').inputs[1]?.accountCodes.length).toBeGreaterThan(0);
    expect(simple.passedCount).toBe(indicators.filter((i) => i.passed).length);
  });

  it('compares with a previous sheet: its indicators, the change with one decimal and its direction', async () => {
    const response = await send(member, 'POST', `/companies/${ownCompany}/diagnoses`, {
      balanceSheetId: sheet2024,
      previousBalanceSheetId: sheet2023,
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.type).toBe('comparison');
    expect(body.previousBalanceSheet).toMatchObject({ id: sheet2023, tag: 'Y0' });
    expect(body.previousAutoFinancialIndicators).toHaveLength(25);
    // RLP: 25 000 → 50 000 = +100.0 %; EBITDA: 90 000 → 120 000 = +33.3 %
    expect(byCode(body.currentAutoFinancialIndicators, 'RLP')).toMatchObject({
      previousValue: '25000',
      change: { percent: '100.0', direction: 'up' },
    });
    expect(byCode(body.currentAutoFinancialIndicators, 'EBITDA')).toMatchObject({
      previousValue: '90000',
      change: { percent: '33.3', direction: 'up' },
    });
    // EBITDA_VN: 120 000 / 800 000 = 0.15 against 90 000 / 700 000 = 0.128571…: +16.7 %
    expect(byCode(body.currentAutoFinancialIndicators, 'EBITDA_VN').change).toEqual({
      percent: '16.7',
      direction: 'up',
    });
  });

  it('annualises the flows of a quarter and says so', async () => {
    // A quarter of the 2024 year's flows (a quarter of every income-statement leaf), stocks unchanged.
    const quarter = Object.fromEntries(
      Object.entries(SHEET_2024).map(([code, value]) =>
        ['VENDAS', 'PSERV', 'SUBEXP', 'RFIN', 'CMVMC', 'FSE', 'GP', 'DEP', 'JUR', 'IRC'].includes(code)
          ? [code, String(Number(value) / 4)]
          : [code, code === 'RES' ? String(100000 + 37500) : value],
      ),
    );
    const id = await enterSheet(member, ownCompany, '2024-01-01', '2024-03-31', quarter, 'quarterly');
    const response = await send(member, 'POST', `/companies/${ownCompany}/diagnoses`, { balanceSheetId: id });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.annualisedMonths).toBe(3);
    // EBITDA_VN is a ratio of two flows: the same 0.15 as the year's
    expect(byCode(body.currentAutoFinancialIndicators, 'EBITDA_VN')).toMatchObject({
      value: '0.15',
      annualised: true,
    });
    // F_RA = VN / AT: 200 000 × 12 / 3 = 800 000 over 1 000 000 = 0.8 (not 0.2)
    expect(byCode(body.currentAutoFinancialIndicators, 'F_RA')).toMatchObject({
      value: '0.8',
      annualised: true,
    });
    // AF = CP / AT with the quarter's own result (825 000 − 775 000) / 4 = 12 500, not annualised:
    // (250 000 + 137 500 + 12 500) / 1 000 000 = 0.4
    expect(byCode(body.currentAutoFinancialIndicators, 'AF')).toMatchObject({
      value: '0.4',
      annualised: false,
    });
    // Without the first quarter of 2023, prev() reads the 2023 annual sheet: min(120 000, 90 000).
    const twoYears = byCode(body.currentAutoFinancialIndicators, 'EBITDA_2A');
    expect(twoYears).toMatchObject({ value: '90000', passed: true });
    expect(twoYears.inputs).toContainEqual(
      expect.objectContaining({ name: 'REXP', period: 'previous', value: '700000' }),
    );
  });

  it('refuses a previous sheet that does not end earlier, the same sheet, an unknown one and a bad body', async () => {
    const later = await send(member, 'POST', `/companies/${ownCompany}/diagnoses`, {
      balanceSheetId: sheet2023,
      previousBalanceSheetId: sheet2024,
    });
    expect(later.statusCode).toBe(400);
    expect(later.json().error).toMatchObject({
      code: 'previous_not_earlier',
      message: 'The previous trial balance must end before the one analysed.',
    });
    const same = await send(member, 'POST', `/companies/${ownCompany}/diagnoses`, {
      balanceSheetId: sheet2024,
      previousBalanceSheetId: sheet2024,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.details).toEqual([
      {
        path: 'previousBalanceSheetId',
        message: 'The previous trial balance must differ from the one analysed.',
      },
    ]);
    const unknown = await send(member, 'POST', `/companies/${ownCompany}/diagnoses`, {
      balanceSheetId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await send(member, 'POST', `/companies/${ownCompany}/diagnoses`, {
      balanceSheetId: 42,
      extra: 1,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps a saved diagnosis exactly as it was after the criteria change, and lists the newest first', async () => {
    const simple = await saveDiagnosis();
    await saveDiagnosis(sheet2023);
    // AF = 0.4 passes the seeded ≥ 0.375 and fails the edited ≥ 0.45.
    const [af] = await ctx.db.select().from(criteria).where(eq(criteria.code, 'AF'));
    const item = (await get(admin, `/criteria/${af?.id}`)).json();
    const edited = await send(admin, 'PUT', `/criteria/${af?.id}`, {
      code: item.code,
      description: item.description,
      formula: item.formula,
      targetComparison: item.targetComparison,
      targetValue: '0.45',
      recommendation: item.recommendation,
      criterionTypeId: item.criterionTypeId,
      sortOrder: item.sortOrder,
      isApplicationCriterion: item.isApplicationCriterion,
      isActive: item.isActive,
      version: item.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const reopened = await get(member, `/companies/${ownCompany}/diagnoses/${simple.id}`);
    expect(reopened.json()).toEqual(simple);
    expect(byCode(reopened.json().currentAutoFinancialIndicators, 'AF')).toMatchObject({
      target: { comparison: '>=', value: '0.375' },
      passed: true,
    });
    const fresh = await send(member, 'POST', `/companies/${ownCompany}/diagnoses`, {
      balanceSheetId: sheet2024,
    });
    expect(byCode(fresh.json().currentAutoFinancialIndicators, 'AF')).toMatchObject({
      target: { comparison: '>=', value: '0.45' },
      passed: false,
    });

    const list = (await get(member, `/companies/${ownCompany}/diagnoses`)).json();
    expect(list[0].id).toBe(fresh.json().id);
    expect(list.map((d: { id: string }) => d.id)).toContain(simple.id);
    expect(list[0]).toMatchObject({ type: 'simple', balanceSheet: { id: sheet2024 }, computableCount: 25 });
    // Each item is the saved diagnosis's summary as its own page answers it (the list reads only these fields).
    expect(
      list.some(
        (d: { previousBalanceSheet: { id: string } | null }) => d.previousBalanceSheet?.id === sheet2023,
      ),
    ).toBe(true);
    for (const item of list) {
      const opened = (await get(member, `/companies/${ownCompany}/diagnoses/${item.id}`)).json();
      const { companyName, balanceSheet, previousBalanceSheet, createdAt, passedCount, computableCount } =
        opened;
      expect(item).toEqual({
        id: opened.id,
        companyId: ownCompany,
        companyName,
        type: opened.type,
        balanceSheet,
        previousBalanceSheet,
        createdAt,
        passedCount,
        computableCount,
      });
    }
  });

  it('exports a saved diagnosis as PDF and as XLSX in the chosen language', async () => {
    const simple = await saveDiagnosis();
    const pdf = await get(member, `/companies/${ownCompany}/diagnoses/${simple.id}/export.pdf?lang=fr`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('.pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const file = await get(member, `/companies/${ownCompany}/diagnoses/${simple.id}/export.xlsx?lang=en`);
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const texts: string[] = [];
    workbook.worksheets[0]?.eachRow((row) => {
      row.eachCell((cell) => texts.push(String(cell.value)));
    });
    expect(texts).toContain('RLP');
    expect(texts).toContain('Own, Lda');
  });
});

describe('who may see and change diagnoses', () => {
  it('answers 404 for another company, 403 for partners and 401 for visitors, and changes nothing', async () => {
    await saveDiagnosis();
    const own = (await get(member, `/companies/${ownCompany}/diagnoses`)).json();
    const id = own[0].id;
    expect((await get(otherMember, `/companies/${ownCompany}/diagnoses`)).statusCode).toBe(404);
    expect((await get(otherMember, `/companies/${ownCompany}/diagnoses/${id}`)).statusCode).toBe(404);
    expect((await get(otherMember, `/companies/${otherCompany}/diagnoses/${id}`)).statusCode).toBe(404);
    expect((await get(otherMember, `/companies/${ownCompany}/diagnoses/${id}/export.pdf`)).statusCode).toBe(
      404,
    );
    expect((await get(otherMember, `/companies/${ownCompany}/indicators`)).statusCode).toBe(404);
    // Another company's sheet through one's own company: not found, nothing saved.
    const foreign = await send(otherMember, 'POST', `/companies/${otherCompany}/diagnoses`, {
      balanceSheetId: sheet2024,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await send(otherMember, 'DELETE', `/companies/${ownCompany}/diagnoses/${id}`)).statusCode).toBe(
      404,
    );
    expect((await get(partner, `/companies/${ownCompany}/diagnoses`)).statusCode).toBe(403);
    expect((await get(partner, '/diagnoses')).statusCode).toBe(403);
    expect((await get(member, '/diagnosis-statistics')).statusCode).toBe(403);
    expect((await get(null, `/companies/${ownCompany}/diagnoses`)).statusCode).toBe(401);
    expect((await get(member, `/companies/${ownCompany}/diagnoses`)).json()).toEqual(own);
    expect((await get(otherMember, `/companies/${otherCompany}/diagnoses`)).json()).toEqual([]);
  });

  it('lets an admin list every diagnosis, open one and delete one (audited)', async () => {
    for (const previous of [undefined, sheet2023, undefined]) await saveDiagnosis(previous);
    const page = (await get(admin, '/diagnoses?search=own')).json();
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.items.every((d: { companyName: string }) => d.companyName === 'Own, Lda')).toBe(true);
    const own = (await get(member, `/companies/${ownCompany}/diagnoses`)).json();
    expect(page.items).toEqual(own.slice(0, page.items.length));
    const id = page.items[0].id;
    expect((await get(admin, `/companies/${ownCompany}/diagnoses/${id}`)).statusCode).toBe(200);
    expect((await get(admin, `/diagnoses?companyId=${otherCompany}`)).json().total).toBe(0);
    expect((await send(member, 'DELETE', `/companies/${ownCompany}/diagnoses/${id}`)).statusCode).toBe(204);
    expect((await get(member, `/companies/${ownCompany}/diagnoses/${id}`)).statusCode).toBe(404);
    const audit = await listAudit(ctx.db, { entity: 'diagnoses', entityId: id });
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['create', 'delete']));
  });
});

describe('GET /app/api/v1/companies/{companyId}/indicators', () => {
  it("gives each indicator over the company's annual periods, oldest first", async () => {
    const response = await get(member, `/companies/${ownCompany}/indicators?frequency=annual`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.points.map((p: { tag: string }) => p.tag)).toEqual(['Y0', 'Y1']);
    expect(body.points[0].values.RLP).toBe('25000');
    expect(body.points[1].values.RLP).toBe('50000');
    expect(body.criteria).toHaveLength(25);
    expect(body.criteria[0].target).toMatchObject({ comparison: expect.any(String) });
    const quarters = (await get(member, `/companies/${ownCompany}/indicators?frequency=quarterly`)).json();
    expect(quarters.points.map((p: { tag: string }) => p.tag)).toEqual(['Q1']);
    expect((await get(member, `/companies/${ownCompany}/indicators?frequency=weekly`)).statusCode).toBe(400);
  });
});

describe('sector medians and statistics across companies', () => {
  /** Four more retail companies with a 2024 sheet whose sales scale EBITDA/VN (DF_NC keeps them balanced). */
  async function retailCompany(n: number, sales: number): Promise<string> {
    const user = await ctx.createUser({ email: `retail${n}@dg.cv`, roles: ['company'] });
    const id = await ctx.linkCompany(user.accountId, { companyName: `Retail ${n}`, nif: `20000010${n}` });
    await ctx.db.update(companies).set({ caeDivisionId: retailDivision }).where(eq(companies.id, id));
    const extra = sales - 600000;
    await enterSheet(admin, id, '2024-01-01', '2024-12-31', {
      ...SHEET_2024,
      VENDAS: String(sales),
      DF_NC: String(250000 - extra),
    });
    return id;
  }

  it('shows the sector median only once five companies of the CAE section contribute', async () => {
    // Sales 600 000 (own), 700 000, 800 000, 900 000: EBITDA/VN = (sales + 220 000 − 700 000) / (sales + 200 000)
    await retailCompany(1, 700000);
    await retailCompany(2, 800000);
    await retailCompany(3, 900000);
    const four = await send(member, 'POST', `/companies/${ownCompany}/diagnoses`, {
      balanceSheetId: sheet2024,
    });
    expect(four.json().currentAutoFinancialIndicators.every((i: Indicator) => i.sector === null)).toBe(true);
    expect(four.json().sector).toMatchObject({ code: 'G' });
    // The admin's quartiles interpolate between ranks, exactly: RLP 50 000, 150 000, 250 000, 350 000 →
    // p25 at 0.75 → 125 000; median at 1.5 → 200 000; p75 at 2.25 → 275 000.
    const [rlp] = await ctx.db.select().from(criteria).where(eq(criteria.code, 'RLP'));
    const quartiles = await get(
      admin,
      `/diagnosis-statistics?criterionId=${rlp?.id}&groupBy=caeSection&year=2024`,
    );
    expect(quartiles.json().overall).toMatchObject({
      companies: 4,
      p25: '125000',
      median: '200000',
      p75: '275000',
    });

    await retailCompany(4, 1000000);
    const five = await send(member, 'POST', `/companies/${ownCompany}/diagnoses`, {
      balanceSheetId: sheet2024,
    });
    // RLP = 50 000 + (sales − 600 000): 50 000, 150 000, 250 000, 350 000, 450 000 → median 250 000
    expect(byCode(five.json().currentAutoFinancialIndicators, 'RLP').sector).toEqual({
      median: '250000',
      companies: 5,
    });
    // Five companies, but EBITDA in both years is computable for the one with a 2023 sheet only: no median.
    const both = byCode(five.json().currentAutoFinancialIndicators, 'EBITDA_2A');
    expect(both.value).not.toBeNull();
    expect(both.sector).toBeNull();
  });

  it('gives an admin the distribution of one indicator by CAE section, and its export', async () => {
    const [rlp] = await ctx.db.select().from(criteria).where(eq(criteria.code, 'RLP'));
    const response = await get(
      admin,
      `/diagnosis-statistics?criterionId=${rlp?.id}&groupBy=caeSection&frequency=annual&year=2024`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ year: 2024, years: [2024, 2023], groupBy: 'caeSection' });
    // 50 000, 150 000, 250 000, 350 000, 450 000: quartiles 150 000 / 250 000 / 350 000, all meet RLP > 0
    expect(body.overall).toMatchObject({
      companies: 5,
      p25: '150000',
      median: '250000',
      p75: '350000',
      shareMeetingTarget: '1',
    });
    expect(body.groups).toEqual([
      expect.objectContaining({ companies: 5, label: expect.objectContaining({}) }),
    ]);
    const island = (
      await get(admin, `/diagnosis-statistics?criterionId=${rlp?.id}&groupBy=island&year=2024`)
    ).json();
    expect(island.groups).toEqual([expect.objectContaining({ key: null, companies: 5 })]);
    expect((await get(admin, '/diagnosis-statistics?groupBy=planet')).statusCode).toBe(400);
    expect(
      (await get(admin, '/diagnosis-statistics?criterionId=00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);

    const file = await get(admin, '/diagnosis-statistics/export?groupBy=caeSection&year=2024');
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('Code');
    expect(sheet?.rowCount).toBe(1 + 25 * 2);
    // Read for every criterion at once, each overall row is that criterion's own distribution.
    const all = await ctx.db.select().from(criteria);
    const codeOf = new Map(all.map((criterion) => [criterion.code, criterion.id]));
    let checked = 0;
    for (let row = 2; row <= (sheet?.rowCount ?? 0); row += 2) {
      const cells = sheet?.getRow(row);
      const id = codeOf.get(String(cells?.getCell(1).value));
      const one = (
        await get(admin, `/diagnosis-statistics?criterionId=${id}&groupBy=caeSection&year=2024`)
      ).json().overall;
      expect(cells?.getCell(4).value, String(cells?.getCell(1).value)).toBe(one.companies);
      expect(cells?.getCell(6).value).toBe(one.median === null ? null : Number(one.median));
      checked += 1;
    }
    expect(checked).toBe(25);
  });

  it('rebuilds the indicator values in the background when a criterion changes', async () => {
    const [rlp] = await ctx.db.select().from(criteria).where(eq(criteria.code, 'RLP'));
    const item = (await get(admin, `/criteria/${rlp?.id}`)).json();
    const { id: _id, criterionType: _type, createdAt: _c, updatedAt: _u, ...rest } = item;
    const edited = await send(admin, 'PUT', `/criteria/${rlp?.id}`, {
      ...rest,
      formula: '(REND - GAST) * 2',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    let median: string | null = null;
    for (let i = 0; i < 50 && median !== '500000'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      median = (await get(admin, `/diagnosis-statistics?criterionId=${rlp?.id}&year=2024`)).json().overall
        .median;
    }
    expect(median).toBe('500000');
    // The median can show the new formula before the last rows are written: the rebuild is read once it is done.
    await ctx.app.indicators.idle();
    const rows = await ctx.db
      .select()
      .from(indicatorValues)
      .where(eq(indicatorValues.criterionId, rlp?.id ?? ''));
    expect(rows.every((row) => row.criterionVersion === item.version + 1)).toBe(true);
  });

  it('rebuilds them after a criterion written through the service, with no request at all', async () => {
    let changes = 0;
    const reference = createReferenceService({
      db: ctx.db,
      effects: {
        criteriaChanged: () => {
          changes += 1;
          void ctx.app.indicators.refresh();
        },
      },
    });
    const { service } = reference.resource('criteria');
    const [rlp] = await ctx.db.select().from(criteria).where(eq(criteria.code, 'RLP'));
    const item = (await service.get(rlp?.id ?? '')) as CriterionItem;
    const { id: _id, criterionType: _type, createdAt: _c, updatedAt: _u, ...rest } = item;
    await service.update({ accountId: null }, item.id, { ...rest, formula: '(REND - GAST) * 3' });
    expect(changes).toBe(1);
    await ctx.app.indicators.idle();
    const rows = await ctx.db.select().from(indicatorValues).where(eq(indicatorValues.criterionId, item.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.criterionVersion === item.version + 1)).toBe(true);
    const median = (await get(admin, `/diagnosis-statistics?criterionId=${item.id}&year=2024`)).json().overall
      .median;
    expect(median).toBe('750000');
  });
});

describe('huge ratios', () => {
  it('stores and shows a ratio far larger than any amount (receivables over almost no sales)', async () => {
    // VN = 0.01; REND − GAST = 25 000.01 − 775 000 = −749 999.99, so RES = 400 000 + 749 999.99 − 250 000;
    // CLI and FORN both 10^17 more. F_PMR = CLI / VN × 365 = 100 000 000 000 120 000 / 0.01 × 365.
    const user = await ctx.createUser({ email: 'tiny@dg.cv', roles: ['company'] });
    const company = await ctx.linkCompany(user.accountId, { companyName: 'Tiny, Lda', nif: '200000019' });
    const id = await enterSheet(admin, company, '2024-01-01', '2024-12-31', {
      ...SHEET_2024,
      VENDAS: '0.01',
      PSERV: '0',
      RES: '899999.99',
      CLI: '100000000000120000',
      FORN: '100000000000120000',
    });
    const response = await send(admin, 'POST', `/companies/${company}/diagnoses`, {
      balanceSheetId: id,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(byCode(response.json().currentAutoFinancialIndicators, 'F_PMR')).toMatchObject({
      value: '3650000000004380000000',
      passed: false,
    });
    const series = (await get(admin, `/companies/${company}/indicators`)).json();
    expect(series.points[0].values.F_PMR).toBe('3650000000004380000000');
  });
});

describe('prev() and the previous year', () => {
  it("reads prev() from the previous year only: with 2020 missing, 2021's two-year EBITDA is not computable", async () => {
    const user = await ctx.createUser({ email: 'gap@dg.cv', roles: ['company'] });
    const company = await ctx.linkCompany(user.accountId, { companyName: 'Gap, Lda', nif: '200000013' });
    const session = await ctx.signIn(user.email, user.password);
    await enterSheet(session, company, '2019-01-01', '2019-12-31', SHEET_2023);
    const sheet = await enterSheet(session, company, '2021-01-01', '2021-12-31', SHEET_2024);
    const response = await send(session, 'POST', `/companies/${company}/diagnoses`, {
      balanceSheetId: sheet,
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(body.type).toBe('simple');
    // The 2019 sheet is not 'the year before': no value, the reason says the previous period is missing.
    expect(byCode(body.currentAutoFinancialIndicators, 'EBITDA_2A')).toMatchObject({
      value: null,
      passed: null,
      reason: { key: 'missingPrevious' },
    });
    expect(byCode(body.currentAutoFinancialIndicators, 'EBITDA')).toMatchObject({ value: '120000' });
    expect(body.computableCount).toBe(24);
    // The stored indicator values (charts, statistics) follow the same rule.
    const series = (await get(session, `/companies/${company}/indicators?frequency=annual`)).json();
    expect(series.points.map((point: { tag: string }) => point.tag)).toEqual(['Y0', 'Y2']);
    expect(series.points[1].values.EBITDA_2A).toBeNull();
    expect(series.points[1].values.EBITDA).toBe('120000');
  });
});

describe('the trial-balance lines behind each aggregate', () => {
  type Input = Indicator['inputs'][number] & {
    source?: string;
    lines?: Array<{ account: string; description: string; amount: string }>;
    otherLines?: number;
  };
  const inputOf = (indicator: Indicator, name: string) => {
    const found = indicator.inputs.find((input) => input.name === name) as Input | undefined;
    if (!found) throw new Error(`no input ${name}`);
    return found;
  };
  const shown = (input: Input) => input.lines?.map((line) => `${line.account} ${line.amount}`);
  /** A company of its own with 2021 entered by hand and 2022 uploaded from a trial balance of seven accounts. */
  async function companyWithUploadedSheet(email: string, nif: string) {
    const user = await ctx.createUser({ email, roles: ['company'] });
    const company = await ctx.linkCompany(user.accountId, { companyName: 'Lines, Lda', nif });
    const session = await ctx.signIn(user.email, user.password);
    const handEntered = await enterSheet(session, company, '2021-01-01', '2021-12-31', SHEET_2023);
    // AC = 11 5 000 + 121 20 000 + 2711 (3 000 − 1 000, a debit balance: Outras contas a receber) = 27 000
    // PC = 251 10 000 (current part) + 221 6 000 + 2721 (4 500 − 500, a credit balance: Outras contas a pagar) = 20 000
    const file = await xlsx([
      HEADER,
      ['11', 'Caixa', 5000, 0],
      ['121', 'Banco Comercial', 20000, 0],
      ['2711', 'Devedores diversos', 3000, 1000],
      ['2721', 'Credores diversos', 500, 4500],
      ['221', 'Fornecedores c/c', 0, 6000],
      ['251', 'Empréstimo bancário', 0, 10000],
      ['511', 'Capital subscrito', 0, 7000],
    ]);
    const body = multipart(
      { startDate: '2022-01-01', endDate: '2022-12-31', typeFrequence: 'annual' },
      { data: file, filename: 'balancete.xlsx' },
    );
    const upload = await send(session, 'POST', `/companies/${company}/balance-sheets`, body.payload, {
      contentType: body.contentType,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    return { company, session, handEntered, uploaded: upload.json().id as string };
  }

  it("lists an uploaded sheet's accounts with what each added (class 2 by its side); a sheet entered by hand has none", async () => {
    const { company, session, handEntered, uploaded } = await companyWithUploadedSheet(
      'lines@dg.cv',
      '200000014',
    );

    const response = await send(session, 'POST', `/companies/${company}/diagnoses`, {
      balanceSheetId: uploaded,
      previousBalanceSheetId: handEntered,
    });
    expect(response.statusCode, response.body).toBe(201);
    const diagnosis = response.json();
    const liquidity = byCode(diagnosis.currentAutoFinancialIndicators, 'L_LG');
    expect(liquidity.value).toBe('1.35');
    const ac = inputOf(liquidity, 'AC');
    expect(ac).toMatchObject({ source: 'upload', value: '27000', otherLines: 0 });
    expect(ac.lines).toEqual([
      { account: '121', description: 'Banco Comercial', amount: '20000' },
      { account: '11', description: 'Caixa', amount: '5000' },
      { account: '2711', description: 'Devedores diversos', amount: '2000' },
    ]);
    const pc = inputOf(liquidity, 'PC');
    expect(pc).toMatchObject({ source: 'upload', value: '20000', otherLines: 0 });
    expect(shown(pc)).toEqual(['251 10000', '221 6000', '2721 4000']);
    // The cost side of EBITDA: no class 6 line in this sheet.
    expect(inputOf(byCode(diagnosis.currentAutoFinancialIndicators, 'EBITDA'), 'GEXP')).toMatchObject({
      source: 'upload',
      lines: [],
      otherLines: 0,
    });

    // The previous sheet was entered by hand: its inputs say so and list no lines.
    const previousAc = inputOf(byCode(diagnosis.previousAutoFinancialIndicators, 'L_LG'), 'AC');
    expect(previousAc.source).toBe('entry');
    expect(previousAc.lines).toBeUndefined();
    expect(previousAc.accountCodes.length).toBeGreaterThan(0);

    // Reopened: the same lines.
    const reopened = await get(session, `/companies/${company}/diagnoses/${diagnosis.id}`);
    expect(reopened.statusCode).toBe(200);
    expect(inputOf(byCode(reopened.json().currentAutoFinancialIndicators, 'L_LG'), 'PC')).toEqual(pc);
  });

  it('keeps the 20 largest lines of an aggregate and counts the others', async () => {
    const user = await ctx.createUser({ email: 'many-lines@dg.cv', roles: ['company'] });
    const company = await ctx.linkCompany(user.accountId, { companyName: 'Many, Lda', nif: '200000015' });
    const session = await ctx.signIn(user.email, user.password);
    // 25 bank accounts 1201…1225 of 1 000 × k, balanced by capital: 325 000.
    const banks = Array.from({ length: 25 }, (_, i) => [
      `12${String(i + 1).padStart(2, '0')}`,
      `Banco ${i + 1}`,
      1000 * (i + 1),
      0,
    ]);
    const file = await xlsx([HEADER, ...banks, ['511', 'Capital', 0, 325000]]);
    const body = multipart(
      { startDate: '2022-01-01', endDate: '2022-12-31', typeFrequence: 'annual' },
      { data: file, filename: 'bancos.xlsx' },
    );
    const upload = await send(session, 'POST', `/companies/${company}/balance-sheets`, body.payload, {
      contentType: body.contentType,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const response = await send(session, 'POST', `/companies/${company}/diagnoses`, {
      balanceSheetId: upload.json().id,
    });
    expect(response.statusCode, response.body).toBe(201);
    const cash = inputOf(byCode(response.json().currentAutoFinancialIndicators, 'L_LI'), 'CX');
    expect(cash.value).toBe('325000');
    expect(cash.otherLines).toBe(5);
    expect(cash.lines).toHaveLength(20);
    expect(cash.lines?.[0]).toEqual({ account: '1225', description: 'Banco 25', amount: '25000' });
    expect(cash.lines?.at(-1)).toEqual({ account: '1206', description: 'Banco 6', amount: '6000' });
  });

  it('leaves out the lines of aggregates the tree, edited since the upload, no longer assigns as the upload did', async () => {
    const { company, session, uploaded } = await companyWithUploadedSheet('edited-tree@dg.cv', '200000016');
    const [clients] = await ctx.db.select().from(sdCategories).where(eq(sdCategories.code, 'CLI'));
    if (!clients) throw new Error('no CLI category');
    // 2721 would now go to Clientes: Outras contas a pagar, Passivo corrente and Ativo corrente no longer add up.
    await ctx.db
      .update(sdCategories)
      .set({ accountCodes: [...clients.accountCodes, '2721'] })
      .where(eq(sdCategories.id, clients.id));
    try {
      const response = await send(session, 'POST', `/companies/${company}/diagnoses`, {
        balanceSheetId: uploaded,
      });
      expect(response.statusCode, response.body).toBe(201);
      const indicators = response.json().currentAutoFinancialIndicators;
      const liquidity = byCode(indicators, 'L_LG');
      expect(inputOf(liquidity, 'PC')).toMatchObject({ source: 'upload', value: '20000' });
      expect(inputOf(liquidity, 'PC').lines).toBeUndefined();
      expect(inputOf(liquidity, 'AC').lines).toBeUndefined();
      // Cash is unaffected: its lines still add up to its stored value.
      expect(shown(inputOf(byCode(indicators, 'L_LI'), 'CX'))).toEqual(['121 20000', '11 5000']);
    } finally {
      await ctx.db
        .update(sdCategories)
        .set({ accountCodes: clients.accountCodes })
        .where(eq(sdCategories.id, clients.id));
    }
  });
});

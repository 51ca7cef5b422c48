import { EditionUpdate, PartnerEntityUpdate, UpdateCompanyRequest } from '@excelencia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../test/support/context.ts';
import { apiCalls } from '../../test/support/http.ts';
import { dataDirFileStore } from '../platform/files/file-store.ts';
import { DEMO_ACCOUNTS, DEMO_COMPANY, seedDemoData } from './seed.ts';
import { demoTrialBalance } from './seed-demo-sheets.ts';
import { seedReferenceData } from './seed-reference.ts';

let ctx: TestContext;
let company: SignedIn;
let companyId: string;

const account = (role: string) => {
  const found = DEMO_ACCOUNTS.find((demo) => demo.role === role);
  if (!found) throw new Error(`no demo ${role}`);
  return found;
};
const seed = () => seedDemoData(ctx.db, ctx.identity, dataDirFileStore(ctx.config.dataDir));
const { as } = apiCalls(() => ctx.app);
const inEnglish = apiCalls(() => ctx.app, { language: 'en' });
const asCompany = inEnglish.as(() => company);
const sheets = async () =>
  (await asCompany.get(`/companies/${companyId}/balance-sheets`)).json() as Array<{
    id: string;
    startDate: string;
    tag: string;
    fileName: string;
  }>;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedReferenceData(ctx.db);
  await seed();
  const demo = account('company');
  company = await ctx.signIn(demo.email, demo.password);
  const mine = (await asCompany.get('/me/companies')).json() as Array<{ id: string; companyName: string }>;
  expect(mine.map((row) => row.companyName)).toEqual([DEMO_COMPANY.companyName]);
  companyId = mine[0]?.id ?? '';
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('the demo data of npm start', () => {
  it('writes balanced trial balances: debit total = credit total, every amount ≥ 0', () => {
    const lines = demoTrialBalance({
      fixedAssets: 100,
      inventory: 0,
      clients: 0,
      cash: 0,
      bank: 0,
      capital: 500,
      loans: 0,
      suppliers: 0,
      state: 0,
      sales: 50,
      services: 0,
      goodsSold: 10,
      externalServices: 0,
      staff: 0,
      depreciation: 0,
      interest: 0,
    });
    // Assets 100 + costs 10 = 110 on the debit side; capital 500 + sales 50 = 550 on the credit side: the
    // retained earnings (56) take the 440 difference, on the debit side (a loss carried forward).
    expect(lines.find(([code]) => code === '56')).toEqual(['56', 'Resultados transitados', 440, 0]);
    const debit = lines.reduce((sum, line) => sum + line[2], 0);
    const credit = lines.reduce((sum, line) => sum + line[3], 0);
    expect(debit).toBe(credit);
    expect(lines.every(([, , d, c]) => d >= 0 && c >= 0)).toBe(true);
  });

  it('gives the demo company two uploaded annual sheets, its original files and a sector median of 6 companies', async () => {
    const list = await sheets();
    expect(list.map((sheet) => [sheet.startDate, sheet.tag]).sort()).toEqual([
      ['2024-01-01', 'Y0'],
      ['2025-01-01', 'Y1'],
    ]);
    const sheet2025 = list.find((sheet) => sheet.startDate === '2025-01-01');
    const sheet2024 = list.find((sheet) => sheet.startDate === '2024-01-01');
    const file = await asCompany.get(`/companies/${companyId}/balance-sheets/${sheet2025?.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');

    const diagnosis = await asCompany.post(`/companies/${companyId}/diagnoses`, {
      balanceSheetId: sheet2025?.id,
      previousBalanceSheetId: sheet2024?.id,
    });
    expect(diagnosis.statusCode, diagnosis.body).toBe(201);
    const body = diagnosis.json() as {
      sector: { code: string } | null;
      currentAutoFinancialIndicators: Array<{ value: string | null; sector: { companies: number } | null }>;
    };
    // Retail trade (division 47) is in section G; the demo company and its five peers all have a 2025 sheet.
    expect(body.sector).toMatchObject({ code: 'G' });
    const withMedian = body.currentAutoFinancialIndicators.filter((indicator) => indicator.sector);
    expect(withMedian.length).toBeGreaterThan(20);
    expect(withMedian.every((indicator) => indicator.sector?.companies === 6)).toBe(true);
  });

  it('announces an edition whose application window is open, which the demo company meets on every criterion', async () => {
    const current = await as(null).get('/editions/current');
    expect(current.statusCode, current.body).toBe(200);
    const edition = current.json() as {
      id: string;
      indicatorYear: number;
      applicationOpensAt: string;
      applicationClosesAt: string;
    };
    const now = Date.now();
    expect(Date.parse(edition.applicationOpensAt)).toBeLessThan(now);
    expect(Date.parse(edition.applicationClosesAt)).toBeGreaterThan(now);
    expect(edition.indicatorYear).toBe(2025);
    const eligibility = await asCompany.get(
      `/companies/${companyId}/eligibility?year=${edition.indicatorYear}`,
    );
    const body = eligibility.json() as {
      eligible: boolean;
      applicationFinancialIndicators: Array<{ criterionRatioDetails: { code: string }; passed: boolean }>;
    };
    expect(
      body.applicationFinancialIndicators.filter((i) => !i.passed).map((i) => i.criterionRatioDetails.code),
    ).toEqual([]);
    expect(body.eligible).toBe(true);
  });

  it('lists the five fictitious peers in the public directory', async () => {
    const directory = await as(null).get('/public/companies?search=20000000');
    expect(directory.statusCode, directory.body).toBe(200);
    const names = (directory.json() as { items: Array<{ companyName: string }> }).items.map(
      (item) => item.companyName,
    );
    expect(names).toHaveLength(5);
    expect(names).toContain('Sal Rei Distribuição, SA');
  });

  it('links the demo partner to the demo bank, which assists three peers with different consents', async () => {
    const demo = account('partner');
    const partner = await ctx.signIn(demo.email, demo.password);
    const read = as(partner).get;
    const assisted = (await read('/partner/companies')).json() as Array<{
      companyId: string;
      nif: string;
      state: string;
      consent: { status: boolean; diagnosis: boolean };
    }>;
    // Assisted companies come in the order the bank took them on; the demo takes all three at once.
    const byNif = [...assisted].sort((a, b) => a.nif.localeCompare(b.nif));
    expect(byNif.map((c) => [c.nif, c.state, c.consent.status, c.consent.diagnosis])).toEqual([
      ['200000002', 'sheets', true, true],
      ['200000003', 'sheets', true, false],
      ['200000004', 'invited', false, false],
    ]);
    const first = (await read(`/partner/companies/${byNif[0]?.companyId}`)).json();
    expect(first.diagnosis.applicationFinancialIndicators).toHaveLength(8);
    expect((await read('/partner/dashboard')).json()).toMatchObject({
      entity: { code: 'BDEMO' },
      assisted: 3,
    });
    // It asks to follow the demo company, whose sharing table shows the bank with its request (and no other).
    expect((await read('/partner/follow-requests')).json()).toMatchObject([
      { nif: DEMO_COMPANY.nif, status: 'pending', requestedBy: demo.name },
    ]);
    expect((await asCompany.get(`/companies/${companyId}/partner-consents`)).json()).toMatchObject([
      { code: 'BDEMO', assists: false, followRequest: { requestedBy: demo.name } },
    ]);
  });

  it('passes its own rules: each demo company, the demo bank and the edition save unchanged as they are read', async () => {
    const admin = account('admin');
    const signedIn = await ctx.signIn(admin.email, admin.password);
    const asAdmin = inEnglish.as(signedIn);
    /** The read record cut to the fields of the update schema: what a form shows and sends back. */
    const formOf = (schema: { keyof(): { options: readonly string[] } }, record: Record<string, unknown>) =>
      Object.fromEntries(schema.keyof().options.map((key) => [key, record[key]]));

    const listed = (await asAdmin.get('/companies?search=20000000&pageSize=50')).json() as {
      items: Array<{ id: string; nif: string }>;
    };
    expect(listed.items.map((item) => item.nif).sort()).toEqual([
      '200000001',
      '200000002',
      '200000003',
      '200000004',
      '200000005',
      '200000006',
    ]);
    for (const { id, nif } of listed.items) {
      const profile = (await asAdmin.get(`/companies/${id}`)).json() as Record<string, unknown>;
      const form = formOf(UpdateCompanyRequest, profile);
      const checked = UpdateCompanyRequest.safeParse(form);
      expect(checked.success, `${nif}: ${JSON.stringify(checked.error?.issues)}`).toBe(true);
      const saved = await asAdmin.put(`/companies/${id}`, form);
      expect(saved.statusCode, `${nif}: ${saved.body}`).toBe(200);
    }
    // The demo company's own user saves the profile form unchanged too (responsible name and phone filled).
    const own = (await asCompany.get(`/companies/${companyId}`)).json() as Record<string, unknown>;
    expect(own).toMatchObject({ responsibleName: 'Empresa Demo', phone: '+238 260 12 34' });
    const ownSave = await asCompany.put(`/companies/${companyId}`, formOf(UpdateCompanyRequest, own));
    expect(ownSave.statusCode, ownSave.body).toBe(200);

    const banks = (await asAdmin.get('/partner-entities?search=BDEMO')).json() as {
      items: Array<Record<string, unknown>>;
    };
    expect(banks.items).toHaveLength(1);
    const bank = banks.items[0] as Record<string, unknown>;
    expect(PartnerEntityUpdate.safeParse(formOf(PartnerEntityUpdate, bank)).success).toBe(true);
    expect(
      (await asAdmin.put(`/partner-entities/${bank.id}`, formOf(PartnerEntityUpdate, bank))).statusCode,
    ).toBe(200);

    const editions = (await asAdmin.get('/editions')).json() as Array<Record<string, unknown>>;
    expect(editions.length).toBeGreaterThan(0);
    for (const edition of editions) {
      const form = formOf(EditionUpdate, edition);
      expect(EditionUpdate.safeParse(form).success, JSON.stringify(form)).toBe(true);
      const saved = await asAdmin.put(`/editions/${edition.id}`, form);
      expect(saved.statusCode, saved.body).toBe(200);
    }
  });

  it('adds nothing at a later start, and a sheet deleted while trying the portal stays deleted', async () => {
    const before = await sheets();
    const removed = await as(company).delete(`/companies/${companyId}/balance-sheets/${before[0]?.id}`);
    expect(removed.statusCode).toBe(204);
    await seed();
    expect((await sheets()).map((sheet) => sheet.id)).toEqual(before.slice(1).map((sheet) => sheet.id));
  });
});

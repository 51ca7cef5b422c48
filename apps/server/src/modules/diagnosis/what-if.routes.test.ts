import { buildBalanceTree, treeLeaves } from '@excelencia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { apiCalls } from '../../../test/support/http.ts';
import { seedReferenceData } from '../../seed/seed-reference.ts';
import { selfDiagnosisTree } from '../reference/index.ts';

let ctx: TestContext;
let member: SignedIn;
let otherMember: SignedIn;
let admin: SignedIn;
let ownCompany: string;
let leafCodes: string[];

const { get, send } = apiCalls(() => ctx.app, { language: 'en' });

/**
 * A weak annual sheet entered by hand before the closing entries (RLPER 0; every other leaf 0):
 *   AT 900 000 = AFT 700 000 + CLI 150 000 + DO 50 000 (CX 50 000)
 *   CAP 200 000; PT 710 000 = DF_NC 400 000 + DF_C 100 000 + FORN 120 000 + OCP 90 000
 *   REND 1 000 000 = VENDAS 1 000 000; GAST 1 010 000 = CMVMC 700 000 + FSE 200 000 + GP 60 000 + DEP 30 000
 *   + JUR 20 000
 * So the year's result is −10 000 and the formulas read CP = 200 000 − 10 000 = 190 000 (AT = CP + PT);
 * EBITDA = 1 000 000 − 960 000 = 40 000; net financial debt = 400 000 + 100 000 − 50 000 = 450 000.
 */
const WEAK_2024: Record<string, string> = {
  AFT: '700000',
  CLI: '150000',
  DO: '50000',
  CAP: '200000',
  DF_NC: '400000',
  DF_C: '100000',
  FORN: '120000',
  OCP: '90000',
  VENDAS: '1000000',
  CMVMC: '700000',
  FSE: '200000',
  GP: '60000',
  DEP: '30000',
  JUR: '20000',
};

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  await seedReferenceData(ctx.db);
  leafCodes = treeLeaves(buildBalanceTree(await selfDiagnosisTree(ctx.db))).map((leaf) => leaf.code);
  const adminUser = await ctx.createUser({ email: 'admin@wi.cv', roles: ['admin'] });
  const memberUser = await ctx.createUser({ email: 'member@wi.cv', roles: ['company'] });
  const otherUser = await ctx.createUser({ email: 'other@wi.cv', roles: ['company'] });
  ownCompany = await ctx.linkCompany(memberUser.accountId, { companyName: 'Fraca, Lda', nif: '200000021' });
  await ctx.linkCompany(otherUser.accountId, { companyName: 'Outra, Lda', nif: '200000022' });
  [admin, member, otherMember] = await Promise.all([
    ctx.signIn(adminUser.email, adminUser.password),
    ctx.signIn(memberUser.email, memberUser.password),
    ctx.signIn(otherUser.email, otherUser.password),
  ]);
});

afterAll(async () => {
  await ctx?.close();
});

/** The weak sheet entered and diagnosed; answers the diagnosis id. */
async function weakDiagnosis(): Promise<string> {
  const entered = await send(member, 'POST', `/companies/${ownCompany}/balance-sheets/entries`, {
    startDate: '2024-01-01',
    endDate: '2024-12-31',
    typeFrequence: 'annual',
    values: { ...Object.fromEntries(leafCodes.map((code) => [code, '0'])), ...WEAK_2024 },
  });
  expect(entered.statusCode, entered.body).toBe(201);
  const diagnosed = await send(member, 'POST', `/companies/${ownCompany}/diagnoses`, {
    balanceSheetId: entered.json().id,
  });
  expect(diagnosed.statusCode, diagnosed.body).toBe(201);
  return diagnosed.json().id;
}

type Row = {
  criterion: { id: string; code: string };
  passed: boolean | null;
  value: string | null;
  levers: Array<{ figure: string; change: string; resultingValue: string }>;
};

describe('GET /app/api/v1/companies/{companyId}/diagnoses/{id}/what-if', () => {
  it('answers each criterion with the levers that make a failed one pass', async () => {
    const id = await weakDiagnosis();
    const response = await get(member, `/companies/${ownCompany}/diagnoses/${id}/what-if`);
    expect(response.statusCode, response.body).toBe(200);
    const rows: Row[] = response.json();
    expect(rows).toHaveLength(25);
    const row = (code: string) => rows.find((r) => r.criterion.code === code);
    const levers = (code: string) =>
      row(code)?.levers.map((l) => `${l.figure} ${l.change} → ${l.resultingValue}`);

    // EBITDA = 40 000 > 0: passes, no levers.
    expect(row('EBITDA')).toMatchObject({ passed: true, value: '40000', levers: [] });
    // RLP: −10 000 + x > 0 → a net result 10 001 higher (RL = 1).
    expect(row('RLP')).toMatchObject({ passed: false, value: '-10000' });
    expect(levers('RLP')).toEqual(['netResult 10001 → 1']);
    // AF = 190 000 / 900 000 < 0.375; (190 000 + x) / (900 000 + x) ≥ 0.375 ⇔ 0.625 x ≥ 147 500 ⇔ x ≥ 236 000.
    expect(levers('AF')).toEqual(['capitalInjection 236000 → 0.375']);
    // DFL = 450 000 / 40 000 = 11.25 > 3: EBITDA 40 000 + x ≥ 150 000 → 110 000; debt 450 000 + y ≤ 120 000 →
    // −330 000.
    expect(levers('DFL_EBITDA')).toEqual(['ebitda 110000 → 3', 'netFinancialDebt -330000 → 3']);
    // RCP = −10 000 / 190 000; (−10 000 + x) / (190 000 + x) ≥ 0.1 ⇔ 0.9 x ≥ 29 000 → 32 223 (the sheet was taken
    // before closing: the higher result raises the equity the formulas read as well).
    expect(levers('RCP')).toEqual(['netResult 32223 → 0.10000314998897503859']);
    // EBITDA_AT: 40 000 + x ≥ 90 000 → 50 000. EBITDA_VN: 40 000 + x ≥ 75 000 → 35 000, or turnover
    // (40 000 + x) / (1 000 000 + x) ≥ 0.075 ⇔ 0.925 x ≥ 35 000 → 37 838.
    expect(levers('EBITDA_AT')).toEqual(['ebitda 50000 → 0.1']);
    expect(levers('EBITDA_VN')?.map((l) => l.split(' → ')[0])).toEqual(['ebitda 35000', 'turnover 37838']);
    // No previous year: EBITDA_2A is not computable and no change on this sheet makes it so.
    expect(row('EBITDA_2A')).toMatchObject({ passed: null, levers: [] });
  });

  it('is read by admins; another company and an unknown id get 404', async () => {
    const id = await weakDiagnosis();
    expect((await get(admin, `/companies/${ownCompany}/diagnoses/${id}/what-if`)).statusCode).toBe(200);
    expect((await get(otherMember, `/companies/${ownCompany}/diagnoses/${id}/what-if`)).statusCode).toBe(404);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await get(member, `/companies/${ownCompany}/diagnoses/${unknown}/what-if`)).statusCode).toBe(404);
  });
});

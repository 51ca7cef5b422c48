import { AdminOverview } from '@excelencia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import {
  balanceSheets,
  companies,
  companyInvitations,
  diagnoses,
  pendingRegistrations,
} from '../../db/schema/index.ts';

const URL = '/app/api/v1/admin/overview';
const DAY = 86_400_000;
let ctx: TestContext;
let admin: SignedIn;
let company: SignedIn;

/** 'YYYY-MM' of the month `back` months before this one (UTC). */
const month = (back: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
};
/** The 15th of the month `back` months before this one (UTC). */
const midMonth = (back: number) => new Date(`${month(back)}-15T12:00:00Z`);

beforeAll(async () => {
  ctx = await createTestContext();
  const adminUser = await ctx.createUser({ email: 'admin@overview.cv', roles: ['admin'] });
  const member = await ctx.createUser({ email: 'dona@overview.cv', roles: ['company'] });
  const own = await ctx.linkCompany(member.accountId, { companyName: 'Própria, Lda', nif: '500000001' });
  admin = await ctx.signIn(adminUser.email, adminUser.password);
  company = await ctx.signIn(member.email, member.password);

  // Companies: the member's (now), one listed three months ago, one 13 months ago (outside the chart).
  const [listed, old] = await ctx.db
    .insert(companies)
    .values([
      {
        companyName: 'Listada, SA',
        nif: '500000002',
        email: 'l@o.cv',
        isListed: true,
        createdAt: midMonth(3),
      },
      { companyName: 'Antiga, Lda', nif: '500000003', email: 'a@o.cv', createdAt: midMonth(13) },
    ])
    .returning({ id: companies.id });
  const sheet = (companyId: string, createdAt: Date, deletedAt: Date | null = null) => ({
    companyId,
    startDate: '2024-01-01',
    endDate: '2024-12-31',
    typeFrequence: 'annual',
    source: 'entry' as const,
    createdAt,
    deletedAt,
  });
  const sheets = await ctx.db
    .insert(balanceSheets)
    .values([
      sheet(own, new Date()),
      sheet(listed?.id as string, midMonth(3)),
      // The same period entered five months ago: superseded by the sheet of three months ago.
      sheet(listed?.id as string, midMonth(5)),
      sheet(listed?.id as string, midMonth(1), new Date()),
      sheet(old?.id as string, midMonth(13)),
    ])
    .returning({ id: balanceSheets.id });
  const diagnosis = (deletedAt: Date | null) => ({
    companyId: own,
    balanceSheetId: sheets[0]?.id as string,
    type: 'simple' as const,
    snapshot: {},
    passedCount: 1,
    computableCount: 2,
    deletedAt,
  });
  await ctx.db.insert(diagnoses).values([diagnosis(null), diagnosis(new Date())]);
  const registration = (nif: string, expiresAt: Date, usedAt: Date | null = null) => ({
    tokenHash: `hash-${nif}`,
    email: `${nif}@o.cv`,
    nif,
    companyName: `Pendente ${nif}`,
    payload: {},
    idpUserId: `idp-${nif}`,
    expiresAt,
    usedAt,
  });
  await ctx.db
    .insert(pendingRegistrations)
    .values([
      registration('600000001', new Date(Date.now() + DAY)),
      registration('600000002', new Date(Date.now() - DAY)),
      registration('600000003', new Date(Date.now() + DAY), new Date()),
    ]);
  const invitation = (companyId: string, token: string, expiresAt: Date, acceptedAt: Date | null = null) => ({
    companyId,
    email: `${token}@o.cv`,
    name: token,
    tokenHash: token,
    expiresAt,
    acceptedAt,
  });
  await ctx.db.insert(companyInvitations).values([
    invitation(listed?.id as string, 'valid', new Date(Date.now() + DAY)),
    invitation(old?.id as string, 'expired', new Date(Date.now() - DAY)),
    invitation(own, 'accepted', new Date(Date.now() + DAY), new Date()),
    // An owner's invitation into its team is not an onboarding: not counted.
    {
      ...invitation(own, 'team', new Date(Date.now() + DAY)),
      kind: 'team' as const,
      role: 'viewer' as const,
    },
  ]);
});

afterAll(async () => {
  await ctx?.close();
});

describe('GET admin/overview', () => {
  it('answers 401 to a visitor and 403 to a company user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    const denied = await ctx.app.inject({ method: 'GET', url: URL, headers: { cookie: company.cookie } });
    expect(denied.statusCode).toBe(403);
  });

  it('counts what needs attention, leaving out deleted, used, expired and accepted rows', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: URL, headers: { cookie: admin.cookie } });
    expect(response.statusCode).toBe(200);
    const overview = AdminOverview.parse(response.json());
    expect(overview).toMatchObject({
      companies: 3,
      listedCompanies: 1,
      pendingRegistrations: 1,
      invitations: { pending: 1, expired: 1 },
      balanceSheets: 3,
      diagnoses: 1,
    });
  });

  it('counts the balance sheets the list it links to shows: deleted and superseded ones left out', async () => {
    const overview = AdminOverview.parse(
      (await ctx.app.inject({ method: 'GET', url: URL, headers: { cookie: admin.cookie } })).json(),
    );
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/app/api/v1/balance-sheets',
      headers: { cookie: admin.cookie },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(overview.balanceSheets).toBe(list.json().total);
    expect(overview.balanceSheets).toBe(3);
    const superseded = overview.months.find((row) => row.month === month(5));
    expect(superseded?.balanceSheets).toBe(0);
  });

  it('charts the last 12 months, oldest first, with each row in the month it was created', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: URL, headers: { cookie: admin.cookie } });
    const { months } = AdminOverview.parse(response.json());
    expect(months.map((row) => row.month)).toEqual(Array.from({ length: 12 }, (_, i) => month(11 - i)));
    const byMonth = new Map(months.map((row) => [row.month, row]));
    expect(byMonth.get(month(0))).toEqual({ month: month(0), companies: 1, balanceSheets: 1, diagnoses: 1 });
    // Three months ago: the listed company and its sheet; the sheet deleted a month ago is not counted.
    expect(byMonth.get(month(3))).toEqual({ month: month(3), companies: 1, balanceSheets: 1, diagnoses: 0 });
    expect(byMonth.get(month(1))).toEqual({ month: month(1), companies: 0, balanceSheets: 0, diagnoses: 0 });
    // The company and sheet of 13 months ago are outside the chart.
    const charted = months.reduce((sum, row) => sum + row.companies, 0);
    expect(charted).toBe(2);
  });
});

import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  type SignedIn,
  type TestContext,
  type TestUser,
} from '../../../test/support/context.ts';
import { apiCalls } from '../../../test/support/http.ts';
import {
  accounts,
  applications,
  balanceSheets,
  companies,
  companyMembers,
  diagnoses,
  editions,
} from '../../db/schema/index.ts';
import { createFileStore, localDiskDriver } from '../../platform/files/file-store.ts';

// One PNG pixel.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let ctx: TestContext;
const users: Record<'company' | 'otherCompany' | 'partner' | 'admin', TestUser> = {} as never;
const sessionsOf: Record<keyof typeof users, SignedIn> = {} as never;
let companyId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  users.company = await ctx.createUser({
    email: 'empresa@teste.cv',
    name: 'Empresa Teste',
    roles: ['company'],
  });
  users.otherCompany = await ctx.createUser({
    email: 'outra@teste.cv',
    name: 'Outra Empresa',
    roles: ['company'],
  });
  users.partner = await ctx.createUser({
    email: 'banco@teste.cv',
    name: 'Banco Parceiro',
    roles: ['partner'],
  });
  users.admin = await ctx.createUser({ email: 'gestor@teste.cv', name: 'Gestor', roles: ['admin'] });
  companyId = await ctx.linkCompany(users.company.accountId, {
    companyName: 'Demo Comércio, Lda',
    nif: '200000001',
  });
  await ctx.linkCompany(users.otherCompany.accountId, { companyName: 'Outra, SA', nif: '200000002' });
  for (const key of Object.keys(users) as (keyof typeof users)[]) {
    sessionsOf[key] = await ctx.signIn(users[key].email, users[key].password);
  }
  const picture = await createFileStore(localDiskDriver(join(ctx.config.dataDir, 'files'))).put(ctx.db, {
    data: PNG,
    originalName: 'me.png',
    mime: 'image/png',
    kind: 'profile-picture',
    ownerAccountId: users.company.accountId,
  });
  await ctx.db
    .update(accounts)
    .set({ profilePictureFileId: picture.id })
    .where(eq(accounts.id, users.company.accountId));
});

afterAll(async () => {
  await ctx?.close();
});

const { get } = apiCalls(() => ctx.app);

describe('GET /app/api/v1/accounts/by-email/{email}', () => {
  it('lets a user read their own account', async () => {
    const res = await get(sessionsOf.company, '/accounts/by-email/empresa@teste.cv');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: users.company.accountId,
      name: 'Empresa Teste',
      profilePicture: `/app/api/v1/accounts/${users.company.accountId}/profile-pictures`,
      userGroup: 'company',
    });
    const partner = await get(sessionsOf.partner, '/accounts/by-email/banco@teste.cv');
    expect(partner.json()).toMatchObject({ profilePicture: null, userGroup: 'partner' });
  });

  it('refuses company and partner users reading someone else, existing or not, with 403', async () => {
    for (const email of ['outra@teste.cv', 'nobody@teste.cv']) {
      expect((await get(sessionsOf.company, `/accounts/by-email/${email}`)).statusCode).toBe(403);
      expect((await get(sessionsOf.partner, `/accounts/by-email/${email}`)).statusCode).toBe(403);
    }
  });

  it('lets an admin read any account, 404 when none', async () => {
    const res = await get(sessionsOf.admin, '/accounts/by-email/outra@teste.cv');
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(users.otherCompany.accountId);
    expect((await get(sessionsOf.admin, '/accounts/by-email/nobody@teste.cv')).statusCode).toBe(404);
  });

  it('answers 401 to visitors', async () => {
    const res = await get(null, '/accounts/by-email/empresa@teste.cv');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.key).toBe('errors:unauthorized');
  });
});

describe('GET /app/api/v1/accounts/{id}/profile-pictures', () => {
  const url = () => `/accounts/${users.company.accountId}/profile-pictures`;

  it('returns the image bytes with their type to the owner and to admins', async () => {
    for (const who of ['company', 'admin'] as const) {
      const res = await get(sessionsOf[who], url());
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(res.rawPayload, PNG)).toBe(0);
    }
  });

  it('accepts a bearer token instead of the session cookie', async () => {
    const token = await ctx.bearer(users.company.email, users.company.password);
    const res = await get(null, url(), { headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
  });

  it('answers 403 to another company, 404 when there is no picture, 401 to visitors', async () => {
    expect((await get(sessionsOf.otherCompany, url())).statusCode).toBe(403);
    expect(
      (await get(sessionsOf.partner, `/accounts/${users.partner.accountId}/profile-pictures`)).statusCode,
    ).toBe(404);
    expect((await get(null, url())).statusCode).toBe(401);
  });
});

describe('GET /app/api/v1/accounts/{id}/profile-pictures with stored bytes that are not an image', () => {
  it('does not serve them (an SVG with a script stays unserved)', async () => {
    const svg = await createFileStore(localDiskDriver(join(ctx.config.dataDir, 'files'))).put(ctx.db, {
      data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      originalName: 'x.svg',
      mime: 'image/svg+xml',
      kind: 'profile-picture',
      ownerAccountId: users.otherCompany.accountId,
    });
    await ctx.db
      .update(accounts)
      .set({ profilePictureFileId: svg.id })
      .where(eq(accounts.id, users.otherCompany.accountId));
    const res = await get(sessionsOf.admin, `/accounts/${users.otherCompany.accountId}/profile-pictures`);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });
});

describe('GET /app/api/v1/company-details/by-email/{email}', () => {
  it('gives a company user the name of their company', async () => {
    const res = await get(sessionsOf.company, '/company-details/by-email/empresa@teste.cv');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ companyRegistration: { companyName: 'Demo Comércio, Lda' } });
  });

  it('lets an admin read any, 404 for an account without company, 403 for another company', async () => {
    const admin = await get(sessionsOf.admin, '/company-details/by-email/outra@teste.cv');
    expect(admin.json()).toEqual({ companyRegistration: { companyName: 'Outra, SA' } });
    expect((await get(sessionsOf.partner, '/company-details/by-email/banco@teste.cv')).statusCode).toBe(404);
    expect((await get(sessionsOf.company, '/company-details/by-email/outra@teste.cv')).statusCode).toBe(403);
    expect((await get(null, '/company-details/by-email/empresa@teste.cv')).statusCode).toBe(401);
  });
});

describe('GET /app/api/v1/me/companies (company-only)', () => {
  it('lists the companies of a company user', async () => {
    const res = await get(sessionsOf.company, '/me/companies');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: companyId, companyName: 'Demo Comércio, Lda', nif: '200000001', role: 'owner' },
    ]);
  });

  it('answers 403 to partner and admin, 401 to visitors', async () => {
    expect((await get(sessionsOf.partner, '/me/companies')).statusCode).toBe(403);
    expect((await get(sessionsOf.admin, '/me/companies')).statusCode).toBe(403);
    expect((await get(null, '/me/companies')).statusCode).toBe(401);
  });
});

describe('GET /app/api/v1/me/companies/overview', () => {
  it("answers each company the caller acts for with its role and the company's latest sheet, diagnosis and application", async () => {
    const accountant = await ctx.createUser({
      email: 'contabilista@gabinete.cv',
      name: 'Contabilista',
      roles: ['company'],
    });
    const [client, own] = await ctx.db
      .insert(companies)
      .values([
        { companyName: 'Cliente Um, Lda', nif: '200000011', email: 'um@cliente.cv' },
        { companyName: 'Gabinete Próprio, Lda', nif: '200000012', email: 'gabinete@proprio.cv' },
      ])
      .returning({ id: companies.id });
    if (!client || !own) throw new Error('no companies');
    await ctx.db.insert(companyMembers).values([
      { companyId: client.id, accountId: accountant.accountId, role: 'accountant' },
      { companyId: own.id, accountId: accountant.accountId, role: 'owner' },
    ]);
    const at = (iso: string) => new Date(iso);
    const sheet = (startDate: string, endDate: string, createdAt: string, deletedAt: Date | null = null) => ({
      companyId: client.id,
      startDate,
      endDate,
      typeFrequence: 'annual',
      source: 'entry' as const,
      createdAt: at(createdAt),
      deletedAt,
    });
    const [sheet2024, sheet2025] = await ctx.db
      .insert(balanceSheets)
      .values([
        sheet('2024-01-01', '2024-12-31', '2026-03-01T10:00:00Z'),
        sheet('2025-01-01', '2025-12-31', '2026-02-01T10:00:00Z'),
        // Deleted: not the latest, though its period is.
        sheet('2026-01-01', '2026-06-30', '2026-07-01T10:00:00Z', at('2026-07-02T10:00:00Z')),
      ])
      .returning({ id: balanceSheets.id });
    if (!sheet2024 || !sheet2025) throw new Error('no sheets');
    const diagnosis = (balanceSheetId: string, createdAt: string, deletedAt: Date | null = null) => ({
      companyId: client.id,
      balanceSheetId,
      type: 'simple' as const,
      snapshot: {},
      passedCount: 0,
      computableCount: 0,
      createdAt: at(createdAt),
      deletedAt,
    });
    const [, newest] = await ctx.db
      .insert(diagnoses)
      .values([
        diagnosis(sheet2025.id, '2026-03-02T10:00:00Z'),
        diagnosis(sheet2024.id, '2026-03-05T10:00:00Z'),
        diagnosis(sheet2025.id, '2026-03-09T10:00:00Z', at('2026-03-10T10:00:00Z')),
      ])
      .returning({ id: diagnoses.id });
    const edition = (number: number) => ({
      number,
      year: 2024 + number,
      indicatorYear: 2023 + number,
      registrationOpensAt: at(`${2024 + number}-01-01T00:00:00Z`),
      registrationClosesAt: at(`${2024 + number}-02-01T00:00:00Z`),
      applicationOpensAt: at(`${2024 + number}-01-01T00:00:00Z`),
      applicationClosesAt: at(`${2024 + number}-02-01T00:00:00Z`),
      evaluationStartsAt: at(`${2024 + number}-02-02T00:00:00Z`),
      evaluationEndsAt: at(`${2024 + number}-03-01T00:00:00Z`),
      resultsAt: at(`${2024 + number}-04-01T00:00:00Z`),
    });
    const [first, second] = await ctx.db
      .insert(editions)
      .values([edition(91), edition(92)])
      .returning({ id: editions.id });
    if (!first || !second) throw new Error('no editions');
    const [, latestApplication] = await ctx.db
      .insert(applications)
      .values([
        { editionId: first.id, companyId: client.id, status: 'closed' as const, eligibility: {} },
        { editionId: second.id, companyId: client.id, status: 'pending' as const, eligibility: {} },
      ])
      .returning({ id: applications.id });

    const session = await ctx.signIn(accountant.email, accountant.password);
    const res = await get(session, '/me/companies/overview');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      {
        companyId: client.id,
        companyName: 'Cliente Um, Lda',
        nif: '200000011',
        role: 'accountant',
        latestSheet: {
          id: sheet2025.id,
          frequency: 'annual',
          startDate: '2025-01-01',
          endDate: '2025-12-31',
          createdAt: '2026-02-01T10:00:00.000Z',
        },
        latestDiagnosis: {
          id: newest?.id,
          frequency: 'annual',
          endDate: '2024-12-31',
          createdAt: '2026-03-05T10:00:00.000Z',
        },
        latestApplication: {
          id: latestApplication?.id,
          editionId: second.id,
          editionNumber: 92,
          status: 'pending',
        },
      },
      {
        companyId: own.id,
        companyName: 'Gabinete Próprio, Lda',
        nif: '200000012',
        role: 'owner',
        latestSheet: null,
        latestDiagnosis: null,
        latestApplication: null,
      },
    ]);
    // Nobody else's companies; partners and admins have none.
    expect((await get(sessionsOf.company, '/me/companies/overview')).json()).toEqual([
      expect.objectContaining({ companyId, role: 'owner', latestSheet: null }),
    ]);
    expect((await get(sessionsOf.partner, '/me/companies/overview')).statusCode).toBe(403);
    expect((await get(null, '/me/companies/overview')).statusCode).toBe(401);
  });
});

describe('GET /app/api/v1/accounts/{id} (admin-only)', () => {
  it('lets an admin read an account and refuses everyone else', async () => {
    const res = await get(sessionsOf.admin, `/accounts/${users.partner.accountId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'banco@teste.cv', isActive: true, language: 'pt' });
    expect(res.json().roles).toContain('partner');
    expect((await get(sessionsOf.partner, `/accounts/${users.partner.accountId}`)).statusCode).toBe(403);
    expect((await get(sessionsOf.company, `/accounts/${users.partner.accountId}`)).statusCode).toBe(403);
    expect((await get(null, `/accounts/${users.partner.accountId}`)).statusCode).toBe(401);
  });
});

describe('GET /app/api/v1/me', () => {
  it('answers every signed-in role with the caller', async () => {
    for (const who of Object.keys(users) as (keyof typeof users)[]) {
      const res = await get(sessionsOf[who], '/me');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: users[who].accountId, email: users[who].email });
    }
    expect((await get(null, '/me')).statusCode).toBe(401);
  });
});

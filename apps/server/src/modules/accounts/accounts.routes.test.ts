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
import { accounts } from '../../db/schema/index.ts';
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
    expect(res.json()).toEqual([{ id: companyId, companyName: 'Demo Comércio, Lda', nif: '200000001' }]);
  });

  it('answers 403 to partner and admin, 401 to visitors', async () => {
    expect((await get(sessionsOf.partner, '/me/companies')).statusCode).toBe(403);
    expect((await get(sessionsOf.admin, '/me/companies')).statusCode).toBe(403);
    expect((await get(null, '/me/companies')).statusCode).toBe(401);
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

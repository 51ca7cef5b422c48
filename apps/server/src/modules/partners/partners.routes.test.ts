import { searchText } from '@excelencia/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  type SignedIn,
  type TestContext,
  type TestUser,
} from '../../../test/support/context.ts';
import { apiCalls } from '../../../test/support/http.ts';
import { findAccountByEmail } from '../../auth/accounts.repository.ts';
import { accounts, partnerEntities, partners, partnerTypes } from '../../db/schema/index.ts';
import { listAudit } from '../../platform/audit/audit.ts';

let ctx: TestContext;
let admin: TestUser;
let adminSession: SignedIn;
const others: Record<'company' | 'partner', SignedIn> = {} as never;
const entity: Record<'bank' | 'agency' | 'closed', string> = {} as never;

const PASSWORD = 'Parceiro!2026-x';
const URL = '/partners';

async function addEntity(typeId: string, code: string, name: string, isActive = true): Promise<string> {
  const [row] = await ctx.db
    .insert(partnerEntities)
    .values({
      code,
      name,
      description: { pt: name, en: '', fr: '' },
      partnerTypeId: typeId,
      isActive,
      searchText: searchText(code, name),
    })
    .returning({ id: partnerEntities.id });
  if (!row) throw new Error('no entity');
  return row.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  admin = await ctx.createUser({ email: 'gestor@parceiros.cv', name: 'Gestor', roles: ['admin'] });
  adminSession = await ctx.signIn(admin.email, admin.password);
  for (const role of ['company', 'partner'] as const) {
    const user = await ctx.createUser({ email: `${role}@parceiros.cv`, roles: [role] });
    others[role] = await ctx.signIn(user.email, user.password);
  }
  const [type] = await ctx.db
    .insert(partnerTypes)
    .values({ code: 'BANK', description: { pt: 'Banco', en: 'Bank', fr: 'Banque' } })
    .returning({ id: partnerTypes.id });
  if (!type) throw new Error('no type');
  entity.bank = await addEntity(type.id, 'BCA', 'Banco Comercial do Atlântico');
  entity.agency = await addEntity(type.id, 'PE', 'Pró-Empresa');
  entity.closed = await addEntity(type.id, 'OLD', 'Entidade Extinta', false);
});

afterAll(async () => {
  await ctx?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

const { get, send } = apiCalls(() => ctx.app);
const asAdmin = apiCalls(() => ctx.app).as(() => adminSession);

async function createPartner(overrides: Record<string, unknown> = {}) {
  const res = await asAdmin.post(URL, {
    name: 'Parceira Nova',
    email: 'nova@banco.cv',
    language: 'pt',
    password: PASSWORD,
    partnerEntityId: entity.bank,
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function rolesAt(signedIn: SignedIn): Promise<string[]> {
  return (await ctx.app.inject({ url: '/auth/session', headers: { cookie: signedIn.cookie } })).json().roles;
}

describe('permissions on /app/api/v1/partners', () => {
  it('answers 401 to visitors and 403 to company and partner users', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const attempts: [Method, string, unknown?][] = [
      ['GET', URL],
      ['GET', `${URL}/export`],
      ['GET', `${URL}/${id}`],
      [
        'POST',
        URL,
        { name: 'X', email: 'x@banco.cv', language: 'pt', password: PASSWORD, partnerEntityId: entity.bank },
      ],
      ['PUT', `${URL}/${id}`, { name: 'X', language: 'pt', partnerEntityId: entity.bank, version: 1 }],
      ['DELETE', `${URL}/${id}`],
      ['POST', `${URL}/${id}/deactivate`, { version: 1 }],
    ];
    for (const [method, url, body] of attempts) {
      expect((await send(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      for (const who of ['company', 'partner'] as const) {
        expect((await send(others[who], method, url, body)).statusCode, `${who} ${url}`).toBe(403);
      }
    }
    expect(await findAccountByEmail(ctx.db, 'x@banco.cv')).toBeUndefined();
  });
});

describe('POST /app/api/v1/partners', () => {
  it('creates a partner user who signs in with the partner role, linked to the entity', async () => {
    const created = await createPartner({ name: 'Paula Banco', email: 'Paula@Banco.cv', language: 'fr' });
    expect(created).toMatchObject({
      name: 'Paula Banco',
      email: 'paula@banco.cv',
      language: 'fr',
      isActive: true,
      version: 1,
      partnerEntityId: entity.bank,
      partnerEntity: { id: entity.bank, code: 'BCA', name: 'Banco Comercial do Atlântico' },
    });
    const roles = await rolesAt(await ctx.signIn('paula@banco.cv', PASSWORD));
    expect(roles).toEqual(expect.arrayContaining(['partner', 'uma_authorization']));
    expect(roles).not.toContain('admin');
    expect((await asAdmin.get(`${URL}/${created.id}`)).json()).toEqual(created);
  });

  it('refuses a taken e-mail (409 duplicate_email) and an unknown or inactive entity (400), creating nothing', async () => {
    const taken = await asAdmin.post(URL, {
      name: 'X',
      email: 'company@parceiros.cv',
      language: 'pt',
      password: PASSWORD,
      partnerEntityId: entity.bank,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('duplicate_email');

    for (const partnerEntityId of [entity.closed, '00000000-0000-4000-8000-000000000000']) {
      const res = await asAdmin.post(
        URL,
        {
          name: 'X',
          email: 'sem.entidade@banco.cv',
          language: 'pt',
          password: PASSWORD,
          partnerEntityId,
        },
        { language: 'en' },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toEqual([
        { path: 'partnerEntityId', message: 'The chosen record does not exist.' },
      ]);
    }
    expect(await findAccountByEmail(ctx.db, 'sem.entidade@banco.cv')).toBeUndefined();
    expect(await ctx.identity.findUserByEmail('sem.entidade@banco.cv')).toBeNull();
  });
});

describe('PUT /app/api/v1/partners/{id}', () => {
  it('changes name, language and entity, at the provider too, and refuses a stale version', async () => {
    const created = await createPartner({ name: 'Rui Muda', email: 'rui@banco.cv' });
    const res = await asAdmin.put(`${URL}/${created.id}`, {
      name: 'Rui Mudado',
      language: 'en',
      partnerEntityId: entity.agency,
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Rui Mudado',
      language: 'en',
      version: 2,
      partnerEntity: { code: 'PE', name: 'Pró-Empresa' },
    });
    expect((await ctx.identity.findUserByEmail('rui@banco.cv'))?.name).toBe('Rui Mudado');

    const stale = await asAdmin.put(`${URL}/${created.id}`, {
      name: 'Por Cima',
      language: 'pt',
      partnerEntityId: entity.bank,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('stale_version');
    expect((await asAdmin.get(`${URL}/${created.id}`)).json()).toMatchObject({
      name: 'Rui Mudado',
      version: 2,
    });

    const inactive = await asAdmin.put(`${URL}/${created.id}`, {
      name: 'Rui',
      language: 'pt',
      partnerEntityId: entity.closed,
      version: 2,
    });
    expect(inactive.statusCode).toBe(400);
  });
});

describe('activate, deactivate and delete', () => {
  it('deactivation signs the partner out and stops sign-in; activation lets them back', async () => {
    const created = await createPartner({ name: 'Sara Pausa', email: 'sara@banco.cv' });
    const open = await ctx.signIn('sara@banco.cv', PASSWORD);
    expect((await get(open, '/me')).statusCode).toBe(200);

    const off = await asAdmin.post(`${URL}/${created.id}/deactivate`, { version: 1 });
    expect(off.json()).toMatchObject({ isActive: false, version: 2 });
    expect((await get(open, '/me')).statusCode).toBe(401);
    await expect(ctx.signIn('sara@banco.cv', PASSWORD)).rejects.toThrow();
    expect(
      (await asAdmin.get(`${URL}?isActive=false`)).json().items.map((p: { id: string }) => p.id),
    ).toEqual([created.id]);

    expect((await asAdmin.post(`${URL}/${created.id}/activate`, { version: 1 })).statusCode).toBe(409);
    const on = await asAdmin.post(`${URL}/${created.id}/activate`, { version: 2 });
    expect(on.json()).toMatchObject({ isActive: true, version: 3 });
    await expect(ctx.signIn('sara@banco.cv', PASSWORD)).resolves.toBeTruthy();
  });

  it('delete unlinks the partner and disables an account left without roles', async () => {
    const created = await createPartner({ name: 'Tiago Sai', email: 'tiago@banco.cv' });
    const open = await ctx.signIn('tiago@banco.cv', PASSWORD);
    const res = await asAdmin.delete(`${URL}/${created.id}`);
    expect(res.statusCode).toBe(204);
    expect((await asAdmin.get(`${URL}/${created.id}`)).statusCode).toBe(404);
    expect((await asAdmin.get(`${URL}/${created.id}`)).statusCode).toBe(404);
    expect((await asAdmin.delete(`${URL}/${created.id}`)).statusCode).toBe(404);
    expect((await get(open, '/me')).statusCode).toBe(401);
    await expect(ctx.signIn('tiago@banco.cv', PASSWORD)).rejects.toThrow();
    const account = await findAccountByEmail(ctx.db, 'tiago@banco.cv');
    expect(account).toMatchObject({ isActive: false, roles: ['uma_authorization'] });
    expect(await ctx.db.select().from(partners).where(eq(partners.accountId, created.accountId))).toEqual([]);
  });

  it('delete keeps an account that is also admin signing in, without the partner role', async () => {
    const created = await createPartner({ name: 'Ulisses Duplo', email: 'ulisses@banco.cv' });
    const user = (await asAdmin.get(`/users/${created.accountId}`)).json();
    await asAdmin.put(`/users/${created.accountId}`, {
      name: user.name,
      language: 'pt',
      isAdmin: true,
      version: user.version,
    });
    expect((await asAdmin.delete(`${URL}/${created.id}`)).statusCode).toBe(204);
    const roles = await rolesAt(await ctx.signIn('ulisses@banco.cv', PASSWORD));
    expect(roles).toContain('admin');
    expect(roles).not.toContain('partner');
  });

  it('writes audit rows for every change, with the actor', async () => {
    const created = await createPartner({ name: 'Vera Audit', email: 'vera@banco.cv' });
    await asAdmin.put(`${URL}/${created.id}`, {
      name: 'Vera A.',
      language: 'pt',
      partnerEntityId: entity.bank,
      version: 1,
    });
    await asAdmin.post(`${URL}/${created.id}/deactivate`, { version: 2 });
    await asAdmin.delete(`${URL}/${created.id}`);
    const rows = await listAudit(ctx.db, { entity: 'partners', entityId: created.id });
    expect(rows.map((r) => r.action)).toEqual(['delete', 'deactivate', 'update', 'create']);
    expect(rows.every((r) => r.actorAccountId === admin.accountId)).toBe(true);
    expect(rows[2]?.before).toMatchObject({ name: 'Vera Audit' });
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
  });
});

describe('GET /app/api/v1/partners (list) and /export', () => {
  beforeAll(async () => {
    await createPartner({ name: 'Xavier Lista', email: 'xavier@lista.cv', partnerEntityId: entity.agency });
    await createPartner({ name: 'Wanda Lista', email: 'wanda@lista.cv' });
  });

  it('searches name, e-mail and entity without regard to case or accents, filters and sorts', async () => {
    const byName = (await asAdmin.get(`${URL}?search=XAVIER`)).json();
    expect(byName.items.map((p: { email: string }) => p.email)).toEqual(['xavier@lista.cv']);
    const byEntity = (await asAdmin.get(`${URL}?search=pro-empresa&pageSize=100`)).json();
    expect(byEntity.items.length).toBeGreaterThan(0);
    expect(
      byEntity.items.every((p: { partnerEntity: { code: string } }) => p.partnerEntity.code === 'PE'),
    ).toBe(true);
    const atlantico = (await asAdmin.get(`${URL}?search=atlantico&pageSize=100`)).json();
    expect(atlantico.items.map((p: { email: string }) => p.email)).toContain('wanda@lista.cv');

    const ofAgency = (await asAdmin.get(`${URL}?partnerEntityId=${entity.agency}&pageSize=100`)).json();
    expect(
      ofAgency.items.every((p: { partnerEntityId: string }) => p.partnerEntityId === entity.agency),
    ).toBe(true);
    const sorted = (await asAdmin.get(`${URL}?sort=email&order=desc&pageSize=100`)).json();
    const emails = sorted.items.map((p: { email: string }) => p.email);
    expect(emails).toEqual([...emails].sort().reverse());
    const page = (await asAdmin.get(`${URL}?sort=email&order=desc&page=2&pageSize=2`)).json();
    expect(page).toMatchObject({ total: sorted.total, page: 2, pageSize: 2 });
    expect(page.items.map((p: { email: string }) => p.email)).toEqual(emails.slice(2, 4));
    expect((await asAdmin.get(`${URL}?sort=partnerEntity`)).statusCode).toBe(200);
    expect((await asAdmin.get(`${URL}?sort=password`)).statusCode).toBe(400);
  });

  it('exports the filtered partners as a readable .xlsx', async () => {
    const res = await asAdmin.get(`${URL}/export?search=lista.cv&sort=name`, { language: 'pt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="partners-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.actualRowCount).toBe(3);
    expect(sheet?.getRow(1).getCell(3).value).toBe('Entidade parceira');
    expect(sheet?.getRow(2).values).toEqual([
      undefined,
      'Wanda Lista',
      'wanda@lista.cv',
      'Banco Comercial do Atlântico',
      'pt',
      'Sim',
    ]);
  });
});

describe('random payloads to create and update', () => {
  it('never answer 5xx', async () => {
    const target = await createPartner({ name: 'Alvo', email: 'alvo@banco.cv' });
    const anything = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.constant(undefined),
    );
    const payload = fc.record(
      {
        name: fc.oneof(fc.string({ minLength: 1, maxLength: 250 }), anything),
        email: fc.oneof(fc.emailAddress(), anything),
        language: fc.oneof(fc.constantFrom('pt', 'en', 'fr'), anything),
        password: fc.oneof(fc.string({ minLength: 10, maxLength: 140 }), anything),
        partnerEntityId: fc.oneof(
          fc.constantFrom(entity.bank, entity.agency, entity.closed),
          fc.uuid(),
          anything,
        ),
        version: fc.oneof(fc.integer({ min: -2, max: 5 }), anything),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(payload, fc.boolean(), async (body, isCreate) => {
        const res = isCreate ? await asAdmin.post(URL, body) : await asAdmin.put(`${URL}/${target.id}`, body);
        expect(res.statusCode, res.body).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
    // The account behind the target is still whole.
    const [account] = await ctx.db.select().from(accounts).where(eq(accounts.id, target.accountId));
    expect(account?.email).toBe('alvo@banco.cv');
  });
});

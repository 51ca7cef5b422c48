import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  type SignedIn,
  type TestContext,
  type TestUser,
} from '../../../test/support/context.ts';
import { apiCalls, apiUrl } from '../../../test/support/http.ts';
import { buildApp } from '../../app.ts';
import { findAccountByEmail } from '../../auth/accounts.repository.ts';
import type { IdentityAdmin } from '../../auth/identity-admin.ts';
import { accounts } from '../../db/schema/index.ts';
import { listAudit } from '../../platform/audit/audit.ts';

let ctx: TestContext;
let admin: TestUser;
let adminSession: SignedIn;
const others: Record<'company' | 'partner', SignedIn> = {} as never;

const PASSWORD = 'Utilizador!2026';
const URL = '/users';

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  admin = await ctx.createUser({ email: 'gestor@teste.cv', name: 'Gestor Principal', roles: ['admin'] });
  adminSession = await ctx.signIn(admin.email, admin.password);
  for (const role of ['company', 'partner'] as const) {
    const user = await ctx.createUser({ email: `${role}@teste.cv`, name: `Conta ${role}`, roles: [role] });
    others[role] = await ctx.signIn(user.email, user.password);
  }
});

afterAll(async () => {
  await ctx?.close();
});

type Method = 'GET' | 'POST' | 'PUT';

const { get, send } = apiCalls(() => ctx.app);
const asAdmin = apiCalls(() => ctx.app).as(() => adminSession);

async function createUser(overrides: Record<string, unknown> = {}) {
  const res = await asAdmin.post(URL, {
    name: 'Nova Pessoa',
    email: 'nova@teste.cv',
    language: 'pt',
    password: PASSWORD,
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function sessionOf(signedIn: SignedIn) {
  return (await ctx.app.inject({ url: '/auth/session', headers: { cookie: signedIn.cookie } })).json();
}

describe('permissions on /app/api/v1/users', () => {
  it('answers 401 to visitors and 403 to company and partner users, on every verb', async () => {
    const id = admin.accountId;
    const attempts: [Method, string, unknown?][] = [
      ['GET', URL],
      ['GET', `${URL}/export`],
      ['GET', `${URL}/${id}`],
      ['POST', URL, { name: 'X', email: 'x@teste.cv', language: 'pt', password: PASSWORD }],
      ['PUT', `${URL}/${id}`, { name: 'X', language: 'pt', isAdmin: false, version: 1 }],
      ['POST', `${URL}/${id}/deactivate`, { version: 1 }],
      ['POST', `${URL}/${id}/activate`, { version: 1 }],
    ];
    for (const [method, url, body] of attempts) {
      expect((await send(null, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
      for (const who of ['company', 'partner'] as const) {
        expect((await send(others[who], method, url, body)).statusCode, `${who} ${url}`).toBe(403);
      }
    }
    expect(await findAccountByEmail(ctx.db, 'x@teste.cv')).toBeUndefined();
  });
});

describe('POST /app/api/v1/users', () => {
  it('creates a user who signs in through the identity provider with the admin role when asked', async () => {
    const created = await createUser({
      name: 'Ana Admin',
      email: 'Ana.Admin@Teste.cv',
      language: 'en',
      isAdmin: true,
    });
    expect(created).toMatchObject({
      name: 'Ana Admin',
      email: 'ana.admin@teste.cv',
      language: 'en',
      isAdmin: true,
      isActive: true,
      roles: ['admin'],
      version: 1,
    });
    expect(created).not.toHaveProperty('password');
    const session = await sessionOf(await ctx.signIn('ana.admin@teste.cv', PASSWORD));
    expect(session.user).toMatchObject({ name: 'Ana Admin', email: 'ana.admin@teste.cv' });
    expect(session.roles).toEqual(expect.arrayContaining(['admin', 'uma_authorization']));
    expect(session.language).toBe('en');
  });

  it('creates a plain user (no portal role) when isAdmin is left out', async () => {
    const created = await createUser({ name: 'Sem Papel', email: 'sem.papel@teste.cv' });
    expect(created).toMatchObject({ isAdmin: false, roles: [] });
    const signedIn = await ctx.signIn('sem.papel@teste.cv', PASSWORD);
    const session = await sessionOf(signedIn);
    expect(session.roles).not.toContain('admin');
    expect((await get(signedIn, URL)).statusCode).toBe(403);
  });

  it('refuses a taken e-mail with 409 duplicate_email and creates nothing on either side', async () => {
    const before = await ctx.identity.findUserByEmail(admin.email);
    const res = await asAdmin.post(
      URL,
      { name: 'Outro', email: 'GESTOR@teste.cv', language: 'pt', password: PASSWORD },
      { language: 'en' },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'duplicate_email',
      key: 'errors:duplicateEmail',
      message: 'A user with this e-mail already exists.',
      details: [{ path: 'email', message: 'A user with this e-mail already exists.' }],
    });
    expect(await ctx.identity.findUserByEmail(admin.email)).toEqual(before);
    expect((await findAccountByEmail(ctx.db, admin.email))?.name).toBe('Gestor Principal');
    // Signing in still works with the original password: the provider user was not touched.
    await expect(ctx.signIn(admin.email, admin.password)).resolves.toBeTruthy();
  });

  it('refuses an e-mail the identity provider already holds (no portal account yet) without storing one', async () => {
    await ctx.identity.createUser({
      email: 'so.no.idp@teste.cv',
      name: 'Só no IdP',
      password: PASSWORD,
      enabled: true,
      roles: [],
      language: 'pt',
    });
    const res = await asAdmin.post(URL, {
      name: 'Outro',
      email: 'so.no.idp@teste.cv',
      language: 'pt',
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('duplicate_email');
    expect(await findAccountByEmail(ctx.db, 'so.no.idp@teste.cv')).toBeUndefined();
    expect((await ctx.identity.findUserByEmail('so.no.idp@teste.cv'))?.name).toBe('Só no IdP');
  });

  it('undoes the provider user when the portal cannot store the account (a concurrent creation won)', async () => {
    // The real provider, with another creation of the same e-mail landing in the portal meanwhile.
    const racing: IdentityAdmin = {
      ...ctx.identity,
      async createUser(input) {
        const created = await ctx.identity.createUser(input);
        await ctx.db.insert(accounts).values({ email: input.email, name: 'Concorrente', roles: [] });
        return created;
      },
    };
    const app = await buildApp({ config: ctx.config, database: ctx.database.handle, identity: racing });
    try {
      const res = await app.inject({
        method: 'POST',
        url: apiUrl(URL),
        headers: adminSession.headers,
        payload: { name: 'Corrida', email: 'corrida@teste.cv', language: 'pt', password: PASSWORD },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('duplicate_email');
      expect(await ctx.identity.findUserByEmail('corrida@teste.cv')).toBeNull();
      expect((await findAccountByEmail(ctx.db, 'corrida@teste.cv'))?.name).toBe('Concorrente');
    } finally {
      await app.close();
    }
  });

  it('answers 400 with the field paths for bad input', async () => {
    const res = await asAdmin.post(URL, {
      name: '',
      email: 'not-an-email',
      language: 'xx',
      password: 'short',
    });
    expect(res.statusCode).toBe(400);
    const paths = res.json().error.details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'email', 'language', 'password']));
  });
});

describe('PUT /app/api/v1/users/{id}', () => {
  it('changes name and language, resets the password, and refuses a stale version', async () => {
    const user = await createUser({ name: 'Bruno Muda', email: 'bruno@teste.cv' });
    const res = await asAdmin.put(`${URL}/${user.id}`, {
      name: 'Bruno Mudado',
      language: 'fr',
      isAdmin: false,
      password: 'Nova!Senha-2026',
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Bruno Mudado', language: 'fr', version: 2 });
    await expect(ctx.signIn('bruno@teste.cv', PASSWORD)).rejects.toThrow();
    const session = await sessionOf(await ctx.signIn('bruno@teste.cv', 'Nova!Senha-2026'));
    expect(session.user.name).toBe('Bruno Mudado');

    const stale = await asAdmin.put(
      `${URL}/${user.id}`,
      { name: 'Por Cima', language: 'pt', isAdmin: true, version: 1 },
      { language: 'en' },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({
      code: 'stale_version',
      message: 'This record was changed by someone else. Reload it and try again.',
    });
    const now = (await asAdmin.get(`${URL}/${user.id}`)).json();
    expect(now).toMatchObject({ name: 'Bruno Mudado', isAdmin: false, version: 2 });
  });

  it('toggles the admin flag: granted at the next sign-in, taken away at once', async () => {
    const user = await createUser({ name: 'Carla Papel', email: 'carla@teste.cv' });
    const first = await ctx.signIn('carla@teste.cv', PASSWORD);
    expect((await get(first, URL)).statusCode).toBe(403);

    const granted = await asAdmin.put(`${URL}/${user.id}`, {
      name: 'Carla Papel',
      language: 'pt',
      isAdmin: true,
      version: 1,
    });
    expect(granted.json()).toMatchObject({ isAdmin: true, roles: ['admin'], version: 2 });
    const second = await ctx.signIn('carla@teste.cv', PASSWORD);
    expect((await sessionOf(second)).roles).toContain('admin');
    expect((await get(second, URL)).statusCode).toBe(200);

    const revoked = await asAdmin.put(`${URL}/${user.id}`, {
      name: 'Carla Papel',
      language: 'pt',
      isAdmin: false,
      version: 2,
    });
    expect(revoked.json()).toMatchObject({ isAdmin: false, roles: [], version: 3 });
    expect((await get(second, URL)).statusCode).toBe(401);
    const third = await ctx.signIn('carla@teste.cv', PASSWORD);
    expect((await sessionOf(third)).roles).not.toContain('admin');
  });

  it('keeps the company and partner roles when the admin flag changes', async () => {
    const partner = await ctx.createUser({ email: 'parceiro.admin@teste.cv', roles: ['partner'] });
    const item = (await asAdmin.get(`${URL}/${partner.accountId}`)).json();
    const res = await asAdmin.put(`${URL}/${partner.accountId}`, {
      name: item.name,
      language: 'pt',
      isAdmin: true,
      version: item.version,
    });
    expect(res.json().roles).toEqual(['admin', 'partner']);
    const session = await sessionOf(await ctx.signIn(partner.email, partner.password));
    expect(session.roles).toEqual(expect.arrayContaining(['admin', 'partner']));
  });

  it('does not let an admin remove their own admin flag or deactivate themselves', async () => {
    const me = (await asAdmin.get(`${URL}/${admin.accountId}`)).json();
    const demote = await asAdmin.put(
      `${URL}/${admin.accountId}`,
      { name: me.name, language: 'pt', isAdmin: false, version: me.version },
      { language: 'en' },
    );
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error).toMatchObject({ code: 'cannot_change_self', key: 'errors:cannotChangeSelf' });
    const off = await asAdmin.post(`${URL}/${admin.accountId}/deactivate`, { version: me.version });
    expect(off.statusCode).toBe(409);
    expect(off.json().error.code).toBe('cannot_change_self');
    // Renaming oneself is fine.
    const rename = await asAdmin.put(`${URL}/${admin.accountId}`, {
      name: 'Gestor Renomeado',
      language: 'pt',
      isAdmin: true,
      version: me.version,
    });
    expect(rename.statusCode).toBe(200);
    expect((await asAdmin.get(URL)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const body = { name: 'X', language: 'pt', isAdmin: false, version: 1 };
    expect((await asAdmin.put(`${URL}/00000000-0000-4000-8000-000000000000`, body)).statusCode).toBe(404);
    expect((await asAdmin.put(`${URL}/not-a-uuid`, body)).statusCode).toBe(400);
    expect((await asAdmin.get(`${URL}/not-a-uuid`)).statusCode).toBe(400);
  });
});

describe('POST /app/api/v1/users/{id}/deactivate and /activate', () => {
  it('signs a deactivated user out at once, refuses their sign-in, and lets them back after activation', async () => {
    const user = await createUser({ name: 'Dora Pausa', email: 'dora@teste.cv', isAdmin: true });
    const open = await ctx.signIn('dora@teste.cv', PASSWORD);
    expect((await get(open, '/me')).statusCode).toBe(200);

    const off = await asAdmin.post(`${URL}/${user.id}/deactivate`, { version: 1 });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ isActive: false, version: 2 });
    expect((await get(open, '/me')).statusCode).toBe(401);
    await expect(ctx.signIn('dora@teste.cv', PASSWORD)).rejects.toThrow();
    expect((await ctx.identity.findUserByEmail('dora@teste.cv'))?.enabled).toBe(false);

    const stale = await asAdmin.post(`${URL}/${user.id}/activate`, { version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('stale_version');

    const on = await asAdmin.post(`${URL}/${user.id}/activate`, { version: 2 });
    expect(on.json()).toMatchObject({ isActive: true, version: 3 });
    const again = await ctx.signIn('dora@teste.cv', PASSWORD);
    expect((await get(again, URL)).statusCode).toBe(200);
  });

  it('refuses the bearer token of a deactivated user', async () => {
    const user = await createUser({ name: 'Eva Token', email: 'eva@teste.cv' });
    const token = await ctx.bearer('eva@teste.cv', PASSWORD);
    const me = () => get(null, '/me', { headers: { authorization: `Bearer ${token}` } });
    expect((await me()).statusCode).toBe(200);
    await asAdmin.post(`${URL}/${user.id}/deactivate`, { version: 1 });
    expect((await me()).statusCode).toBe(401);
  });
});

describe('audit of user changes', () => {
  it('writes one row per change with the actor, before and after, and never the password', async () => {
    const user = await createUser({ name: 'Fábio Auditado', email: 'fabio@teste.cv' });
    await asAdmin.put(`${URL}/${user.id}`, {
      name: 'Fábio A.',
      language: 'pt',
      isAdmin: false,
      password: 'Outra!Senha-2026',
      version: 1,
    });
    await asAdmin.post(`${URL}/${user.id}/deactivate`, { version: 2 });
    await asAdmin.post(`${URL}/${user.id}/activate`, { version: 3 });
    const rows = await listAudit(ctx.db, { entity: 'users', entityId: user.id });
    expect(rows.map((r) => r.action)).toEqual(['activate', 'deactivate', 'update', 'create']);
    for (const row of rows) expect(row.actorAccountId).toBe(admin.accountId);
    const update = rows[2];
    expect(update?.before).toMatchObject({ name: 'Fábio Auditado' });
    expect(update?.after).toMatchObject({ name: 'Fábio A.', passwordReset: true });
    expect(JSON.stringify(rows)).not.toContain('Senha');
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
  });
});

describe('GET /app/api/v1/users (list) and /export', () => {
  beforeAll(async () => {
    await createUser({ name: 'Zélia Conceição', email: 'zelia@lista.cv' });
    await createUser({ name: 'Abel Lista', email: 'abel@lista.cv', isAdmin: true });
  });

  it('searches name and e-mail without regard to case or accents', async () => {
    const byName = (await asAdmin.get(`${URL}?search=CONCEICAO`)).json();
    expect(byName.items.map((u: { email: string }) => u.email)).toEqual(['zelia@lista.cv']);
    const byEmail = (await asAdmin.get(`${URL}?search=lista.cv`)).json();
    expect(byEmail.total).toBe(2);
    expect((await asAdmin.get(`${URL}?search=zelia`)).json().total).toBe(1);
  });

  it('filters by role and status, sorts, and pages', async () => {
    const partners = (await asAdmin.get(`${URL}?role=partner`)).json();
    expect(partners.items.every((u: { roles: string[] }) => u.roles.includes('partner'))).toBe(true);
    expect(partners.total).toBeGreaterThanOrEqual(2);
    const inactive = (await asAdmin.get(`${URL}?isActive=false`)).json();
    expect(inactive.items.map((u: { email: string }) => u.email)).toContain('eva@teste.cv');
    expect(inactive.items.every((u: { isActive: boolean }) => !u.isActive)).toBe(true);

    const all = (await asAdmin.get(`${URL}?sort=email&order=desc&pageSize=100`)).json();
    const emails = all.items.map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort().reverse());
    const page2 = (await asAdmin.get(`${URL}?sort=email&order=desc&page=2&pageSize=3`)).json();
    expect(page2).toMatchObject({ page: 2, pageSize: 3, total: all.total });
    expect(page2.items.map((u: { email: string }) => u.email)).toEqual(emails.slice(3, 6));

    const byName = (await asAdmin.get(`${URL}?pageSize=100`)).json();
    const names = byName.items.map((u: { name: string }) => u.name.toLowerCase());
    expect(names).toEqual([...names].sort());

    expect((await asAdmin.get(`${URL}?sort=password`)).statusCode).toBe(400);
    expect((await asAdmin.get(`${URL}?pageSize=101`)).statusCode).toBe(400);
    expect((await asAdmin.get(`${URL}?role=visitor`)).statusCode).toBe(400);
  });

  it('exports the filtered users as a readable .xlsx with headers in the caller language', async () => {
    const res = await asAdmin.get(`${URL}/export?search=lista&sort=email`, { language: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="users-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      'Name',
      'E-mail',
      'Language',
      'Administrator',
      'Roles',
      'Active',
    ]);
    expect(sheet?.getRow(2).values).toEqual([
      undefined,
      'Abel Lista',
      'abel@lista.cv',
      'pt',
      'Yes',
      'admin',
      'Yes',
    ]);
    expect(sheet?.getRow(3).getCell(2).value).toBe('zelia@lista.cv');
    expect(sheet?.actualRowCount).toBe(3);
    expect((await asAdmin.get(`${URL}/export?sort=nope`)).statusCode).toBe(400);
  });
});

describe('random payloads to create and update', () => {
  const anything = fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  );
  const payload = fc.record(
    {
      name: fc.oneof(fc.string({ minLength: 1, maxLength: 250 }), anything),
      email: fc.oneof(fc.emailAddress(), anything),
      language: fc.oneof(fc.constantFrom('pt', 'en', 'fr'), anything),
      password: fc.oneof(fc.string({ minLength: 10, maxLength: 140 }), anything),
      isAdmin: fc.oneof(fc.boolean(), anything),
      version: fc.oneof(fc.integer({ min: -2, max: 5 }), anything),
    },
    { requiredKeys: [] },
  );

  it('never answer 5xx', async () => {
    const target = await createUser({ name: 'Alvo Aleatório', email: 'alvo@teste.cv' });
    await fc.assert(
      fc.asyncProperty(payload, fc.boolean(), async (body, isCreate) => {
        const res = isCreate ? await asAdmin.post(URL, body) : await asAdmin.put(`${URL}/${target.id}`, body);
        expect(res.statusCode, res.body).toBeLessThan(500);
      }),
      { numRuns: 40 },
    );
  });
});

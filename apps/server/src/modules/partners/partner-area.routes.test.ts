import { searchText } from '@excelencia/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { API_PREFIX, apiCalls, type Method } from '../../../test/support/http.ts';
import {
  accounts,
  companies,
  companyInvitations,
  companyMembers,
  mailOutbox,
  partnerAccessLog,
  partnerApiTokens,
  partnerAssistedCompanies,
  partnerEntities,
  partners,
  partnerTypes,
} from '../../db/schema/index.ts';
import { listAudit } from '../../platform/audit/audit.ts';

let ctx: TestContext;
const entity: Record<'a' | 'b', string> = {} as never;
const as: Record<'partnerA' | 'partnerB' | 'unlinked' | 'owner' | 'stranger' | 'admin', SignedIn> =
  {} as never;
let companyId: string;
let strangerCompanyId: string;
let ownerName: string;

async function addEntity(typeId: string, code: string, name: string): Promise<string> {
  const [row] = await ctx.db
    .insert(partnerEntities)
    .values({
      code,
      name,
      description: { pt: name, en: '', fr: '' },
      partnerTypeId: typeId,
      searchText: searchText(code, name),
    })
    .returning({ id: partnerEntities.id });
  if (!row) throw new Error('no entity');
  return row.id;
}

async function partnerOf(email: string, entityId: string | null): Promise<SignedIn> {
  const user = await ctx.createUser({ email, roles: ['partner'], name: email.split('@')[0] });
  if (entityId) {
    await ctx.db
      .insert(partners)
      .values({ accountId: user.accountId, partnerEntityId: entityId, searchText: searchText(email) });
  }
  return ctx.signIn(user.email, user.password);
}

const { send } = apiCalls(() => ctx.app);

function consent(entityId: string, status: boolean, diagnosis: boolean, who = as.owner) {
  return send(who, 'PUT', `/companies/${companyId}/partner-consents/${entityId}`, { status, diagnosis });
}

/**
 * Partner B's pending request to follow the company of `nif`: the one waiting, else asked now (B's follow
 * requests are limited per minute, so it asks only when none waits). Its id.
 */
async function pendingFromB(nif: string): Promise<string> {
  const mine = (await send(as.partnerB, 'GET', '/partner/follow-requests')).json();
  const waiting = mine.find((r: { nif: string; status: string }) => r.nif === nif && r.status === 'pending');
  if (waiting) return waiting.id;
  const asked = await send(as.partnerB, 'POST', '/partner/follow-requests', { nif });
  expect(asked.statusCode, asked.body).toBe(201);
  return asked.json().id;
}

/** The company partner A pre-registers and invites. */
const novaBody = {
  companyName: 'Nova Assistida, Lda',
  nif: '300000009',
  email: 'responsavel@nova.cv',
  responsibleName: 'Rita Responsável',
  language: 'pt',
};

/** Nova Assistida pre-registered by partner A (here, unless it is already): its invitation is in the outbox. */
async function novaPreRegistered(): Promise<void> {
  const [row] = await ctx.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.nif, novaBody.nif));
  if (row) return;
  const res = await send(as.partnerA, 'POST', '/partner/companies', novaBody);
  expect(res.statusCode, res.body).toBe(201);
}

/** A visitor registers Nova Assistida through the invitation mailed to its responsible person. */
async function acceptNovaInvitation() {
  const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, novaBody.email));
  const token = /invitation\?token=([\w-]+)/.exec(mail?.textBody ?? '')?.[1];
  const csrf = (await ctx.app.inject({ url: '/auth/csrf' })).json().csrfToken;
  return ctx.app.inject({
    method: 'POST',
    url: `${API_PREFIX}/invitations/accept`,
    headers: { cookie: `portal_csrf=${csrf}`, 'x-csrf-token': csrf },
    payload: {
      token,
      password: 'Assistida!2026-x',
      confirmPassword: 'Assistida!2026-x',
      acceptedTerms: true,
    },
  });
}

/** Nova Assistida pre-registered by partner A and registered through its invitation. */
async function novaRegistered(): Promise<void> {
  await novaPreRegistered();
  const listA = (await send(as.partnerA, 'GET', '/partner/companies')).json();
  if (listA.find((c: { nif: string }) => c.nif === novaBody.nif)?.state === 'registered') return;
  const accepted = await acceptNovaInvitation();
  expect(accepted.statusCode, accepted.body).toBe(200);
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  const [type] = await ctx.db
    .insert(partnerTypes)
    .values({ code: 'BANK', description: { pt: 'Banco', en: 'Bank', fr: 'Banque' } })
    .returning({ id: partnerTypes.id });
  if (!type) throw new Error('no type');
  entity.a = await addEntity(type.id, 'BA', 'Banco A');
  entity.b = await addEntity(type.id, 'BB', 'Banco B');
  as.partnerA = await partnerOf('ana@banco-a.cv', entity.a);
  as.partnerB = await partnerOf('bruno@banco-b.cv', entity.b);
  as.unlinked = await partnerOf('sem@entidade.cv', null);
  const owner = await ctx.createUser({ email: 'dona@empresa.cv', roles: ['company'], name: 'Dona Empresa' });
  ownerName = owner.name;
  companyId = await ctx.linkCompany(owner.accountId, {
    companyName: 'Empresa Seguida, Lda',
    nif: '300000001',
  });
  as.owner = await ctx.signIn(owner.email, owner.password);
  const stranger = await ctx.createUser({ email: 'outra@empresa.cv', roles: ['company'] });
  strangerCompanyId = await ctx.linkCompany(stranger.accountId, {
    companyName: 'Outra, Lda',
    nif: '300000002',
  });
  as.stranger = await ctx.signIn(stranger.email, stranger.password);
  const admin = await ctx.createUser({ email: 'admin@parceiros.cv', roles: ['admin'] });
  as.admin = await ctx.signIn(admin.email, admin.password);
  await ctx.db.insert(partnerAssistedCompanies).values({ partnerEntityId: entity.a, companyId });
});

afterAll(async () => {
  await ctx?.close();
});

/** What a partner gets for the company: the HTTP status and, when 200, which levels it read. */
async function seen(who: SignedIn | null) {
  const res = await send(who, 'GET', `/partner/companies/${companyId}`);
  if (res.statusCode !== 200) return { status: res.statusCode };
  const body = res.json();
  return { status: 200, state: body.state !== null, diagnosis: body.diagnosis !== null };
}

describe('GET /app/api/v1/partner/companies/{companyId}: who sees what', () => {
  it('follows the consent table: partner A assists, partner B does not; grants, revocations, visitors', async () => {
    const rows: [string, () => Promise<unknown>, SignedIn | null, unknown][] = [
      ['visitor', async () => {}, null, { status: 401 }],
      ['company user', async () => {}, as.owner, { status: 403 }],
      ['partner without entity', async () => {}, as.unlinked, { status: 403 }],
      ['A, no consent', async () => {}, as.partnerA, { status: 200, state: false, diagnosis: false }],
      ['B, no consent', async () => {}, as.partnerB, { status: 404 }],
      [
        'A, state',
        () => consent(entity.a, true, false),
        as.partnerA,
        { status: 200, state: true, diagnosis: false },
      ],
      ['B, while A has state', async () => {}, as.partnerB, { status: 404 }],
      [
        'A, both',
        () => consent(entity.a, true, true),
        as.partnerA,
        { status: 200, state: true, diagnosis: true },
      ],
      [
        // B does not assist the company: it asks to follow it, and the company shares its diagnosis meanwhile.
        'B, diagnosis',
        async () => {
          expect((await consent(entity.b, false, true)).statusCode).toBe(404);
          expect(
            (await send(as.partnerB, 'POST', '/partner/follow-requests', { nif: '300000001' })).statusCode,
          ).toBe(201);
          expect((await consent(entity.b, false, true)).statusCode).toBe(200);
        },
        as.partnerB,
        { status: 200, state: false, diagnosis: true },
      ],
      [
        'A, state revoked',
        () => consent(entity.a, false, true),
        as.partnerA,
        { status: 200, state: false, diagnosis: true },
      ],
      [
        'A, all revoked',
        () => consent(entity.a, false, false),
        as.partnerA,
        { status: 200, state: false, diagnosis: false },
      ],
      ['B, revoked', () => consent(entity.b, false, false), as.partnerB, { status: 404 }],
    ];
    for (const [label, before, who, expected] of rows) {
      await before();
      expect(await seen(who), label).toEqual(expected);
    }
  });

  it('shows public data without consent, the 8 criteria with the diagnosis consent', async () => {
    await consent(entity.a, false, false);
    const bare = (await send(as.partnerA, 'GET', `/partner/companies/${companyId}`)).json();
    expect(bare).toMatchObject({
      companyName: 'Empresa Seguida, Lda',
      nif: '300000001',
      isAssisted: true,
      consent: { status: false, diagnosis: false },
      state: null,
      application: null,
      diagnosis: null,
    });
    await consent(entity.a, true, true);
    const full = (await send(as.partnerA, 'GET', `/partner/companies/${companyId}`)).json();
    expect(full.state).toBe('registered');
    expect(full.diagnosis.missingYears.length).toBeGreaterThan(0);
    await consent(entity.a, false, false);
  });

  it("shows the company's team, names and roles (owners first), never their e-mails", async () => {
    const owner = await ctx.createUser({
      email: 'dono@equipa-seguida.cv',
      roles: ['company'],
      name: 'Dono Equipa',
    });
    const teamCompany = await ctx.linkCompany(owner.accountId, {
      companyName: 'Equipa Seguida, Lda',
      nif: '300000010',
    });
    const accountant = await ctx.createUser({
      email: 'contas@gabinete.cv',
      roles: ['company'],
      name: 'Carla Contas',
    });
    await ctx.db
      .insert(companyMembers)
      .values({ companyId: teamCompany, accountId: accountant.accountId, role: 'accountant' });
    // An entity of its own assists it (the other tests count entity A's and B's companies).
    const [type] = await ctx.db.select({ id: partnerTypes.id }).from(partnerTypes).limit(1);
    const entityC = await addEntity(type?.id as string, 'BEQ', 'Banco da Equipa');
    const partnerC = await partnerOf('carlos@banco-equipa.cv', entityC);
    await ctx.db
      .insert(partnerAssistedCompanies)
      .values({ partnerEntityId: entityC, companyId: teamCompany });
    const res = await send(partnerC, 'GET', `/partner/companies/${teamCompany}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().members).toEqual([
      { name: 'Dono Equipa', role: 'owner' },
      { name: 'Carla Contas', role: 'accountant' },
    ]);
    expect(res.body).not.toContain('contas@gabinete.cv');
    expect(res.body).not.toContain('dono@equipa-seguida.cv');
    expect((await send(as.partnerA, 'GET', `/partner/companies/${teamCompany}`)).statusCode).toBe(404);
  });

  it('answers 404 for a company that neither is assisted nor consents, and for an unknown one', async () => {
    expect((await send(as.partnerA, 'GET', `/partner/companies/${strangerCompanyId}`)).statusCode).toBe(404);
    expect(
      (await send(as.partnerA, 'GET', '/partner/companies/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });

  it('reads the same with a bearer token from the identity provider', async () => {
    await consent(entity.a, true, false);
    const token = await ctx.bearer('ana@banco-a.cv', 'Test!Password-2026');
    const res = await ctx.app.inject({
      url: `${API_PREFIX}/partner/companies/${companyId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'registered', diagnosis: null });
    const [last] = await ctx.db
      .select()
      .from(partnerAccessLog)
      .where(eq(partnerAccessLog.companyId, companyId))
      .orderBy(partnerAccessLog.at)
      .then((rows) => rows.slice(-1));
    expect(last).toMatchObject({ via: 'bearer', level: 'status', partnerEntityId: entity.a });
    await consent(entity.a, false, false);
  });
});

describe('consents: /app/api/v1/companies/{companyId}/partner-consents', () => {
  it('lists the entities that assist the company or ask to follow it, the assisting one first; only the company itself changes them', async () => {
    await pendingFromB('300000001');
    const [type] = await ctx.db.select({ id: partnerTypes.id }).from(partnerTypes).limit(1);
    const unrelated = await addEntity(type?.id ?? '', 'BN', 'Banco Nenhum');
    const list = (await send(as.owner, 'GET', `/companies/${companyId}/partner-consents`)).json();
    // A assists it; B asked to follow it (the request waits); Banco Nenhum has nothing to do with it.
    expect(
      list.map((i: { code: string; assists: boolean; followRequest: unknown }) => [
        i.code,
        i.assists,
        i.followRequest,
      ]),
    ).toEqual([
      ['BA', true, null],
      ['BB', false, { id: expect.any(String), requestedBy: 'bruno', requestedAt: expect.any(String) }],
    ]);
    expect((await consent(unrelated, true, false)).statusCode).toBe(404);
    await ctx.db.delete(partnerEntities).where(eq(partnerEntities.id, unrelated));
    expect((await send(as.admin, 'GET', `/companies/${companyId}/partner-consents`)).statusCode).toBe(200);
    expect((await send(as.stranger, 'GET', `/companies/${companyId}/partner-consents`)).statusCode).toBe(404);
    expect((await send(as.partnerA, 'GET', `/companies/${companyId}/partner-consents`)).statusCode).toBe(403);
    expect((await consent(entity.a, true, true, as.stranger)).statusCode).toBe(404);
    expect((await consent(entity.a, true, true, as.partnerA)).statusCode).toBe(403);
    expect((await consent(entity.a, true, true, as.admin)).statusCode).toBe(403);
    expect(
      (await send(null, 'PUT', `/companies/${companyId}/partner-consents/${entity.a}`, {})).statusCode,
    ).toBe(401);
    expect((await consent('00000000-0000-4000-8000-000000000000', true, true)).statusCode).toBe(404);
  });

  it('writes an audit row per change, with the levels before and after', async () => {
    // B may set the company's consents while its request to follow it waits.
    await pendingFromB('300000001');
    await consent(entity.b, true, false);
    await consent(entity.b, false, false);
    const rows = await listAudit(ctx.db, { entity: 'partners/consents', entityId: companyId });
    expect(rows[0]).toMatchObject({
      action: 'update',
      before: { partnerEntityId: entity.b, status: true, diagnosis: false },
      after: { partnerEntityId: entity.b, status: false, diagnosis: false },
    });
  });
});

describe('GET /app/api/v1/companies/{companyId}/partner-access-log', () => {
  it('lists every partner read, who and which level, newest first, to the company only', async () => {
    await ctx.db.delete(partnerAccessLog);
    await consent(entity.a, true, true);
    await send(as.partnerA, 'GET', `/partner/companies/${companyId}`);
    await consent(entity.a, false, false);
    // A read of public data only is not a read of the company's data: nothing is logged.
    await send(as.partnerA, 'GET', `/partner/companies/${companyId}`);
    const log = (await send(as.owner, 'GET', `/companies/${companyId}/partner-access-log`)).json();
    expect(log.total).toBe(2);
    expect(log.items.map((i: { level: string }) => i.level).sort()).toEqual(['diagnosis', 'status']);
    expect(log.items[0]).toMatchObject({ partnerEntityName: 'Banco A', readerName: 'ana', via: 'session' });
    expect((await send(as.stranger, 'GET', `/companies/${companyId}/partner-access-log`)).statusCode).toBe(
      404,
    );
    expect((await send(as.partnerA, 'GET', `/companies/${companyId}/partner-access-log`)).statusCode).toBe(
      403,
    );
    expect(ownerName).toBe('Dona Empresa');
  });
});

describe('POST /app/api/v1/partner/companies', () => {
  const body = novaBody;

  it("pre-registers and invites the company; it joins the entity's list as invited, not B's", async () => {
    const res = await send(as.partnerA, 'POST', '/partner/companies', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      companyName: 'Nova Assistida, Lda',
      nif: '300000009',
      state: 'invited',
      consent: { status: false, diagnosis: false },
    });
    const [mail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'responsavel@nova.cv'));
    expect(mail?.textBody).toContain('/pt/register/invitation?token=');
    // It names who invited them: the person and the partner entity, in the invitee's language.
    expect(mail?.textBody).toContain(
      'ana (Banco A, entidade parceira do portal Excelência Empresarial) pré-registou a empresa Nova Assistida, Lda no portal',
    );
    const listA = (await send(as.partnerA, 'GET', '/partner/companies')).json();
    expect(listA.map((c: { nif: string }) => c.nif)).toEqual(['300000001', '300000009']);
    expect((await send(as.partnerB, 'GET', '/partner/companies')).json()).toEqual([]);
    const audit = await listAudit(ctx.db, {
      entity: 'partners/assisted-companies',
      entityId: res.json().companyId,
    });
    expect(audit).toHaveLength(1);
    const invitations = (await send(as.admin, 'GET', '/companies/pre-registrations?search=300000009')).json();
    expect(invitations.items).toHaveLength(1);
  });

  it('registering through the invitation moves the company to registered', async () => {
    await novaPreRegistered();
    const accepted = await acceptNovaInvitation();
    expect(accepted.statusCode, accepted.body).toBe(200);
    const listA = (await send(as.partnerA, 'GET', '/partner/companies')).json();
    expect(listA.find((c: { nif: string }) => c.nif === '300000009').state).toBe('registered');
  });

  it('refuses a taken NIF (409), a company or admin caller (403) and a partner without entity (403)', async () => {
    await novaPreRegistered();
    expect((await send(as.partnerB, 'POST', '/partner/companies', body)).statusCode).toBe(409);
    const other = { ...body, nif: '300000010', email: 'x@nova.cv' };
    expect((await send(as.owner, 'POST', '/partner/companies', other)).statusCode).toBe(403);
    expect((await send(as.admin, 'POST', '/partner/companies', other)).statusCode).toBe(403);
    expect((await send(as.unlinked, 'POST', '/partner/companies', other)).statusCode).toBe(403);
    expect((await send(null, 'POST', '/partner/companies', other)).statusCode).toBe(401);
  });
});

describe('GET /app/api/v1/partner/dashboard', () => {
  it("counts the entity's companies; B's are its own", async () => {
    // A assists the company of the file and Nova Assistida, which it invited and which registered.
    await novaRegistered();
    const a = (await send(as.partnerA, 'GET', '/partner/dashboard')).json();
    expect(a).toMatchObject({ entity: { code: 'BA' }, assisted: 2, registered: 2, editions: [] });
    const b = (await send(as.partnerB, 'GET', '/partner/dashboard')).json();
    expect(b).toMatchObject({ entity: { code: 'BB' }, assisted: 0, registered: 0 });
    expect((await send(as.owner, 'GET', '/partner/dashboard')).statusCode).toBe(403);
  });
});

describe('partner API tokens: /app/api/v1/users/profile/api-tokens', () => {
  const withToken = (token: string, url: string) =>
    ctx.app.inject({ url: `${API_PREFIX}${url}`, headers: { authorization: `Bearer ${token}` } });
  async function newToken(who: SignedIn, name = 'ERP') {
    const res = await send(who, 'POST', '/users/profile/api-tokens', { name, days: 30 });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; token: string; prefix: string };
  }

  it('is shown once, stored hashed, and reads what the screens read, logged as an API read', async () => {
    const created = await newToken(as.partnerA);
    expect(created.token).toMatch(/^exp_[\w-]{43}$/);
    expect(created.token.startsWith(created.prefix)).toBe(true);
    const list = (await send(as.partnerA, 'GET', '/users/profile/api-tokens')).json();
    expect(list[0]).toMatchObject({ id: created.id, name: 'ERP', revokedAt: null });
    expect(JSON.stringify(list)).not.toContain(created.token);
    const [stored] = await ctx.db.select().from(partnerApiTokens).where(eq(partnerApiTokens.id, created.id));
    expect(stored?.tokenHash).not.toContain(created.token);
    expect((await send(as.partnerB, 'GET', '/users/profile/api-tokens')).json()).toEqual([]);

    const listed = await withToken(created.token, '/partner/companies');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((c: { nif: string }) => c.nif)).toContain('300000001');
    await consent(entity.a, false, true);
    const read = await withToken(created.token, `/partner/companies/${companyId}`);
    expect(read.json()).toMatchObject({ state: null, diagnosis: { indicatorYear: expect.any(Number) } });
    const log = (await send(as.owner, 'GET', `/companies/${companyId}/partner-access-log`)).json();
    expect(log.items[0]).toMatchObject({ level: 'diagnosis', via: 'bearer', partnerEntityName: 'Banco A' });
    await consent(entity.a, false, false);
    // A token makes no tokens and changes nothing of the company's.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/users/profile/api-tokens`,
      headers: { authorization: `Bearer ${created.token}` },
      payload: { name: 'X', days: 30 },
    });
    expect(again.statusCode).toBe(403);
  });

  it('answers 401 to a revoked, an expired or an unknown token, and to one whose maker left the entity', async () => {
    const revoked = await newToken(as.partnerA, 'revoked');
    expect((await send(as.partnerB, 'DELETE', `/users/profile/api-tokens/${revoked.id}`)).statusCode).toBe(
      404,
    );
    expect((await send(as.partnerA, 'DELETE', `/users/profile/api-tokens/${revoked.id}`)).statusCode).toBe(
      204,
    );
    expect((await withToken(revoked.token, '/partner/companies')).statusCode).toBe(401);
    expect((await send(as.partnerA, 'DELETE', `/users/profile/api-tokens/${revoked.id}`)).statusCode).toBe(
      404,
    );

    const expired = await newToken(as.partnerA, 'expired');
    await ctx.db
      .update(partnerApiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(partnerApiTokens.id, expired.id));
    expect((await withToken(expired.token, '/partner/companies')).statusCode).toBe(401);
    expect((await withToken(`exp_${'x'.repeat(43)}`, '/partner/companies')).statusCode).toBe(401);

    const audit = await listAudit(ctx.db, { entity: 'partners/api-tokens', entityId: revoked.id });
    expect(audit.map((r) => r.action)).toEqual(['revoke', 'create']);
  });

  it("acts for its own entity only: B's consent is not A's", async () => {
    const token = (await newToken(as.partnerA, 'entity')).token;
    // B may set the company's consents while its request to follow it waits.
    await pendingFromB('300000001');
    await consent(entity.b, true, true);
    expect((await withToken(token, `/partner/companies/${companyId}`)).json()).toMatchObject({
      isAssisted: true,
      state: null,
      diagnosis: null,
    });
    expect((await withToken(token, `/partner/companies/${strangerCompanyId}`)).statusCode).toBe(404);
    await consent(entity.b, false, false);
  });

  it("reads the partner area and nothing else: its maker's profile, language, picture and the results report need the session", async () => {
    const token = (await newToken(as.partnerA, 'scope')).token;
    const bearer = { authorization: `Bearer ${token}` };
    const tries = [
      { method: 'PUT', url: '/me/profile', payload: { name: 'Banco Comercial do Atlântico, SA' } },
      { method: 'PUT', url: '/me/language', payload: { language: 'fr' } },
      { method: 'DELETE', url: '/me/profile-picture' },
      { method: 'GET', url: '/me' },
      { method: 'GET', url: '/me/profile' },
      { method: 'GET', url: `/editions/${companyId}/results/report.xlsx` },
      { method: 'GET', url: '/users/profile/api-tokens' },
      { method: 'POST', url: '/partner/companies', payload: { companyName: 'X, Lda', nif: '300000099' } },
    ] as const;
    for (const t of tries) {
      const res = await ctx.app.inject({
        method: t.method,
        url: `${API_PREFIX}${t.url}`,
        headers: bearer,
        ...('payload' in t ? { payload: t.payload } : {}),
      });
      expect(res.statusCode, `${t.method} ${t.url}`).toBe(403);
      expect(res.json().error.message, `${t.method} ${t.url}`).toBe(
        'Um token de API só lê a área do parceiro; para alterar algo, inicie sessão no portal.',
      );
    }
    const [ana] = await ctx.db.select().from(accounts).where(eq(accounts.email, 'ana@banco-a.cv'));
    expect(ana).toMatchObject({ name: 'ana', language: 'pt' });
    expect((await withToken(token, '/partner/dashboard')).statusCode).toBe(200);
  });

  it('stops working for good when its maker is deactivated or moved to another entity, even once back', async () => {
    const partnerRow = async () => {
      const [row] = await ctx.db
        .select({ id: partners.id })
        .from(partners)
        .innerJoin(accounts, eq(accounts.id, partners.accountId))
        .where(eq(accounts.email, 'ana@banco-a.cv'));
      const res = await send(as.admin, 'GET', `/partners/${row?.id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { id: string; version: number; name: string; language: string };
    };
    const admin = async (method: Method, url: string, body: object) => {
      const res = await send(as.admin, method, url, body);
      expect(res.statusCode, res.body).toBe(200);
    };

    const deactivated = (await newToken(as.partnerA, 'deactivated')).token;
    let p = await partnerRow();
    await admin('POST', `/partners/${p.id}/deactivate`, { version: p.version });
    expect((await withToken(deactivated, '/partner/companies')).statusCode).toBe(401);
    p = await partnerRow();
    await admin('POST', `/partners/${p.id}/activate`, { version: p.version });
    expect((await withToken(deactivated, '/partner/companies')).statusCode).toBe(401);

    as.partnerA = await ctx.signIn('ana@banco-a.cv', 'Test!Password-2026');
    const moved = (await newToken(as.partnerA, 'moved')).token;
    expect((await withToken(moved, '/partner/companies')).statusCode).toBe(200);
    for (const to of [entity.b, entity.a]) {
      p = await partnerRow();
      await admin('PUT', `/partners/${p.id}`, {
        name: p.name,
        language: p.language,
        partnerEntityId: to,
        version: p.version,
      });
    }
    expect((await withToken(moved, '/partner/companies')).statusCode).toBe(401);
    const listed = (await send(as.partnerA, 'GET', '/users/profile/api-tokens')).json();
    expect(listed.filter((t: { revokedAt: string | null }) => t.revokedAt === null)).toEqual([]);
    as.partnerA = await ctx.signIn('ana@banco-a.cv', 'Test!Password-2026');
  });
});

describe('the partner API in the OpenAPI document', () => {
  it('has its own tag with a description, an example, and the roles of every route', async () => {
    const doc = (await ctx.app.inject({ url: `${API_PREFIX}/docs/json` })).json();
    expect(doc.tags).toContainEqual(expect.objectContaining({ name: 'partner area' }));
    const list = doc.paths['/app/api/v1/partner/companies'].get;
    expect(list.tags).toEqual(['partner area']);
    expect(list.description).toContain('partner');
    expect(JSON.stringify(list.responses['200'])).toContain('Mercearia Atlântico, Lda');
  });
});

describe('POST /app/api/v1/partner/companies: limits', () => {
  let partnersC: SignedIn[];

  beforeAll(async () => {
    const [type] = await ctx.db.select({ id: partnerTypes.id }).from(partnerTypes).limit(1);
    const entityC = await addEntity(type?.id ?? '', 'BC', 'Banco C');
    partnersC = [];
    for (const name of ['carla', 'carlos', 'celia'])
      partnersC.push(await partnerOf(`${name}@banco-c.cv`, entityC));
  });

  const invite = (who: SignedIn | undefined, n: number, email = `convite${n}@empresa-c.cv`) =>
    send(who ?? null, 'POST', '/partner/companies', {
      companyName: `Empresa C ${n}, Lda`,
      nif: String(600000000 + n),
      email,
      responsibleName: `Responsável ${n}`,
      language: 'pt',
    });

  it('gives one address one pending invitation: inviting it again answers 409, whichever entity asks', async () => {
    const first = await invite(partnersC[2], 100, 'duas.vezes@empresa.cv');
    expect(first.statusCode, first.body).toBe(201);
    for (const [who, n] of [
      [partnersC[2], 101],
      [as.partnerB, 102],
    ] as const) {
      const again = await invite(who, n, 'Duas.Vezes@empresa.cv');
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toMatchObject({ code: 'invitation_pending', details: [{ path: 'email' }] });
    }
    const rows = await ctx.db
      .select()
      .from(companyInvitations)
      .where(eq(companyInvitations.email, 'duas.vezes@empresa.cv'));
    expect(rows).toHaveLength(1);
    const mails = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'duas.vezes@empresa.cv'));
    expect(mails).toHaveLength(1);
    await ctx.db.delete(companies).where(eq(companies.nif, '600000100'));
  });

  it('answers 429 past 10 a minute per caller, and past 20 an hour per entity with a clear message', async () => {
    const statuses: number[] = [];
    for (let n = 0; n < 11; n++) statuses.push((await invite(partnersC[0], n)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
    for (let n = 11; n < 21; n++) expect((await invite(partnersC[1], n)).statusCode).toBe(201);

    const over = await invite(partnersC[2], 21);
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toMatchObject({
      code: 'pre_registration_limit',
      message:
        'A sua entidade já pré-registou 20 empresas na última hora, o máximo permitido. Tente de novo mais tarde.',
    });
    const inEnglish = await ctx.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/partner/companies`,
      headers: { ...partnersC[2]?.headers, 'x-language': 'en' },
      payload: { companyName: 'X, Lda', nif: '600000099', email: 'x@empresa-c.cv', responsibleName: 'X' },
    });
    expect(inEnglish.json().error.message).toBe(
      'Your entity has already pre-registered 20 companies in the last hour, the most allowed. Try again later.',
    );
    expect(await ctx.db.select().from(companies).where(eq(companies.nif, '600000021'))).toEqual([]);
    // Another entity is not held back.
    expect((await invite(as.partnerB, 30)).statusCode).toBe(201);
  });
});

describe('follow requests: a partner asks to follow a company that registered on its own', () => {
  it('POST /app/api/v1/partner/follow-requests asks, mails the company in its language, and lists the entity only where it concerns the company', async () => {
    // B asks to follow the company of the file too (its request waits).
    await pendingFromB('300000001');
    const before = (
      await send(as.stranger, 'GET', `/companies/${strangerCompanyId}/partner-consents`)
    ).json();
    expect(before).toEqual([]);
    await ctx.db.update(accounts).set({ language: 'fr' }).where(eq(accounts.email, 'outra@empresa.cv'));

    const res = await send(as.partnerB, 'POST', '/partner/follow-requests', { nif: '300000002' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      companyId: strangerCompanyId,
      companyName: 'Outra, Lda',
      nif: '300000002',
      status: 'pending',
      requestedBy: 'bruno',
      decidedAt: null,
    });
    const strangerRequest = res.json().id;
    const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'outra@empresa.cv'));
    expect(mail?.subject).toBe('Banco B demande à suivre Outra, Lda — Excellence des Entreprises');
    expect(mail?.textBody).toContain(
      "bruno (Banco B, entité partenaire du portail Excellence des Entreprises) demande à suivre l'entreprise Outra, Lda sur le portail.",
    );
    expect(mail?.textBody).toContain('http://localhost:4200/fr/company/profile');
    const audit = await listAudit(ctx.db, { entity: 'partners/follow-requests', entityId: strangerRequest });
    expect(audit.map((r) => r.action)).toEqual(['create']);

    // The company sees B, which asks; not A, which has nothing to do with it.
    const after = (await send(as.stranger, 'GET', `/companies/${strangerCompanyId}/partner-consents`)).json();
    expect(after).toMatchObject([
      {
        code: 'BB',
        assists: false,
        consent: { status: false, diagnosis: false },
        followRequest: { id: strangerRequest, requestedBy: 'bruno' },
      },
    ]);
    const mine = (await send(as.partnerB, 'GET', '/partner/follow-requests')).json();
    expect(mine.map((r: { nif: string; status: string }) => [r.nif, r.status])).toEqual([
      ['300000002', 'pending'],
      ['300000001', 'pending'],
    ]);
    expect((await send(as.partnerA, 'GET', '/partner/follow-requests')).json()).toEqual([]);
  });

  it('refuses a second pending request, an assisted company, an unknown NIF and an unfinished pre-registration', async () => {
    await pendingFromB('300000002');
    const ask = (who: SignedIn, nif: string) => send(who, 'POST', '/partner/follow-requests', { nif });
    const again = await ask(as.partnerB, '300000002');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'follow_request_pending', details: [{ path: 'nif' }] });
    expect((await ask(as.partnerA, '300000001')).json().error.code).toBe('follow_already_assisted');
    const unknown = await ask(as.partnerB, '399999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatchObject({
      code: 'follow_company_unknown',
      message: 'Nenhuma empresa registada tem este NIF.',
      details: [{ path: 'nif', message: 'Nenhuma empresa registada tem este NIF.' }],
    });
    const invited = await send(as.admin, 'POST', '/companies/pre-registrations', {
      companyName: 'Por Confirmar, Lda',
      nif: '300000077',
      email: 'por.confirmar@empresa.cv',
      responsibleName: 'Por Confirmar',
    });
    expect(invited.statusCode).toBe(201);
    expect((await ask(as.partnerB, '300000077')).json().error.code).toBe('follow_company_unconfirmed');
    expect((await ask(as.owner, '300000002')).statusCode).toBe(403);
    expect((await ask(as.admin, '300000002')).statusCode).toBe(403);
    expect((await ask(as.unlinked, '300000002')).statusCode).toBe(403);
    expect((await send(null, 'POST', '/partner/follow-requests', { nif: '300000002' })).statusCode).toBe(401);
    // A partner API token reads only.
    const token = (
      await send(as.partnerB, 'POST', '/users/profile/api-tokens', { name: 'follow', days: 30 })
    ).json().token as string;
    const byToken = await ctx.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/partner/follow-requests`,
      headers: { authorization: `Bearer ${token}` },
      payload: { nif: '300000002' },
    });
    expect(byToken.statusCode).toBe(403);
  });

  it('the company accepts: the entity assists it from then on, sharing nothing until the company says so', async () => {
    const strangerRequest = await pendingFromB('300000002');
    const decide = (who: SignedIn | null, company: string, accept: boolean, id = strangerRequest) =>
      send(who, 'POST', `/companies/${company}/follow-requests/${id}/decision`, { accept });
    expect((await decide(as.owner, strangerCompanyId, true)).statusCode).toBe(404);
    expect((await decide(as.owner, companyId, true)).statusCode).toBe(404);
    expect((await decide(as.admin, strangerCompanyId, true)).statusCode).toBe(403);
    expect((await decide(as.partnerB, strangerCompanyId, true)).statusCode).toBe(403);
    expect((await decide(null, strangerCompanyId, true)).statusCode).toBe(401);

    const accepted = await decide(as.stranger, strangerCompanyId, true);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', decidedAt: expect.any(String) });
    const again = await decide(as.stranger, strangerCompanyId, false);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('follow_request_decided');

    const listB = (await send(as.partnerB, 'GET', '/partner/companies')).json();
    expect(listB.find((c: { nif: string }) => c.nif === '300000002')).toMatchObject({
      state: 'registered',
      consent: { status: false, diagnosis: false },
    });
    expect((await send(as.partnerB, 'GET', `/partner/companies/${strangerCompanyId}`)).json()).toMatchObject({
      isAssisted: true,
      state: null,
      diagnosis: null,
    });
    const sharing = (
      await send(as.stranger, 'GET', `/companies/${strangerCompanyId}/partner-consents`)
    ).json();
    expect(sharing).toMatchObject([{ code: 'BB', assists: true, followRequest: null }]);
    expect(
      (await send(as.partnerB, 'POST', '/partner/follow-requests', { nif: '300000002' })).json().error.code,
    ).toBe('follow_already_assisted');
    const audit = await listAudit(ctx.db, { entity: 'partners/follow-requests', entityId: strangerRequest });
    expect(audit.map((r) => r.action)).toEqual(['accept', 'create']);
    const assisted = await listAudit(ctx.db, {
      entity: 'partners/assisted-companies',
      entityId: strangerCompanyId,
    });
    expect(assisted[0]).toMatchObject({ action: 'create', after: { partnerEntityId: entity.b } });
  });

  it('the company refuses: the entity leaves its list, and may ask again later', async () => {
    await pendingFromB('300000001');
    const [pending] = (await send(as.owner, 'GET', `/companies/${companyId}/partner-consents`))
      .json()
      .filter((i: { code: string }) => i.code === 'BB');
    const refused = await send(
      as.owner,
      'POST',
      `/companies/${companyId}/follow-requests/${pending.followRequest.id}/decision`,
      { accept: false },
    );
    expect(refused.statusCode).toBe(200);
    expect(refused.json().status).toBe('refused');
    const list = (await send(as.owner, 'GET', `/companies/${companyId}/partner-consents`)).json();
    expect(list.map((i: { code: string }) => i.code)).toEqual(['BA']);
    expect((await send(as.partnerB, 'GET', `/partner/companies/${companyId}`)).statusCode).toBe(404);
    const audit = await listAudit(ctx.db, {
      entity: 'partners/follow-requests',
      entityId: pending.followRequest.id,
    });
    expect(audit[0]).toMatchObject({
      action: 'refuse',
      before: { status: 'pending' },
      after: { status: 'refused' },
    });
    expect(
      (await send(as.partnerB, 'POST', '/partner/follow-requests', { nif: '300000001' })).statusCode,
    ).toBe(201);
  });

  it('answers 429 past 10 a minute per caller, and past 20 an hour per entity with a clear message', async () => {
    const [type] = await ctx.db.select({ id: partnerTypes.id }).from(partnerTypes).limit(1);
    const entityD = await addEntity(type?.id ?? '', 'BD', 'Banco D');
    const partnersD: SignedIn[] = [];
    for (const name of ['dora', 'duarte', 'diana'])
      partnersD.push(await partnerOf(`${name}@banco-d.cv`, entityD));
    const owner = await ctx.createUser({ email: 'dono@muitas.cv', roles: ['company'] });
    for (let n = 0; n < 22; n++) {
      await ctx.linkCompany(owner.accountId, { companyName: `Muitas ${n}, Lda`, nif: String(700000000 + n) });
    }
    const ask = (who: SignedIn | undefined, n: number) =>
      send(who ?? null, 'POST', '/partner/follow-requests', { nif: String(700000000 + n) });
    const statuses: number[] = [];
    for (let n = 0; n < 11; n++) statuses.push((await ask(partnersD[0], n)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
    for (let n = 10; n < 20; n++) expect((await ask(partnersD[1], n)).statusCode).toBe(201);
    const over = await ask(partnersD[2], 20);
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toMatchObject({
      code: 'follow_request_limit',
      message:
        'A sua entidade já enviou 20 pedidos de acompanhamento na última hora, o máximo permitido. Tente de novo mais tarde.',
    });
    // Another entity is not held back.
    expect((await ask(as.partnerA, 21)).statusCode).toBe(201);
  });
});

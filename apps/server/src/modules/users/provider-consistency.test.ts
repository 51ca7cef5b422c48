import { searchText } from '@excelencia/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestContext,
  type SignedIn,
  type TestContext,
  type TestUser,
} from '../../../test/support/context.ts';
import { API_PREFIX, apiCalls, visitorCsrf } from '../../../test/support/http.ts';
import { type App, buildApp } from '../../app.ts';
import { findAccountByEmail } from '../../auth/accounts.repository.ts';
import type { IdentityAdmin } from '../../auth/identity-admin.ts';
import { IDENTITY_DELETE_USER_JOB, IDENTITY_SYNC_ACCOUNT_JOB } from '../../auth/provisioning.ts';
import {
  accounts,
  caeDivisions,
  caeSections,
  cities,
  islands,
  partnerEntities,
  partners,
  partnerTypes,
  pendingRegistrations,
} from '../../db/schema/index.ts';
import { listJobs } from '../../platform/jobs/jobs.ts';

/**
 * The real identity provider behind a wrapper whose Nth changing call (counted from `failOn`) fails as an
 * unreachable provider would: every failure point of a change, and of its undo, is reached this way.
 */
function flaky(real: IdentityAdmin) {
  const changing = new Set([
    'createUser',
    'setEnabled',
    'setRoles',
    'setPassword',
    'updateProfile',
    'deleteUser',
  ]);
  let calls = 0;
  let failing = new Set<number>();
  const names: string[] = [];
  let afterCreate: ((email: string) => Promise<void>) | undefined;
  const identity = {} as Record<string, unknown>;
  for (const [name, method] of Object.entries(real) as [string, (...args: unknown[]) => Promise<unknown>][]) {
    identity[name] = async (...args: unknown[]) => {
      if (changing.has(name)) {
        calls += 1;
        names.push(name);
        if (failing.has(calls)) throw new Error(`the provider is down (call ${calls}, ${name})`);
      }
      const result = await method(...args);
      if (name === 'createUser' && afterCreate) await afterCreate((args[0] as { email: string }).email);
      return result;
    };
  }
  return {
    identity: identity as unknown as IdentityAdmin,
    /** The changing calls numbered `ns` from now fail; the others go through. */
    failOn(...ns: number[]) {
      calls = 0;
      names.length = 0;
      failing = new Set(ns);
    },
    /** The changing calls made since failOn, in order. */
    calls: () => [...names],
    onCreate(hook: ((email: string) => Promise<void>) | undefined) {
      afterCreate = hook;
    },
  };
}

let ctx: TestContext;
let provider: ReturnType<typeof flaky>;
let app: App;
let adminSession: SignedIn;

const URL = '/users';

const { send } = apiCalls(() => app);

beforeAll(async () => {
  ctx = await createTestContext();
  provider = flaky(ctx.identity);
  app = await buildApp({ config: ctx.config, database: ctx.database.handle, identity: provider.identity });
  await app.ready();
  await ctx.reset();
  const admin = await ctx.createUser({ email: 'gestor@consistencia.cv', name: 'Gestor', roles: ['admin'] });
  adminSession = await ctx.signIn(admin.email, admin.password);
});

afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

beforeEach(() => {
  provider.failOn();
  provider.onCreate(undefined);
});

/** What the provider says of a user: name and enabled from its admin API, roles from a sign-in's token. */
async function atProvider(user: { email: string; password: string }) {
  const found = await ctx.identity.findUserByEmail(user.email);
  if (!found) return null;
  let roles: string[] | null = null;
  if (found.enabled) {
    const token = await ctx.bearer(user.email, user.password);
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    roles = ((claims.realm_access?.roles ?? []) as string[]).filter((r) => r !== 'uma_authorization').sort();
  }
  return { name: found.name, enabled: found.enabled, roles };
}

/** What the portal says of the same user, in the same shape. */
async function inPortal(email: string) {
  const row = await findAccountByEmail(ctx.db, email);
  if (!row) return null;
  const roles = row.roles.filter((r) => r !== 'uma_authorization').sort();
  return { name: row.name, enabled: row.isActive, roles: row.isActive ? roles : null };
}

async function company(email: string): Promise<TestUser & { version: number }> {
  const user = await ctx.createUser({ email, name: 'Nome Antigo', roles: ['company'] });
  const row = await findAccountByEmail(ctx.db, email);
  return { ...user, version: row?.version ?? 0 };
}

/** PUT the user through the app whose provider fails on demand: a new name, English, admin, and `body`. */
function updateUser(user: TestUser & { version: number }, body: Record<string, unknown>) {
  return send(adminSession, 'PUT', `${URL}/${user.accountId}`, {
    name: 'Nome Novo',
    language: 'en',
    isAdmin: true,
    version: user.version,
    ...body,
  });
}

describe('a user change that fails at the provider part-way', () => {
  it('puts the name back when setting the roles fails', async () => {
    const user = await company('um@consistencia.cv');
    provider.failOn(2);
    const res = await updateUser(user, {});
    expect(res.statusCode).toBe(503);
    expect(provider.calls()).toEqual(['updateProfile', 'setRoles', 'setRoles', 'updateProfile']);
    const portal = await inPortal(user.email);
    expect(portal).toEqual({ name: 'Nome Antigo', enabled: true, roles: ['company'] });
    expect(await atProvider(user)).toEqual(portal);
    expect(await listJobs(ctx.db, IDENTITY_SYNC_ACCOUNT_JOB)).toEqual([]);
  });

  it('puts the roles and the name back when setting the password fails, and the old password still works', async () => {
    const user = await company('dois@consistencia.cv');
    provider.failOn(3);
    const res = await updateUser(user, { password: 'Outra!Senha-2026' });
    expect(res.statusCode).toBe(503);
    // The password is not put back (it cannot be read): it fails last, and may not have been set.
    expect(provider.calls()).toEqual([
      'updateProfile',
      'setRoles',
      'setPassword',
      'setRoles',
      'updateProfile',
    ]);
    const portal = await inPortal(user.email);
    expect(portal).toEqual({ name: 'Nome Antigo', enabled: true, roles: ['company'] });
    // Signs in with the old password and gets the old name and roles.
    expect(await atProvider(user)).toEqual(portal);
  });

  it('when the undo fails too, logs it and a job sets the provider to the portal again', async () => {
    const user = await company('tres@consistencia.cv');
    // Setting the roles fails, and so does putting the name back (the roles' undo goes through).
    provider.failOn(2, 4);
    const res = await updateUser(user, {});
    expect(res.statusCode).toBe(503);
    expect(provider.calls()).toEqual(['updateProfile', 'setRoles', 'setRoles', 'updateProfile']);
    expect(await inPortal(user.email)).toEqual({ name: 'Nome Antigo', enabled: true, roles: ['company'] });
    // The provider kept the new name: the two disagree until the job has run.
    expect((await atProvider(user))?.name).toBe('Nome Novo');
    const [job] = await listJobs(ctx.db, IDENTITY_SYNC_ACCOUNT_JOB);
    expect(job).toMatchObject({ state: 'pending', payload: { accountId: user.accountId } });

    // The provider fails at the job's first try too: it is retried later.
    provider.failOn(1);
    const first = new Date(Date.now() + 1000);
    expect(await app.jobs.runOnce(first)).toMatchObject({ failed: 1 });
    expect((await listJobs(ctx.db, IDENTITY_SYNC_ACCOUNT_JOB))[0]).toMatchObject({
      state: 'pending',
      attempts: 1,
      lastError: expect.stringContaining('the provider is down'),
    });
    provider.failOn();
    expect(await app.jobs.runOnce(new Date(first.getTime() + 30_000))).toMatchObject({ done: 1, failed: 0 });
    expect((await listJobs(ctx.db, IDENTITY_SYNC_ACCOUNT_JOB))[0]?.state).toBe('done');
    expect(await atProvider(user)).toEqual(await inPortal(user.email));
  });

  it('enables the account again when the provider disabled it but its answer was lost', async () => {
    const user = await company('quatro@consistencia.cv');
    const failing = await buildApp({
      config: ctx.config,
      database: ctx.database.handle,
      identity: {
        ...provider.identity,
        async setEnabled(id, enabled) {
          await provider.identity.setEnabled(id, enabled);
          if (!enabled) throw new Error('connection lost after the provider call');
        },
      },
    });
    try {
      const res = await failing.inject({
        method: 'POST',
        url: `${API_PREFIX}${URL}/${user.accountId}/deactivate`,
        headers: adminSession.headers,
        payload: { version: user.version },
      });
      expect(res.statusCode).toBe(503);
    } finally {
      await failing.close();
    }
    const portal = await inPortal(user.email);
    expect(portal).toEqual({ name: 'Nome Antigo', enabled: true, roles: ['company'] });
    expect(await atProvider(user)).toEqual(portal);
  });
});

describe('a partner unlinked while the provider fails part-way', () => {
  it('gives the partner role back and enables the account again, so the partner still signs in', async () => {
    const [type] = await ctx.db
      .insert(partnerTypes)
      .values({ code: 'BANK', description: { pt: 'Banco', en: 'Bank', fr: 'Banque' } })
      .returning({ id: partnerTypes.id });
    const [entity] = await ctx.db
      .insert(partnerEntities)
      .values({
        code: 'BCA',
        name: 'Banco Comercial',
        description: { pt: 'Banco Comercial', en: '', fr: '' },
        partnerTypeId: type?.id ?? '',
        isActive: true,
        searchText: searchText('BCA', 'Banco Comercial'),
      })
      .returning({ id: partnerEntities.id });
    const email = 'parceira@consistencia.cv';
    const password = 'Parceira!Senha-2026';
    const created = await send(adminSession, 'POST', '/partners', {
      name: 'Parceira',
      email,
      language: 'pt',
      password,
      partnerEntityId: entity?.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    // Taking the role away works; disabling the account (left without roles) fails.
    provider.failOn(2);
    const res = await send(adminSession, 'DELETE', `/partners/${created.json().id}`);
    expect(res.statusCode).toBe(503);
    expect(provider.calls()).toEqual(['setRoles', 'setEnabled', 'setEnabled', 'setRoles']);
    expect(await ctx.db.select().from(partners).where(eq(partners.id, created.json().id))).toHaveLength(1);
    const portal = await inPortal(email);
    expect(portal).toEqual({ name: 'Parceira', enabled: true, roles: ['partner'] });
    expect(await atProvider({ email, password })).toEqual(portal);
  });
});

describe('a user creation the portal cannot finish', () => {
  it('leaves no provider account behind: removed at once, or by a job when the provider refuses', async () => {
    const email = 'cinco@consistencia.cv';
    const password = 'Cinco!Senha-2026';
    // Another creation of the same e-mail is stored meanwhile (a double submission): the portal refuses this
    // one and undoes it at the provider, where removing and then disabling the account both fail.
    provider.onCreate(async (created) => {
      await ctx.db.insert(accounts).values({ email: created, name: 'Concorrente', roles: [] });
    });
    provider.failOn(2, 3);
    const create = () => send(adminSession, 'POST', URL, { name: 'Cinco', email, language: 'pt', password });
    let res = await create();
    expect(res.statusCode).toBe(409);
    expect(provider.calls()).toEqual(['createUser', 'deleteUser', 'setEnabled']);
    const [job] = await listJobs(ctx.db, IDENTITY_DELETE_USER_JOB);
    expect(job?.state).toBe('pending');

    // The other row goes away: the provider's left-over account still blocks the e-mail...
    provider.onCreate(undefined);
    await ctx.db.delete(accounts).where(eq(accounts.email, email));
    provider.failOn();
    res = await create();
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('duplicate_email');
    expect(await ctx.identity.findUserByEmail(email)).not.toBeNull();

    // ...until the job has removed it.
    expect(await app.jobs.runOnce(new Date(Date.now() + 1000))).toMatchObject({ failed: 0 });
    expect((await listJobs(ctx.db, IDENTITY_DELETE_USER_JOB))[0]?.state).toBe('done');
    expect(await ctx.identity.findUserByEmail(email)).toBeNull();
    res = await create();
    expect(res.statusCode).toBe(201);
    expect(await atProvider({ email, password })).toEqual(await inPortal(email));
  });

  it('keeps a provider account the portal uses again before the job runs', async () => {
    const email = 'seis@consistencia.cv';
    provider.onCreate(async (created) => {
      await ctx.db.insert(accounts).values({ email: created, name: 'Concorrente', roles: [] });
    });
    provider.failOn(2, 3);
    const res = await send(adminSession, 'POST', URL, {
      name: 'Seis',
      email,
      language: 'pt',
      password: 'Seis!Senha-2026',
    });
    expect(res.statusCode).toBe(409);
    const subject = (await ctx.identity.findUserByEmail(email))?.id;
    // The account is linked to that provider user meanwhile (its first sign-in, say).
    await ctx.db.update(accounts).set({ subject }).where(eq(accounts.email, email));
    provider.failOn();
    await app.jobs.runOnce(new Date(Date.now() + 1000));
    expect(await ctx.identity.findUserByEmail(email)).not.toBeNull();
  });
});

describe('a company registration the portal cannot store', () => {
  it('leaves no provider account that blocks registering the same e-mail, once the job has run', async () => {
    const text = (pt: string) => ({ pt, en: pt, fr: pt });
    const [section] = await ctx.db
      .insert(caeSections)
      .values({ code: 'G', description: text('Comércio') })
      .returning();
    const [division] = await ctx.db
      .insert(caeDivisions)
      .values({ code: '47', description: text('Retalho'), sectionId: section?.id ?? '' })
      .returning();
    const [island] = await ctx.db
      .insert(islands)
      .values({ code: 'ST', description: text('Santiago') })
      .returning();
    const [city] = await ctx.db
      .insert(cities)
      .values({ code: 'PR', description: text('Praia'), islandId: island?.id ?? '' })
      .returning();
    const email = 'sete@consistencia.cv';
    const nif = '271234567';
    const password = 'Registo!Seguro-2026';
    let address = 0;
    const register = async () => {
      address += 1;
      const remoteAddress = `10.9.0.${address}`;
      const visitor = await visitorCsrf(app, remoteAddress);
      return send(
        visitor,
        'POST',
        '/registrations',
        {
          companyName: 'Loja Sete, Lda',
          responsibleName: 'Sete Silva',
          email,
          phone: '+238 991 00 07',
          nif,
          password,
          confirmPassword: password,
          caeSectionId: section?.id,
          caeDivisionId: division?.id,
          islandId: island?.id,
          cityId: city?.id,
          acceptedTerms: true,
          language: 'pt',
        },
        { remoteAddress },
      );
    };
    // Another registration of the same e-mail is stored meanwhile (a double submission): this one is undone at
    // the provider, where removing and then disabling the account both fail, and answered as the other was.
    provider.onCreate(async () => {
      await ctx.db.insert(pendingRegistrations).values({
        tokenHash: 'other',
        email,
        nif,
        companyName: 'Outra',
        payload: {},
        idpUserId: 'other',
        expiresAt: new Date(Date.now() + 3_600_000),
      });
    });
    provider.failOn(2, 3);
    let res = await register();
    expect(res.statusCode).toBe(202);
    expect(provider.calls()).toEqual(['createUser', 'deleteUser', 'setEnabled']);

    // The other registration goes away; the left-over provider account is found again (disabled: nobody to
    // mail), the answer is the same and nothing is stored...
    provider.onCreate(undefined);
    await ctx.db.delete(pendingRegistrations).where(eq(pendingRegistrations.nif, nif));
    provider.failOn();
    res = await register();
    expect(res.statusCode).toBe(202);
    expect(await ctx.db.select().from(pendingRegistrations)).toEqual([]);

    // ...until the job has removed it: then the same e-mail registers.
    await app.jobs.runOnce(new Date(Date.now() + 1000));
    expect(await ctx.identity.findUserByEmail(email)).toBeNull();
    res = await register();
    expect(res.statusCode, res.body).toBe(202);
    expect((await ctx.db.select().from(pendingRegistrations)).map((row) => row.email)).toEqual([email]);
  });
});

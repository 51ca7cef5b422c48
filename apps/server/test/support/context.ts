import type { Role } from '@excelencia/domain';
import { startIdp } from '@excelencia/idp';
import { signInThroughLoginPage } from '@excelencia/idp/testing';
import * as client from 'openid-client';
import { type App, buildApp } from '../../src/app.ts';
import { LOGIN_COOKIE } from '../../src/auth/auth.routes.ts';
import { postLogoutRedirectUris } from '../../src/auth/auth.service.ts';
import { SESSION_COOKIE } from '../../src/auth/guard.ts';
import { createIdentityAdmin, type IdentityAdmin } from '../../src/auth/identity-admin.ts';
import { discover, SCOPES } from '../../src/auth/oidc.ts';
import type { Config } from '../../src/config.ts';
import type { Database } from '../../src/db/client.ts';
import { blobDriverFor } from '../../src/platform/files/configured-store.ts';
import { type BlobDriver, createFileStore } from '../../src/platform/files/file-store.ts';
import { ensureAccount, ensureCompanyMember } from '../../src/seed/seed.ts';
import { TEST_CLIENT_ID, TEST_CLIENT_SECRET, TEST_PUBLIC_URL, testConfig } from './config.ts';
import { openTestDatabase, type TestDatabase } from './database.ts';

export interface SignedIn {
  /** The Cookie header value carrying the session. */
  cookie: string;
  csrf: string;
  /** Headers for a state-changing call with the session: cookie and x-csrf-token. */
  headers: { cookie: string; 'x-csrf-token': string };
}

export interface TestUser {
  email: string;
  password: string;
  name: string;
  accountId: string;
  subject: string;
}

export interface TestContext {
  app: App;
  db: Database;
  database: TestDatabase;
  config: Config;
  identity: IdentityAdmin;
  idp: { issuer: string; origin: string };
  /** Creates (or updates) a user at the identity provider and in the portal database. */
  createUser(input: { email: string; roles: Role[]; password?: string; name?: string }): Promise<TestUser>;
  /** Links a user to a company (created by NIF when new). Returns the company id. */
  linkCompany(accountId: string, company: { companyName: string; nif: string }): Promise<string>;
  /** The real browser sign-in: /auth/login → provider login page → /auth/callback. */
  signIn(email: string, password: string): Promise<SignedIn>;
  /** An access token as an API client gets it (code flow with PKCE at the provider). */
  bearer(email: string, password: string): Promise<string>;
  /** Empties the portal database (provider accounts stay). */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export function cookieValue(setCookie: string | string[] | undefined, name: string): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  for (const header of all) {
    const [pair = ''] = header.split(';');
    const eq = pair.indexOf('=');
    if (pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return undefined;
}

/** The `name=value` of the sign-in cookie /auth/login set (one per attempt, named after its state). */
export function loginCookie(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = all
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${LOGIN_COOKIE}_`));
  if (!found) throw new Error('/auth/login set no sign-in cookie');
  return found;
}

export const DEFAULT_PASSWORD = 'Test!Password-2026';

/** One identity provider, one database and one app per test file. */
export async function createTestContext(
  options: {
    env?: Record<string, string>;
    accessTokenTtlSeconds?: number;
    pgliteDataDir?: string;
    /** Wraps the configured blob driver (a test that holds or fails its writes). */
    blobDriver?: (configured: BlobDriver) => BlobDriver;
  } = {},
): Promise<TestContext> {
  const idp = await startIdp({
    issuer: 'http://localhost:0/realms/excelencia',
    port: 0,
    host: '127.0.0.1',
    ...(options.accessTokenTtlSeconds ? { accessTokenTtlSeconds: options.accessTokenTtlSeconds } : {}),
    clients: [
      {
        clientId: TEST_CLIENT_ID,
        clientSecret: TEST_CLIENT_SECRET,
        redirectUris: [`${TEST_PUBLIC_URL}/auth/callback`],
        postLogoutRedirectUris: postLogoutRedirectUris(TEST_PUBLIC_URL),
        adminApi: true,
      },
    ],
  });
  const database = await openTestDatabase(
    options.pgliteDataDir ? { pgliteDataDir: options.pgliteDataDir } : {},
  );
  const config = testConfig({ ISSUER_URL: idp.issuer, ...options.env });
  const app = await buildApp({
    config,
    database: database.handle,
    ...(options.blobDriver
      ? { fileStore: createFileStore(options.blobDriver(blobDriverFor(config.files))) }
      : {}),
  });
  await app.ready();
  const identity = createIdentityAdmin({
    issuerUrl: config.issuerUrl,
    adminUrl: config.idpAdminUrl,
    clientId: config.idpAdminClientId,
    clientSecret: config.idpAdminClientSecret,
  });
  let apiClient: Promise<client.Configuration> | undefined;

  const context: TestContext = {
    app,
    db: database.handle.db,
    database,
    config,
    identity,
    idp,

    async createUser(input) {
      const password = input.password ?? DEFAULT_PASSWORD;
      const name = input.name ?? input.email.split('@')[0] ?? input.email;
      const { accountId, subject } = await ensureAccount(database.handle.db, identity, {
        email: input.email,
        password,
        name,
        roles: input.roles,
      });
      return { email: input.email.toLowerCase(), password, name, accountId, subject };
    },

    linkCompany(accountId, company) {
      return ensureCompanyMember(
        database.handle.db,
        { ...company, email: `${company.nif}@example.cv` },
        accountId,
      );
    },

    async signIn(email, password) {
      const login = await app.inject({ method: 'GET', url: '/auth/login?callbackUrl=/pt/company/dashboard' });
      if (login.statusCode !== 302)
        throw new Error(`/auth/login answered ${login.statusCode}: ${login.body}`);
      const loginPair = loginCookie(login.headers['set-cookie']);
      const returned = new URL(await signInThroughLoginPage(String(login.headers.location), email, password));
      const callback = await app.inject({
        method: 'GET',
        url: `/auth/callback${returned.search}`,
        headers: { cookie: loginPair },
      });
      const session = cookieValue(callback.headers['set-cookie'], SESSION_COOKIE);
      if (callback.statusCode !== 302 || !session) {
        throw new Error(`/auth/callback answered ${callback.statusCode} to ${callback.headers.location}`);
      }
      const cookie = `${SESSION_COOKIE}=${session}`;
      const csrf = (await app.inject({ method: 'GET', url: '/auth/csrf', headers: { cookie } })).json()
        .csrfToken;
      return { cookie, csrf, headers: { cookie, 'x-csrf-token': csrf } };
    },

    async bearer(email, password) {
      apiClient ??= discover(config.issuerUrl, TEST_CLIENT_ID, TEST_CLIENT_SECRET);
      const conf = await apiClient;
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const url = client.buildAuthorizationUrl(conf, {
        redirect_uri: `${TEST_PUBLIC_URL}/auth/callback`,
        scope: SCOPES,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
      });
      const returned = await signInThroughLoginPage(url.href, email, password);
      const tokens = await client.authorizationCodeGrant(conf, new URL(returned), {
        pkceCodeVerifier: verifier,
        expectedState: state,
      });
      return tokens.access_token;
    },

    // The refresh of indicator values and the build of statistics that start-up (or a criterion written by a
    // test) set off read the tables TRUNCATE locks: on PostgreSQL they can deadlock, so they are waited for first.
    async reset() {
      await app.indicators.idle();
      await app.statistics.idle();
      await database.truncate();
    },

    async close() {
      await app.close();
      await database.dispose();
      await idp.close();
    },
  };
  return context;
}

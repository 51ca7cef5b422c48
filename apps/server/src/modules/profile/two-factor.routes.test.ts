import { createHash, randomBytes } from 'node:crypto';
import { TwoFactorStatus } from '@excelencia/domain';
import {
  enrolmentSecretOf,
  IdpTestBrowser,
  pageErrorText,
  parseForms,
  recoveryCodesOf,
  totpCodeOf,
} from '@excelencia/idp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/support/config.ts';
import {
  cookieValue,
  createTestContext,
  loginCookie,
  type SignedIn,
  type TestContext,
  type TestUser,
} from '../../../test/support/context.ts';
import { API_PREFIX } from '../../../test/support/http.ts';
import { identityAdminFor, startBuiltInIdp, withIssuer } from '../../auth/built-in-idp.ts';
import { SESSION_COOKIE } from '../../auth/guard.ts';
import { loadConfig } from '../../config.ts';

let ctx: TestContext;
let user: TestUser;
let session: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  user = await ctx.createUser({ email: 'two-factor@example.cv', roles: ['company'] });
  session = await ctx.signIn(user.email, user.password);
});
afterAll(async () => {
  await ctx?.close();
});

type Page = { url: string; page: string; status: number; left: boolean };

async function submit(browser: IdpTestBrowser, at: Page, field: string, values: object): Promise<Page> {
  const form = parseForms(at.page, at.url).find((f) => f.fields.has(field));
  if (!form) throw new Error(`No form with ${field} at ${at.url}: ${pageErrorText(at.page)}`);
  return browser.follow(form.action, { form: { ...Object.fromEntries(form.fields), ...values } });
}

/** Posts the page's only form without a field to fill (Continue). */
async function pressContinue(browser: IdpTestBrowser, at: Page): Promise<Page> {
  const form = parseForms(at.page, at.url).find((f) => f.action.endsWith('/continue'));
  if (!form) throw new Error(`No Continue at ${at.url}: ${pageErrorText(at.page)}`);
  return browser.follow(form.action, { form: Object.fromEntries(form.fields) });
}

async function status(headers: Record<string, string>) {
  const response = await ctx.app.inject({ method: 'GET', url: `${API_PREFIX}/me/two-factor`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return TwoFactorStatus.parse(response.json());
}

/** Back from the provider to the portal: the callback with the cookie of the sign-in that started there. */
async function callback(returned: Page, started: { headers: Record<string, unknown> }) {
  expect(returned.left).toBe(true);
  const answer = await ctx.app.inject({
    method: 'GET',
    url: `/auth/callback${new URL(returned.url).search}`,
    headers: { cookie: loginCookie(started.headers['set-cookie'] as string[]) },
  });
  expect(answer.statusCode).toBe(302);
  expect(answer.headers.location).toBe('/en/users/profile');
  const cookie = cookieValue(answer.headers['set-cookie'], SESSION_COOKIE);
  expect(cookie).toBeTruthy();
  return { cookie: `${SESSION_COOKIE}=${cookie}` };
}

describe('two-factor sign-in from the profile page', () => {
  it('turns it on at the provider (kc_action=CONFIGURE_TOTP) and off again, confirmed with a code', async () => {
    expect(await status(session.headers)).toEqual({ enabled: false, required: false, credentialId: null });

    const start = await ctx.app.inject({
      method: 'GET',
      url: '/auth/two-factor?callbackUrl=/en/users/profile&lang=en',
    });
    expect(start.statusCode).toBe(302);
    const location = new URL(String(start.headers.location));
    expect(location.searchParams.get('kc_action')).toBe('CONFIGURE_TOTP');
    const browser = new IdpTestBrowser();
    const login = await browser.follow(location.href);
    const asked = await submit(browser, login, 'password', { email: user.email, password: user.password });
    expect(asked.page).toContain('Turn on two-factor sign-in');
    const secret = enrolmentSecretOf(asked.page);
    const codes = await submit(browser, asked, 'code', { code: totpCodeOf(secret) });
    const recovery = recoveryCodesOf(codes.page);
    expect(recovery).toHaveLength(10);
    const signedIn = await callback(await pressContinue(browser, codes), start);

    const on = await status({ cookie: signedIn.cookie });
    expect(on).toMatchObject({ enabled: true, required: false });
    expect(on.credentialId).toBeTruthy();

    // Off: the provider asks for the password and the code of the sign-in, then a code to confirm.
    const remove = await ctx.app.inject({
      method: 'GET',
      url: `/auth/two-factor/remove?callbackUrl=/en/users/profile&lang=en&credentialId=${on.credentialId}`,
    });
    expect(remove.statusCode).toBe(302);
    const removeAt = new URL(String(remove.headers.location));
    expect(removeAt.searchParams.get('kc_action')).toBe(`delete_credential:${on.credentialId}`);
    const other = new IdpTestBrowser();
    const again = await submit(other, await other.follow(removeAt.href), 'password', {
      email: user.email,
      password: user.password,
    });
    const confirm = await submit(other, again, 'code', { code: totpCodeOf(secret, Date.now() + 30_000) });
    expect(confirm.page).toContain('Turn off two-factor sign-in');
    const off = await submit(other, confirm, 'recoveryCode', { recoveryCode: recovery[0] as string });
    const back = await callback(off, remove);
    expect(await status({ cookie: back.cookie })).toEqual({
      enabled: false,
      required: false,
      credentialId: null,
    });
  });

  it('says it is required of an admin when REQUIRE_ADMIN_TOTP is on', async () => {
    expect(ctx.config.requireAdminTotp).toBe(true);
    const boss = await ctx.createUser({ email: 'two-factor-admin@example.cv', roles: ['admin'] });
    const bossSession = await ctx.signIn(boss.email, boss.password);
    expect(await status(bossSession.headers)).toEqual({ enabled: false, required: true, credentialId: null });
  });

  it('refuses to start a removal without a well-formed credential id', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/auth/two-factor/remove?callbackUrl=/en/users/profile&credentialId=a%20b',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('REQUIRE_ADMIN_TOTP', () => {
  const production = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://portal.example.cv',
    ISSUER_URL: 'https://id.example.cv/realms/excelencia',
    CLIENT_SECRET: 'a-real-secret',
    SESSION_SECRET: 'x'.repeat(40),
  };

  it('is on by default, off by default with the demo data, and can be set either way', () => {
    expect(loadConfig(production).requireAdminTotp).toBe(true);
    expect(loadConfig({ ...production, REQUIRE_ADMIN_TOTP: 'false' }).requireAdminTotp).toBe(false);
    const builtIn = testConfig({ ISSUER_URL: '' });
    expect(builtIn.demoData).toBe(true);
    expect(builtIn.requireAdminTotp).toBe(false);
    expect(testConfig({ ISSUER_URL: '', DEMO_DATA: 'false' }).requireAdminTotp).toBe(true);
    expect(testConfig({ ISSUER_URL: '', REQUIRE_ADMIN_TOTP: 'true' }).requireAdminTotp).toBe(true);
  });

  it("takes the built-in provider's admins through enrolment at sign-in when on, and not when off", async () => {
    for (const required of [true, false]) {
      const config = testConfig({ ISSUER_URL: '', REQUIRE_ADMIN_TOTP: String(required) });
      const idp = await startBuiltInIdp(config, 0);
      try {
        const running = withIssuer(config, idp.issuer);
        const email = `boss-${required}@example.cv`;
        const password = 'Admin!Password-2026';
        await identityAdminFor(running).createUser({
          email,
          name: 'Boss',
          password,
          enabled: true,
          roles: ['admin'],
          language: 'en',
        });
        const verifier = randomBytes(32).toString('base64url');
        const params = new URLSearchParams({
          client_id: config.clientId,
          response_type: 'code',
          scope: 'openid email profile',
          redirect_uri: `${config.publicUrl}/auth/callback`,
          code_challenge: createHash('sha256').update(verifier).digest('base64url'),
          code_challenge_method: 'S256',
          state: randomBytes(12).toString('base64url'),
          ui_locales: 'en',
        });
        const browser = new IdpTestBrowser();
        const login = await browser.follow(`${idp.issuer}/protocol/openid-connect/auth?${params}`);
        const after = await submit(browser, login, 'password', { email, password });
        if (required) {
          expect(after.left).toBe(false);
          expect(pageErrorText(after.page)).toContain('Your account requires two-factor sign-in');
        } else {
          expect(after.left).toBe(true);
          expect(new URL(after.url).searchParams.get('code')).toBeTruthy();
        }
      } finally {
        await idp.close();
      }
    }
  });
});

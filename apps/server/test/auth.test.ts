import { eq } from 'drizzle-orm';
import { decodeProtectedHeader, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAuthService, sha256 } from '../src/auth/auth.service.ts';
import { createOidc } from '../src/auth/oidc.ts';
import { sessions } from '../src/db/schema/index.ts';
import {
  cookieValue,
  createTestContext,
  loginCookie,
  type TestContext,
  type TestUser,
} from './support/context.ts';

let ctx: TestContext;
let company: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

beforeEach(async () => {
  await ctx.reset();
  company = await ctx.createUser({ email: 'ana@empresa.cv', name: 'Ana Tavares', roles: ['company'] });
});

function sessionId(cookie: string): string {
  return sha256(cookie.split('=')[1] ?? '');
}

describe('browser sign-in', () => {
  it('signs in through the provider and returns to the callback path with an httpOnly session cookie', async () => {
    const login = await ctx.app.inject({ url: '/auth/login?callbackUrl=/en/company/balances&lang=en' });
    expect(login.statusCode).toBe(302);
    const location = new URL(String(login.headers.location));
    expect(location.href.startsWith(ctx.idp.issuer)).toBe(true);
    expect(location.searchParams.get('ui_locales')).toBe('en');
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('scope')).toBe('openid email profile offline_access');

    const signedIn = await ctx.signIn(company.email, company.password);
    const session = await ctx.app.inject({ url: '/auth/session', headers: { cookie: signedIn.cookie } });
    const body = session.json();
    expect(body).toMatchObject({
      status: 'authenticated',
      user: { name: 'Ana Tavares', email: 'ana@empresa.cv' },
      language: 'pt',
    });
    expect(body.roles).toEqual(expect.arrayContaining(['company', 'uma_authorization']));
    const hoursLeft = (Date.parse(body.expires) - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(11.9);
    expect(hoursLeft).toBeLessThanOrEqual(12);
  });

  it('sets the session cookie httpOnly and SameSite=Lax, and returns to the saved path', async () => {
    const login = await ctx.app.inject({ url: '/auth/login?callbackUrl=/fr/company/esg' });
    const loginPair = loginCookie(login.headers['set-cookie']);
    const { signInThroughLoginPage } = await import('@excelencia/idp/testing');
    const returned = new URL(
      await signInThroughLoginPage(String(login.headers.location), company.email, company.password),
    );
    const callback = await ctx.app.inject({
      url: `/auth/callback${returned.search}`,
      headers: { cookie: loginPair },
    });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/fr/company/esg');
    const setCookie = ([] as string[]).concat(callback.headers['set-cookie'] ?? []);
    const sessionCookie = setCookie.find((c) => c.startsWith('portal_session='));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    expect(sessionCookie).not.toMatch(/Secure/i);
  });

  it('completes sign-ins started in two tabs, in either order', async () => {
    const { signInThroughLoginPage } = await import('@excelencia/idp/testing');
    const first = await ctx.app.inject({ url: '/auth/login?callbackUrl=/pt/one' });
    const second = await ctx.app.inject({ url: '/auth/login?callbackUrl=/pt/two' });
    const cookie = `${loginCookie(first.headers['set-cookie'])}; ${loginCookie(second.headers['set-cookie'])}`;
    for (const [login, path] of [
      [first, '/pt/one'],
      [second, '/pt/two'],
    ] as const) {
      const returned = new URL(
        await signInThroughLoginPage(String(login.headers.location), company.email, company.password),
      );
      const callback = await ctx.app.inject({ url: `/auth/callback${returned.search}`, headers: { cookie } });
      expect(callback.headers.location).toBe(path);
    }
  });

  it.each(['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)'])(
    'refuses the callbackUrl %s with 400 and no redirect',
    async (callbackUrl) => {
      const res = await ctx.app.inject({ url: `/auth/login?callbackUrl=${encodeURIComponent(callbackUrl)}` });
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.json().error.key).toBe('errors:invalidCallbackUrl');
    },
  );

  it('sends the browser home with an authError when the state is missing or wrong, the code bad, or the provider refused', async () => {
    const noState = await ctx.app.inject({ url: '/auth/callback?code=abc&state=xyz' });
    expect(noState.statusCode).toBe(302);
    expect(noState.headers.location).toBe('/pt/?authError=invalid_state');

    const denied = await ctx.app.inject({ url: '/auth/callback?error=access_denied&state=xyz' });
    expect(denied.headers.location).toBe('/pt/?authError=access_denied');

    const login = await ctx.app.inject({ url: '/auth/login?callbackUrl=/en/&lang=en' });
    const loginPair = loginCookie(login.headers['set-cookie']);
    const state = new URL(String(login.headers.location)).searchParams.get('state') ?? '';
    const wrongState = await ctx.app.inject({
      url: `/auth/callback?code=abc&state=${state.slice(0, 16)}-not-the-state`,
      headers: { cookie: loginPair },
    });
    expect(wrongState.headers.location).toBe('/pt/?authError=invalid_state');
    const badCode = await ctx.app.inject({
      url: `/auth/callback?code=not-a-code&state=${state}`,
      headers: { cookie: loginPair },
    });
    expect(badCode.statusCode).toBe(302);
    expect(badCode.headers.location).toBe('/en/?authError=callback_failed');

    const forgedState = await ctx.app.inject({
      url: '/auth/callback?code=abc&state=xyzxyzxyzxyzxyzxyz',
      headers: {
        cookie: 'portal_login_xyzxyzxyzxyzxyzx=%7B%22state%22%3A%22xyzxyzxyzxyzxyzxyz%22%7D.forged',
      },
    });
    expect(forgedState.headers.location).toBe('/pt/?authError=invalid_state');
  });
});

describe('GET /auth/session', () => {
  it('is unauthenticated for visitors and forged cookies', async () => {
    const visitor = await ctx.app.inject({ url: '/auth/session' });
    expect(visitor.json()).toEqual({ status: 'unauthenticated' });
    const forged = await ctx.app.inject({
      url: '/auth/session',
      headers: { cookie: 'portal_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    });
    expect(forged.json()).toEqual({ status: 'unauthenticated' });
    const me = await ctx.app.inject({
      url: '/app/api/v1/me',
      headers: { cookie: 'portal_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    });
    expect(me.statusCode).toBe(401);
  });

  it('ends an expired session and deletes its row', async () => {
    const { cookie } = await ctx.signIn(company.email, company.password);
    const id = sessionId(cookie);
    await ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, id));
    const res = await ctx.app.inject({ url: '/auth/session', headers: { cookie } });
    expect(res.json()).toEqual({ status: 'unauthenticated' });
    expect(await ctx.db.select().from(sessions).where(eq(sessions.id, id))).toHaveLength(0);
    expect((await ctx.app.inject({ url: '/app/api/v1/me', headers: { cookie } })).statusCode).toBe(401);
  });
});

describe('access token refresh', () => {
  it('refreshes an expired access token with the refresh token', async () => {
    const { cookie } = await ctx.signIn(company.email, company.password);
    const id = sessionId(cookie);
    const [before] = await ctx.db.select().from(sessions).where(eq(sessions.id, id));
    expect(before?.refreshToken).toBeTruthy();
    await ctx.db
      .update(sessions)
      .set({ accessExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, id));
    const me = await ctx.app.inject({ url: '/app/api/v1/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    const [after] = await ctx.db.select().from(sessions).where(eq(sessions.id, id));
    expect(after?.accessToken).not.toBe(before?.accessToken);
    expect(after?.accessExpiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('refreshes once for concurrent calls: the provider sees no reuse of a rotated refresh token', async () => {
    const { cookie } = await ctx.signIn(company.email, company.password);
    const id = sessionId(cookie);
    const [before] = await ctx.db.select().from(sessions).where(eq(sessions.id, id));
    await ctx.db
      .update(sessions)
      .set({ accessExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, id));
    // A page's calls arrive together, each finding the access token expired.
    const calls = await Promise.all(
      Array.from({ length: 6 }, () => ctx.app.inject({ url: '/app/api/v1/me', headers: { cookie } })),
    );
    expect(calls.map((call) => call.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const [after] = await ctx.db.select().from(sessions).where(eq(sessions.id, id));
    expect(after?.refreshToken).not.toBe(before?.refreshToken);
    // The rotated refresh token still works: the provider did not revoke the grant for a reused one.
    await ctx.db
      .update(sessions)
      .set({ accessExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, id));
    expect((await ctx.app.inject({ url: '/app/api/v1/me', headers: { cookie } })).statusCode).toBe(200);
  });

  it('ends the session when the refresh fails: the next API call answers 401', async () => {
    const { cookie } = await ctx.signIn(company.email, company.password);
    const id = sessionId(cookie);
    await ctx.db
      .update(sessions)
      .set({ accessExpiresAt: new Date(Date.now() - 1000), refreshToken: 'revoked-or-unknown' })
      .where(eq(sessions.id, id));
    const me = await ctx.app.inject({ url: '/app/api/v1/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.id, id))).toHaveLength(0);
  });
});

describe('POST /auth/session/extend', () => {
  it('gives a session about to end a new full lifetime, with fresh tokens from the provider', async () => {
    const signedIn = await ctx.signIn(company.email, company.password);
    const id = sessionId(signedIn.cookie);
    const ending = new Date(Date.now() + 90_000);
    await ctx.db.update(sessions).set({ expiresAt: ending }).where(eq(sessions.id, id));
    const [before] = await ctx.db.select().from(sessions).where(eq(sessions.id, id));

    const withoutCsrf = await ctx.app.inject({
      method: 'POST',
      url: '/auth/session/extend',
      headers: { cookie: signedIn.cookie },
    });
    expect(withoutCsrf.statusCode).toBe(403);

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/session/extend',
      headers: signedIn.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'authenticated', user: { email: company.email } });
    // SESSION_MAX_AGE_HOURS (12) from now, not from the sign-in.
    const expires = Date.parse(body.expires);
    expect(expires).toBeGreaterThan(Date.now() + 11.9 * 3_600_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 12 * 3_600_000);
    expect(String(res.headers['set-cookie'])).toMatch(/portal_session=[\w-]+; Max-Age=43200;/);
    const [after] = await ctx.db.select().from(sessions).where(eq(sessions.id, id));
    expect(after?.expiresAt.getTime()).toBe(expires);
    expect(after?.accessToken).not.toBe(before?.accessToken);
    expect(
      (await ctx.app.inject({ url: '/app/api/v1/me', headers: { cookie: signedIn.cookie } })).statusCode,
    ).toBe(200);
  });

  it('ends the session (401) when the provider no longer refreshes it, and answers a visitor 401', async () => {
    const signedIn = await ctx.signIn(company.email, company.password);
    const id = sessionId(signedIn.cookie);
    await ctx.db.update(sessions).set({ refreshToken: 'revoked-or-unknown' }).where(eq(sessions.id, id));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/session/extend',
      headers: signedIn.headers,
    });
    expect(res.statusCode).toBe(401);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.id, id))).toHaveLength(0);

    const csrf = await ctx.app.inject({ url: '/auth/csrf' });
    const token = csrf.json().csrfToken as string;
    const visitor = await ctx.app.inject({
      method: 'POST',
      url: '/auth/session/extend',
      headers: {
        cookie: `portal_csrf=${cookieValue(csrf.headers['set-cookie'], 'portal_csrf') ?? token}`,
        'x-csrf-token': token,
      },
    });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('GET /auth/csrf', () => {
  it('gives a session its own token, and a visitor a double-submit cookie token', async () => {
    const signedIn = await ctx.signIn(company.email, company.password);
    const again = await ctx.app.inject({ url: '/auth/csrf', headers: { cookie: signedIn.cookie } });
    expect(again.json().csrfToken).toBe(signedIn.csrf);

    const visitor = await ctx.app.inject({ url: '/auth/csrf' });
    const token = visitor.json().csrfToken;
    expect(cookieValue(visitor.headers['set-cookie'], 'portal_csrf')).toBe(token);
    const repeat = await ctx.app.inject({ url: '/auth/csrf', headers: { cookie: `portal_csrf=${token}` } });
    expect(repeat.json().csrfToken).toBe(token);
  });
});

describe('POST /auth/logout', () => {
  it('needs the CSRF token, then ends the session here and returns the provider sign-out address back to the home page in the user language', async () => {
    const { cookie, csrf } = await ctx.signIn(company.email, company.password);
    const [row] = await ctx.db
      .select({ idToken: sessions.idToken })
      .from(sessions)
      .where(eq(sessions.id, sha256(cookie.slice(cookie.indexOf('=') + 1))));
    const idToken = String(row?.idToken);
    expect(idToken.length).toBeGreaterThan(20);
    const refused = await ctx.app.inject({ method: 'POST', url: '/auth/logout', headers: { cookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('csrf');
    expect((await ctx.app.inject({ url: '/auth/session', headers: { cookie } })).json().status).toBe(
      'authenticated',
    );

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie, 'x-csrf-token': csrf, 'x-language': 'fr' },
    });
    expect(res.statusCode).toBe(200);
    // The page gets an address of the portal with an opaque value: no id_token (the browser never holds a token,
    // docs/adr/0002).
    const next: string = res.json().redirectUrl;
    expect(next).toMatch(/^\/auth\/logout\/end\?hint=[\w-]+$/);
    expect(res.body).not.toContain(idToken);
    expect(res.body).not.toContain('id_token');
    expect(JSON.stringify(res.headers)).not.toContain(idToken);
    // The portal redirects to the provider itself, with the hint.
    const end = await ctx.app.inject({ url: next });
    expect(end.statusCode).toBe(302);
    expect(end.body).not.toContain(idToken);
    const redirect = new URL(String(end.headers.location));
    expect(redirect.href.startsWith(`${ctx.idp.issuer}/protocol/openid-connect/logout`)).toBe(true);
    expect(redirect.searchParams.get('post_logout_redirect_uri')).toBe('http://localhost:4200/fr/');
    expect(redirect.searchParams.get('id_token_hint')).toBe(idToken);
    expect(String(res.headers['set-cookie'])).toMatch(/portal_session=;/);
    // An altered value leads home, to nothing else.
    const altered = await ctx.app.inject({ url: `${next.slice(0, -2)}xx`, headers: { 'x-language': 'fr' } });
    expect(altered.statusCode).toBe(302);
    expect(altered.headers.location).toBe('/fr/');
    expect((await ctx.app.inject({ url: '/auth/session', headers: { cookie } })).json().status).toBe(
      'unauthenticated',
    );
    expect((await ctx.app.inject({ url: '/app/api/v1/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('answers the local home page for a visitor with a valid double-submit token', async () => {
    const token = (await ctx.app.inject({ url: '/auth/csrf' })).json().csrfToken;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { cookie: `portal_csrf=${token}`, 'x-csrf-token': token, 'accept-language': 'en-GB' },
    });
    expect(res.json()).toEqual({ redirectUrl: '/en/' });
  });
});

describe('GET /auth/login rate-limited', () => {
  it('answers the sign-in button a translated page with Retry-After, and API clients JSON', async () => {
    // One client address of its own: the limit (60 a minute per address) leaves the other tests alone.
    const login = (accept: string, remoteAddress = '10.17.0.6') =>
      ctx.app.inject({ url: '/auth/login?callbackUrl=/fr/&lang=fr', headers: { accept }, remoteAddress });
    for (let i = 0; i < 60; i += 1) expect((await login('text/html')).statusCode).toBe(302);
    const page = await login('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8');
    expect(page.statusCode).toBe(429);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const seconds = Number(page.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(page.body).toContain('<html lang="fr">');
    expect(page.body).toContain(
      `Trop de requêtes depuis ce navigateur. Réessayez dans ${seconds} ${seconds === 1 ? 'seconde' : 'secondes'}.`,
    );
    expect(page.body).toContain('href="/auth/login?callbackUrl=/fr/&amp;lang=fr"');
    expect(page.body).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(page.body).not.toContain('"error"');
    const json = await login('application/json');
    expect(json.statusCode).toBe(429);
    expect(json.json().error.code).toBe('rate_limited');
    // Another address signs in as before.
    expect((await login('text/html', '10.17.0.7')).statusCode).toBe(302);
  });
});

describe('CSRF on the API', () => {
  it('refuses a state-changing call with a missing or wrong token and changes nothing', async () => {
    const { cookie, csrf } = await ctx.signIn(company.email, company.password);
    const missing = await ctx.app.inject({
      method: 'PUT',
      url: '/app/api/v1/me/language',
      headers: { cookie },
      payload: { language: 'en' },
    });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().error).toMatchObject({ code: 'csrf', key: 'errors:csrf' });
    const wrong = await ctx.app.inject({
      method: 'PUT',
      url: '/app/api/v1/me/language',
      headers: { cookie, 'x-csrf-token': `${csrf}x` },
      payload: { language: 'en' },
    });
    expect(wrong.statusCode).toBe(403);
    expect((await ctx.app.inject({ url: '/app/api/v1/me', headers: { cookie } })).json().language).toBe('pt');

    const ok = await ctx.app.inject({
      method: 'PUT',
      url: '/app/api/v1/me/language',
      headers: { cookie, 'x-csrf-token': csrf },
      payload: { language: 'en' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/app/api/v1/me', headers: { cookie } })).json().language).toBe('en');
    // Errors speak the language the account just chose.
    const forbidden = await ctx.app.inject({
      url: '/app/api/v1/accounts/by-email/x@y.cv',
      headers: { cookie },
    });
    expect(forbidden.json().error.message).toBe('You are not allowed to do this.');
  });
});

describe('request bodies', () => {
  it('answers 400 to malformed JSON, 400 with details to invalid data and 413 to an oversized body', async () => {
    const { headers } = await ctx.signIn(company.email, company.password);
    const malformed = await ctx.app.inject({
      method: 'PUT',
      url: '/app/api/v1/me/language',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"language": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatchObject({ code: 'malformed_json', key: 'errors:malformedJson' });

    const invalid = await ctx.app.inject({
      method: 'PUT',
      url: '/app/api/v1/me/language',
      headers,
      payload: { language: 'de' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.code).toBe('validation');
    expect(invalid.json().error.details[0].path).toBe('language');

    const oversized = await ctx.app.inject({
      method: 'PUT',
      url: '/app/api/v1/me/language',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ language: 'en', padding: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json().error.code).toBe('payload_too_large');
  });
});

describe('bearer tokens', () => {
  it('accepts a provider access token without CSRF', async () => {
    const token = await ctx.bearer(company.email, company.password);
    const me = await ctx.app.inject({ url: '/app/api/v1/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'ana@empresa.cv', id: company.accountId });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/app/api/v1/me/language',
      headers: { authorization: `Bearer ${token}` },
      payload: { language: 'fr' },
    });
    expect(put.statusCode).toBe(200);
  });

  it('refuses a token signed by another key, a malformed or tampered one and an ID token with 401', async () => {
    const real = await ctx.bearer(company.email, company.password);
    const { kid } = decodeProtectedHeader(real);
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    await exportJWK(publicKey);
    const claims = {
      sub: company.subject,
      email: company.email,
      name: company.name,
      realm_access: { roles: ['admin', 'company', 'uma_authorization'] },
    };
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', ...(kid ? { kid } : {}) })
      .setIssuer(ctx.idp.issuer)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    const { cookie } = await ctx.signIn(company.email, company.password);
    const [row] = await ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sessionId(cookie)));
    const idToken = row?.idToken ?? '';
    expect(idToken).not.toBe('');
    for (const token of [forged, 'not-a-jwt', `${real.slice(0, -4)}AAAA`, idToken]) {
      const res = await ctx.app.inject({
        url: '/app/api/v1/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
    }
  });

  it('ignores another scheme than Bearer on public routes, and refuses it (401) on the others', async () => {
    const basic = { authorization: `Basic ${Buffer.from('proxy:secret').toString('base64')}` };
    const health = await ctx.app.inject({ url: '/app/api/v1/health', headers: basic });
    expect(health.statusCode, health.body).toBe(200);
    const negotiate = await ctx.app.inject({
      url: '/app/api/v1/health',
      headers: { authorization: 'Negotiate x' },
    });
    expect(negotiate.statusCode).toBe(200);

    const { cookie } = await ctx.signIn(company.email, company.password);
    for (const headers of [basic, { ...basic, cookie }]) {
      const me = await ctx.app.inject({ url: '/app/api/v1/me', headers });
      expect(me.statusCode).toBe(401);
      expect(me.json().error).toMatchObject({ code: 'unauthorized', key: 'errors:invalidToken' });
    }
    // A malformed bearer token is refused on a public route too: the caller meant to sign in. (The health checks
    // read no credentials at all: a monitor's stale token never fails them.)
    const malformed = await ctx.app.inject({
      url: '/app/api/v1/public/content/faq',
      headers: { authorization: 'Bearer a b' },
    });
    expect(malformed.statusCode).toBe(401);
    const monitor = await ctx.app.inject({
      url: '/app/api/v1/health',
      headers: { authorization: 'Bearer a b' },
    });
    expect(monitor.statusCode).toBe(200);
  });
});

describe('rate limit on /auth', () => {
  it('answers 429 after too many sign-in starts from one address', async () => {
    let last = 0;
    for (let i = 0; i < 61; i++) {
      const res = await ctx.app.inject({ url: '/auth/login?callbackUrl=/pt/', remoteAddress: '10.9.8.7' });
      last = res.statusCode;
      if (i === 60)
        expect(res.json().error).toMatchObject({ code: 'rate_limited', key: 'errors:rateLimited' });
    }
    expect(last).toBe(429);
  });
});

describe('account linking on sign-in', () => {
  const claims = (over: Record<string, unknown>) => ({
    sub: 'subject-1',
    email: 'link@empresa.cv',
    emailVerified: true,
    name: 'Link',
    roles: ['company', 'uma_authorization'],
    locale: undefined,
    ...over,
  });

  it("finds by subject, relinks by verified e-mail only, and never takes another account's e-mail", async () => {
    const auth = createAuthService({ config: ctx.config, db: ctx.db, oidc: createOidc(ctx.config) });
    const first = await auth.upsertAccount(claims({}));
    const renamed = await auth.upsertAccount(claims({ name: 'Link Renamed', roles: ['partner'] }));
    expect(renamed.id).toBe(first.id);
    expect(renamed.name).toBe('Link Renamed');

    await expect(
      auth.upsertAccount(claims({ sub: 'subject-2', emailVerified: false })),
    ).rejects.toMatchObject({
      status: 401,
    });
    const relinked = await auth.upsertAccount(claims({ sub: 'subject-2' }));
    expect(relinked.id).toBe(first.id);

    const other = await auth.upsertAccount(claims({ sub: 'subject-3', email: 'other@empresa.cv' }));
    const moved = await auth.upsertAccount(claims({ sub: 'subject-3', email: 'link@empresa.cv' }));
    expect(moved.id).toBe(other.id);
    expect(moved.email).toBe('other@empresa.cv');
  });
});

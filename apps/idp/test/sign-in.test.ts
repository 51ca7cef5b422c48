import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningIdp } from '../src/index.ts';
import { IdpTestBrowser, parseForms, signInThroughLoginPage } from '../src/testing.ts';
import {
  authorizationRequest,
  createAccount,
  exchangeCode,
  PORTAL,
  startTestIdp,
  tokenRequest,
  verifyWithJwks,
} from './fixtures.ts';

let idp: RunningIdp;

beforeAll(async () => {
  idp = await startTestIdp();
});
afterAll(async () => {
  await idp?.close();
});

describe('GET <issuer>/.well-known/openid-configuration', () => {
  it("publishes Keycloak's endpoint paths under the issuer with the real port", async () => {
    expect(idp.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/realms\/excelencia$/);
    expect(idp.issuer).not.toContain(':4100/');
    const response = await fetch(`${idp.issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as Record<string, unknown>;
    const oidc = `${idp.issuer}/protocol/openid-connect`;
    expect(discovery).toMatchObject({
      issuer: idp.issuer,
      authorization_endpoint: `${oidc}/auth`,
      token_endpoint: `${oidc}/token`,
      jwks_uri: `${oidc}/certs`,
      userinfo_endpoint: `${oidc}/userinfo`,
      end_session_endpoint: `${oidc}/logout`,
      revocation_endpoint: `${oidc}/revoke`,
      introspection_endpoint: `${oidc}/token/introspect`,
      code_challenge_methods_supported: ['S256'],
    });
    expect(discovery.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token', 'client_credentials']),
    );
    expect(discovery.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile', 'offline_access']),
    );
  });
});

describe('sign-in with authorization code + PKCE', () => {
  it('issues RS256 JWT access and ID tokens with Keycloak claims, and a refresh token', async () => {
    const user = await createAccount(idp, { roles: ['company'], firstName: 'Ana', lastName: 'Tavares' });
    const request = authorizationRequest(idp);
    const redirect = await signInThroughLoginPage(request.url, user.email.toUpperCase(), user.password);

    const back = new URL(redirect);
    expect(`${back.origin}${back.pathname}`).toBe(PORTAL.redirectUris[0]);
    expect(back.searchParams.get('state')).toBe(request.state);
    expect(back.searchParams.get('iss')).toBe(idp.issuer);

    const { status, body } = await exchangeCode(idp, redirect, request.verifier);
    expect(status).toBe(200);
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBe(300);
    expect(body.refresh_token).toBeTruthy();

    expect(decodeProtectedHeader(body.access_token)).toMatchObject({ alg: 'RS256', typ: 'at+jwt' });
    const access = await verifyWithJwks(idp, body.access_token);
    expect(access).toMatchObject({
      iss: idp.issuer,
      sub: user.id,
      email: user.email,
      name: 'Ana Tavares',
      preferred_username: user.email,
      azp: 'portal',
      client_id: 'portal',
      aud: 'account',
    });
    expect((access.realm_access as { roles: string[] }).roles.sort()).toEqual([
      'company',
      'uma_authorization',
    ]);
    expect(String(access.scope).split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    expect((access.exp ?? 0) - (access.iat ?? 0)).toBe(300);

    const id = await verifyWithJwks(idp, body.id_token ?? '');
    expect(id).toMatchObject({
      sub: user.id,
      aud: 'portal',
      email: user.email,
      name: 'Ana Tavares',
      preferred_username: user.email,
      realm_access: { roles: expect.arrayContaining(['company', 'uma_authorization']) },
    });

    const userinfo = await fetch(`${idp.issuer}/protocol/openid-connect/userinfo`, {
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(userinfo.status).toBe(200);
    expect(await userinfo.json()).toMatchObject({ sub: user.id, email: user.email, name: 'Ana Tavares' });
  });

  it('rotates refresh tokens and refuses a used one', async () => {
    const user = await createAccount(idp);
    const request = authorizationRequest(idp);
    const { body: first } = await exchangeCode(
      idp,
      await signInThroughLoginPage(request.url, user.email, user.password),
      request.verifier,
    );

    const refreshed = await tokenRequest(idp, PORTAL, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token ?? '',
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).toBeTruthy();
    expect(refreshed.body.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(refreshed.body.access_token).sub).toBe(user.id);

    const reused = await tokenRequest(idp, PORTAL, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token ?? '',
    });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');
  });

  it('switches accounts in the same browser when the client asks for prompt=login', async () => {
    const [first, second] = [await createAccount(idp), await createAccount(idp)];
    const browser = new IdpTestBrowser();
    const one = authorizationRequest(idp);
    await browser.signIn(one.url, first.email, first.password);
    const two = authorizationRequest(idp, { prompt: 'login' });
    const { body } = await exchangeCode(
      idp,
      await browser.signIn(two.url, second.email, second.password),
      two.verifier,
    );
    expect(decodeJwt(body.access_token).sub).toBe(second.id);
  });

  it('refuses an authorization request without PKCE', async () => {
    const params = new URLSearchParams({
      client_id: PORTAL.clientId,
      response_type: 'code',
      scope: 'openid',
      redirect_uri: PORTAL.redirectUris[0] ?? '',
      state: 'xyz',
    });
    const response = await fetch(`${idp.issuer}/protocol/openid-connect/auth?${params}`, {
      redirect: 'manual',
    });
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/);
  });
});

describe('GET <issuer>/protocol/openid-connect/logout', () => {
  it('signs out without a confirmation click and returns to post_logout_redirect_uri', async () => {
    const user = await createAccount(idp);
    const browser = new IdpTestBrowser();
    const request = authorizationRequest(idp);
    const { body: tokens } = await exchangeCode(
      idp,
      await browser.signIn(request.url, user.email, user.password),
      request.verifier,
    );
    // While the provider session lasts, a new authorization request needs no password (single sign-on).
    const sso = await browser.follow(authorizationRequest(idp).url);
    expect(sso.left).toBe(true);
    expect(new URL(sso.url).searchParams.get('code')).toBeTruthy();

    const params = new URLSearchParams({
      id_token_hint: tokens.id_token ?? '',
      post_logout_redirect_uri: PORTAL.postLogoutRedirectUris[0] ?? '',
      state: 'bye',
    });
    const logoutUrl = `${idp.issuer}/protocol/openid-connect/logout?${params}`;

    // The page a browser gets: a form submitted at once by a nonce'd script, and a visible button.
    const page = await browser.request(logoutUrl);
    const csp = page.headers.get('content-security-policy') ?? '';
    const html = await page.text();
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html).toMatch(/<button type="submit" form="op\.logoutForm">/);
    const form = parseForms(html, logoutUrl).find((f) => f.id === 'op.logoutForm');
    expect(form?.fields.get('logout')).toBe('yes');

    expect(await browser.signOut(logoutUrl)).toBe(`${PORTAL.postLogoutRedirectUris[0]}?state=bye`);

    // The provider session is gone: its refresh token no longer works and the next sign-in asks again.
    const refreshed = await tokenRequest(idp, PORTAL, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
    });
    expect(refreshed.body.error).toBe('invalid_grant');
    const again = await browser.follow(authorizationRequest(idp).url);
    expect(again.left).toBe(false);
    expect(again.page).toContain('name="password"');
  });
});

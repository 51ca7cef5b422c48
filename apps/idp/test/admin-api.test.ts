import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningIdp } from '../src/index.ts';
import { IdpTestBrowser, signInThroughLoginPage } from '../src/testing.ts';
import {
  admin,
  adminUrl,
  authorizationRequest,
  clientCredentialsToken,
  createAccount,
  exchangeCode,
  OTHER,
  PORTAL,
  startTestIdp,
  tokenRequest,
} from './fixtures.ts';

let idp: RunningIdp;

beforeAll(async () => {
  idp = await startTestIdp();
});
afterAll(async () => {
  await idp?.close();
});

async function signIn(email: string, password: string) {
  const request = authorizationRequest(idp);
  const redirect = await signInThroughLoginPage(request.url, email, password);
  const { status, body } = await exchangeCode(idp, redirect, request.verifier);
  expect(status).toBe(200);
  return body;
}

const realmRoles = (accessToken: string) =>
  ((decodeJwt(accessToken).realm_access as { roles: string[] }).roles ?? []).sort();

describe('admin REST API authorisation', () => {
  it('answers 401 without a valid token and 403 to tokens of other clients or users', async () => {
    const url = `${adminUrl(idp)}/users`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: 'Bearer not-a-token' } })).status).toBe(401);

    const otherClient = await clientCredentialsToken(idp, OTHER);
    expect((await fetch(url, { headers: { authorization: `Bearer ${otherClient}` } })).status).toBe(403);

    const user = await createAccount(idp, { roles: ['admin'] });
    const { access_token } = await signIn(user.email, user.password);
    expect((await fetch(url, { headers: { authorization: `Bearer ${access_token}` } })).status).toBe(403);

    const adminToken = await clientCredentialsToken(idp);
    expect((await fetch(url, { headers: { authorization: `Bearer ${adminToken}` } })).status).toBe(200);
  });
});

describe('admin REST API /users', () => {
  it('creates a user (201 + Location), refuses a duplicate e-mail (409) and finds it by e-mail', async () => {
    const created = await admin(idp, 'POST', '/users', {
      username: 'Maria.Lopes@Example.cv',
      email: 'Maria.Lopes@Example.cv',
      firstName: 'Maria',
      lastName: 'Lopes',
      enabled: true,
      attributes: { locale: ['fr'] },
      credentials: [{ type: 'password', value: 'first password', temporary: false }],
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location') ?? '';
    expect(location).toMatch(new RegExp(`^${adminUrl(idp)}/users/[0-9a-f-]{36}$`));
    const id = location.split('/').pop();

    const duplicate = await admin(idp, 'POST', '/users', { email: 'maria.lopes@example.cv', enabled: true });
    expect(duplicate.status).toBe(409);

    const found = await admin(
      idp,
      'GET',
      `/users?email=${encodeURIComponent('MARIA.LOPES@example.cv')}&exact=true`,
    );
    expect(await found.json()).toEqual([
      expect.objectContaining({
        id,
        username: 'maria.lopes@example.cv',
        email: 'maria.lopes@example.cv',
        firstName: 'Maria',
        lastName: 'Lopes',
        enabled: true,
        attributes: { locale: ['fr'] },
      }),
    ]);
    expect(await (await admin(idp, 'GET', '/users?email=nobody%40example.cv&exact=true')).json()).toEqual([]);
    expect((await admin(idp, 'GET', `/users/${id}`)).status).toBe(200);
    expect((await admin(idp, 'GET', '/users/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await admin(idp, 'POST', '/users', { email: 'not an e-mail', enabled: true })).status).toBe(400);

    const tokens = await signIn('maria.lopes@example.cv', 'first password');
    expect(decodeJwt(tokens.access_token)).toMatchObject({ name: 'Maria Lopes', locale: 'fr' });
  });

  it('disables and enables a user: a disabled user cannot sign in or refresh', async () => {
    const user = await createAccount(idp);
    const browser = new IdpTestBrowser();
    const request = authorizationRequest(idp);
    const { body: tokens } = await exchangeCode(
      idp,
      await browser.signIn(request.url, user.email, user.password),
      request.verifier,
    );

    // The portal's admin client sends the whole representation back with enabled changed.
    const current = (await (await admin(idp, 'GET', `/users/${user.id}`)).json()) as Record<string, unknown>;
    expect((await admin(idp, 'PUT', `/users/${user.id}`, { ...current, enabled: false })).status).toBe(204);
    expect(await (await admin(idp, 'GET', `/users/${user.id}`)).json()).toMatchObject({ enabled: false });

    const refreshed = await tokenRequest(idp, PORTAL, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token ?? '',
    });
    expect(refreshed.status).toBe(400);
    expect(refreshed.body.error).toBe('invalid_grant');
    await expect(
      signInThroughLoginPage(authorizationRequest(idp, { ui_locales: 'en' }).url, user.email, user.password),
    ).rejects.toThrow('Your account is disabled');
    // The provider session of the browser that signed in before does not carry on either.
    const again = await browser.follow(authorizationRequest(idp).url);
    expect(again.left).toBe(false);
    expect(again.page).toContain('name="password"');

    expect((await admin(idp, 'PUT', `/users/${user.id}`, { enabled: true })).status).toBe(204);
    await signIn(user.email, user.password);
  });

  it('resets a password: the old one fails, the new one works', async () => {
    const user = await createAccount(idp, { password: 'old password' });
    const reset = await admin(idp, 'PUT', `/users/${user.id}/reset-password`, {
      type: 'password',
      value: 'new password',
      temporary: false,
    });
    expect(reset.status).toBe(204);
    await expect(
      signInThroughLoginPage(authorizationRequest(idp, { ui_locales: 'en' }).url, user.email, 'old password'),
    ).rejects.toThrow('Invalid email or password.');
    await signIn(user.email, 'new password');
  });
});

describe('admin REST API role mappings', () => {
  it('lists realm roles and maps them; the next token carries the change', async () => {
    const roles = (await (await admin(idp, 'GET', '/roles')).json()) as { id: string; name: string }[];
    expect(roles.map((r) => r.name).sort()).toEqual(['admin', 'company', 'partner', 'uma_authorization']);
    const byName = (name: string) => roles.filter((r) => r.name === name);

    const user = await createAccount(idp);
    const mappings = `/users/${user.id}/role-mappings/realm`;
    expect(await (await admin(idp, 'GET', mappings)).json()).toEqual(byName('uma_authorization'));
    const first = await signIn(user.email, user.password);
    expect(realmRoles(first.access_token)).toEqual(['uma_authorization']);

    expect((await admin(idp, 'POST', mappings, [...byName('admin'), ...byName('partner')])).status).toBe(204);
    const names = ((await (await admin(idp, 'GET', mappings)).json()) as { name: string }[]).map(
      (r) => r.name,
    );
    expect(names.sort()).toEqual(['admin', 'partner', 'uma_authorization']);
    // A refresh picks the new roles up, as does a new sign-in.
    const refreshed = await tokenRequest(idp, PORTAL, {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token ?? '',
    });
    expect(realmRoles(refreshed.body.access_token)).toEqual(['admin', 'partner', 'uma_authorization']);

    expect((await admin(idp, 'DELETE', mappings, [{ name: 'partner' }])).status).toBe(204);
    expect(realmRoles((await signIn(user.email, user.password)).access_token)).toEqual([
      'admin',
      'uma_authorization',
    ]);

    expect((await admin(idp, 'POST', mappings, [{ name: 'superuser' }])).status).toBe(404);
  });
});

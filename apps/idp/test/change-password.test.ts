import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningIdp } from '../src/index.ts';
import { IdpTestBrowser, pageErrorText, parseForms, signInThroughLoginPage } from '../src/testing.ts';
import { authorizationRequest, createAccount, exchangeCode, PORTAL, startTestIdp } from './fixtures.ts';

let idp: RunningIdp;

beforeAll(async () => {
  idp = await startTestIdp();
});
afterAll(async () => {
  await idp?.close();
});

/** Submits the form of `page` that has `field`, with `values`, following the redirects. */
async function submit(
  browser: IdpTestBrowser,
  at: { url: string; page: string },
  field: string,
  values: object,
) {
  const form = parseForms(at.page, at.url).find((f) => f.fields.has(field));
  if (!form) throw new Error(`No form with ${field} at ${at.url}: ${pageErrorText(at.page)}`);
  return browser.follow(form.action, { form: { ...Object.fromEntries(form.fields), ...values } });
}

describe('kc_action=UPDATE_PASSWORD', () => {
  it('asks for the new password after sign-in, stores it and returns to the client', async () => {
    const user = await createAccount(idp, { password: 'old password 2026' });
    const browser = new IdpTestBrowser();
    const request = authorizationRequest(idp, { kc_action: 'UPDATE_PASSWORD', ui_locales: 'fr' });
    const login = await browser.follow(request.url);
    const asked = await submit(browser, login, 'password', {
      email: user.email,
      password: 'old password 2026',
    });
    expect(asked.left).toBe(false);
    expect(asked.page).toContain('Changer votre mot de passe');
    expect(asked.page).not.toMatch(/<script(?![^>]*nonce)/);

    const tooShort = await submit(browser, asked, 'newPassword', {
      newPassword: 'short',
      confirmPassword: 'short',
    });
    expect(tooShort.status).toBe(400);
    expect(pageErrorText(tooShort.page)).toContain('au moins 10 caractères');
    const mismatch = await submit(browser, tooShort, 'newPassword', {
      newPassword: 'brand new secret 1',
      confirmPassword: 'brand new secret 2',
    });
    expect(pageErrorText(mismatch.page)).toBe('Les mots de passe ne correspondent pas.');

    const done = await submit(browser, mismatch, 'newPassword', {
      newPassword: 'brand new secret 1',
      confirmPassword: 'brand new secret 1',
    });
    expect(done.left).toBe(true);
    const back = new URL(done.url);
    expect(`${back.origin}${back.pathname}`).toBe(PORTAL.redirectUris[0]);
    expect(back.searchParams.get('state')).toBe(request.state);
    expect((await exchangeCode(idp, done.url, request.verifier)).status).toBe(200);

    await expect(
      signInThroughLoginPage(authorizationRequest(idp).url, user.email, 'old password 2026'),
    ).rejects.toThrow(/invál|invalid/i);
    const fresh = await signInThroughLoginPage(
      authorizationRequest(idp).url,
      user.email,
      'brand new secret 1',
    );
    expect(new URL(fresh).searchParams.get('code')).toBeTruthy();
  });

  it('goes straight to the password page when the user is already signed in at the provider', async () => {
    const user = await createAccount(idp, { password: 'first secret 2026' });
    const browser = new IdpTestBrowser({ acceptLanguage: 'en' });
    await browser.signIn(authorizationRequest(idp).url, user.email, 'first secret 2026');
    const request = authorizationRequest(idp, { kc_action: 'UPDATE_PASSWORD' });
    const asked = await browser.follow(request.url);
    expect(asked.page).toContain('Change your password');
    expect(asked.page).not.toContain('name="email"');
    const done = await submit(browser, asked, 'newPassword', {
      newPassword: 'second secret 2026',
      confirmPassword: 'second secret 2026',
    });
    expect(done.left).toBe(true);
    const fresh = await signInThroughLoginPage(
      authorizationRequest(idp).url,
      user.email,
      'second secret 2026',
    );
    expect(new URL(fresh).searchParams.get('code')).toBeTruthy();
  });
});

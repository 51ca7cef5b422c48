import { EMBLEM_DATA_URL, EMBLEM_SVG } from '@excelencia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningIdp } from '../src/index.ts';
import { IdpTestBrowser, parseForms, signInThroughLoginPage } from '../src/testing.ts';
import { admin, authorizationRequest, createAccount, PORTAL, startTestIdp } from './fixtures.ts';

let idp: RunningIdp;

beforeAll(async () => {
  idp = await startTestIdp();
});
afterAll(async () => {
  await idp?.close();
});

/** Opens the login page of a new authorization request, as a browser would. */
async function openLoginPage(extra: Record<string, string> = {}, acceptLanguage?: string) {
  const browser = new IdpTestBrowser(acceptLanguage ? { acceptLanguage } : {});
  const opened = await browser.follow(authorizationRequest(idp, extra).url);
  expect(opened.left).toBe(false);
  const response = await browser.request(opened.url);
  return { browser, url: opened.url, response, page: await response.text() };
}

describe('GET <realm>/login-actions/:uid (the login page)', () => {
  it('speaks the language of ui_locales, else kc_locale, else Accept-Language, else Portuguese', async () => {
    const french = await openLoginPage({ ui_locales: 'fr-CV en' }, 'en');
    expect(french.page).toContain('<html lang="fr">');
    expect(french.page).toContain('<label for="password">Mot de passe</label>');

    expect((await openLoginPage({ kc_locale: 'en' })).page).toContain(
      '<label for="password">Password</label>',
    );
    expect((await openLoginPage({}, 'de-DE, en;q=0.8')).page).toContain('<html lang="en">');

    const portuguese = await openLoginPage();
    expect(portuguese.page).toContain('<html lang="pt">');
    expect(portuguese.page).toContain('<label for="email">E-mail</label>');
    expect(portuguese.page).toContain('<button type="submit">Entrar</button>');
    expect(portuguese.page).toContain('Excelência Empresarial');

    // The language switch leads to the same request in another language.
    const link = /<a href="([^"]+)" hreflang="fr"/.exec(portuguese.page)?.[1] ?? '';
    const switched = await portuguese.browser.request(new URL(link, portuguese.url).href);
    expect(await switched.text()).toContain('<html lang="fr">');
  });

  it('sends a strict Content-Security-Policy and escapes what the request carries', async () => {
    const { response, page } = await openLoginPage({ login_hint: '"><script>alert(1)</script>' });
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    const nonce = /style-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(page).toContain(`<style nonce="${nonce}">`);
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it("carries the portal's emblem as its icon, within its Content-Security-Policy (img-src data:)", async () => {
    const { response, page } = await openLoginPage();
    const href = /<link rel="icon" type="image\/svg\+xml" href="([^"]+)">/.exec(page)?.[1] ?? '';
    expect(href).toBe(EMBLEM_DATA_URL);
    expect(decodeURIComponent(href.replace('data:image/svg+xml,', ''))).toBe(EMBLEM_SVG);
    expect(response.headers.get('content-security-policy')).toContain("img-src 'self' data:");
  });

  it('answers a login page whose request is unknown with an explanation', async () => {
    const response = await fetch(`${idp.issuer}/login-actions/unknown-request?lang=en`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('The sign-in request has expired or was already used.');
  });
});

describe('POST <realm>/login-actions/:uid/login', () => {
  it('says "Invalid email or password." in the page language and keeps the e-mail', async () => {
    const user = await createAccount(idp);
    await expect(
      signInThroughLoginPage(authorizationRequest(idp, { ui_locales: 'en' }).url, user.email, 'wrong'),
    ).rejects.toThrow(/^Invalid email or password\.$/);
    await expect(
      signInThroughLoginPage(authorizationRequest(idp, { ui_locales: 'fr' }).url, user.email, 'wrong'),
    ).rejects.toThrow(/^E-mail ou mot de passe invalide\.$/);
    // An unknown e-mail reads the same.
    await expect(
      signInThroughLoginPage(authorizationRequest(idp, { ui_locales: 'en' }).url, 'nobody@example.cv', 'x'),
    ).rejects.toThrow(/^Invalid email or password\.$/);

    const { browser, url, page } = await openLoginPage({ ui_locales: 'en' });
    const form = parseForms(page, url)[0];
    const answer = await browser.request(form?.action ?? '', {
      form: { lang: 'en', email: user.email, password: 'wrong' },
    });
    expect(answer.status).toBe(401);
    const again = await answer.text();
    expect(again).toContain(`value="${user.email}"`);
    expect(again).toContain('aria-invalid="true"');
    expect(again).toContain('role="alert"');
  });

  it('refuses a disabled account with a clear message, and accepts it again once enabled', async () => {
    const user = await createAccount(idp);
    expect((await admin(idp, 'PUT', `/users/${user.id}`, { enabled: false })).status).toBe(204);
    await expect(
      signInThroughLoginPage(authorizationRequest(idp, { ui_locales: 'en' }).url, user.email, user.password),
    ).rejects.toThrow('Your account is disabled. Contact the portal administrator.');

    expect((await admin(idp, 'PUT', `/users/${user.id}`, { enabled: true })).status).toBe(204);
    const redirect = await signInThroughLoginPage(authorizationRequest(idp).url, user.email, user.password);
    expect(redirect.startsWith(`${PORTAL.redirectUris[0]}?code=`)).toBe(true);
  });
});

import { generateSync } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningIdp } from '../src/index.ts';
import { IdpTestBrowser, pageErrorText, parseForms, signInThroughLoginPage } from '../src/testing.ts';
import {
  admin,
  authorizationRequest,
  createAccount,
  exchangeCode,
  PORTAL,
  startTestIdp,
} from './fixtures.ts';

// The provider's clock (one-time codes and waits) is moved by hand, so codes are computed for a known step.
const clock = { now: Date.now() };
let idp: RunningIdp;
let relaxed: RunningIdp;

beforeAll(async () => {
  [idp, relaxed] = await Promise.all([
    startTestIdp({ requireAdminTotp: true, now: () => clock.now }),
    startTestIdp(),
  ]);
});
afterAll(async () => {
  await Promise.all([idp?.close(), relaxed?.close()]);
});

/** The code an authenticator app shows now (or `steps` periods later) for the secret. */
function codeOf(secret: string, steps = 0): string {
  return generateSync({ secret, epoch: Math.floor(clock.now / 1000) + steps * 30 });
}

/** A 6-digit code that is none of the codes around now. */
function wrongCodeOf(secret: string): string {
  const near = new Set([-2, -1, 0, 1, 2].map((steps) => codeOf(secret, steps)));
  for (let n = 123456; ; n++) if (!near.has(String(n))) return String(n);
}

type Page = { url: string; page: string; status: number; left: boolean };

async function submit(browser: IdpTestBrowser, at: Page, field: string, values: object): Promise<Page> {
  const form = parseForms(at.page, at.url).find((f) => f.fields.has(field));
  if (!form) throw new Error(`No form with ${field} at ${at.url}: ${pageErrorText(at.page)}`);
  return browser.follow(form.action, { form: { ...Object.fromEntries(form.fields), ...values } });
}

/** Posts the page's form whose button says `label` (Continue, Cancel). */
async function press(browser: IdpTestBrowser, at: Page, label: string): Promise<Page> {
  for (const match of at.page.matchAll(/<form\b[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/g)) {
    if ((match[2] ?? '').includes(`>${label}</button>`)) {
      const action = new URL((match[1] ?? '').replace(/&amp;/g, '&'), at.url).href;
      const form = parseForms(match[0], at.url)[0];
      return browser.follow(action, { form: Object.fromEntries(form?.fields ?? []) });
    }
  }
  throw new Error(`No '${label}' button at ${at.url}: ${pageErrorText(at.page)}`);
}

/** The key shown as text on the enrolment page (grouped by four). */
function secretOf(page: string): string {
  const shown = /<code class="secret" id="secret">([^<]+)<\/code>/.exec(page)?.[1];
  if (!shown) throw new Error(`No secret on the page: ${pageErrorText(page)}`);
  return shown.replace(/\s+/g, '');
}

function recoveryCodesOf(page: string): string[] {
  return [...page.matchAll(/<li><code>([^<]+)<\/code><\/li>/g)].map((m) => m[1] as string);
}

/** Signs in up to the page after the password. */
async function passwordStep(browser: IdpTestBrowser, url: string, email: string, password: string) {
  const login = await browser.follow(url);
  return submit(browser, login, 'password', { email, password });
}

/** Enrols from the enrolment page: the code of the shown secret, then the recovery codes page. */
async function enrol(browser: IdpTestBrowser, page: Page) {
  const secret = secretOf(page.page);
  const codes = await submit(browser, page, 'code', { code: codeOf(secret) });
  return { secret, codes: recoveryCodesOf(codes.page), page: codes };
}

describe('two-factor sign-in (TOTP)', () => {
  it('enrols through kc_action=CONFIGURE_TOTP, then asks every sign-in for the code', async () => {
    const user = await createAccount(idp, { password: 'first secret 2026' });
    const browser = new IdpTestBrowser();
    const request = authorizationRequest(idp, { kc_action: 'CONFIGURE_TOTP', ui_locales: 'en' });
    const asked = await passwordStep(browser, request.url, user.email, 'first secret 2026');
    expect(asked.left).toBe(false);
    expect(asked.page).toContain('Turn on two-factor sign-in');
    expect(asked.page).toMatch(/<img class="qr" src="data:image\/svg\+xml;base64,[^"]+" alt="QR code/);
    expect(asked.page).toMatch(
      /<label for="code">6-digit code<\/label>\n<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code"/,
    );
    expect(asked.page).not.toMatch(/<script(?![^>]*nonce)/);
    const secret = secretOf(asked.page);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    // A wrong code is refused and the same secret is shown again; a language switch keeps it too.
    const wrong = await submit(browser, asked, 'code', { code: wrongCodeOf(secret) });
    expect(wrong.status).toBe(400);
    expect(pageErrorText(wrong.page)).toBe(
      'The code is not valid. Try again with the code your app shows now.',
    );
    expect(secretOf(wrong.page)).toBe(secret);
    const french = await browser.follow(`${wrong.url.split('?')[0]?.replace(/\/totp$/, '')}?lang=fr`);
    expect(french.page).toContain('Activer la connexion en deux étapes');
    expect(secretOf(french.page)).toBe(secret);

    const confirmed = await submit(browser, wrong, 'code', { code: codeOf(secret) });
    expect(confirmed.page).toContain('Save your recovery codes');
    const codes = recoveryCodesOf(confirmed.page);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const back = await press(browser, confirmed, 'Continue');
    expect(back.left).toBe(true);
    expect((await exchangeCode(idp, back.url, request.verifier)).status).toBe(200);

    // The next sign-in asks for the code after the password.
    clock.now += 30_000;
    const second = new IdpTestBrowser({ acceptLanguage: 'en' });
    const codePage = await passwordStep(
      second,
      authorizationRequest(idp).url,
      user.email,
      'first secret 2026',
    );
    expect(codePage.left).toBe(false);
    expect(codePage.page).toContain('Two-factor sign-in');
    expect(codePage.page).toContain('inputmode="numeric" autocomplete="one-time-code"');
    const refused = await submit(second, codePage, 'code', { code: wrongCodeOf(secret) });
    expect(refused.status).toBe(401);
    expect(pageErrorText(refused.page)).toBe(
      'The code is not valid. Try again with the code your app shows now.',
    );
    const code = codeOf(secret);
    const signedIn = await submit(second, refused, 'code', { code });
    expect(signedIn.left).toBe(true);
    expect(new URL(signedIn.url).searchParams.get('code')).toBeTruthy();

    // The same code, within its window, does not sign in twice.
    await expect(
      signInThroughLoginPage(
        authorizationRequest(idp, { ui_locales: 'en' }).url,
        user.email,
        'first secret 2026',
        {
          code,
        },
      ),
    ).rejects.toThrow('The code is not valid');
    // Without the code the password alone gets nowhere.
    await expect(
      signInThroughLoginPage(authorizationRequest(idp).url, user.email, 'first secret 2026'),
    ).rejects.toThrow();

    // A recovery code works once, whatever its case and dashes.
    const recovery = codes[0] as string;
    const withRecovery = new IdpTestBrowser();
    const step = await passwordStep(
      withRecovery,
      authorizationRequest(idp).url,
      user.email,
      'first secret 2026',
    );
    const recovered = await submit(withRecovery, step, 'recoveryCode', {
      recoveryCode: ` ${recovery.toUpperCase()} `,
    });
    expect(recovered.left).toBe(true);
    const again = new IdpTestBrowser({ acceptLanguage: 'en' });
    const stepAgain = await passwordStep(
      again,
      authorizationRequest(idp).url,
      user.email,
      'first secret 2026',
    );
    const reused = await submit(again, stepAgain, 'recoveryCode', { recoveryCode: recovery });
    expect(reused.status).toBe(401);
    // Another unused one still works.
    const next = await submit(again, reused, 'recoveryCode', { recoveryCode: codes[1] as string });
    expect(next.left).toBe(true);
  });

  it('counts wrong codes in the same growing waits as wrong passwords', async () => {
    const user = await createAccount(idp);
    const browser = new IdpTestBrowser({ acceptLanguage: 'en' });
    const asked = await passwordStep(
      browser,
      authorizationRequest(idp, { kc_action: 'CONFIGURE_TOTP' }).url,
      user.email,
      user.password,
    );
    const { secret, page } = await enrol(browser, asked);
    await press(browser, page, 'Continue');

    clock.now += 30_000;
    let at = await passwordStep(
      browser,
      authorizationRequest(idp, { prompt: 'login' }).url,
      user.email,
      user.password,
    );
    for (let i = 1; i <= 4; i++) at = await submit(browser, at, 'code', { code: wrongCodeOf(secret) });
    expect(pageErrorText(at.page)).toBe(
      'The code is not valid. Try again with the code your app shows now. Too many failed attempts. Try again in 1 second.',
    );
    const held = await submit(browser, at, 'code', { code: codeOf(secret) });
    expect(held.status).toBe(429);
    clock.now += 1_000;
    expect((await submit(browser, held, 'code', { code: codeOf(secret) })).left).toBe(true);
  });

  it('turns two-factor sign-in off with kc_action=delete_credential and a current code', async () => {
    const user = await createAccount(idp);
    const browser = new IdpTestBrowser({ acceptLanguage: 'en' });
    const asked = await passwordStep(
      browser,
      authorizationRequest(idp, { kc_action: 'CONFIGURE_TOTP' }).url,
      user.email,
      user.password,
    );
    const { secret, page } = await enrol(browser, asked);
    await press(browser, page, 'Continue');

    const credentials = (await (await admin(idp, 'GET', `/users/${user.id}/credentials`)).json()) as {
      id: string;
      type: string;
    }[];
    expect(credentials.map((c) => c.type).sort()).toEqual(['otp', 'password']);
    const otp = credentials.find((c) => c.type === 'otp');
    expect(JSON.stringify(credentials)).not.toContain(secret);

    // Already signed in at the provider: straight to the confirmation.
    clock.now += 30_000;
    const remove = await browser.follow(
      authorizationRequest(idp, { kc_action: `delete_credential:${otp?.id}` }).url,
    );
    expect(remove.page).toContain('Turn off two-factor sign-in');
    const wrong = await submit(browser, remove, 'code', { code: wrongCodeOf(secret) });
    expect(wrong.status).toBe(401);
    const done = await submit(browser, wrong, 'code', { code: codeOf(secret) });
    expect(done.left).toBe(true);

    const after = (await (await admin(idp, 'GET', `/users/${user.id}/credentials`)).json()) as {
      type: string;
    }[];
    expect(after.map((c) => c.type)).toEqual(['password']);
    expect(
      new URL(
        await signInThroughLoginPage(authorizationRequest(idp).url, user.email, user.password),
      ).searchParams.get('code'),
    ).toBeTruthy();
  });

  it('takes an admin without it through enrolment before returning to the portal, when required', async () => {
    const boss = await createAccount(idp, { roles: ['admin'] });
    const browser = new IdpTestBrowser({ acceptLanguage: 'en' });
    const request = authorizationRequest(idp);
    const asked = await passwordStep(browser, request.url, boss.email, boss.password);
    expect(asked.left).toBe(false);
    expect(pageErrorText(asked.page)).toContain(
      'Your account requires two-factor sign-in: turn it on to continue.',
    );
    expect(asked.page).not.toContain('>Cancel</button>');
    // Trying to skip it, or opening the portal's sign-in again, comes back to the enrolment.
    const skipped = await browser.follow(asked.url.replace(/\?.*$/, '').replace(/$/, '/continue'), {
      form: { lang: 'en' },
    });
    expect(skipped.left).toBe(false);
    expect(skipped.page).toContain('Turn on two-factor sign-in');
    const reopened = await browser.follow(authorizationRequest(idp).url);
    expect(reopened.left).toBe(false);
    expect(reopened.page).toContain('Turn on two-factor sign-in');

    const { secret, page } = await enrol(browser, reopened);
    const back = await press(browser, page, 'Continue');
    expect(back.left).toBe(true);
    expect(back.url.startsWith(PORTAL.redirectUris[0] as string)).toBe(true);

    // It cannot be turned off while required.
    const remove = await browser.follow(authorizationRequest(idp, { kc_action: 'delete_credential' }).url);
    expect(pageErrorText(remove.page)).toContain(
      'Two-factor sign-in is required for your account and cannot be turned off.',
    );
    expect((await press(browser, remove, 'Continue')).left).toBe(true);

    clock.now += 30_000;
    const next = await signInThroughLoginPage(authorizationRequest(idp).url, boss.email, boss.password, {
      code: codeOf(secret),
    });
    expect(new URL(next).searchParams.get('code')).toBeTruthy();
  });

  it('lets an admin sign in with the password alone when it is not required', async () => {
    const boss = await createAccount(relaxed, { roles: ['admin'] });
    const redirect = await signInThroughLoginPage(
      authorizationRequest(relaxed).url,
      boss.email,
      boss.password,
    );
    expect(new URL(redirect).searchParams.get('code')).toBeTruthy();
  });
});

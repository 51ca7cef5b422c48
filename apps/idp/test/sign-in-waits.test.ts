import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdpMail, RunningIdp } from '../src/index.ts';
import { IdpTestBrowser, pageErrorText, parseForms } from '../src/testing.ts';
import { authorizationRequest, createAccount, PORTAL, startTestIdp } from './fixtures.ts';

// Each provider's sign-in waits run on a clock the test moves by hand: no test sleeps for a wait to end.
const clock = { now: Date.now() };
const plainClock = { now: Date.now() };
const sent: IdpMail[] = [];
let proxied: RunningIdp;
let plain: RunningIdp;

beforeAll(async () => {
  [proxied, plain] = await Promise.all([
    startTestIdp({
      trustProxy: true,
      now: () => clock.now,
      sendMail: async (mail) => {
        sent.push(mail);
      },
    }),
    startTestIdp({ now: () => plainClock.now }),
  ]);
});
afterAll(async () => {
  await Promise.all([proxied?.close(), plain?.close()]);
});

const SOMEONE_ELSE = '203.0.113.66';
const OWNER = '198.51.100.7';

/** One sign-in attempt from `address` (as the proxy in front reports it), in English. */
async function attempt(idp: RunningIdp, address: string, email: string, password: string) {
  const browser = new IdpTestBrowser({ headers: { 'x-forwarded-for': address } });
  const login = await browser.follow(authorizationRequest(idp, { ui_locales: 'en' }).url);
  const form = parseForms(login.page, login.url).find((f) => f.fields.has('password'));
  if (!form) throw new Error(pageErrorText(login.page));
  const answer = await browser.follow(form.action, {
    form: { ...Object.fromEntries(form.fields), email, password },
  });
  return {
    status: answer.status,
    left: answer.left,
    url: answer.url,
    text: answer.left ? '' : pageErrorText(answer.page),
  };
}

describe('sign-in waits per (account, address)', () => {
  it("slows a stranger's guesses with a growing, capped wait while the owner signs in from elsewhere", async () => {
    const owner = await createAccount(proxied);
    const guess = (password: string) => attempt(proxied, SOMEONE_ELSE, owner.email, password);

    for (let i = 1; i <= 3; i++) {
      expect(await guess(`wrong-${i}`)).toMatchObject({ status: 401, text: 'Invalid email or password.' });
    }
    expect(await guess('wrong-4')).toMatchObject({
      status: 401,
      text: 'Invalid email or password. Too many failed attempts. Try again in 1 second.',
    });
    // While the wait runs nothing is checked, not even the right password.
    expect(await guess(owner.password)).toMatchObject({
      status: 429,
      text: 'Too many failed attempts. Try again in 1 second.',
    });
    // The owner, from another address, gets in at once.
    const fromHome = await attempt(proxied, OWNER, owner.email, owner.password);
    expect(fromHome.left).toBe(true);
    expect(new URL(fromHome.url).searchParams.get('code')).toBeTruthy();

    // Each further failure doubles the wait, up to a minute.
    const waits: string[] = [];
    for (let i = 5; i <= 12; i++) {
      clock.now += 60_000;
      waits.push((await guess(`wrong-${i}`)).text.replace('Invalid email or password. ', ''));
    }
    expect(waits).toEqual(
      [2, 4, 8, 16, 32, 60, 60, 60].map((s) => `Too many failed attempts. Try again in ${s} seconds.`),
    );

    // Once the wait is over, the right password works from there too.
    clock.now += 60_000;
    expect((await guess(owner.password)).left).toBe(true);
  });

  it('answers the same for an e-mail no account has', async () => {
    const owner = await createAccount(proxied);
    const texts = async (email: string) => {
      const out: { status: number; text: string }[] = [];
      for (let i = 1; i <= 6; i++) {
        const { status, text } = await attempt(proxied, '192.0.2.10', email, `wrong-${i}`);
        out.push({ status, text });
      }
      return out;
    };
    const known = await texts(owner.email);
    const unknown = await texts('nobody-at-all@example.cv');
    expect(unknown).toEqual(known);
    expect(known.at(-1)).toEqual({ status: 429, text: 'Too many failed attempts. Try again in 1 second.' });
  });

  it('ends every wait of the account with a password reset', async () => {
    const owner = await createAccount(proxied, { password: 'old password 2026' });
    for (let i = 1; i <= 8; i++) await attempt(proxied, SOMEONE_ELSE, owner.email, `wrong-${i}`);
    expect((await attempt(proxied, SOMEONE_ELSE, owner.email, 'old password 2026')).status).toBe(429);

    // The link always works, wait or not.
    const browser = new IdpTestBrowser({ headers: { 'x-forwarded-for': SOMEONE_ELSE } });
    const forgot = await browser.follow(`${proxied.issuer}/login-actions/reset-credentials?lang=en`);
    const form = parseForms(forgot.page, forgot.url).find((f) => f.fields.has('email'));
    sent.length = 0;
    await browser.follow(form?.action ?? '', {
      form: { ...Object.fromEntries(form?.fields ?? []), email: owner.email },
    });
    const link = sent[0]?.text.split('\n').find((line) => line.includes('reset-password?token='));
    const page = await browser.follow(link?.trim() ?? '');
    const reset = parseForms(page.page, page.url).find((f) => f.fields.has('newPassword'));
    const done = await browser.follow(reset?.action ?? '', {
      form: {
        ...Object.fromEntries(reset?.fields ?? []),
        newPassword: 'new password 2026',
        confirmPassword: 'new password 2026',
      },
    });
    expect(pageErrorText(done.page)).toContain('Your password has been changed');

    const back = await attempt(proxied, SOMEONE_ELSE, owner.email, 'new password 2026');
    expect(back.left).toBe(true);
    expect(back.url.startsWith(PORTAL.redirectUris[0] as string)).toBe(true);
  });
});

describe("the client's address (TRUST_PROXY)", () => {
  it('ignores X-Forwarded-For when the provider does not trust a proxy: the socket address decides', async () => {
    const owner = await createAccount(plain);
    for (let i = 1; i <= 4; i++) await attempt(plain, SOMEONE_ELSE, owner.email, `wrong-${i}`);
    // A made-up header does not escape the wait: to the provider it is the same address.
    expect(await attempt(plain, OWNER, owner.email, owner.password)).toMatchObject({
      status: 429,
      text: 'Too many failed attempts. Try again in 1 second.',
    });
    plainClock.now += 1_000;
    expect((await attempt(plain, OWNER, owner.email, owner.password)).left).toBe(true);
  });
});

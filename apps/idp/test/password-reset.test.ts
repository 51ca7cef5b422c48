import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { IdpMail, RunningIdp } from '../src/index.ts';
import { IdpTestBrowser, pageErrorText, parseForms } from '../src/testing.ts';
import { authorizationRequest, createAccount, PORTAL, startTestIdp } from './fixtures.ts';

let idp: RunningIdp;
let plain: RunningIdp;
const sent: IdpMail[] = [];

beforeAll(async () => {
  [idp, plain] = await Promise.all([
    startTestIdp({
      sendMail: async (mail) => {
        sent.push(mail);
      },
    }),
    startTestIdp(),
  ]);
});
afterAll(async () => {
  await Promise.all([idp?.close(), plain?.close()]);
});
beforeEach(() => {
  sent.length = 0;
});

/** The href of the link whose text is `text` (entities decoded). */
function linkHref(page: string, text: string, base: string): string {
  for (const match of page.matchAll(/<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi)) {
    if ((match[2] ?? '').includes(text)) return new URL((match[1] ?? '').replace(/&amp;/g, '&'), base).href;
  }
  throw new Error(`No link '${text}' in the page`);
}

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

/** The reset link of a mail (its text carries it on a line of its own). */
function linkOf(mail: IdpMail): string {
  const line = mail.text.split('\n').find((l) => l.includes('/login-actions/reset-password?token='));
  if (!line) throw new Error(`No reset link in: ${mail.text}`);
  return line.trim();
}

/** From the sign-in page in `language`: 'Forgot your password?', then the e-mail sent. */
async function askForLink(browser: IdpTestBrowser, email: string, language: string) {
  const login = await browser.follow(authorizationRequest(idp, { ui_locales: language }).url);
  const forgotText = {
    pt: 'Esqueceu-se da palavra-passe?',
    en: 'Forgot your password?',
    fr: 'Mot de passe oublié ?',
  }[language] as string;
  const forgot = await browser.follow(linkHref(login.page, forgotText, login.url));
  expect(forgot.status).toBe(200);
  expect(forgot.page).toContain(`<html lang="${language}">`);
  return submit(browser, forgot, 'email', { email });
}

describe('password reset by e-mail (sign-in page: Forgot your password?)', () => {
  it('mails a link in the page language that sets a new password once, then signs in with it', async () => {
    const user = await createAccount(idp, {
      password: 'old password 2026',
      firstName: 'Ana',
      lastName: 'Tavares',
    });
    const browser = new IdpTestBrowser();
    const asked = await askForLink(browser, user.email.toUpperCase(), 'en');
    expect(asked.status).toBe(200);
    expect(pageErrorText(asked.page)).toContain(`If an account exists for ${user.email.toUpperCase()}`);

    expect(sent).toHaveLength(1);
    const mail = sent[0] as IdpMail;
    expect(mail.to).toBe(user.email);
    expect(mail.language).toBe('en');
    expect(mail.subject).toBe('Reset your password — Business Excellence');
    expect(mail.text).toContain('Hello Ana Tavares,');
    expect(mail.text).toContain('The link works for 60 minutes and only once.');
    const link = linkOf(mail);
    expect(link.startsWith(`${idp.issuer}/login-actions/reset-password?token=`)).toBe(true);
    expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);

    // The password rule of registration, with its messages, field by field.
    const page = await browser.follow(link);
    expect(page.status).toBe(200);
    const tooShort = await submit(browser, page, 'newPassword', {
      newPassword: 'short',
      confirmPassword: 'short',
    });
    expect(tooShort.status).toBe(400);
    expect(tooShort.page).toContain('The password must have at least 10 characters');
    const mismatch = await submit(browser, tooShort, 'newPassword', {
      newPassword: 'brand new secret 1',
      confirmPassword: 'brand new secret 2',
    });
    expect(pageErrorText(mismatch.page)).toBe('Passwords must match');

    const done = await submit(browser, mismatch, 'newPassword', {
      newPassword: 'brand new secret 1',
      confirmPassword: 'brand new secret 1',
    });
    expect(done.status).toBe(200);
    expect(pageErrorText(done.page)).toContain('Your password has been changed');

    // The link is used up.
    const again = await new IdpTestBrowser().follow(link);
    expect(again.status).toBe(400);
    expect(pageErrorText(again.page)).toContain('This reset link has expired or was already used');
    const replay = await submit(new IdpTestBrowser(), page, 'newPassword', {
      newPassword: 'another secret 2026',
      confirmPassword: 'another secret 2026',
    });
    expect(replay.status).toBe(400);

    // The old password no longer works, the new one does.
    await expect(
      new IdpTestBrowser().signIn(authorizationRequest(idp).url, user.email, 'old password 2026'),
    ).rejects.toThrow('E-mail ou palavra-passe inválidos.');
    const back = await new IdpTestBrowser().signIn(
      authorizationRequest(idp).url,
      user.email,
      'brand new secret 1',
    );
    expect(back.startsWith(PORTAL.redirectUris[0] as string)).toBe(true);
  });

  it('answers an unknown e-mail exactly as a known one and sends nothing', async () => {
    const user = await createAccount(idp);
    const known = await askForLink(new IdpTestBrowser(), user.email, 'fr');
    const unknown = await askForLink(new IdpTestBrowser(), 'nobody-here@example.cv', 'fr');
    expect(sent.map((mail) => mail.to)).toEqual([user.email]);
    expect(unknown.status).toBe(known.status);
    const text = (page: string, email: string) => pageErrorText(page).replace(email, '<e-mail>');
    expect(text(unknown.page, 'nobody-here@example.cv')).toBe(text(known.page, user.email));
    expect(pageErrorText(unknown.page)).toContain('Si un compte existe pour nobody-here@example.cv');
  });

  it('mails in Portuguese and French, and a newer link replaces the older one', async () => {
    const user = await createAccount(idp);
    await askForLink(new IdpTestBrowser(), user.email, 'pt');
    expect(sent[0]?.subject).toBe('Recuperar a palavra-passe — Excelência Empresarial');
    expect(sent[0]?.text).toContain('A ligação é válida durante 60 minutos e só pode ser usada uma vez.');
    // A second request within a minute sends no second mail (the same page).
    await askForLink(new IdpTestBrowser(), user.email, 'fr');
    expect(sent).toHaveLength(1);
  });

  it('offers no reset when the idp has no way to send mail', async () => {
    const login = await new IdpTestBrowser().follow(authorizationRequest(plain, { ui_locales: 'en' }).url);
    expect(login.page).toContain('Sign in to your account');
    expect(login.page).not.toContain('Forgot your password?');
    const forgot = await fetch(`${plain.issuer}/login-actions/reset-credentials?lang=en`);
    expect(forgot.status).toBe(400);
    await forgot.body?.cancel();
  });
});

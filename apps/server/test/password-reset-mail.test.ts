import { IdpTestBrowser, pageErrorText, parseForms } from '@excelencia/idp/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityAdminFor, startBuiltInIdp, withIssuer } from '../src/auth/built-in-idp.ts';
import { listOutbox } from '../src/platform/mail/outbox.ts';
import { testConfig } from './support/config.ts';
import { openTestDatabase, type TestDatabase } from './support/database.ts';

let database: TestDatabase;
let idp: Awaited<ReturnType<typeof startBuiltInIdp>>;

beforeAll(async () => {
  database = await openTestDatabase();
  idp = await startBuiltInIdp(testConfig(), 0, database.handle.db);
});

afterAll(async () => {
  await idp?.close();
  await database?.dispose();
});

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

describe("the built-in provider's password reset mail (ADR 0011)", () => {
  it("goes through the portal's outbox, signed with the product name, and its link works once", async () => {
    const identity = identityAdminFor(withIssuer(testConfig(), idp.issuer));
    await identity.createUser({
      email: 'rosa@empresa.cv',
      name: 'Rosa Fortes',
      password: 'Antiga!Senha-2026',
      enabled: true,
      roles: ['company'],
      language: 'pt',
    });
    const browser = new IdpTestBrowser();
    const forgot = await browser.follow(`${idp.issuer}/login-actions/reset-credentials?lang=pt`);
    const asked = await submit(browser, forgot, 'email', { email: 'rosa@empresa.cv' });
    expect(pageErrorText(asked.page)).toContain('Se existir uma conta com o e-mail rosa@empresa.cv');
    await submit(new IdpTestBrowser(), forgot, 'email', { email: 'ninguem@empresa.cv' });

    const outbox = await listOutbox(database.handle.db, {});
    expect(outbox.map((row) => [row.toAddress, row.subject, row.language, row.state])).toEqual([
      ['rosa@empresa.cv', 'Recuperar a palavra-passe — Excelência Empresarial', 'pt', 'pending'],
    ]);
    const mail = outbox[0];
    expect(mail?.textBody).toContain('Olá Rosa Fortes,');
    expect(mail?.textBody.trim().endsWith('Excelência Empresarial')).toBe(true);
    const link = mail?.textBody.split('\n').find((line) => line.includes('reset-password?token=')) ?? '';
    expect(link.startsWith(idp.issuer)).toBe(true);

    const page = await browser.follow(link);
    const done = await submit(browser, page, 'newPassword', {
      newPassword: 'Nova!Senha-2026',
      confirmPassword: 'Nova!Senha-2026',
    });
    expect(pageErrorText(done.page)).toContain('A sua palavra-passe foi alterada');
    expect((await new IdpTestBrowser().follow(link)).status).toBe(400);
  });
});

import { expect } from '@playwright/test';
import { axeViolations, expectNoSideScroll, t, test } from './support.ts';

const stamp = String(Date.now()).slice(-7);
/** A long address without a break opportunity: the kind that widened the page to 430 px at 390. */
const invitee = {
  email: `responsavel.financeiro.${stamp}@hotel-atlantico-boa-vista.cv`,
  name: 'Rui Gomes',
  company: `Hotel Atlântico ${stamp}, Lda`,
  nif: `7${stamp}1`,
  password: 'Convite-Seguro-2026!',
};

test('an invitation opened on a phone fits the screen under the logo, names who invited, and asks for the terms', async ({
  browser,
  baseURL,
  openAs,
}, testInfo) => {
  // The demo admin pre-registers the company; the invitation is mailed in French.
  const admin = await openAs('admin');
  const csrf = (await (await admin.request.get('/auth/csrf')).json()) as { csrfToken: string };
  const created = await admin.request.post('/app/api/v1/companies/pre-registrations', {
    headers: { 'x-csrf-token': csrf.csrfToken },
    data: {
      companyName: invitee.company,
      nif: invitee.nif,
      email: invitee.email,
      responsibleName: invitee.name,
      language: 'fr',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await admin.goto('/dev/mail');
  const mail = admin.locator('article').filter({ hasText: invitee.email }).first();
  // It names the inviting administrator (the demo's is "Administrador Demo") and the portal's team, in French.
  await expect(mail).toContainText(
    `Administrador Demo, de l'équipe du portail Excellence des Entreprises, a pré-enregistré l'entreprise ${invitee.company}`,
  );
  const link =
    (await mail.locator('a[href*="/register/invitation?token="]').first().getAttribute('href')) ?? '';
  await admin.context().close();

  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByTestId('invitation-email')).toHaveText(invitee.email);
  await expect(page.getByRole('link', { name: t('fr', 'shell:logoAlt') })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('invitation-390.png'), fullPage: true });
  // Nothing wider than the screen: the page does not scroll sideways, the address stays inside its card.
  await expectNoSideScroll(page);
  const card = await page.getByTestId('invitation-email').locator('xpath=ancestor::dl/..').boundingBox();
  const email = await page.getByTestId('invitation-email').boundingBox();
  expect(email && card && email.x + email.width <= card.x + card.width).toBe(true);
  expect(await axeViolations(page, 'serious')).toEqual([]);

  // The privacy policy and the regulation are accepted as on /register.
  await page.getByLabel(new RegExp(`^${t('fr', 'companies:form.password')}`)).fill(invitee.password);
  await page.getByLabel(new RegExp(`^${t('fr', 'companies:form.confirmPassword')}`)).fill(invitee.password);
  await page.getByTestId('invitation-submit').click();
  await expect(page.getByText(t('fr', 'validation:acceptTerms'))).toBeVisible();
  await expect(page.getByRole('link', { name: t('fr', 'registration:legal.privacyTitle') })).toHaveAttribute(
    'href',
    '/fr/public/privacy',
  );
  await page.getByTestId('accept-terms').check();
  await page.getByTestId('invitation-submit').click();
  await expect(page.getByTestId('invitation-accepted')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('invitation-accepted-390.png'), fullPage: true });
  await context.close();
});

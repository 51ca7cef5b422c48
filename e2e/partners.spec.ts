import { type Browser, expect, type Page } from '@playwright/test';
import { axeViolations, DEMO, signIn, t, test } from './support.ts';

/** A company of this spec only: its NIF and e-mail appear nowhere else in the suite. */
const company = {
  name: 'Assistida Pelo Banco, Lda',
  nif: '261234570',
  email: 'gestora@assistida-banco.cv',
  responsible: 'Gestora Assistida',
  password: 'Assistida-2026!',
};
const BANK = 'Banco Demo de Cabo Verde';

async function signedIn(browser: Browser, email: string, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, 'en', email, password);
  return page;
}

/** Opens the company's view from the partner's list (each opening is a new read of the company's data). */
async function openAssisted(partner: Page) {
  await partner.goto('/en/partner/register');
  const row = partner.getByTestId('assisted-row').filter({ hasText: company.nif });
  await row.getByRole('button', { name: t('en', 'partners:register.open', { name: company.name }) }).click();
  const view = partner.getByTestId('partner-company-view');
  await expect(view).toBeVisible();
  return view;
}

function consentSwitch(page: Page, level: 'status' | 'diagnosis') {
  return page.getByRole('switch', {
    name: t('en', 'partners:consents.toggle', { level: t('en', `partners:levels.${level}`), entity: BANK }),
  });
}

test('a bank invites a company, which registers and shares its diagnosis with the bank, then withdraws it', async ({
  browser,
}) => {
  // Four people's sessions and three axe runs: near a minute on a busy two-core machine.
  test.slow();
  // The bank registers the company it assists: pre-registration and invitation.
  const partner = await signedIn(browser, DEMO.partner.email, DEMO.partner.password);
  await partner.goto('/en/partner/register');
  await partner.getByTestId('assisted-add').click();
  const form = partner.getByTestId('pre-register-form');
  const field = (key: string) =>
    form.getByRole('textbox', { name: t('en', `companies:form.${key}`), exact: true });
  await field('companyName').fill(company.name);
  await field('nif').fill(company.nif);
  await field('responsibleName').fill(company.responsible);
  await field('responsibleEmail').fill(company.email);
  await partner.getByTestId('pre-register-submit').click();
  const row = partner.getByTestId('assisted-row').filter({ hasText: company.nif });
  await expect(row.getByTestId('assisted-state')).toHaveAttribute('data-state', 'invited');
  await expect(row.getByTestId('assisted-consent')).toHaveAttribute('data-consent', 'none');
  expect(await axeViolations(partner, 'serious')).toEqual([]);

  // The company accepts the invitation mailed to it and signs in.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/dev/mail');
  const link = await visitor
    .locator('article')
    .filter({ hasText: company.email })
    .locator('a[href*="/register/invitation?token="]')
    .first()
    .getAttribute('href');
  await visitor.goto(link ?? '');
  // The required fields' names end with their asterisk.
  await visitor.getByLabel(new RegExp(`^${t('en', 'companies:form.password')}`)).fill(company.password);
  await visitor
    .getByLabel(new RegExp(`^${t('en', 'companies:form.confirmPassword')}`))
    .fill(company.password);
  await visitor.getByTestId('accept-terms').check();
  await visitor.getByTestId('invitation-submit').click();
  await expect(visitor.getByTestId('invitation-accepted')).toBeVisible();
  const owner = await signedIn(browser, company.email, company.password);

  // Without consent the bank sees the registration and the public data only.
  await partner.reload();
  await expect(row.getByTestId('assisted-state')).toHaveAttribute('data-state', 'registered');
  let view = await openAssisted(partner);
  await expect(view.getByTestId('partner-public-only')).toBeVisible();
  await expect(view.getByTestId('partner-no-diagnosis')).toBeVisible();
  await partner.keyboard.press('Escape');

  // The company shares its self-diagnosis summary with the bank in its profile.
  await owner.goto('/en/company/profile');
  await expect(owner.getByTestId('consent-row').filter({ hasText: BANK })).toBeVisible();
  await consentSwitch(owner, 'diagnosis').click();
  await expect(consentSwitch(owner, 'diagnosis')).toBeChecked();
  await expect(consentSwitch(owner, 'status')).not.toBeChecked();

  // The bank sees the eight criteria, not the state; the read is in the company's log.
  view = await openAssisted(partner);
  await expect(view.getByTestId('partner-diagnosis')).toBeVisible();
  await expect(view.getByTestId('el-criterion')).toHaveCount(8);
  await expect(view.getByTestId('partner-no-state')).toBeVisible();
  expect(await axeViolations(partner, 'serious')).toEqual([]);
  await partner.keyboard.press('Escape');
  await owner.reload();
  const log = owner.getByTestId('partner-access-log');
  await expect(log.getByTestId('access-log-row')).toHaveCount(1);
  await expect(log.getByTestId('access-log-row').first()).toContainText(BANK);
  await expect(log.getByTestId('access-log-row').first()).toHaveAttribute('data-level', 'diagnosis');
  expect(await axeViolations(owner, 'serious')).toEqual([]);

  // The company withdraws it: the bank no longer sees the diagnosis, and nothing more is logged.
  await consentSwitch(owner, 'diagnosis').click();
  await expect(consentSwitch(owner, 'diagnosis')).not.toBeChecked();
  view = await openAssisted(partner);
  await expect(view.getByTestId('partner-no-diagnosis')).toBeVisible();
  await expect(view.getByTestId('partner-public-only')).toBeVisible();
  await expect(view.getByTestId('el-criterion')).toHaveCount(0);
  await owner.reload();
  await expect(owner.getByTestId('partner-access-log').getByTestId('access-log-row')).toHaveCount(1);
});

test('a partner makes an API token on its profile, shown once, which reads the partner API until it is revoked', async ({
  browser,
  request,
}) => {
  const partner = await signedIn(browser, DEMO.partner.email, DEMO.partner.password);
  await partner.goto('/en/users/profile');
  const section = partner.getByTestId('api-tokens');
  await section.getByRole('textbox', { name: t('en', 'partners:tokens.name') }).fill('Core banking');
  await section.getByTestId('api-token-create').click();
  const token = (await section.getByTestId('api-token-value').innerText()).trim();
  expect(token).toMatch(/^exp_/);
  const row = section.getByTestId('api-token-row').filter({ hasText: 'Core banking' });
  await expect(row).toHaveAttribute('data-state', 'active');
  expect(await axeViolations(partner, 'serious')).toEqual([]);

  const read = () =>
    request.get('/app/api/v1/partner/companies', { headers: { authorization: `Bearer ${token}` } });
  expect((await read()).status()).toBe(200);

  await partner.reload();
  await expect(section.getByTestId('api-token-value')).toHaveCount(0);
  await row.getByTestId('api-token-revoke').click();
  await partner
    .getByRole('dialog')
    .getByRole('button', { name: t('en', 'partners:tokens.revokeConfirm'), exact: true })
    .click();
  await expect(row).toHaveAttribute('data-state', 'revoked');
  expect((await read()).status()).toBe(401);
});

import { expect, type Page } from '@playwright/test';
import { axeViolations, choose, signInNewContext, t, test } from './support.ts';

/** A company of this spec only: its NIF and e-mail appear nowhere else in the suite. */
const company = {
  name: 'Assistida Pelo Banco, Lda',
  nif: '261234570',
  email: 'gestora@assistida-banco.cv',
  responsible: 'Gestora Assistida',
  password: 'Assistida-2026!',
};
const BANK = 'Banco Demo de Cabo Verde';

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
  openAs,
}) => {
  // Four people's sessions and three axe runs: near a minute on a busy two-core machine.
  test.slow();
  // The bank registers the company it assists: pre-registration and invitation.
  const partner = await openAs('partner');
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
  const owner = await signInNewContext(browser, 'en', company);

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
  openAs,
  request,
}) => {
  const partner = await openAs('partner');
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

test('a bank asks to follow a company that registered on its own; the company accepts in its profile, sharing nothing yet', async ({
  browser,
  openAs,
}) => {
  test.slow();
  const stamp = String(Date.now()).slice(-7);
  const own = {
    name: `Registada Sozinha ${stamp}, Lda`,
    nif: `6${stamp}1`,
    email: `dona.${stamp}@registada-sozinha.cv`,
    password: 'Sozinha-2026!',
  };
  // The company registers itself and confirms its address.
  const visitor = await (await browser.newContext()).newPage();
  const label = (key: string) =>
    visitor.getByRole('textbox', { name: t('en', `companies:form.${key}`), exact: true });
  await visitor.goto('/en/register');
  await label('companyName').fill(own.name);
  await label('responsibleName').fill('Dona Sozinha');
  await label('corporateEmail').fill(own.email);
  await label('phone').fill('+238 993 45 67');
  await label('nif').fill(own.nif);
  await label('password').fill(own.password);
  await label('confirmPassword').fill(own.password);
  for (const select of ['select-caeSection', 'select-caeDivision', 'select-island', 'select-city']) {
    await choose(visitor, select);
  }
  await visitor.getByTestId('accept-terms').check();
  await visitor.getByTestId('register-submit').click();
  await expect(visitor.getByTestId('register-sent')).toBeVisible();
  await visitor.goto('/dev/mail');
  const confirm = visitor
    .locator('article')
    .filter({ hasText: own.email })
    .locator('a[href*="/register/confirm?token="]')
    .first();
  await visitor.goto((await confirm.getAttribute('href')) ?? '');
  await expect(visitor.getByTestId('confirm-success')).toBeVisible();

  // The bank cannot pre-register it (NIF already registered): it asks to follow it instead.
  const partner = await openAs('partner');
  await partner.goto('/en/partner/register');
  await partner.getByTestId('assisted-add').click();
  const form = partner.getByTestId('pre-register-form');
  const field = (key: string) =>
    form.getByRole('textbox', { name: t('en', `companies:form.${key}`), exact: true });
  await field('companyName').fill(own.name);
  await field('nif').fill(own.nif);
  await field('responsibleName').fill('Dona Sozinha');
  await field('responsibleEmail').fill(`outra.${stamp}@registada-sozinha.cv`);
  await partner.getByTestId('pre-register-submit').click();
  await partner.getByTestId('pre-register-follow-instead').click();
  await expect(partner.getByRole('textbox', { name: t('en', 'partners:follow.nifLabel') })).toHaveValue(
    own.nif,
  );
  await partner.getByTestId('follow-request-submit').click();
  const request = partner.getByTestId('follow-request-row').filter({ hasText: own.nif });
  await expect(request).toHaveAttribute('data-status', 'pending');

  // The company is mailed, and answers in its profile.
  await visitor.goto('/dev/mail');
  await expect(visitor.locator('article').filter({ hasText: own.email }).first()).toContainText(
    `of ${BANK} (a partner entity of the Business Excellence portal) asks to follow the company ${own.name}`,
  );
  const owner = await signInNewContext(browser, 'en', own);
  await owner.goto('/en/company/profile');
  const row = owner.getByTestId('consent-row').filter({ hasText: BANK });
  await expect(row.getByTestId('follow-request')).toBeVisible();
  // Only the bank that asks is listed, not every partner entity.
  await expect(owner.getByTestId('consent-row')).toHaveCount(1);
  expect(await axeViolations(owner, 'serious')).toEqual([]);
  await row.getByRole('button', { name: t('en', 'partners:consents.acceptAria', { entity: BANK }) }).click();
  await expect(row.getByText(t('en', 'partners:consents.assists'))).toBeVisible();
  await expect(row.getByTestId('follow-request')).toHaveCount(0);
  await expect(consentSwitch(owner, 'status')).not.toBeChecked();

  // The bank assists it now, seeing what the company shares: nothing yet.
  await partner.reload();
  await expect(request).toHaveAttribute('data-status', 'accepted');
  const assisted = partner.getByTestId('assisted-row').filter({ hasText: own.nif });
  await expect(assisted.getByTestId('assisted-state')).toHaveAttribute('data-state', 'registered');
  await expect(assisted.getByTestId('assisted-consent')).toHaveAttribute('data-consent', 'none');
});

import { expect, type Page } from '@playwright/test';
import { choose, csrfHeaders, expectNoSideScroll, sideMenu, signIn, t, test } from './support.ts';

const stamp = String(Date.now()).slice(-7);
const owner = {
  email: `dona.${stamp}@selector.cv`,
  password: 'Selector-2026!',
  first: { name: `Selector Alfa ${stamp}, Lda`, nif: `8${stamp}1` },
  second: { name: `Selector Beta ${stamp}, Lda`, nif: `8${stamp}2` },
};

/** Registers the first company through the form, in English, and follows the confirmation link of /dev/mail. */
async function registerFirstCompany(page: Page) {
  const label = (key: string) =>
    page.getByRole('textbox', { name: t('en', `companies:form.${key}`), exact: true });
  await page.goto('/en/register');
  await label('companyName').fill(owner.first.name);
  await label('responsibleName').fill('Dona Selector');
  await label('corporateEmail').fill(owner.email);
  await label('phone').fill('+238 993 45 67');
  await label('nif').fill(owner.first.nif);
  await label('password').fill(owner.password);
  await label('confirmPassword').fill(owner.password);
  await choose(page, 'select-caeSection');
  await choose(page, 'select-caeDivision');
  await choose(page, 'select-island');
  await choose(page, 'select-city');
  await page.getByTestId('accept-terms').check();
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-sent')).toBeVisible();
  await page.goto('/dev/mail');
  const link = page
    .locator('article')
    .filter({ hasText: owner.email })
    .locator('a[href*="/en/register/confirm?token="]')
    .first();
  await page.goto((await link.getAttribute('href')) ?? '');
  await expect(page.getByTestId('confirm-success')).toBeVisible();
}

/** As the demo admin, pre-registers the second company for the same e-mail; the owner accepts the invitation. */
async function inviteSecondCompany(admin: Page) {
  const headers = await csrfHeaders(admin.request);
  const created = await admin.request.post('/app/api/v1/companies/pre-registrations', {
    headers,
    data: {
      companyName: owner.second.name,
      nif: owner.second.nif,
      email: owner.email,
      responsibleName: 'Dona Selector',
      language: 'en',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await admin.goto('/dev/mail');
  const link = admin
    .locator('article')
    .filter({ hasText: owner.email })
    .locator('a[href*="/register/invitation?token="]')
    .first();
  const token = new URL((await link.getAttribute('href')) ?? '').searchParams.get('token');
  const accepted = await admin.request.post('/app/api/v1/invitations/accept', {
    headers,
    data: { token, password: owner.password, confirmPassword: owner.password, acceptedTerms: true },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
}

/** Opens the company selector (a combobox) and picks the company named `name`. */
async function chooseCompany(page: Page, name: string) {
  await page.getByTestId('company-selector').click();
  await page.getByRole('option', { name, exact: true }).click();
}

test('a user of two companies chooses the current one in the top bar; the menu waits for it and the choice survives a reload', async ({
  page,
  openAs,
}) => {
  await registerFirstCompany(page);
  const admin = await openAs('admin');
  await inviteSecondCompany(admin);
  await admin.context().close();

  await signIn(page, 'en', owner.email, owner.password);
  await page.goto('/en/company/dashboard');
  const selected = page.getByTestId('selected-company');
  await expect(selected).toHaveText(t('en', 'shell:dashboard.noCompany'));
  // With no company chosen, the company menu is disabled: named, but not a working link.
  const balanceSheet = sideMenu(page).getByRole('link', { name: t('en', 'shell:menu.items.balanceSheet') });
  await expect(balanceSheet).toHaveAttribute('aria-disabled', 'true');
  await expect(balanceSheet).not.toHaveAttribute('href', /.+/);

  // The selector lists both companies; choosing the first enables the menu and its pages show it.
  await page.getByTestId('company-selector').click();
  await expect(page.getByRole('option', { name: owner.first.name, exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: owner.second.name, exact: true })).toBeVisible();
  await page.getByRole('option', { name: owner.first.name, exact: true }).click();
  await expect(selected).toHaveText(t('en', 'shell:dashboard.company', { company: owner.first.name }));
  await expect(balanceSheet).not.toHaveAttribute('aria-disabled', 'true');
  await expect(balanceSheet).toHaveAttribute('href', '/en/company/balance-sheet');

  const companyName = page.getByRole('textbox', { name: t('en', 'companies:form.companyName'), exact: true });
  await page.goto('/en/company/profile');
  await expect(companyName).toHaveValue(owner.first.name);
  // A reload keeps the choice.
  await page.reload();
  await expect(companyName).toHaveValue(owner.first.name);
  await expect(page.getByTestId('company-selector')).toHaveValue(owner.first.name);

  // Switching to the second company: the same page now shows it.
  await chooseCompany(page, owner.second.name);
  await expect(companyName).toHaveValue(owner.second.name);
  await page.goto('/en/company/dashboard');
  await expect(selected).toHaveText(t('en', 'shell:dashboard.company', { company: owner.second.name }));

  // On a phone (390 px) the selector sits at the top of the side menu, fits the screen and still switches.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: t('en', 'shell:nav.openMenu') }).click();
  const selector = page.getByTestId('company-selector');
  await expect(selector).toBeVisible();
  await expect(selector).toHaveValue(owner.second.name);
  // Whole inside the 390 px screen once the menu has slid in.
  await expect(selector).toBeInViewport({ ratio: 1 });
  await chooseCompany(page, owner.first.name);
  await expect(selected).toHaveText(t('en', 'shell:dashboard.company', { company: owner.first.name }));
  await expectNoSideScroll(page);
});

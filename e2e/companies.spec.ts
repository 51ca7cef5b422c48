import { expect } from '@playwright/test';
import { choose, csrfHeaders, expectNoSideScroll, fillLoginPage, t, test } from './support.ts';

test('a visitor registers in French, confirms through /dev/mail, signs in, fills the profile and is found by NIF', async ({
  page,
}) => {
  const company = {
    name: 'Morabeza Essai, Lda',
    nif: '287654321',
    email: 'ana.essai@morabeza.cv',
    password: 'Morabeza-2026!',
  };
  const label = (key: string) =>
    page.getByRole('textbox', { name: t('fr', `companies:form.${key}`), exact: true });

  await page.goto('/fr/register');
  await label('companyName').fill(company.name);
  await label('responsibleName').fill('Ana Essai');
  await label('corporateEmail').fill(company.email);
  await label('phone').fill('+238 991 23 45');
  // A NIF of 8 digits is refused as the user types, with the form's message.
  await label('nif').fill('28765432');
  await label('password').focus();
  await expect(page.getByText(t('fr', 'validation:nifDigits'))).toBeVisible();
  await label('nif').fill(company.nif);
  await label('password').fill(company.password);
  await label('confirmPassword').fill(company.password);
  await choose(page, 'select-caeSection', 'Commerce');
  await choose(page, 'select-caeDivision');
  await choose(page, 'select-island', 'Santiago');
  await choose(page, 'select-city', 'Praia');
  await page.getByTestId('accept-terms').check();
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-sent')).toBeVisible();

  // The confirmation mail, in French, waits in the outbox (no SMTP server in the e2e portal).
  await page.goto('/dev/mail');
  const link = page.locator(`a[href*="/fr/register/confirm?token="]`).first();
  await expect(link).toBeVisible();
  await page.goto((await link.getAttribute('href')) ?? '');
  await expect(page.getByTestId('confirm-success')).toBeVisible();
  await page.getByTestId('confirm-sign-in').click();
  await fillLoginPage(page, 'fr', company.email, company.password);
  await page.waitForURL(/localhost:3100\/fr\/company\/dashboard$/);
  await expect(page.getByTestId('selected-company')).toContainText(company.name);

  await page.getByTestId('company-profile-link').click();
  await expect(page.getByTestId('company-form')).toBeVisible();
  await label('legalName').fill('Morabeza Essai, Limitada');
  await label('ownerName').fill('Ana Essai');
  await page.getByLabel(t('fr', 'companies:form.establishmentDate')).fill('02/03/2015');
  await page
    .getByRole('textbox', { name: t('fr', 'companies:form.employeeCount') })
    .or(page.getByRole('spinbutton', { name: t('fr', 'companies:form.employeeCount') }))
    .fill('12');
  await label('website').fill('https://morabeza.cv');
  await page.getByTestId('company-listed').check();
  await page.getByTestId('company-save').click();
  await expect(page.getByText(t('fr', 'common:updated')).first()).toBeVisible();

  await page.goto('/fr/public/companies');
  await page.getByTestId('directory-search').fill('28765');
  await page.getByTestId('directory-search').press('Enter');
  const row = page.getByTestId('directory-row').filter({ hasText: company.name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('2015');
  await expect(row).toContainText('Praia');
});

test('an admin picks any of more than 100 companies by name or NIF, and pages and searches the pre-registrations', async ({
  openAs,
}) => {
  const page = await openAs('admin');
  // 105 pre-registered companies through the API (cookie + x-csrf-token): past the list API's 100 per page.
  const headers = await csrfHeaders(page.request);
  const pad = (n: number) => String(n).padStart(3, '0');
  for (let batch = 0; batch < 105; batch += 15) {
    await Promise.all(
      Array.from({ length: 15 }, async (_, i) => {
        const n = batch + i;
        const response = await page.request.post('/app/api/v1/companies/pre-registrations', {
          headers,
          data: {
            companyName: `Picker ${pad(n)}, Lda`,
            nif: `310000${pad(n)}`,
            email: `picker${pad(n)}@picker.cv`,
            responsibleName: 'Ana Picker',
            language: 'en',
          },
        });
        expect(response.status(), await response.text()).toBe(201);
      }),
    );
  }
  const last = 'Picker 104, Lda · 310000104';

  // Data entry on a company's behalf: the 105th company by name is found by typing, and keeps its label.
  await page.goto('/en/admin/balance-data-entry');
  const entryFor = page.getByRole('combobox', { name: t('en', 'balanceSheetsWeb:admin.entryFor') });
  await entryFor.fill('picker 104');
  await page.getByRole('option', { name: last }).click();
  await expect(page).toHaveURL(/\?company=[0-9a-f-]{36}$/);
  await expect(page.getByTestId('bs-tab-entry')).toBeVisible();
  await expect(entryFor).toHaveValue(last);
  // A link with ?company= names the company too (fetched by id).
  await page.reload();
  await expect(entryFor).toHaveValue(last);
  // By NIF prefix; and a text matching nothing says so.
  await entryFor.fill('31000010');
  await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(5);
  await entryFor.fill('no such company anywhere');
  await expect(page.getByText(t('en', 'companies:picker.nothingFound'))).toBeVisible();
  await entryFor.press('Escape');

  // On a phone the picker and its options fit the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await entryFor.fill('picker 10');
  await expect(page.getByRole('option', { name: last })).toBeVisible();
  await expectNoSideScroll(page);
  await entryFor.press('Escape');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The diagnosis list filter: a clearable picker; emptying it lists every company's diagnoses again.
  await page.goto('/en/admin/diagnosis');
  const filter = page.getByRole('combobox', { name: t('en', 'diagnosisWeb:admin.company'), exact: true });
  await expect(filter).toHaveAttribute('placeholder', t('en', 'companies:picker.all'));
  await filter.fill('310000104');
  await page.getByRole('option', { name: last }).click();
  await expect(filter).toHaveValue(last);
  await expect(page.getByTestId('table-empty')).toBeVisible();
  await filter.fill('');
  await filter.blur();
  await expect(filter).toHaveValue('');
  // Running a diagnosis for a company: the same picker, then that company's sheets.
  await page.getByTestId('dg-admin-run').click();
  const runFor = page.getByRole('combobox', { name: t('en', 'diagnosisWeb:admin.runFor') });
  await runFor.fill('Picker 104');
  await page.getByRole('option', { name: last }).click();
  await expect(page.getByText(t('en', 'diagnosisWeb:admin.chooseCompany'))).toBeHidden();

  // Pre-registrations: server pages of 20, search by company, NIF or e-mail, and the state filter.
  await page.goto('/en/admin/company');
  await page.getByTestId('tab-pre-registrations').click();
  const table = page.getByTestId('pre-registrations');
  await expect(table.getByTestId('table-range')).toHaveText(
    t('en', 'reference:table.range', { from: 1, to: 20, total: 105 }),
  );
  await expect(table.getByTestId('table-row')).toHaveCount(20);
  await table.getByRole('button', { name: t('en', 'reference:table.goToPage', { page: 6 }) }).click();
  await expect(table.getByTestId('table-row')).toHaveCount(5);
  await table.getByTestId('table-search').fill('picker104@');
  await expect(table.getByTestId('table-row')).toHaveCount(1);
  await expect(table.getByTestId('table-row')).toContainText('310000104');
  await table.getByTestId('pre-registration-state').selectOption('accepted');
  await expect(table.getByTestId('table-empty')).toBeVisible();
});

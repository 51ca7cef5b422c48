import { expect, test } from '@playwright/test';
import { choose, fillLoginPage, t } from './support.ts';

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
  // A NIF of 8 digits is refused as the user types, with the spec's message.
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
  await page.getByLabel(t('fr', 'companies:form.establishmentDate')).fill('2015-03-02');
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
  const row = page.getByTestId('directory-row').filter({ hasText: company.name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('2015');
  await expect(row).toContainText('Praia');
});

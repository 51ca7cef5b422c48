import { expect, type Page } from '@playwright/test';
import { choose, t, test } from './support.ts';

const company = {
  name: 'Ligações Teste, Lda',
  nif: '276543219',
  email: 'rita.ligacoes@teste.cv',
  password: 'Ligacoes-2026!',
};

async function fillRegistration(page: Page, nif = company.nif) {
  const label = (key: string) =>
    page.getByRole('textbox', { name: t('en', `companies:form.${key}`), exact: true });
  await page.goto('/en/register');
  await label('companyName').fill(company.name);
  await label('responsibleName').fill('Rita Teste');
  await label('corporateEmail').fill(company.email);
  await label('phone').fill('+238 992 34 56');
  await label('nif').fill(nif);
  await label('password').fill(company.password);
  await label('confirmPassword').fill(company.password);
  await choose(page, 'select-caeSection');
  await choose(page, 'select-caeDivision');
  await choose(page, 'select-island');
  await choose(page, 'select-city');
  await page.getByTestId('accept-terms').check();
  await page.getByTestId('register-submit').click();
}

/** The confirmation links mailed to the company's address, newest first, as /dev/mail lists them. */
async function confirmationLinks(page: Page): Promise<string[]> {
  await page.goto('/dev/mail');
  const links = page
    .locator('article')
    .filter({ hasText: company.email })
    .locator('a[href*="/en/register/confirm?token="]');
  return links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
}

test("a stale or used confirmation link and a repeated registration lead to a new link, never to a dead end, and an account's e-mail is answered as any other", async ({
  page,
}) => {
  const resent = t('en', 'registration:register.resent');

  await fillRegistration(page);
  await expect(page.getByTestId('register-sent')).toBeVisible();
  expect(await confirmationLinks(page)).toHaveLength(1);

  // Registering again with the same e-mail: the same screen as any registration, and a fresh link to the waiting
  // registration in the mailbox.
  await fillRegistration(page);
  await expect(page.getByTestId('register-sent')).toBeVisible();
  await expect(page.getByTestId('register-sent')).toContainText(company.email);
  const afterRepeat = await confirmationLinks(page);
  expect(afterRepeat).toHaveLength(2);
  const first = afterRepeat[1];

  // The first link was replaced: its page explains both cases, sign-in first, then the resend form.
  await page.goto(first ?? '');
  const invalid = page.getByTestId('confirm-invalid');
  await expect(invalid).toContainText(t('en', 'registration:confirm.invalidText'));
  await expect(invalid.locator('a, button, input').first()).toHaveAttribute('data-testid', 'confirm-sign-in');
  await invalid.getByRole('textbox', { name: t('en', 'companies:form.corporateEmail') }).fill(company.email);
  await invalid.getByTestId('resend').click();
  await expect(invalid.getByRole('status')).toHaveText(resent);

  // The new mail is in the outbox; the newest link confirms.
  const links = await confirmationLinks(page);
  expect(links).toHaveLength(3);
  await page.goto(links[0] ?? '');
  await expect(page.getByTestId('confirm-success')).toBeVisible();

  // Opened twice: the used-link page with the resend form, whose answer reveals nothing and sends nothing.
  await page.goto(links[0] ?? '');
  await expect(invalid).toBeVisible();
  await expect(invalid.getByTestId('confirm-sign-in')).toBeVisible();
  await invalid.getByRole('textbox', { name: t('en', 'companies:form.corporateEmail') }).fill(company.email);
  await invalid.getByTestId('resend').click();
  await expect(invalid.getByRole('status')).toHaveText(resent);
  expect(await confirmationLinks(page)).toHaveLength(3);

  // The e-mail is now an account's: registering another NIF with it shows the same screen (the mail tells the
  // account's owner to sign in), with sign-in offered to everyone, and no confirmation link.
  await fillRegistration(page, '276543227');
  const sent = page.getByTestId('register-sent');
  await expect(sent).toBeVisible();
  await expect(sent.getByTestId('register-sent-sign-in')).toBeVisible();
  await expect(sent.getByRole('textbox')).toHaveValue(company.email);
  expect(await confirmationLinks(page)).toHaveLength(3);
});

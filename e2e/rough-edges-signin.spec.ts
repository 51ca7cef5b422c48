import { expect } from '@playwright/test';
import { DEMO, fillLoginPage, t, test } from './support.ts';

test('/login leads to the provider, whose "Forgot your password?" mails a single-use link through the outbox; /logout signs out', async ({
  page,
}) => {
  // The demo partner sets the same password again, so the other specs still sign in with it.
  const { email, password } = DEMO.partner;

  await page.goto('/pt/login');
  await expect(page.getByRole('heading', { name: t('pt', 'idp:signIn.heading') })).toBeVisible();
  await page.getByRole('link', { name: t('pt', 'idp:forgot.link') }).click();
  await expect(page.getByRole('heading', { name: t('pt', 'idp:forgot.heading') })).toBeVisible();
  await page.getByLabel(t('pt', 'idp:signIn.email'), { exact: true }).fill(email);
  await page.getByRole('button', { name: t('pt', 'idp:forgot.submit') }).click();
  await expect(page.getByRole('heading', { name: t('pt', 'idp:forgot.sentHeading') })).toBeVisible();

  // The reset mail, in Portuguese, waits in the portal's outbox (no SMTP server in the e2e portal).
  await page.goto('/dev/mail');
  const link = page.locator('a[href*="/login-actions/reset-password?token="]').first();
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href')) ?? '';
  await page.goto(href);
  await page.getByLabel(t('pt', 'idp:changePassword.newPassword'), { exact: true }).fill(password);
  await page.getByLabel(t('pt', 'idp:changePassword.confirmPassword'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t('pt', 'idp:changePassword.submit') }).click();
  await expect(page.getByRole('heading', { name: t('pt', 'idp:reset.doneHeading') })).toBeVisible();

  // Back to the sign-in request it came from, then into the portal.
  await page.getByRole('link', { name: t('pt', 'idp:reset.signIn') }).click();
  await fillLoginPage(page, 'pt', email, password);
  await page.waitForURL((url) => url.port === '3100');

  // The link works once.
  await page.goto(href);
  await expect(page.getByRole('heading', { name: t('pt', 'idp:reset.invalidHeading') })).toBeVisible();

  await page.goto('/en/logout');
  await page.getByRole('button', { name: t('en', 'server:signOut.button') }).click();
  await page.waitForURL(/localhost:3100\/en\/$/);
  expect((await (await page.request.get('/auth/session')).json()).status).toBe('unauthenticated');
});

import { expect } from '@playwright/test';
import { formatNumber } from '../packages/domain/src/index.ts';
import { DEMO, fillLoginPage, languageItem, sideMenu, signIn, t, test } from './support.ts';

test.describe('each demo role signs in through the built-in provider', () => {
  test('admin: own menu and dashboard, language kept across a reload, sign out', async ({ page }) => {
    await signIn(page, 'pt', DEMO.admin.email, DEMO.admin.password);
    // An admin on a public page is sent to the admin dashboard.
    await expect(page).toHaveURL(/\/pt\/admin\/dashboard$/);
    const menu = sideMenu(page);
    await expect(menu.getByText(t('pt', 'shell:menu.groups.parametrization'))).toBeVisible();
    // No company item (the admin's own 'Balancetes' shares the company's label in pt: look at the links).
    await expect(menu.locator('a[href*="/company/"]')).toHaveCount(0);
    await expect(menu.locator('a[href$="/pt/admin/balance-sheets"]')).toHaveCount(1);
    await expect(page.getByText(t('pt', 'shell:roles.admin')).first()).toBeVisible();
    // The overview: the figures the API gives, with links to the pages that deal with them.
    const overview = (await (await page.request.get('/app/api/v1/admin/overview')).json()) as {
      companies: number;
      balanceSheets: number;
    };
    await expect(page.getByTestId('overview-companies-value')).toHaveText(formatNumber(overview.companies));
    await expect(page.getByTestId('overview-sheets-value')).toHaveText(formatNumber(overview.balanceSheets));
    await expect(page.getByTestId('overview-activity').locator('tbody tr')).toHaveCount(3);

    await page.getByTestId('language-selector').click();
    await expect(languageItem(page, 'pt')).toHaveCount(0);
    await languageItem(page, 'en').click();
    await expect(page).toHaveURL(/\/en\/admin\/dashboard$/);
    await expect(sideMenu(page).getByText(t('en', 'shell:menu.groups.parametrization'))).toBeVisible();
    // The dashboard's first data comes with its page (docs/adr/0025): loaded again, it asks the API nothing.
    const calls: string[] = [];
    const onRequest = (request: { url(): string }) => {
      if (new URL(request.url()).pathname.startsWith('/app/api/')) calls.push(request.url());
    };
    page.on('request', onRequest);
    await page.reload();
    await expect(page).toHaveURL(/\/en\/admin\/dashboard$/);
    await expect(sideMenu(page).getByText(t('en', 'shell:menu.groups.parametrization'))).toBeVisible();
    await expect(page.getByTestId('overview-companies-value')).toHaveText(formatNumber(overview.companies));
    await page.waitForLoadState('networkidle');
    page.off('request', onRequest);
    expect(calls).toEqual([]);

    await page.getByRole('button', { name: t('en', 'shell:nav.signOut') }).click();
    await page.waitForURL(/localhost:3100\/en\/?$/);
    await expect(page.getByRole('button', { name: t('en', 'shell:nav.login') })).toBeVisible();
    // The session is gone on the server too.
    const session = await page.request.get('/auth/session');
    expect(await session.json()).toEqual({ status: 'unauthenticated' });
  });

  test('admin: a session ended on the server signs the page out at its next call, back on the start page', async ({
    page,
  }) => {
    await signIn(page, 'en', DEMO.admin.email, DEMO.admin.password);
    await page.goto('/en/admin/islands');
    await expect(page.getByTestId('table-row').first()).toBeVisible();
    // The session ends elsewhere (expired or revoked); this page does not know yet.
    const csrf = (await (await page.request.get('/auth/csrf')).json()) as { csrfToken: string };
    const ended = await page.request.post('/auth/logout', { headers: { 'x-csrf-token': csrf.csrfToken } });
    expect(ended.ok()).toBe(true);
    // Its next API call answers 401: signed out here and sent to the start page, with the Login button.
    await page.getByTestId('table-search').fill('Santiago');
    await page.waitForURL(/localhost:3100\/en\/?$/);
    await expect(page.getByRole('button', { name: t('en', 'shell:nav.login') })).toBeVisible();
    await expect(sideMenu(page)).toHaveCount(0);
  });

  test('company: the dashboard opens once in a new tab, with the company menu and the company selected', async ({
    page,
    context,
  }) => {
    const dashboardTab = context.waitForEvent('page');
    await signIn(page, 'fr', DEMO.company.email, DEMO.company.password);
    const tab = await dashboardTab;
    await tab.waitForLoadState();
    await expect(tab).toHaveURL(/\/fr\/company\/dashboard$/);
    const menu = sideMenu(tab);
    await expect(menu.getByText(t('fr', 'shell:menu.items.balances'))).toBeVisible();
    await expect(menu.getByText(t('fr', 'shell:menu.groups.parametrization'))).toHaveCount(0);
    await expect(tab.getByTestId('selected-company')).toContainText('Demo Comércio, Lda');
    await expect(
      tab.getByTestId('user-menu').getByRole('link', { name: t('fr', 'shell:nav.profile') }),
    ).toBeVisible();

    // The flag keeps it to once: reloading the first tab opens no other one.
    let extraTabs = 0;
    context.on('page', () => extraTabs++);
    await page.reload();
    await tab.reload();
    await expect(tab).toHaveURL(/\/fr\/company\/dashboard$/);
    expect(extraTabs).toBe(0);

    await tab.getByTestId('language-selector').click();
    await languageItem(tab, 'pt').click();
    await expect(tab).toHaveURL(/\/pt\/company\/dashboard$/);
    await tab.reload();
    await expect(sideMenu(tab).getByText(t('pt', 'shell:menu.items.balances'))).toBeVisible();

    await tab.getByRole('button', { name: t('pt', 'shell:nav.signOut') }).click();
    await tab.waitForURL(/localhost:3100\/pt\/?$/);
    await expect(tab.getByRole('button', { name: t('pt', 'shell:nav.login') })).toBeVisible();
    expect(await tab.evaluate(() => localStorage.getItem('companyID'))).toBeNull();
  });

  test('partner: sent to the partner dashboard with the partner menu', async ({ page }) => {
    await signIn(page, 'en', DEMO.partner.email, DEMO.partner.password);
    await expect(page).toHaveURL(/\/en\/partner\/dashboard$/);
    const menu = sideMenu(page);
    await expect(menu.getByText(t('en', 'shell:menu.items.partnerRegister'))).toBeVisible();
    await expect(menu.getByText(t('en', 'shell:menu.items.balances'))).toHaveCount(0);
    // A partner-only user is sent back to their dashboard from other areas and public pages.
    await page.goto('/en/admin/dashboard');
    await expect(page).toHaveURL(/\/en\/partner\/dashboard$/);
    await page.goto('/en/public/sobre');
    await expect(page).toHaveURL(/\/en\/partner\/dashboard$/);

    await page.getByTestId('language-selector').click();
    await languageItem(page, 'fr').click();
    await page.reload();
    await expect(page).toHaveURL(/\/fr\/partner\/dashboard$/);
    await expect(sideMenu(page).getByText(t('fr', 'shell:menu.items.partnerRegister'))).toBeVisible();

    await page.getByRole('button', { name: t('fr', 'shell:nav.signOut') }).click();
    await page.waitForURL(/localhost:3100\/fr\/?$/);
    await expect(page.getByRole('button', { name: t('fr', 'shell:nav.login') })).toBeVisible();
  });

  test('wrong credentials get a clear message on the login page, in the chosen language', async ({
    page,
  }) => {
    await page.goto('/fr/');
    await page.getByRole('button', { name: t('fr', 'shell:nav.login') }).click();
    await fillLoginPage(page, 'fr', DEMO.partner.email, 'not-the-password');
    await expect(page.getByText(t('fr', 'idp:errors.invalidCredentials'))).toBeVisible();
    await expect(page.getByLabel(t('fr', 'idp:signIn.email'), { exact: true })).toHaveValue(
      DEMO.partner.email,
    );
  });
});

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

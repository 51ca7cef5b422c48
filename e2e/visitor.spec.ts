import { expect } from '@playwright/test';
import { languageLink, sideMenu, t, test } from './support.ts';

test.describe('a visitor', () => {
  test('gets the 404 page for an unknown path, without a layout', async ({ page }) => {
    await page.goto('/en/this/does/not/exist');
    await expect(page).toHaveURL(/\/en\/404$/);
    await expect(page.getByRole('heading', { name: 'Page Does Not Exist!' })).toBeVisible();
    await expect(page.getByRole('button', { name: t('en', 'shell:nav.login') })).toHaveCount(0);
  });

  test('is sent to the start page from a signed-in page', async ({ page }) => {
    await page.goto('/pt/admin/dashboard');
    await expect(page).toHaveURL(/\/pt\/?$/);
    await expect(page.getByRole('button', { name: t('pt', 'shell:nav.login') })).toBeVisible();
    await expect(sideMenu(page)).toHaveCount(0);
  });

  test('sees the loading screen while the session is checked, and the loading error when it cannot be', async ({
    page,
  }) => {
    // Hold the session check: the signed-in page shows the loading screen meanwhile, then goes home.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/auth/session', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/fr/admin/dashboard');
    const loading = page.getByTestId('loading-screen');
    await expect(loading.getByRole('status')).toHaveText(t('fr', 'common:loading'));
    release();
    await expect(page).toHaveURL(/\/fr\/?$/);
    await expect(loading).toHaveCount(0);

    // A session check that fails (server down, network gone) says so instead of spinning for ever.
    await page.unroute('**/auth/session');
    await page.route('**/auth/session', (route) => route.abort('connectionrefused'));
    await page.goto('/fr/company/dashboard');
    await expect(page.getByTestId('loading-screen').getByRole('alert')).toHaveText(
      t('fr', 'common:loadingError'),
      { timeout: 15_000 },
    );
  });

  test('lands on the browser language when the path has none, and the selector swaps the prefix', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto('/public/faqs');
    await expect(page).toHaveURL(/\/fr\/public\/faqs$/);
    const languages = page.getByTestId('language-links');
    await expect(languageLink(page, 'fr')).toHaveAttribute('aria-current', 'true');
    await languageLink(page, 'en').click();
    await expect(page).toHaveURL(/\/en\/public\/faqs$/);
    await expect(languages.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await context.close();
  });

  test('uses the public menu at a phone width', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/pt/');
    const menu = page.getByTestId('public-menu');
    await menu.getByLabel(t('pt', 'shell:nav.openMenu')).click();
    await menu.getByRole('link', { name: t('pt', 'shell:nav.about') }).click();
    await expect(page).toHaveURL(/\/pt\/public\/sobre$/);
    await context.close();
  });
});

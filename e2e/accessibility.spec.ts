import { expect } from '@playwright/test';
import { axeViolations, test } from './support.ts';

test.describe('accessibility (axe: no serious or critical violations)', () => {
  test('public home', async ({ page }) => {
    await page.goto('/pt/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await axeViolations(page, 'serious')).toEqual([]);
  });

  test('admin dashboard, and the home-content editor with its date-time fields', async ({ openAs }) => {
    const page = await openAs('admin');
    await page.goto('/en/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await axeViolations(page, 'serious')).toEqual([]);
    await page.goto('/en/admin/content-managment/home-content');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await axeViolations(page, 'serious')).toEqual([]);
  });

  test('company dashboard and indicators', async ({ openAs }) => {
    const dashboard = await openAs('company');
    await dashboard.goto('/pt/company/dashboard');
    await expect(dashboard.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await axeViolations(dashboard, 'serious')).toEqual([]);
    // The indicators' charts: their ticks and labels read on white.
    await dashboard.goto('/pt/company/statistic');
    await expect(dashboard.locator('.recharts-surface').first()).toBeVisible();
    expect(await axeViolations(dashboard, 'serious')).toEqual([]);
  });

  test('wide tables on a phone scroll by keyboard: an admin list and the public directory', async ({
    openAs,
    browser,
    baseURL,
  }) => {
    const page = await openAs('admin');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/en/admin/islands');
    await expect(page.getByTestId('table-row').first()).toBeVisible();
    expect(await axeViolations(page, 'serious')).toEqual([]);

    const visitorContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const visitor = await visitorContext.newPage();
    await visitor.goto('/fr/public/companies');
    await expect(visitor.getByTestId('directory-table').locator('tbody tr').first()).toBeVisible();
    expect(await axeViolations(visitor, 'serious')).toEqual([]);
    await visitorContext.close();
  });

  test('partner dashboard', async ({ openAs }) => {
    const page = await openAs('partner');
    await page.goto('/fr/partner/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await axeViolations(page, 'serious')).toEqual([]);
  });
});

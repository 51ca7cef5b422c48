import { expect, type Locator } from '@playwright/test';
import ExcelJS from 'exceljs';
import { axeViolations, DEMO, signIn, signInCompany, t, test } from './support.ts';

/**
 * Company screens: what only a real browser can tell (contrast as drawn, widths at 390 and 1366 px).
 * The demo company has its 2024 and 2025 trial balances from the demo data.
 */

/** Debit 1 000 against credit 900: refused as unbalanced. */
async function unbalancedWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Balancete');
  sheet.addRow(['Conta', 'Descrição', 'Débito acumulado', 'Crédito acumulado']);
  sheet.addRow(['11', 'Caixa', 1000, 0]);
  sheet.addRow(['51', 'Capital', 0, 900]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Whether the element shows all its content (nothing cut by an ellipsis or an overflow). */
const uncut = (locator: Locator) => locator.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);

test('the upload page warns before replacing a period, and its refused-file alert passes axe', async ({
  page,
  baseURL,
}) => {
  const app = await signInCompany(page, baseURL ?? '');
  await app.goto('/en/company/balance-sheet');
  await app.getByTestId('bs-start-date').fill('01/01/2025');
  await app.getByTestId('bs-end-date').fill('31/12/2025');
  await expect(app.getByTestId('bs-replaces')).toHaveText(t('en', 'balanceSheetsWeb:upload.replaces'));
  await app.getByTestId('bs-file-input').setInputFiles({
    name: 'unbalanced.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await unbalancedWorkbook(),
  });
  await app.getByTestId('bs-upload').click();
  const problems = app.getByTestId('bs-problems');
  await expect(problems).toContainText(t('en', 'balanceSheetsWeb:upload.problemsTitle'));
  await expect(problems.getByRole('listitem').first()).not.toContainText(/^(sheet|file):/);
  // The red title on its tint reads at 4.5:1 (it was dark red on solid red).
  expect(await axeViolations(app, 'serious')).toEqual([]);
});

test('at 390 px the period tags are whole (Y0 and Y1, not Y.)', async ({ page, baseURL }) => {
  const app = await signInCompany(page, baseURL ?? '');
  await app.setViewportSize({ width: 390, height: 844 });
  await app.goto('/en/company/balances');
  const tags = app.getByTestId('bs-tag');
  await expect(tags.first()).toBeVisible();
  for (const tag of await tags.all()) {
    await expect(tag).toHaveText(/^[YQSM]\d+$/);
    expect(await uncut(tag.locator('.mantine-Badge-label'))).toBe(true);
  }
});

test('admin: the comparator shows both values and the difference at 1366 px and scrolls at 390 px; Open shows a drawer', async ({
  page,
}) => {
  await signIn(page, 'en', DEMO.admin.email, DEMO.admin.password);
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/en/admin/balance-comparator');
    const pickers = page.getByRole('combobox', { name: t('en', 'balanceSheetsWeb:admin.chooseCompany') });
    const sheetSelects = page.getByLabel(t('en', 'balanceSheetsWeb:views.sheet'), { exact: true });
    for (const [index, year] of [
      [0, '2025'],
      [1, '2024'],
    ] as const) {
      await pickers.nth(index).fill('Demo Com');
      await page.getByRole('option').filter({ hasText: 'Demo Comércio' }).first().click();
      const select = sheetSelects.nth(index);
      await expect(select).toBeEnabled();
      await expect(select.locator('option', { hasText: `${year}` }).first()).toBeAttached();
      const value = await select
        .locator('option', { hasText: `${year}` })
        .first()
        .getAttribute('value');
      await select.selectOption(value ?? '');
    }
    const label = t('en', 'balanceSheetsWeb:admin.comparator');
    const region = page.getByRole('region', { name: label });
    const difference = page
      .getByRole('table', { name: label })
      .getByRole('columnheader', { name: t('en', 'balanceSheetsWeb:admin.difference') });
    await expect(difference).toBeVisible();
    // The page itself never scrolls sideways.
    expect(await page.locator('html').evaluate((html) => html.scrollWidth <= html.clientWidth)).toBe(true);
    if (width === 1366) {
      // Everything fits: no column is pushed out of view.
      expect(await uncut(region)).toBe(true);
    } else {
      // The table scrolls inside its region, and scrolled to its end the difference column is in view.
      await region.evaluate((el) => {
        el.scrollLeft = el.scrollWidth;
      });
    }
    const [box, column] = await Promise.all([region.boundingBox(), difference.boundingBox()]);
    expect(box && column && column.x + column.width <= box.x + box.width + 1).toBe(true);
  }

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/en/admin/balance-sheets');
  await page.getByTestId('bs-admin-open').first().click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByTestId('bs-list')).toBeInViewport();
});

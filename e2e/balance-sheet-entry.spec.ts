import { expect } from '@playwright/test';
import { formatNumber } from '../packages/domain/src/index.ts';
import { expectNoSideScroll, t, test } from './support.ts';

test('on a phone, a semiannual trial balance entered by hand before closing is checked, saved and shown with one equity', async ({
  openAs,
  baseURL,
}, testInfo) => {
  const app = await openAs('company');
  await app.setViewportSize({ width: 390, height: 844 });
  await app.goto('/en/company/balance-sheet');
  await app.getByTestId('bs-tab-entry').click();
  await expect(app.getByTestId('bs-entry-tree')).toBeVisible();
  await expect(app.getByText(t('en', 'balanceSheetsWeb:entry.blankIsZero'))).toBeVisible();

  // Save with no period: the start date takes the focus and says why under it.
  await app.getByTestId('bs-save-entry').click();
  await expect(app.getByTestId('bs-entry-start-date')).toBeFocused();
  await expect(app.getByText(t('en', 'balanceSheets:dateRequired')).first()).toBeVisible();

  await app.getByTestId('bs-entry-start-date').fill('01/01/2026');
  await app.getByTestId('bs-entry-end-date').fill('30/06/2026');
  await app.getByTestId('bs-entry-frequency').selectOption('semiannual');
  // Fixed assets, customers, capital, suppliers, personnel costs; every other amount blank (0).
  for (const [code, amount] of [
    ['AFT', '1200000'],
    ['CLI', '300000'],
    ['CAP', '1000000'],
    ['FORN', '200000'],
    ['GP', '500000'],
  ] as const) {
    await app.getByTestId(`bs-input-${code}`).fill(amount);
  }
  // Debits 2 000 000, credits 1 200 000: the form asks for 800 000 more on the credit side.
  const check = app.getByTestId('bs-balance-check');
  await expect(check).toHaveAttribute('data-status', 'mismatch');
  await expect(check).toContainText(formatNumber('800000'));
  await app.getByTestId('bs-input-RT').fill('800000');
  await expect(check).toHaveAttribute('data-status', 'ok');
  // The net result for the period is the income statement's, read-only; equity 1 300 000 with it.
  const result = app.getByTestId('bs-input-RLPER');
  await expect(result).toHaveValue(formatNumber('-500000'));
  await expect(result).toHaveAttribute('readonly', '');
  await expect(app.getByTestId('bs-total-CP')).toHaveText(formatNumber('1300000'));
  await result.scrollIntoViewIfNeeded();
  await expectNoSideScroll(app);
  await app.screenshot({ path: testInfo.outputPath('entry-390.png'), fullPage: true });

  // A wrong amount in a closed group: Save opens it, focuses it and says what is wrong.
  const cash = app.getByTestId('bs-node-CX');
  await cash.getByRole('button').click();
  await app.getByTestId('bs-input-CAIXA').fill('10,005');
  await cash.getByRole('button').click();
  await expect(app.getByTestId('bs-input-CAIXA')).toHaveCount(0);
  await app.getByTestId('bs-save-entry').click();
  await expect(app.getByTestId('bs-input-CAIXA')).toBeFocused();
  await expect(app.getByText(t('en', 'balanceSheets:invalidAmount'))).toBeVisible();
  await app.getByTestId('bs-input-CAIXA').fill('');

  // Saved: what was saved, with its links, and a fresh form (no 'a sheet exists' about this one).
  await app.getByTestId('bs-save-entry').click();
  const saved = app.getByTestId('bs-saved');
  await expect(saved).toBeVisible();
  await expect(saved.getByTestId('bs-saved-source')).toContainText(t('en', 'balanceSheets:sources.entry'));
  await expect(saved.getByTestId('bs-saved-frequency')).toContainText(
    t('en', 'balanceSheets:frequencies.semiannual'),
  );
  await expect(app.getByTestId('bs-replaces')).toHaveCount(0);
  await expect(app.getByTestId('bs-entry-start-date')).toHaveValue('');
  await expectNoSideScroll(app);
  await app.screenshot({ path: testInfo.outputPath('saved-390.png'), fullPage: true });
  const viewHref = (await saved.getByTestId('bs-saved-view').getAttribute('href')) ?? '';
  const sheetId = new URL(viewHref, baseURL).searchParams.get('open') ?? '';
  expect(sheetId).not.toBe('');

  // Its balance sheet: Assets 1 500 000 = Equity 1 300 000 + Liabilities 200 000.
  await saved.getByTestId('bs-saved-view').click();
  await expect(app).toHaveURL(/\/en\/company\/balances\?open=/);
  const statement = app.getByTestId('bs-opened').getByTestId('bs-statement-balance');
  await expect(statement.getByTestId('bs-view-row-AT')).toContainText(formatNumber('1500000'));
  await expect(statement.getByTestId('bs-view-row-CP')).toContainText(formatNumber('1300000'));
  await expect(statement.getByTestId('bs-view-row-RLPER')).toContainText(formatNumber('-500000'));
  await expect(statement.getByTestId('bs-view-row-PT')).toContainText(formatNumber('200000'));
  await expect(app.getByTestId('bs-period-result-note')).toBeVisible();
  await expectNoSideScroll(app);
  await app.screenshot({ path: testInfo.outputPath('balances-390.png'), fullPage: true });

  // The diagnosis link starts on this sheet.
  await app.goto(`/en/company/diagnosis?sheet=${sheetId}`);
  await expect(app.getByTestId('dg-sheet')).toHaveValue(sheetId);

  // Leave the demo data as it was for the other specs.
  await app.goto('/en/company/balances');
  const row = app.getByTestId('bs-row').filter({ hasText: '1 January 2026' });
  await row.getByTestId('bs-delete').click();
  await app.getByTestId('confirm-button').click();
  await expect(app.getByText(t('en', 'common:deleted'))).toBeVisible();
  await expect(row).toHaveCount(0);
});

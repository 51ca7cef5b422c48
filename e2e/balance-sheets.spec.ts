import { expect, type Locator } from '@playwright/test';
import ExcelJS from 'exceljs';
import { axeViolations, expectNoSideScroll, t, test } from './support.ts';

/** A balanced trial balance (debit 2 200 = credit 2 200) on the SNCRF accounts of the seeded tree. */
const SAMPLE = [
  ['11', 'Caixa', 1000, 0],
  ['21', 'Clientes', 500, 0],
  ['51', 'Capital', 0, 1200],
  ['22', 'Fornecedores', 0, 200],
  ['71', 'Vendas', 0, 800],
  ['62', 'Fornecimentos e serviços externos', 700, 0],
];

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

test('a company is told a period it has would be replaced and why a file is refused, uploads the filled template, sees tags and its income statement, and corrects a value by hand', async ({
  openAs,
}, testInfo) => {
  const app = await openAs('company');
  await app.goto('/en/company/balance-sheet');
  await expect(app.getByTestId('bs-dropzone')).toBeVisible();
  expect(await axeViolations(app, 'serious')).toEqual([]);

  // A period the company already has (the demo's 2025) is announced as replaced; an unbalanced file is refused
  // with its problems in plain words, in an alert whose red title on its tint passes axe.
  await app.getByLabel(t('en', 'balanceSheetsWeb:upload.startDate')).fill('01/01/2025');
  await app.getByLabel(t('en', 'balanceSheetsWeb:upload.endDate')).fill('31/12/2025');
  await expect(
    app.getByRole('status').filter({ hasText: t('en', 'balanceSheetsWeb:upload.replaces') }),
  ).toBeVisible();
  await app.getByLabel(t('en', 'balanceSheetsWeb:upload.dropzone'), { exact: true }).setInputFiles({
    name: 'unbalanced.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await unbalancedWorkbook(),
  });
  await app.getByRole('button', { name: t('en', 'balanceSheetsWeb:upload.submit') }).click();
  const problems = app
    .getByRole('alert')
    .filter({ hasText: t('en', 'balanceSheetsWeb:upload.problemsTitle') });
  await expect(problems).toBeVisible();
  await expect(problems.getByRole('listitem').first()).not.toContainText(/^(sheet|file):/);
  expect(await axeViolations(app, 'serious')).toEqual([]);

  // The template, filled with sample data (header kept, its sample rows replaced).
  const download = app.waitForEvent('download');
  await app.getByTestId('bs-template-download').click();
  const templatePath = testInfo.outputPath('template.xlsx');
  await (await download).saveAs(templatePath);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(templatePath);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the template has no sheet');
  // The template's sample rows (at most 3) are overwritten by the 6 rows of the sample.
  SAMPLE.forEach((values, index) => {
    sheet.getRow(2 + index).values = values;
  });
  const filledPath = testInfo.outputPath('balancete.xlsx');
  await workbook.xlsx.writeFile(filledPath);

  // Rules first: an end before the start is refused in the form.
  // 2023: before the demo company's own sheets (2024, 2025), so this one is Y0.
  await app.getByTestId('bs-start-date').fill('01/01/2023');
  await app.getByTestId('bs-end-date').fill('31/12/2022');
  await app.getByTestId('bs-file-input').setInputFiles(filledPath);
  await app.getByTestId('bs-upload').click();
  await expect(app.getByText(t('en', 'balanceSheets:endBeforeStart'))).toBeVisible();
  await app.getByTestId('bs-end-date').fill('31/12/2023');
  await app.getByTestId('bs-frequency').selectOption('annual');
  await app.getByTestId('bs-upload').click();
  await expect(app.getByText(t('en', 'balanceSheets:uploaded'))).toBeVisible();

  // The list: period, frequency and the Y0 tag.
  await app.goto('/en/company/balances');
  const rows = app.getByTestId('bs-row');
  const demoSheets = 2;
  await expect(rows).toHaveCount(demoSheets + 1);
  const row = rows.filter({ hasText: '1 January 2023' });
  await expect(row.getByTestId('bs-tag')).toHaveText('Y0');

  // The income statement: sales of 800, external supplies of 700.
  await app.goto('/en/company/demonstrations');
  const income = app.getByTestId('bs-statement-income');
  await expect(income).toContainText('Y0');
  await expect(income.getByTestId('bs-view-row-VENDAS')).toContainText('800');
  await expect(income.getByTestId('bs-view-row-FSE')).toContainText('700');

  // Correct a value by hand: the balance check reacts with the difference, then passes again.
  await app.goto('/en/company/balances');
  await rows.filter({ hasText: '1 January 2023' }).getByTestId('bs-edit').click();
  await expect(app.getByTestId('bs-entry-tree')).toBeVisible();
  const check = app.getByTestId('bs-balance-check');
  await expect(check).toHaveAttribute('data-status', 'ok');
  await expect(app.getByTestId('bs-total-AT')).toHaveText('1 500');
  const clients = app.getByTestId('bs-input-CLI');
  await expect(clients).toHaveValue('500');
  await clients.fill('1600');
  await expect(clients).toHaveValue('1 600');
  await expect(app.getByTestId('bs-total-AT')).toHaveText('2 600');
  await expect(check).toHaveAttribute('data-status', 'mismatch');
  await expect(check).toContainText('1 100');
  await app.getByTestId('bs-save-entry').click();
  await expect(app.getByText(t('en', 'balanceSheets:checkData'))).toBeVisible();
  await clients.fill('600');
  await expect(check).toContainText('100');
  await app.getByTestId('bs-input-FORN').fill('300');
  await expect(check).toHaveAttribute('data-status', 'ok');
  await app.getByTestId('bs-save-entry').click();
  await expect(app.getByText(t('en', 'common:updated'))).toBeVisible();
  // The list says the upload was corrected by hand, and that its original file keeps the uploaded values.
  await app.goto('/en/company/balances');
  await expect(row.getByTestId('bs-corrected')).toHaveText(t('en', 'balanceSheetsWeb:list.corrected'));
  await expect(rows.getByTestId('bs-corrected')).toHaveCount(1);

  // The trial-balance lines, the original file, then delete with confirmation.
  await app.goto('/en/company/others');
  // Sheets are listed latest period first: the 2023 upload is chosen by its period.
  const sheetSelect = app.getByLabel(t('en', 'balanceSheetsWeb:views.sheet'), { exact: true });
  const sheet2023 = sheetSelect.locator('option', { hasText: '1 January 2023' }).first();
  await expect(sheet2023).toBeAttached();
  await sheetSelect.selectOption((await sheet2023.getAttribute('value')) ?? '');
  await expect(app.getByTestId('bs-lines').locator('tbody tr')).toHaveCount(SAMPLE.length);
  await app.goto('/en/company/balances');
  const original = app.waitForEvent('download');
  await row.getByTestId('bs-download').click();
  expect((await original).suggestedFilename()).toBe('balancete.xlsx');
  await row.getByTestId('bs-delete').click();
  await app.getByTestId('confirm-button').click();
  await expect(app.getByText(t('en', 'common:deleted'))).toBeVisible();
  await expect(rows).toHaveCount(demoSheets);
  await expect(row).toHaveCount(0);

  // The public template page, linked from the FAQ.
  await app.goto('/en/public/faqs');
  await app.getByTestId('bs-template-link').click();
  await expect(app.getByRole('heading', { level: 1 })).toHaveText(t('en', 'balanceSheetsWeb:template.title'));
  await expect(app.getByTestId('bs-template-download')).toBeVisible();

  // On a phone the entry form still fits the screen.
  await app.setViewportSize({ width: 390, height: 844 });
  await app.goto('/en/company/balance-sheet');
  await app.getByTestId('bs-tab-entry').click();
  await expect(app.getByTestId('bs-entry-tree')).toBeVisible();
  await expectNoSideScroll(app);

  // And the list's period tags are whole (Y0 and Y1, not Y.).
  await app.goto('/en/company/balances');
  const tags = app.getByTestId('bs-tag');
  await expect(tags.first()).toBeVisible();
  for (const tag of await tags.all()) {
    await expect(tag).toHaveText(/^[YQSM]\d+$/);
    expect(await uncut(tag.locator('.mantine-Badge-label'))).toBe(true);
  }
});

import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { axeViolations, choose, csrfHeaders, expectNoSideScroll, t, test } from './support.ts';

/** Two balanced annual trial balances on the seeded SNCRF accounts: the second year grows. */
const YEARS = {
  2021: [
    ['11', 'Caixa', 1000, 0],
    ['21', 'Clientes', 500, 0],
    ['51', 'Capital', 0, 1200],
    ['22', 'Fornecedores', 0, 200],
    ['71', 'Vendas', 0, 800],
    ['62', 'Fornecimentos e serviços externos', 700, 0],
  ],
  2022: [
    ['11', 'Caixa', 1500, 0],
    ['21', 'Clientes', 700, 0],
    ['51', 'Capital', 0, 1200],
    ['22', 'Fornecedores', 0, 400],
    ['71', 'Vendas', 0, 1500],
    ['62', 'Fornecimentos e serviços externos', 900, 0],
  ],
} as const;

/**
 * Uploads one annual sheet through the API with the page's session (cookie + x-csrf-token), from the public
 * template filled with exceljs, as the upload form would.
 */
async function uploadAnnualSheet(app: Page, companyId: string, year: 2021 | 2022): Promise<void> {
  const template = await app.request.get('/app/api/v1/balance-sheets/template.xlsx?lang=en');
  expect(template.ok()).toBe(true);
  const workbook = new ExcelJS.Workbook();
  // exceljs declares its own Buffer (an ArrayBuffer); Node's Buffer works at run time.
  await workbook.xlsx.load((await template.body()) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the template has no sheet');
  YEARS[year].forEach((values, index) => {
    sheet.getRow(2 + index).values = [...values];
  });
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  const response = await app.request.post(`/app/api/v1/companies/${companyId}/balance-sheets`, {
    headers: await csrfHeaders(app.request),
    multipart: {
      startDate: `${year}-01-01`,
      endDate: `${year}-12-31`,
      typeFrequence: 'annual',
      file: {
        name: `diag-${year}.xlsx`,
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer,
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test('a company compares two years, reads the changes and inputs, charts its indicators and downloads the PDF', async ({
  openAs,
}, testInfo) => {
  const app = await openAs('company');
  const companies = (await (await app.request.get('/app/api/v1/me/companies')).json()) as Array<{
    id: string;
  }>;
  const companyId = companies[0]?.id;
  if (!companyId) throw new Error('the demo user has no company');
  await uploadAnnualSheet(app, companyId, 2021);
  await uploadAnnualSheet(app, companyId, 2022);

  // Run a comparison: 2022 against 2021.
  await app.goto('/en/company/diagnosis');
  await choose(app, 'dg-sheet', 'diag-2022');
  await choose(app, 'dg-previous', 'diag-2021');
  await app.getByTestId('dg-run').click();
  const created = app.getByText(t('en', 'diagnosisWeb:form.created'));
  await expect(created).toBeVisible({ timeout: 20_000 });
  // The toast's close button is named (axe button-name).
  await expect(app.getByRole('button', { name: t('en', 'common:close'), exact: true })).toBeAttached();
  const view = app.getByTestId('dg-view');
  await expect(app.getByTestId('dg-view-title')).toContainText(
    t('en', 'diagnosis:types.comparison', { name: 'diag-2021' }),
  );
  await expect(app.getByTestId('dg-summary')).toBeVisible();
  // Groups by criterion type, the first one being debt structure (EE).
  await expect(view.getByTestId('dg-group').first()).toHaveAttribute('data-type', 'EE');
  // Targets exactly as the criterion states them: EBITDA_VN's ≥ 0.075, not ≥ 0.08.
  await expect(
    view.locator('[data-testid="dg-indicator"][data-code="EBITDA_VN"]').getByTestId('dg-target'),
  ).toContainText('≥ 0.075');

  // Changes with arrows named for screen readers.
  const arrows = view.getByRole('img', {
    name: new RegExp(`^(${t('en', 'diagnosisWeb:view.rise')}|${t('en', 'diagnosisWeb:view.fall')})$`),
  });
  await expect(arrows.first()).toBeVisible();
  await expect(view.getByTestId('dg-change').first()).toContainText('%');
  await expect(view.getByTestId('dg-change').first()).toHaveText(/[▲▼]?\s?[+-]?[\d\s]+\.\d\s%/);

  // One demo company in its CAE section: one note says the sector benchmark is not available.
  await expect(view.getByTestId('dg-sector-note')).toBeVisible();
  // Only the indicators missing their target (or not computable) when asked.
  const all = await view.getByTestId('dg-indicator').count();
  const onlyFailing = view.getByRole('switch', { name: t('en', 'diagnosisWeb:view.onlyFailing') });
  await onlyFailing.check();
  await expect(view.locator('[data-testid="dg-status"][data-status="passed"]')).toHaveCount(0);
  expect(await view.getByTestId('dg-indicator').count()).toBeLessThan(all);
  await onlyFailing.uncheck();
  await expect(view.getByTestId('dg-indicator')).toHaveCount(all);

  // An indicator's inputs: aggregates with their accounts and values.
  const indicator = view.getByTestId('dg-indicator').first();
  await indicator.getByTestId('dg-inputs-toggle').click();
  const inputs = indicator.getByTestId('dg-inputs');
  await expect(inputs).toBeVisible();
  await expect(inputs.getByTestId('dg-input').first()).toBeVisible();

  // The saved list shows it; axe finds nothing serious on the page with the view open.
  await expect(app.getByTestId('dg-row')).toHaveCount(1);
  expect(await axeViolations(app, 'serious')).toEqual([]);

  // The PDF export.
  const download = app.waitForEvent('download');
  await app.getByTestId('dg-download-pdf').click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  const pdfPath = testInfo.outputPath('diagnosis.pdf');
  await pdf.saveAs(pdfPath);
  expect((await readFile(pdfPath)).subarray(0, 4).toString('latin1')).toBe('%PDF');

  // The dashboard: the company's sheet count, and the latest diagnosis with its figures, which opens again.
  const sheetCount = (
    (await (await app.request.get(`/app/api/v1/companies/${companyId}/balance-sheets`)).json()) as unknown[]
  ).length;
  await app.goto('/en/company/dashboard');
  await expect(app.getByTestId('dashboard-sheets-count')).toHaveText(
    t('en', 'balanceSheetsWeb:dashboard.count', { count: sheetCount }),
  );
  const latest = app.getByTestId('dashboard-diagnosis');
  await expect(latest.getByTestId('dashboard-diagnosis-met')).toHaveText(
    /^\d+ of \d+ computable indicators (meet their|meets its) target$/,
  );
  await expect(latest).toContainText(t('en', 'diagnosis:types.comparison', { name: 'diag-2021' }));
  await latest.getByRole('link', { name: t('en', 'diagnosisWeb:dashboard.open') }).click();
  await expect(app.getByTestId('dg-view-title')).toContainText(
    t('en', 'diagnosis:types.comparison', { name: 'diag-2021' }),
  );

  // On a phone the page with the diagnosis open does not scroll sideways.
  await app.setViewportSize({ width: 390, height: 844 });
  await expect(view).toBeVisible();
  await expectNoSideScroll(app);
  await app.setViewportSize({ width: 1280, height: 800 });

  // The indicators page: annual lines over the two years, grouped by type.
  await app.goto('/en/company/statistic');
  await expect(app.getByTestId('dg-series-group').first()).toBeVisible();
  await expect(app.getByTestId('dg-series-chart').first().locator('svg').first()).toBeVisible();
  // A frequency without sheets has nothing to draw.
  await app.getByTestId('dg-frequency').selectOption('quarterly');
  await expect(app.getByText(t('en', 'diagnosisWeb:indicators.empty'))).toBeVisible();
});

import { readFile } from 'node:fs/promises';
import { BALANCE_SHEET_MAX_BYTES, formatByteSize } from '@excelencia/domain';
import { expect, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { csrfHeaders, expectNoSideScroll, t, test } from './support.ts';

/** Two balanced annual trial balances on the seeded SNCRF accounts: sales 800 then 1 500, supplies 700 then 900. */
const YEARS = {
  2019: [
    ['11', 'Caixa', 1000, 0],
    ['21', 'Clientes', 500, 0],
    ['51', 'Capital', 0, 1200],
    ['22', 'Fornecedores', 0, 200],
    ['71', 'Vendas', 0, 800],
    ['62', 'Fornecimentos e serviços externos', 700, 0],
  ],
  2020: [
    ['11', 'Caixa', 1500, 0],
    ['21', 'Clientes', 700, 0],
    ['51', 'Capital', 0, 1200],
    ['22', 'Fornecedores', 0, 400],
    ['71', 'Vendas', 0, 1500],
    ['62', 'Fornecimentos e serviços externos', 900, 0],
  ],
} as const;

/** Uploads one annual sheet through the API with the page's session, from the public template; returns its id. */
async function uploadAnnualSheet(app: Page, companyId: string, year: 2019 | 2020): Promise<string> {
  const template = await app.request.get('/app/api/v1/balance-sheets/template.xlsx?lang=en');
  expect(template.ok()).toBe(true);
  const workbook = new ExcelJS.Workbook();
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
        name: `admin-${year}.xlsx`,
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer,
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function sheetCount(app: Page, companyId: string): Promise<number> {
  const response = await app.request.get(`/app/api/v1/companies/${companyId}/balance-sheets`);
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as unknown[] | { items: unknown[] };
  return Array.isArray(body) ? body.length : body.items.length;
}

/** Whether the element shows all its content (nothing cut by an ellipsis or an overflow). */
const uncut = (locator: Locator) => locator.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);

/** The value of a native select's option whose text contains `text`. */
async function optionValue(select: ReturnType<Page['getByLabel']>, text: string): Promise<string> {
  const option = select.locator('option', { hasText: text }).first();
  await expect(option).toBeAttached();
  return (await option.getAttribute('value')) ?? '';
}

test('an admin lists, filters and exports the companies’ balance sheets and compares two periods; a company cannot drop a .csv', async ({
  openAs,
}, testInfo) => {
  const app = await openAs('company');
  const companies = (await (await app.request.get('/app/api/v1/me/companies')).json()) as Array<{
    id: string;
    companyName: string;
    nif: string;
  }>;
  const company = companies[0];
  if (!company) throw new Error('the demo user has no company');
  const initially = await sheetCount(app, company.id);
  const uploaded: string[] = [];
  try {
    uploaded.push(await uploadAnnualSheet(app, company.id, 2019));
    uploaded.push(await uploadAnnualSheet(app, company.id, 2020));

    // The company's upload form: a dropped .csv is refused with the catalog's message; nothing is uploaded.
    const before = await sheetCount(app, company.id);
    await app.goto('/en/company/balance-sheet');
    await app.getByTestId('bs-start-date').fill('01/01/2018');
    await app.getByTestId('bs-end-date').fill('31/12/2018');
    const refused = app.getByRole('alert').filter({ hasText: t('en', 'balanceSheets:selectXlsx') });
    await expect(refused).toBeHidden();
    // A real drop of a .csv file (the e2e code has no DOM types: the browser-side code goes as text).
    const dataTransfer = await app.evaluateHandle(`(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['account;debit;credit\\n11;1000;0\\n'], 'balancete.csv', { type: 'text/csv' }));
      return transfer;
    })()`);
    await app.getByTestId('bs-dropzone').dispatchEvent('drop', { dataTransfer });
    await expect(
      app.getByRole('alert').filter({ hasText: t('en', 'balanceSheets:selectXlsx') }),
    ).toBeVisible();
    await expect(app.getByTestId('bs-dropzone')).toContainText(
      t('en', 'balanceSheetsWeb:upload.dropzoneHint', { max: formatByteSize(BALANCE_SHEET_MAX_BYTES, 'en') }),
    );
    await app.getByTestId('bs-upload').click();
    await expect(
      app.getByRole('alert').filter({ hasText: t('en', 'balanceSheets:selectXlsx') }),
    ).toBeVisible();
    await expect(app.getByText(t('en', 'balanceSheets:uploaded'))).toBeHidden();
    expect(await sheetCount(app, company.id)).toBe(before);

    // The admin, in a context of its own.
    const admin = await openAs('admin');
    try {
      await admin.goto('/en/admin/balance-sheets');
      const rows = admin.getByTestId('table-row');
      await expect(rows.filter({ hasText: `${company.companyName} (${company.nif})` }).first()).toBeVisible();

      // Filtered by the company's NIF and the year 2019: only that company's 2019 sheet.
      await admin.getByTestId('table-search').fill(company.nif);
      const year = admin.getByLabel(t('en', 'balanceSheetsWeb:admin.year'), { exact: true });
      await year.selectOption('2019');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(company.companyName);
      await expect(rows.first()).toContainText('1 January 2019 – 31 December 2019');
      await year.selectOption('2020');
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText('1 January 2020 – 31 December 2020');
      await year.selectOption('');
      await expect(rows.filter({ hasText: '1 January 2019' })).toHaveCount(1);

      // The export: a real xlsx with a row of the demo company.
      const download = admin.waitForEvent('download');
      await admin.getByRole('button', { name: t('en', 'reference:table.export') }).click();
      const path = testInfo.outputPath('balancetes.xlsx');
      await (await download).saveAs(path);
      const bytes = await readFile(path);
      expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      if (!sheet) throw new Error('the export has no sheet');
      const exported: string[][] = [];
      sheet.eachRow((row) => {
        exported.push((row.values as unknown[]).slice(1).map((cell) => String(cell ?? '')));
      });
      expect(exported[0]?.[0]).toBe(t('en', 'companies:fields.companyName'));
      expect(
        exported.some(
          (row) => row[0] === company.companyName && row[1] === company.nif && row[2] === '2019-01-01',
        ),
      ).toBe(true);

      // The comparator: 2019 on the left, 2020 on the right, values of both and the difference.
      await admin.setViewportSize({ width: 1366, height: 900 });
      await admin.goto('/en/admin/balance-comparator');
      await expect(admin.getByText(t('en', 'balanceSheetsWeb:admin.chooseTwo'))).toBeVisible();
      const pickers = admin.getByRole('combobox', { name: t('en', 'balanceSheetsWeb:admin.chooseCompany') });
      const sheetSelects = admin.getByLabel(t('en', 'balanceSheetsWeb:views.sheet'), { exact: true });
      for (const [index, period] of [
        [0, '1 January 2019'],
        [1, '1 January 2020'],
      ] as const) {
        await pickers.nth(index).fill(company.nif);
        await admin.getByRole('option', { name: `${company.companyName} · ${company.nif}` }).click();
        const select = sheetSelects.nth(index);
        await expect(select).toBeEnabled();
        await select.selectOption(await optionValue(select, period));
      }
      await admin.getByText(t('en', 'balanceSheetsWeb:views.incomeStatement'), { exact: true }).click();
      const table = admin.getByRole('table', { name: t('en', 'balanceSheetsWeb:admin.comparator') });
      await expect(
        table.getByRole('columnheader', { name: t('en', 'balanceSheetsWeb:admin.difference') }),
      ).toBeVisible();
      // Each column names the company, as the two sides may be of different companies.
      await expect(table.getByRole('columnheader').filter({ hasText: company.companyName })).toHaveCount(2);
      const cells = (code: string) => table.getByTestId(`bs-view-row-${code}`).getByRole('cell');
      await expect(cells('VENDAS')).toHaveText([/./, '800', '1 500', '700']);
      await expect(cells('FSE')).toHaveText([/./, '700', '900', '200']);

      // At 1366 px everything fits; at 390 px the table scrolls inside its region, and scrolled to its end the
      // difference column is in view. The page itself never scrolls sideways.
      const region = admin.getByRole('region', { name: t('en', 'balanceSheetsWeb:admin.comparator') });
      const difference = table.getByRole('columnheader', {
        name: t('en', 'balanceSheetsWeb:admin.difference'),
      });
      for (const width of [1366, 390]) {
        await admin.setViewportSize({ width, height: 900 });
        await expect(difference).toBeVisible();
        await expectNoSideScroll(admin);
        if (width === 1366) {
          expect(await uncut(region)).toBe(true);
        } else {
          await region.evaluate((el) => {
            el.scrollLeft = el.scrollWidth;
          });
        }
        const [box, column] = await Promise.all([region.boundingBox(), difference.boundingBox()]);
        expect(box && column && column.x + column.width <= box.x + box.width + 1).toBe(true);
      }

      // Open shows the company's sheets in a drawer, in view.
      await admin.setViewportSize({ width: 1366, height: 900 });
      await admin.goto('/en/admin/balance-sheets');
      await admin
        .getByRole('button', { name: t('en', 'balanceSheetsWeb:list.open'), exact: true })
        .first()
        .click();
      await expect(
        admin.getByRole('dialog').getByRole('table', { name: t('en', 'balanceSheetsWeb:list.title') }),
      ).toBeInViewport();
    } finally {
      await admin.context().close();
    }
  } finally {
    // The demo company is left as it was for the specs that follow.
    const headers = await csrfHeaders(app.request);
    for (const id of uploaded) {
      const removed = await app.request.delete(`/app/api/v1/companies/${company.id}/balance-sheets/${id}`, {
        headers,
      });
      expect(removed.status()).toBe(204);
    }
    expect(await sheetCount(app, company.id)).toBe(initially);
  }
});

import { expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { axeViolations, choose, csrfHeaders, expectNoSideScroll, t, test } from './support.ts';

/**
 * A weak year (2015) on the seeded SNCRF accounts, balanced (debits = credits = 1 910 000): equity 200 000 of
 * capital and the year's loss of 10 000 (190 000), assets 900 000, borrowings 500 000 less 50 000 of cash, EBITDA
 * 1 000 000 − 960 000 = 40 000. So financial autonomy (190 000 / 900 000) fails, and a capital increase of
 * 236 000 CVE makes it 0.375, the seeded target (the what-if domain test works it out).
 */
const WEAK_2015 = [
  ['43', 'Ativos fixos tangíveis', 700000, 0],
  ['21', 'Clientes', 150000, 0],
  ['12', 'Depósitos à ordem', 50000, 0],
  ['51', 'Capital', 0, 200000],
  ['25', 'Financiamentos obtidos', 0, 500000],
  ['22', 'Fornecedores', 0, 120000],
  ['23', 'Outras contas a pagar', 0, 90000],
  ['71', 'Vendas', 0, 1000000],
  ['61', 'Custo das mercadorias vendidas', 700000, 0],
  ['62', 'Fornecimentos e serviços externos', 200000, 0],
  ['63', 'Gastos com o pessoal', 60000, 0],
  ['64', 'Depreciações', 30000, 0],
  ['69', 'Juros suportados', 20000, 0],
] as const;

/** Uploads the weak year through the API with the page's session, from the public template (as diagnosis.spec). */
async function uploadWeakYear(app: Page, companyId: string): Promise<void> {
  const template = await app.request.get('/app/api/v1/balance-sheets/template.xlsx?lang=pt');
  expect(template.ok()).toBe(true);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await template.body()) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the template has no sheet');
  WEAK_2015.forEach((values, index) => {
    sheet.getRow(2 + index).values = [...values];
  });
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  const response = await app.request.post(`/app/api/v1/companies/${companyId}/balance-sheets`, {
    headers: await csrfHeaders(app.request, 'pt'),
    multipart: {
      startDate: '2015-01-01',
      endDate: '2015-12-31',
      typeFrequence: 'annual',
      file: {
        name: 'fraco-2015.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer,
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test('a company with a failed criterion reads its levers and tries an amount, in pt at 390 px', async ({
  openAs,
}) => {
  const app = await openAs('company');
  const companies = (await (await app.request.get('/app/api/v1/me/companies')).json()) as Array<{
    id: string;
  }>;
  const companyId = companies[0]?.id;
  if (!companyId) throw new Error('the demo user has no company');
  await uploadWeakYear(app, companyId);

  await app.setViewportSize({ width: 390, height: 844 });
  await app.goto('/pt/company/diagnosis');
  await choose(app, 'dg-sheet', 'fraco-2015');
  const answered = app.waitForResponse((response) => response.url().includes('/what-if') && response.ok());
  await app.getByTestId('dg-run').click();
  await expect(app.getByText(t('pt', 'diagnosisWeb:form.created'))).toBeVisible({ timeout: 20_000 });
  const view = app.getByTestId('dg-view');

  // Beside the failed financial autonomy, its lever in words. The target is the criterion's as it stands (0.375
  // seeded; reference-data.spec leaves it at 0.5): a capital increase x passes when (190 000 + x) / (900 000 + x)
  // reaches it, x = (target × 900 000 − 190 000) / (1 − target): 236 000 CVE at 0.375, 520 000 at 0.5.
  const results = (await (await answered).json()) as Array<{
    criterion: { code: string };
    target: { value: string };
  }>;
  const target = Number(results.find((result) => result.criterion.code === 'AF')?.target.value);
  const increase = Math.ceil((target * 900_000 - 190_000) / (1 - target));
  const amount = String(increase).replace(/\B(?=(\d{3})+(?!\d))/g, '\\s');
  const af = view.locator('[data-testid="dg-indicator"][data-code="AF"]');
  const lever = af.getByTestId('wi-lever');
  await expect(lever).toContainText(new RegExp(`Um aumento de capital de ${amount} CVE`));
  // The keyboard tries it: the simulator opens with the amount in its field, which takes the focus.
  const tryIt = af.getByRole('button', { name: /^Experimentar um aumento de capital/ });
  await tryIt.focus();
  await app.keyboard.press('Enter');
  const simulator = app.getByTestId('wi-simulator');
  await expect(simulator).toBeVisible();
  const capital = simulator.getByRole('textbox', { name: /Aumento de capital em dinheiro/ });
  await expect(capital).toBeFocused();
  await expect(capital).toHaveValue(new RegExp(amount));
  const afRow = simulator.locator('[data-testid="wi-row"][data-code="AF"]');
  await expect(afRow.getByTestId('dg-status')).toHaveAttribute('data-status', 'passed');

  // Another amount typed: every criterion moves at once (the EBITDA 110 000 higher brings DFL to 3 or less).
  await simulator.getByRole('textbox', { name: /Variação do EBITDA/ }).fill('110000');
  await expect(
    simulator.locator('[data-testid="wi-row"][data-code="DFL_EBITDA"]').getByTestId('dg-status'),
  ).toHaveAttribute('data-status', 'passed');

  // Nothing wider than the phone, and axe finds nothing serious.
  await expectNoSideScroll(app);
  expect(await axeViolations(app, 'serious')).toEqual([]);
});

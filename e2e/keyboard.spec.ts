import { expect, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { t, test } from './support.ts';

/**
 * A company's journey with the keyboard alone: Tab and Shift+Tab to move, Enter and Space to act, arrows in a
 * select, and typing into the field the focus reached. A file chooser opened by Enter or Space is answered as the
 * system's dialog would (setFiles on the chooser). A new company registers, confirms its address, signs in,
 * uploads a trial balance and runs a diagnosis. Focus is visible at the key steps.
 */

const PORT = '3100';

/** A balanced trial balance (debit 2 200 = credit 2 200) on the SNCRF accounts of the seeded tree. */
const SAMPLE = [
  ['11', 'Caixa', 1000, 0],
  ['21', 'Clientes', 500, 0],
  ['51', 'Capital', 0, 1200],
  ['22', 'Fornecedores', 0, 200],
  ['71', 'Vendas', 0, 800],
  ['62', 'Fornecimentos e serviços externos', 700, 0],
] as const;

const isFocused = (target: Locator) => target.evaluate((el) => el === el.ownerDocument.activeElement);

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 120 } = {}): Promise<void> {
  await expect(target).toBeAttached();
  for (let presses = 0; presses <= max; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${target} was not reached in ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}`);
}

/** Tabs to a field and types into it. */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/** The focus ring: `shown` (the focused element, or what draws its ring) has an outline or a box shadow. */
async function expectFocusVisible(focused: Locator, shown: Locator = focused): Promise<void> {
  expect(await isFocused(focused)).toBe(true);
  const ring = await shown.evaluate((el) => {
    const style = el.ownerDocument.defaultView?.getComputedStyle(el);
    return {
      outline: style ? style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0 : false,
      shadow: style ? style.boxShadow !== 'none' && style.boxShadow !== '' : false,
    };
  });
  expect(ring.outline || ring.shadow, `no focus ring on ${shown}`).toBe(true);
}

/** Answers the file chooser that the key opens (the system's dialog) with `files`. */
async function chooseFileByKey(
  page: Page,
  key: 'Enter' | 'Space',
  files: Parameters<import('@playwright/test').FileChooser['setFiles']>[0],
): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press(key);
  await (await chooser).setFiles(files);
}

/** The provider's login page, by keyboard (the page must be on it). */
async function signInByKeyboard(page: Page, email: string, password: string): Promise<void> {
  await expect(page.getByRole('heading', { name: t('en', 'idp:signIn.heading') })).toBeVisible();
  await typeInto(page, page.getByLabel(t('en', 'idp:signIn.email'), { exact: true }), email);
  await typeInto(page, page.getByLabel(t('en', 'idp:signIn.password'), { exact: true }), password);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.port === PORT);
}

/** The public template filled with the sample, as the other specs fill it. */
async function filledTemplate(page: Page): Promise<Buffer> {
  const template = await page.request.get('/app/api/v1/balance-sheets/template.xlsx?lang=en');
  expect(template.ok()).toBe(true);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await template.body()) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the template has no sheet');
  SAMPLE.forEach((values, index) => {
    sheet.getRow(2 + index).values = [...values];
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

test('a new company registers, confirms, signs in, uploads a trial balance and runs a diagnosis, by keyboard', async ({
  page,
}) => {
  const suffix = String(Date.now()).slice(-8);
  const company = {
    name: `Teclado ${suffix}, Lda`,
    nif: `2${suffix}`,
    email: `teclado.${suffix}@teclado.cv`,
    password: 'Teclado-Sal-2026!',
  };
  const field = (key: string) =>
    page.getByRole('textbox', { name: t('en', `companies:form.${key}`), exact: true });

  // ---- registration ----
  await page.goto('/en/register');
  await typeInto(page, field('companyName'), company.name);
  await typeInto(page, field('responsibleName'), 'Rui Teclado');
  await typeInto(page, field('corporateEmail'), company.email);
  await typeInto(page, field('phone'), '+238 991 77 88');
  await typeInto(page, field('nif'), company.nif);
  await typeInto(page, field('password'), company.password);
  await typeInto(page, field('confirmPassword'), company.password);
  // Native selects: the arrow picks the first option after the placeholder (each list follows the one before).
  for (const select of ['select-caeSection', 'select-caeDivision', 'select-island', 'select-city']) {
    const control = page.getByTestId(select);
    await expect(control.locator('option:not([value=""])').first()).toBeAttached();
    await tabTo(page, control);
    await page.keyboard.press('ArrowDown');
    await expect(control).not.toHaveValue('');
  }
  const terms = page.getByTestId('accept-terms');
  await tabTo(page, terms);
  await page.keyboard.press('Space');
  await expect(terms).toBeChecked();
  const submit = page.getByTestId('register-submit');
  await tabTo(page, submit);
  await expectFocusVisible(submit);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('register-sent')).toBeVisible();

  // ---- the confirmation mail (the e2e portal's outbox), then sign in ----
  await page.goto('/dev/mail');
  const link = page
    .locator('article')
    .filter({ hasText: company.email })
    .locator('a[href*="/en/register/confirm?token="]')
    .first();
  await expect(link).toBeAttached();
  await page.goto((await link.getAttribute('href')) ?? '');
  await expect(page.getByTestId('confirm-success')).toBeVisible();
  await tabTo(page, page.getByTestId('confirm-sign-in'));
  await page.keyboard.press('Enter');
  await signInByKeyboard(page, company.email, company.password);
  await page.waitForURL(/localhost:3100\/en\/company\/dashboard$/);
  await expect(page.getByTestId('selected-company')).toContainText(company.name);

  // ---- a trial balance: period typed, the file input reached by Tab and opened with Space ----
  await page.goto('/en/company/balance-sheet');
  await typeInto(page, page.getByTestId('bs-start-date'), '01/01/2025');
  await typeInto(page, page.getByTestId('bs-end-date'), '31/12/2025');
  await expect(page.getByTestId('bs-frequency')).toHaveValue('annual');
  const fileInput = page.getByTestId('bs-file-input');
  // The input itself is invisible: Tab reaches it, and the drop zone around it shows the focus.
  await tabTo(page, fileInput);
  await expectFocusVisible(fileInput, page.getByTestId('bs-dropzone'));
  await chooseFileByKey(page, 'Space', {
    name: 'balancete-teclado.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await filledTemplate(page),
  });
  await expect(page.getByTestId('bs-dropzone')).toContainText('balancete-teclado.xlsx');
  const upload = page.getByTestId('bs-upload');
  await tabTo(page, upload);
  await expectFocusVisible(upload);
  await page.keyboard.press('Enter');
  await expect(page.getByText(t('en', 'balanceSheets:uploaded'))).toBeVisible();

  // ---- a diagnosis of that sheet ----
  await page.goto('/en/company/diagnosis');
  const sheet = page.getByTestId('dg-sheet');
  await expect(sheet.locator('option:checked')).toContainText('balancete-teclado.xlsx');
  await tabTo(page, page.getByTestId('dg-run'));
  await page.keyboard.press('Enter');
  await expect(page.getByText(t('en', 'diagnosisWeb:form.created'))).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('dg-view')).toBeVisible();
});

/** The fields of an edition that an update takes back (EditionUpdate without its version). */

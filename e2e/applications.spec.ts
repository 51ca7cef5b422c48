import { expect, type Page } from '@playwright/test';
import { translate } from '../packages/domain/src/index.ts';
import { axeViolations, DEMO, signInNewContext, t, test } from './support.ts';

/**
 * The whole application flow on the demo edition (application window open, the demo company meets the eight
 * criteria): the company applies with 8 PDFs in pt, an admin evaluates in en, a second admin confirms and
 * publishes in en, the company downloads its certificate, and a visitor verifies the status in pt and en. The
 * results are out before the window's end: the home page says so, and the next edition opens at once (its
 * countdown is what the later specs see on the home page).
 */

const SECOND_ADMIN = { email: 'avaliador@excelencia.cv', password: 'Avaliador!2026' };

/** A small but whole PDF (header and end marker), named after its document. */
const pdf = (name: string) => ({
  name: `${name}.pdf`,
  mimeType: 'application/pdf',
  buffer: Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${name}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  ),
});

const dialog = (page: Page) => page.getByRole('dialog');

test('a company applies with 8 PDFs, two admins evaluate and publish, the certificate is verified publicly', async ({
  browser,
}) => {
  test.setTimeout(180_000);

  // ---- the company, in pt ----
  const company = await signInNewContext(browser, 'pt', DEMO.company, true);
  await company.goto('/pt/company/application');
  await expect(company.getByTestId('app-window')).toBeVisible();
  await company.getByTestId('app-apply').click();
  const slots = company.getByTestId('doc-slot');
  await expect(slots).toHaveCount(8);
  // The eight criteria in their fixed order, every one met by the demo figures.
  const criteria = company.getByTestId('el-criterion');
  await expect(criteria).toHaveCount(8);
  await expect(criteria.first()).toHaveAttribute('data-code', 'RLP');
  await expect(company.getByTestId('el-status').and(company.locator('[data-status="passed"]'))).toHaveCount(
    8,
  );

  // A file that is not a PDF is refused in the browser with its message, and nothing is uploaded.
  const chooserForText = company.waitForEvent('filechooser');
  await slots.nth(0).getByTestId('doc-upload').click();
  await (await chooserForText).setFiles({
    name: 'nota.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('<html>not a pdf</html>'),
  });
  await expect(slots.nth(0).getByTestId('doc-problem')).toHaveText(t('pt', 'applications:selectPdf'));
  await expect(slots.nth(0)).toHaveAttribute('data-filled', 'false');

  for (let slot = 0; slot < 8; slot += 1) {
    const chooser = company.waitForEvent('filechooser');
    await slots.nth(slot).getByTestId('doc-upload').click();
    await (await chooser).setFiles(pdf(`documento ${slot}`));
    await expect(slots.nth(slot)).toHaveAttribute('data-filled', 'true');
  }
  // The stored name carries the NIF and the type as its second part.
  await expect(slots.nth(5).getByTestId('doc-name')).toHaveText('200000001_5_documento-5.pdf');
  await company.getByTestId('app-submit').click();
  await dialog(company).getByTestId('confirm-button').click();
  await expect(company.getByText(t('pt', 'applications:applicationComplete'), { exact: true })).toBeVisible();
  await expect(company.getByTestId('app-submit')).toHaveCount(0);

  // ---- the first admin evaluates, in en ----
  const admin = await signInNewContext(browser, 'en', DEMO.admin);
  await admin.goto('/en/admin/application');
  const row = admin.getByRole('row').filter({ hasText: 'Demo Comércio, Lda' });
  await row.getByTestId('application-open').click();
  const detail = admin.getByTestId('application-detail');
  await expect(detail.getByTestId('criterion-row')).toHaveCount(8);
  await expect(detail.getByTestId('document-row')).toHaveCount(8);
  await detail.getByTestId('decision-evaluated').check();
  await detail.getByTestId('evaluation-submit').click();
  await expect(admin.getByText(t('en', 'applications:evaluationComplete'), { exact: true })).toBeVisible();
  // The one who decided cannot confirm.
  await expect(detail.getByTestId('decision-confirm')).toBeDisabled();

  // ---- the second admin confirms and publishes, in en ----
  const second = await signInNewContext(browser, 'en', SECOND_ADMIN);
  await second.goto('/en/admin/application');
  await second
    .getByRole('row')
    .filter({ hasText: 'Demo Comércio, Lda' })
    .getByTestId('application-open')
    .click();
  await second.getByTestId('decision-confirm').click();
  await expect(second.getByTestId('decision-confirmed')).toBeVisible();
  await expect(
    second.getByTestId('history-row').filter({ hasText: translate('en', 'applications:history.confirm') }),
  ).toHaveCount(1);
  await second.goto('/en/admin/application-result');
  await second.getByTestId('results-publish').click();
  await dialog(second).getByTestId('confirm-button').click();
  await expect(
    second.getByText(t('en', 'applications:resultsPublishedToast'), { exact: true }),
  ).toBeVisible();
  await expect(second.getByTestId('results-companies')).toContainText('Demo Comércio, Lda');
  expect(await axeViolations(second)).toEqual([]);

  // ---- the company sees its status and downloads the certificate ----
  await company.reload();
  await expect(company.getByTestId('app-result')).toBeVisible();
  const download = company.waitForEvent('download');
  await company.getByTestId('app-certificate').click();
  const certificate = await download;
  expect(certificate.suggestedFilename()).toMatch(/\.pdf$/);
  const link = await company.getByTestId('app-seal-link').getAttribute('href');
  expect(link).toMatch(/\/pt\/public\/selo\/[0-9a-z]{12}$/);
  const code = link?.split('/').pop() ?? '';

  // ---- a visitor verifies it, in pt and in en ----
  const visitor = await (await browser.newContext()).newPage();
  for (const language of ['pt', 'en'] as const) {
    await visitor.goto(`/${language}/public/selo/${code}`);
    await expect(visitor.getByTestId('seal-verdict')).toHaveAttribute('data-status', 'valid');
    await expect(visitor.getByText('Demo Comércio, Lda')).toBeVisible();
    await expect(visitor.getByTestId('seal-status')).toHaveText(
      t(language, 'applications:sealStatuses.valid'),
    );
  }
  await visitor.goto('/en/public/selo/000000000000');
  await expect(visitor.getByTestId('seal-unknown')).toBeVisible();

  // ---- results out before the window's end: the home says so, and the next edition may open at once ----
  await visitor.goto('/en/');
  await expect(visitor.getByTestId('home-results-published')).toBeVisible();
  await expect(visitor.getByTestId('home-results-link')).toHaveAttribute('href', '/en/public/distinguidas');
  await expect(visitor.getByTestId('home-countdown')).toHaveCount(0);
  await expect(visitor.getByTestId('home-registration-banner')).toHaveCount(0);
  // Inside the demo edition's scheduled application window (until 45 days on), after the day it closed.
  const current = (await (await second.request.get('/app/api/v1/editions/current')).json()) as {
    number: number;
    year: number;
  };
  const day = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString();
  const csrf = (await (await second.request.get('/auth/csrf')).json()) as { csrfToken: string };
  const next = await second.request.post('/app/api/v1/editions', {
    headers: { 'x-csrf-token': csrf.csrfToken, 'x-language': 'en' },
    data: {
      number: current.number + 1,
      year: current.year + 1,
      indicatorYear: current.year,
      registrationOpensAt: day(-0.5),
      registrationClosesAt: day(30),
      applicationOpensAt: day(1),
      applicationClosesAt: day(40),
      evaluationStartsAt: day(41),
      evaluationEndsAt: day(50),
      resultsAt: day(60),
    },
  });
  expect(next.status(), await next.text()).toBe(201);
  // The site now speaks of the next edition: registration open, the countdown again.
  await visitor.goto('/en/');
  await expect(visitor.getByTestId('home-registration-banner')).toBeVisible();
  await expect(visitor.getByTestId('home-countdown')).toBeVisible();
});

import { expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { translate } from '../packages/domain/src/index.ts';
import { axeViolations, csrfHeaders, signInNewContext, t, test } from './support.ts';

/**
 * The whole application flow on the demo edition (application window open, the demo company meets the eight
 * criteria), by a company that works as a team: its owner invites an accountant in pt, the accountant accepts
 * in fr, uploads a trial balance and prepares the application with its 8 PDFs but cannot submit it; the owner
 * submits in pt, an admin evaluates in en, a second admin confirms and publishes in en, the company downloads its
 * certificate, and a visitor verifies the status in pt and en. The results are out before the window's end: the
 * home page says so, and the next edition opens at once (its countdown is what the later specs see on the home
 * page).
 */

const SECOND_ADMIN = { email: 'avaliador@excelencia.cv', password: 'Avaliador!2026' };

/** An issue date two days ago (yyyy-mm-dd): valid under any validity, never in the future in Cabo Verde. */
/** Two days ago, typed day first as the documents' issue-date field takes it (DD/MM/YYYY). */
const RECENT_ISSUE_DATE = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000)
  .toISOString()
  .slice(0, 10)
  .split('-')
  .reverse()
  .join('/');

/** A small but whole PDF (header and end marker), named after its document. */
const pdf = (name: string) => ({
  name: `${name}.pdf`,
  mimeType: 'application/pdf',
  buffer: Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${name}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  ),
});

const dialog = (page: Page) => page.getByRole('dialog');

/** A balanced trial balance (debit 2 200 = credit 2 200) on the SNCRF accounts of the seeded tree. */
async function trialBalance(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Balancete');
  sheet.addRow(['Conta', 'Descrição', 'Débito acumulado', 'Crédito acumulado']);
  for (const row of [
    ['11', 'Caixa', 1000, 0],
    ['21', 'Clientes', 500, 0],
    ['51', 'Capital', 0, 1200],
    ['22', 'Fornecedores', 0, 200],
    ['71', 'Vendas', 0, 800],
    ['62', 'Fornecimentos e serviços externos', 700, 0],
  ]) {
    sheet.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

test('an owner invites its accountant, who prepares the application with 8 PDFs but cannot submit; the owner submits, two admins evaluate and publish, the certificate is verified publicly', async ({
  browser,
  openAs,
}) => {
  test.setTimeout(180_000);

  // ---- the owner invites an accountant, in pt; the invitation is mailed in fr ----
  const company = await openAs('company');
  const accountant = {
    email: `contabilista.${String(Date.now()).slice(-7)}@contas-sal.cv`,
    password: 'Contas-do-Sal-2026!',
  };
  await company.goto('/pt/company/team');
  await company.getByTestId('invite-email').fill(accountant.email);
  await company.getByLabel(t('pt', 'teams:roles.accountant'), { exact: true }).check();
  await company.getByTestId('invite-language').selectOption('fr');
  await company.getByTestId('invite-submit').click();
  const invitation = company.getByTestId('team-invitation').filter({ hasText: accountant.email });
  await expect(invitation).toContainText(t('pt', 'teams:roles.accountant'));
  await company.goto('/dev/mail');
  const mail = company.locator('article').filter({ hasText: accountant.email }).first();
  const invitationLink =
    (await mail.locator('a[href*="/register/invitation?token="]').first().getAttribute('href')) ?? '';
  expect(invitationLink).toContain('/fr/register/invitation?token=');

  // ---- the accountant accepts in fr (no account yet: sets a password), then signs in ----
  const invited = await (await browser.newContext()).newPage();
  await invited.goto(invitationLink);
  await expect(invited.getByTestId('invitation-email')).toHaveText(accountant.email);
  await invited.getByLabel(new RegExp(`^${t('fr', 'companies:form.password')}`)).fill(accountant.password);
  await invited
    .getByLabel(new RegExp(`^${t('fr', 'companies:form.confirmPassword')}`))
    .fill(accountant.password);
  await invited.getByTestId('accept-terms').check();
  await invited.getByTestId('invitation-submit').click();
  await expect(invited.getByTestId('invitation-accepted')).toBeVisible();
  await invited.context().close();
  const books = await signInNewContext(browser, 'fr', accountant, true);
  await expect(books).toHaveURL(/\/fr\/company\/dashboard$/);

  // It uploads a trial balance of February 2026 (removed again at the end, for the later specs).
  await books.goto('/fr/company/balance-sheet');
  await books.getByTestId('bs-start-date').fill('01/02/2026');
  await books.getByTestId('bs-end-date').fill('28/02/2026');
  await books.getByTestId('bs-frequency').selectOption('monthly');
  await books.getByTestId('bs-file-input').setInputFiles({
    name: 'balancete-fevereiro.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await trialBalance(),
  });
  await books.getByTestId('bs-upload').click();
  await expect(books.getByText(t('fr', 'balanceSheets:uploaded'))).toBeVisible();

  // It opens the application and uploads the 8 PDFs, but submitting is the owner's: no Submit, a note says why,
  // and the API refuses it naming the role.
  await books.goto('/fr/company/application');
  await expect(books.getByTestId('app-window')).toBeVisible();
  await books.getByTestId('app-apply').click();
  const slots = books.getByTestId('doc-slot');
  await expect(slots).toHaveCount(8);
  // The eight criteria in their fixed order, every one met by the demo figures.
  const criteria = books.getByTestId('el-criterion');
  await expect(criteria).toHaveCount(8);
  await expect(criteria.first()).toHaveAttribute('data-code', 'RLP');
  await expect(books.getByTestId('el-status').and(books.locator('[data-status="passed"]'))).toHaveCount(8);

  // A file that is not a PDF is refused in the browser with its message, and nothing is uploaded. Each document
  // is uploaded with a recent issue date (required for the types with a validity: INPS, Finance, certificate).
  await slots.nth(0).getByTestId('doc-issued-at').fill(RECENT_ISSUE_DATE);
  await slots.nth(0).getByTestId('doc-issued-at').press('Escape'); // the calendar closes
  const chooserForText = books.waitForEvent('filechooser');
  await slots.nth(0).getByTestId('doc-upload').click();
  await (await chooserForText).setFiles({
    name: 'nota.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('<html>not a pdf</html>'),
  });
  await expect(slots.nth(0).getByTestId('doc-problem')).toHaveText(t('fr', 'applications:selectPdf'));
  await expect(slots.nth(0)).toHaveAttribute('data-filled', 'false');

  for (let slot = 0; slot < 8; slot += 1) {
    await slots.nth(slot).getByTestId('doc-issued-at').fill(RECENT_ISSUE_DATE);
    await slots.nth(slot).getByTestId('doc-issued-at').press('Escape');
    const chooser = books.waitForEvent('filechooser');
    await slots.nth(slot).getByTestId('doc-upload').click();
    await (await chooser).setFiles(pdf(`documento ${slot}`));
    await expect(slots.nth(slot)).toHaveAttribute('data-filled', 'true');
  }
  // The stored name carries the NIF and the type as its second part.
  await expect(slots.nth(5).getByTestId('doc-name')).toHaveText('200000001_5_documento-5.pdf');
  await expect(books.getByTestId('app-submit')).toHaveCount(0);
  await expect(books.getByTestId('role-note').first()).toContainText(t('fr', 'teams:roles.accountant'));
  const own = (await (await books.request.get('/app/api/v1/me/companies')).json()) as Array<{ id: string }>;
  const applications = (await (
    await books.request.get(`/app/api/v1/companies/${own[0]?.id}/applications`)
  ).json()) as Array<{ id: string }>;
  const refused = await books.request.post(
    `/app/api/v1/companies/${own[0]?.id}/applications/${applications[0]?.id}/submit`,
    { headers: await csrfHeaders(books.request, 'fr') },
  );
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
    t('fr', 'teams:errors.ownerOnly', { role: t('fr', 'teams:roles.accountant') }),
  );

  // ---- the owner submits, in pt ----
  await company.goto('/pt/company/application');
  await expect(company.getByTestId('doc-slot').and(company.locator('[data-filled="true"]'))).toHaveCount(8);
  await company.getByTestId('app-submit').click();
  await dialog(company).getByTestId('confirm-button').click();
  await expect(company.getByText(t('pt', 'applications:applicationComplete'), { exact: true })).toBeVisible();
  await expect(company.getByTestId('app-submit')).toHaveCount(0);

  // The accountant's trial balance leaves with it, as the demo had it for the later specs.
  await books.goto('/fr/company/balances');
  const february = books.getByTestId('bs-row').filter({ hasText: '1er février 2026' });
  await february.getByTestId('bs-delete').click();
  await books.getByTestId('confirm-button').click();
  await expect(books.getByText(t('fr', 'common:deleted'))).toBeVisible();
  await expect(february).toHaveCount(0);
  await books.context().close();

  // ---- the first admin evaluates, in en ----
  const admin = await openAs('admin');
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
  // The page with its result is drawn on the server (docs/adr/0037), the seal's public check in it.
  const drawn = await (await company.request.get(company.url(), { headers: { accept: 'text/html' } })).text();
  expect(drawn).toContain('id="ssr-data"');
  expect(drawn).toContain(`/pt/public/selo/${code}`);

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
  const next = await second.request.post('/app/api/v1/editions', {
    headers: await csrfHeaders(second.request),
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
  for (const page of [company, admin, second, visitor]) await page.context().close();
});

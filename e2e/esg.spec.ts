import { expect, type Locator, type Page } from '@playwright/test';
import { axeViolations, t, test } from './support.ts';

/**
 * ESG end to end: an admin builds a form of its own (one question of each of the four types, a later period than
 * the seeded starter form, so it is the current one), the demo company answers half of it, reloads and finds
 * its draft, is told 'Mandatory Field' for the required question left open, finishes and submits, and the
 * admin sees the distribution of the answers and exports them. Each run makes a new form, so a rerun on the same
 * server starts afresh and no other spec's data is touched.
 */

/** Picks an option of a Mantine select by its visible text. */
async function pick(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const en = (key: string, params?: Record<string, string | number>) => t('en', key, params);
const pt = (key: string, params?: Record<string, string | number>) => t('pt', key, params);

test('an admin builds a form of the four types, the company answers in two sittings and submits, the admin sees and exports the results', async ({
  openAs,
}) => {
  test.setTimeout(180_000);
  const title = `ESG e2e ${Date.now().toString(36)}`;

  // ---- the admin builds the form, in en ----
  const admin = await openAs('admin');
  await admin.goto('/en/admin/esg');
  await admin.getByTestId('esg-new-form').click();
  await admin.getByTestId('localized-title-pt').fill(title);
  await admin.getByTestId('localized-title-en').fill(title);
  await admin.getByTestId('localized-description-pt').fill('Formulário de teste de ponta a ponta.');
  await admin.getByTestId('builder-period').fill('2099');
  await pick(admin, admin.getByTestId('builder-status'), en('esg:formStatus.open'));

  // E1: multiple choice (the default type), required, Sim 10 / Não 0.
  await admin.getByTestId('builder-add-environment').click();
  const e1 = admin.getByTestId('builder-question-E1');
  await e1.getByTestId('builder-question-E1-label-pt').fill('Usa energia solar?');
  await e1.getByRole('switch', { name: en('esg:builder.required') }).check();
  const e1Options = 'builder-definition-sections-0-questions-0';
  await e1.getByTestId(`${e1Options}-option-1-pt`).fill('Sim');
  await e1.getByTestId(`${e1Options}-option-1-score`).fill('10');
  await e1.getByTestId(`${e1Options}-option-2-pt`).fill('Não');
  await e1.getByTestId(`${e1Options}-option-2-score`).fill('0');

  // E2: checkboxes; moved above E1 and back with the arrows.
  await admin.getByTestId('builder-add-environment').click();
  const e2 = admin.getByTestId('builder-question-E2');
  await pick(admin, e2.getByTestId('builder-question-E2-type'), en('esg:types.checkbox'));
  await e2.getByTestId('builder-question-E2-label-pt').fill('Que resíduos separa?');
  const e2Options = 'builder-definition-sections-0-questions-1';
  await e2.getByTestId(`${e2Options}-option-1-pt`).fill('Plástico');
  await e2.getByTestId(`${e2Options}-option-1-score`).fill('5');
  await e2.getByTestId(`${e2Options}-option-2-pt`).fill('Papel');
  await e2.getByTestId(`${e2Options}-option-2-score`).fill('5');
  await admin.getByTestId('builder-question-E2-up').click();
  await expect(admin.getByTestId('builder-question-E1-label-pt')).toHaveValue('Que resíduos separa?');
  await admin.getByTestId('builder-question-E1-down').click();
  await expect(admin.getByTestId('builder-question-E1-label-pt')).toHaveValue('Usa energia solar?');

  // S1: a matrix of two rows over three columns.
  await admin.getByTestId('builder-add-social').click();
  const s1 = admin.getByTestId('builder-question-S1');
  await pick(admin, s1.getByTestId('builder-question-S1-type'), en('esg:types.matrix'));
  await s1.getByTestId('builder-question-S1-label-pt').fill('Formação por grupo');
  const s1Path = 'builder-definition-sections-1-questions-0';
  await s1.getByTestId(`${s1Path}-row-1-pt`).fill('Chefias');
  await s1.getByTestId(`${s1Path}-row-2-pt`).fill('Pessoal');
  // The two options the new question had become the first columns; a third is added.
  await s1.getByTestId(`${s1Path}-add-option`).click();
  for (const [index, [label, score]] of [
    ['Nunca', '0'],
    ['Anual', '5'],
    ['Trimestral', '10'],
  ].entries()) {
    await s1.getByTestId(`${s1Path}-option-${index + 1}-pt`).fill(label as string);
    await s1.getByTestId(`${s1Path}-option-${index + 1}-score`).fill(score as string);
  }

  // G1: text, required.
  await admin.getByTestId('builder-add-governance').click();
  const g1 = admin.getByTestId('builder-question-G1');
  await pick(admin, g1.getByTestId('builder-question-G1-type'), en('esg:types.text'));
  await g1.getByTestId('builder-question-G1-label-pt').fill('Como previne a corrupção?');
  await g1.getByRole('switch', { name: en('esg:builder.required') }).check();

  expect(await axeViolations(admin)).toEqual([]);
  await admin.getByTestId('builder-save').click();
  await expect(admin.getByText(en('esg:builder.saved'))).toBeVisible();
  await expect(admin).toHaveURL(/view=edit&form=/);

  // ---- the company answers half, in pt, reloads, finishes and submits ----
  const company = await openAs('company');
  await company.goto('/pt/company/esg');
  await expect(company.getByRole('heading', { name: title })).toBeVisible();
  const environment = company.getByTestId('esg-section-environment');
  await environment.getByRole('radio', { name: 'Sim' }).check();
  await environment.getByRole('checkbox', { name: 'Plástico' }).check();
  await expect(company.getByTestId('esg-save-state')).toHaveAttribute('data-state', 'saved');
  await expect(company.getByTestId('esg-progress-environment')).toHaveText(
    pt('esg:company.progress', { answered: 2, total: 2 }),
  );

  await company.reload();
  await expect(environment.getByRole('radio', { name: 'Sim' })).toBeChecked();
  await expect(environment.getByRole('checkbox', { name: 'Plástico' })).toBeChecked();
  await expect(company.getByTestId('esg-progress-social')).toHaveText(
    pt('esg:company.progress', { answered: 0, total: 1 }),
  );

  expect(await axeViolations(company)).toEqual([]);
  const social = company.getByTestId('esg-section-social');
  await social.getByRole('radio', { name: 'Chefias: Trimestral' }).check();
  await social.getByRole('radio', { name: 'Pessoal: Anual' }).check();
  await company.getByTestId('esg-submit').click();
  // The governance question is required and still open.
  await expect(
    company.getByTestId('esg-section-governance').getByText(pt('validation:required')),
  ).toBeVisible();

  await company
    .getByTestId('esg-section-governance')
    .getByRole('textbox')
    .fill('Código de conduta e duas assinaturas em cada pagamento.');
  await company.getByTestId('esg-submit').click();
  await company.getByTestId('confirm-button').click();
  await expect(company.getByText(pt('esg:company.submitted'), { exact: true })).toBeVisible();
  await expect(company.getByTestId('esg-locked')).toBeVisible();
  // Environment: Sim 10 + Plástico 5 of 10 + 10 = 15 / 20 = 75 %; Social: 10 + 5 of 2 × 10 = 75 %;
  // Governance: text only, not scored; overall 30 / 40 = 75 %.
  await expect(company.getByTestId('esg-score-environment')).toContainText('75 %');
  await expect(company.getByTestId('esg-score-overall')).toContainText('75 %');

  // ---- the admin sees the distribution and exports it ----
  await admin.goto('/en/admin/esg');
  const row = admin.getByRole('row').filter({ hasText: title });
  await row.getByRole('button', { name: en('esg:builder.results') }).click();
  await expect(admin.getByTestId('esg-results')).toBeVisible();
  await expect(admin.getByTestId('esg-response-rate')).toContainText(en('esg:results.responseRate'));
  const solar = admin.getByTestId('esg-results').locator('[data-testid^="esg-distribution-"]').first();
  await expect(solar).toContainText('E1. Usa energia solar?');
  const simRow = solar.getByRole('row').filter({ hasText: 'Sim' });
  await expect(simRow.getByRole('cell')).toHaveText(['1']);
  await expect(
    admin.getByTestId('esg-responses').getByRole('row').filter({ hasText: 'Demo Comércio' }),
  ).toContainText('75 %');

  expect(await axeViolations(admin)).toEqual([]);
  const download = admin.waitForEvent('download');
  await admin.getByTestId('esg-export').click();
  expect((await download).suggestedFilename()).toMatch(/^esg-2099-\d+-\d{4}-\d{2}-\d{2}\.xlsx$/);
});

import { expect, type Page } from '@playwright/test';
import type { Language } from '../packages/domain/src/index.ts';
import { choose, fillLoginPage, languageItem, t, test } from './support.ts';

/** Opens the create form of the current list screen, fills it with `fill`, saves and waits for the toast. */
async function createRecord(page: Page, language: Language, fill: () => Promise<void>) {
  await page.getByTestId('create-button').click();
  await expect(page.getByTestId('resource-form')).toBeVisible();
  await fill();
  await page.getByTestId('save-button').click();
  await expect(page.getByText(t(language, 'common:created')).first()).toBeVisible();
  await expect(page.getByTestId('resource-form')).toBeHidden();
}

async function fillDescription(page: Page, texts: { pt: string; en: string; fr: string }) {
  for (const language of ['pt', 'en', 'fr'] as const) {
    await page.getByTestId(`localized-description-${language}`).fill(texts[language]);
  }
}

function row(page: Page, text: string) {
  return page.getByTestId('table-row').filter({ hasText: text });
}

/**
 * Types `text` into the list's search box and waits for the list of that search: `found` rows, or rows that all
 * show `found`. The box searches after a debounce, then the list loads under an overlay: a row clicked at once is
 * the unfiltered list's, and the overlay that comes up between the press and the release swallows the click (no
 * confirmation, no form).
 */
async function search(page: Page, text: string, found: number | RegExp) {
  await page.getByTestId('table-search').fill(text);
  const rows = page.getByTestId('table-row');
  if (typeof found === 'number') {
    await expect(rows).toHaveCount(found);
  } else {
    await expect(rows.filter({ hasNotText: found })).toHaveCount(0);
    await expect(rows.first()).toBeVisible();
  }
  await expect(page.getByTestId('data-table')).not.toHaveAttribute('aria-busy', 'true');
}

test.describe('admin parametrization', () => {
  test('creates an island and a city, a CAE section and a division', async ({ openAs }) => {
    const page = await openAs('admin');
    await page.goto('/pt/admin/islands');
    await createRecord(page, 'pt', async () => {
      await page.getByTestId('field-code').fill('e2e');
      await fillDescription(page, { pt: 'Ilha de Ensaio', en: 'Test Island', fr: "Île d'essai" });
    });
    await page.getByTestId('table-search').fill('ensaio');
    await expect(row(page, 'Ilha de Ensaio')).toHaveCount(1);
    await expect(row(page, 'Ilha de Ensaio')).toContainText('E2E');

    await page.goto('/pt/admin/cities');
    await createRecord(page, 'pt', async () => {
      await choose(page, 'field-islandId', 'Ilha de Ensaio');
      await page.getByTestId('field-code').fill('E2E-VILA');
      await fillDescription(page, { pt: 'Vila de Ensaio', en: 'Test Town', fr: "Ville d'essai" });
    });
    await page.getByTestId('table-search').fill('vila de ensaio');
    await expect(row(page, 'Vila de Ensaio')).toContainText('Ilha de Ensaio');

    // The island cannot be deleted while its city refers to it.
    await page.goto('/pt/admin/islands');
    await search(page, 'ensaio', 1);
    await row(page, 'Ilha de Ensaio').getByTestId('row-delete').click();
    await page.getByTestId('confirm-button').click();
    await expect(page.getByTestId('api-error-message')).toBeVisible();
    await expect(row(page, 'Ilha de Ensaio')).toHaveCount(1);

    await page.goto('/pt/admin/section');
    await createRecord(page, 'pt', async () => {
      await page.getByTestId('field-code').fill('Z');
      await fillDescription(page, { pt: 'Secção de ensaio', en: 'Test section', fr: "Section d'essai" });
    });
    await page.goto('/pt/admin/devision');
    await createRecord(page, 'pt', async () => {
      await choose(page, 'field-sectionId', 'Secção de ensaio');
      await page.getByTestId('field-code').fill('Z1');
      await fillDescription(page, { pt: 'Divisão de ensaio', en: 'Test division', fr: "Division d'essai" });
    });
    await page.getByTestId('table-search').fill('divisao de ensaio');
    await expect(row(page, 'Divisão de ensaio')).toContainText('Secção de ensaio');
  });

  test("edits a criterion's target in each of the three languages", async ({ openAs }) => {
    const page = await openAs('admin');
    await page.goto('/pt/admin/criterion');
    const targets: Array<[Language, string]> = [
      ['pt', '0.4'],
      ['en', '0.45'],
      ['fr', '0.5'],
    ];
    for (const [language, target] of targets) {
      if (language !== 'pt') {
        await page.getByTestId('language-selector').click();
        await languageItem(page, language).click();
        await expect(page).toHaveURL(new RegExp(`/${language}/admin/criterion$`));
      }
      await search(page, 'autonomia', 1);
      await row(page, 'AF').getByTestId('row-edit').click();
      await expect(page.getByTestId('resource-form')).toBeVisible();
      await page.getByTestId('field-targetValue').fill(target);
      await page.getByTestId('save-button').click();
      await expect(page.getByText(t(language, 'common:updated')).first()).toBeVisible();
      await expect(row(page, 'AF')).toContainText(target);
    }
    const stored = await page.request.get('/app/api/v1/criteria?search=autonomia');
    const [criterion] = (await stored.json()).items as Array<{ code: string; targetValue: string }>;
    expect(criterion).toMatchObject({ code: 'AF', targetValue: '0.5' });
  });

  test('deactivates a user, who then cannot sign in', async ({ openAs, browser }) => {
    const user = {
      name: 'Utilisatrice Essai',
      email: 'essai.e2e@excelencia.cv',
      password: 'Motdepasse-2026',
    };
    const page = await openAs('admin');
    await page.goto('/fr/admin/admin');
    await createRecord(page, 'fr', async () => {
      await page.getByTestId('field-name').fill(user.name);
      await page.getByTestId('field-email').fill(user.email);
      await page.getByTestId('field-language').selectOption('fr');
      await page.getByTestId('field-password').fill(user.password);
    });
    await search(page, 'essai', /essai/i);
    await row(page, user.name).getByTestId('row-deactivate').click();
    await page.getByTestId('confirm-button').click();
    await expect(row(page, user.name).getByTestId('row-activate')).toBeVisible();

    const visitor = await browser.newContext();
    const attempt = await visitor.newPage();
    await attempt.goto('/fr/');
    await attempt.getByRole('button', { name: t('fr', 'shell:nav.login') }).click();
    await fillLoginPage(attempt, 'fr', user.email, user.password);
    await expect(attempt.getByText(t('fr', 'idp:errors.accountDisabled'))).toBeVisible();
    await visitor.close();
  });
});

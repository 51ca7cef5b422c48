import { expect } from '@playwright/test';
import type { Language } from '../packages/domain/src/index.ts';
import { axeViolations, expectNoSideScroll, t, test } from './support.ts';

/**
 * The content manager end to end: an admin writes a news item in pt, en and fr side by side (each language's
 * Missing mark goes as it is filled), adds a cover image (uploaded with progress, re-encoded by the server into
 * WebP widths), publishes it and previews it in English; then a visitor on a 390 px phone reads it at
 * /en/public/news/<slug>, with its picture, and axe finds nothing. Each run writes a news item of its own.
 */

const en = (key: string, params?: Record<string, string | number>) => t('en', key, params);
const stamp = Date.now().toString(36);
const TEXTS: Record<Language, { title: string; summary: string; body: string }> = {
  pt: {
    title: `Abertas as candidaturas ${stamp}`,
    summary: 'As empresas podem candidatar-se até ao fim do mês.',
    body: 'O regulamento da edição está disponível no site.',
  },
  en: {
    title: `Applications open ${stamp}`,
    summary: 'Companies may apply until the end of the month.',
    body: "The edition's regulation is available on the site.",
  },
  fr: {
    title: `Candidatures ouvertes ${stamp}`,
    summary: "Les entreprises peuvent postuler jusqu'à la fin du mois.",
    body: "Le règlement de l'édition est disponible sur le site.",
  },
};
/** A 640 × 360 PNG of one colour, for the server to re-encode into WebP widths. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAoAAAAFoCAIAAABIUN0GAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAEg0lEQVR42u3VMQ0AAAgEsVeC' +
    'MNQhlWCCqUkV3HKpHgDgWSQAAAMGAAMGAAwYAAwYADBgADBgAMCAAcCAAQADBgADBgADBgAMGAAMGAAwYAAwYADAgAHAgAEAAwYA' +
    'AwYAAwYADBgADBgAMGAAMGAAwIABwIABAAMGAAMGAAMGAAwYAAwYADBgADBgAMCAAcCAAQADBgADBgADBgAMGAAMGAAwYAAwYADA' +
    'gAHAgAEAAwYAAwYAAwYADBgADBgAMGAAMGAAwIABwIABAAMGAAMGAAMGAAwYAAwYADBgADBgAMCAAcCAAQADBgADBgADBgAMGAAM' +
    'GAAwYAAwYADAgAHAgAEAAwYAAwYAAwYADBgADBgAMGAAMGAAwIABwIABAAMGAAMGAANWAQAMGAAMGAAwYAAwYADAgAHAgAEAAwYA' +
    'AwYADBgADBgADBgAMGAAMGAAwIABwIABAAMGAAMGAAwYAAwYAAwYADBgADBgAMCAAcCAAQADBgADBgAMGAAMGAAMGAAwYAAwYADA' +
    'gAHAgAEAAwYAAwYADBgADBgADBgAMGAAMGAAwIABwIABAAMGAAMGAAwYAAwYAAwYADBgADBgAMCAAcCAAQADBgADBgAMGAAMGAAM' +
    'GAAwYAAwYADAgAHAgAEAAwYAAwYADBgADBgADBgAMGAAMGAAwIABwIABAAMGAAMGAAwYAAwYAAwYADBgADBgAMCAAcCAAQADBgAD' +
    'BgAMGAAMGAAMWAUAMGAAMGAAwIABwIABAAMGAAMGAAwYAAwYADBgADBgADBgAMCAAcCAAQADBgADBgAMGAAMGAAwYAAwYAAwYADA' +
    'gAHAgAEAAwYAAwYADBgADBgAMGAAMGAAMGAAwIABwIABAAMGAAMGAAwYAAwYADBgADBgADBgAMCAAcCAAQADBgADBgAMGAAMGAAw' +
    'YAAwYAAwYADAgAHAgAEAAwYAAwYADBgADBgAMGAAMGAAMGAAwIABwIABAAMGAAMGAAwYAAwYADBgADBgADBgAMCAAcCAAQADBgAD' +
    'BgAMGAAMGAAwYAAwYAAwYADAgAHAgAEAAwYAAwYADBgADBgAMGAAMGAAMGAAwIABwIABAAMGAAMGAAwYAAwYADBgADBgADBgCQDA' +
    'gAHAgAEAAwYAAwYADBgADBgAMGAAMGAAwIABwIABwIABAAMGAAMGAAwYAAwYADBgADBgAMCAAcCAAcCAAQADBgADBgAMGAAMGAAw' +
    'YAAwYADAgAHAgAHAgAEAAwYAAwYADBgADBgAMGAAMGAAwIABwIABwIABAAMGAAMGAAwYAAwYADBgADBgAMCAAcCAAcCAAQADBgAD' +
    'BgAMGAAMGAAwYAAwYADAgAHAgAHAgAEAAwYAAwYADBgADBgAMGAAMGAAwIABwIABwIABAAMGAAMGAAwYAAwYADBgADBgAMCAAcCA' +
    'AcCAAQADBgADBgAMGAAMGAAwYAAwYADAgAHAgAHAgFUAAAMGAAMGAAwYAAwYADBgADBgAMCAAcCAAQADBgADBgADBgAMGAAMGAAw' +
    'YAAwYADAgAHAgAGAs+jgmamM0zitAAAAAElFTkSuQmCC',
  'base64',
);

let slug = '';

test.describe
  .serial('news of the content manager', () => {
    test('an admin publishes a news item with a cover image in three languages and previews it in English', async ({
      openAs,
    }) => {
      test.setTimeout(120_000);
      const admin = await openAs('admin');
      await admin.goto('/en/admin/content-managment/blog-content');
      await admin.getByTestId('content-new').click();
      const editor = admin.getByTestId('news-editor');
      await expect(editor).toBeVisible();
      await expect(editor.getByTestId('missing-en').first()).toBeVisible();

      for (const language of ['pt', 'en', 'fr'] as const) {
        const text = TEXTS[language];
        await admin.getByTestId(`trilingual-title-${language}`).fill(text.title);
        await admin.getByTestId(`trilingual-summary-${language}`).fill(text.summary);
        await admin.getByTestId(`trilingual-body-${language}-editor`).click();
        await admin.keyboard.type(text.body);
      }
      // Every language written: no Missing mark is left.
      await expect(editor.locator('[data-testid^="missing-"]')).toHaveCount(0);

      const chooser = admin.waitForEvent('filechooser');
      await admin.getByTestId('news-cover-choose').click();
      await (await chooser).setFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
      const preview = admin.getByTestId('news-cover-preview');
      await expect(preview).toBeVisible();
      await expect(preview).toHaveAttribute('srcset', /\.webp \d+w/);

      await admin.getByRole('radio', { name: en('contentAdmin:status.published') }).check();
      expect(await axeViolations(admin)).toEqual([]);
      await admin.getByTestId('content-save').click();
      await expect(admin.getByText(en('common:created'))).toBeVisible();
      await expect(admin).toHaveURL(/edit=[0-9a-f-]{36}/);

      await admin.getByTestId('content-preview-button').click();
      await admin.getByTestId('preview-en').click();
      const shown = admin.getByTestId('content-preview');
      await expect(shown.getByRole('heading', { name: TEXTS.en.title })).toBeVisible();
      await expect(shown.getByText(TEXTS.en.body)).toBeVisible();
      await admin.keyboard.press('Escape');

      await admin.getByTestId('content-back').click();
      const row = admin.getByTestId('table-row').filter({ hasText: TEXTS.en.title });
      await expect(row.getByTestId('content-status')).toHaveText(en('contentAdmin:status.published'), {
        ignoreCase: true,
      });
      await expect(row.getByText(en('contentAdmin:allLanguages'))).toBeVisible();

      const listed = (await (
        await admin.request.get('/app/api/v1/public/content/news?language=en')
      ).json()) as { items: { title: string; slug: string }[] };
      const published = listed.items.find((item) => item.title === TEXTS.en.title);
      expect(published).toBeDefined();
      slug = published?.slug ?? '';
      await admin.context().close();
    });
    test('a visitor reads the news item in English on a 390 px phone, axe clean', async ({ browser }) => {
      expect(slug).not.toBe('');
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
      const page = await context.newPage();
      await page.goto(`/en/public/news/${slug}`);
      const article = page.getByTestId('news-article');
      await expect(article.getByRole('heading', { level: 1, name: TEXTS.en.title })).toBeVisible();
      await expect(article.getByText(TEXTS.en.body)).toBeVisible();
      await expect(article.locator('img[srcset*=".webp"]')).toBeVisible();
      await expectNoSideScroll(page);
      expect(await axeViolations(page)).toEqual([]);
      await context.close();
    });
  });

import { expect } from '@playwright/test';
import { axeViolations, expectNoSideScroll, t, test } from './support.ts';

/**
 * The public content pages a visitor reads, on the demo content (apps/server/src/seed/seed-content.ts):
 * the FAQ without JavaScript, the news from the home page to an article on a phone, a gallery video loaded on
 * click from youtube-nocookie only.
 */

test('a visitor without JavaScript reads the FAQ, opens a question and searches', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/pt/public/faqs');
  await expect(page.getByRole('heading', { level: 1, name: t('pt', 'pages:faq.title') })).toBeVisible();
  const question = page.getByTestId('faq-item').filter({ hasText: t('pt', 'pages:faq.q1') });
  await question.locator('summary').click();
  await expect(question.getByText(t('pt', 'pages:faq.a1'))).toBeVisible();
  // The search is a form: without JavaScript the server renders the page filtered by ?q=.
  await page.getByRole('searchbox', { name: t('pt', 'contentPublic:faq.search') }).fill('balancetes');
  await page.getByRole('button', { name: t('pt', 'contentPublic:faq.searchButton') }).click();
  await expect(page).toHaveURL(/\/pt\/public\/faqs\?q=balancetes$/);
  await expect(page.getByTestId('faq-item')).toHaveCount(1);
  await expect(page.getByTestId('faq-item')).toContainText(t('pt', 'pages:faq.q3'));
  await context.close();
});

test('a visitor on a phone goes from the latest news of the home page to an article in English, axe clean', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  await page.goto('/en/');
  const news = page.getByTestId('home-news');
  await expect(news.getByTestId('news-card')).toHaveCount(3);
  await news.getByRole('link', { name: t('en', 'contentPublic:home.allNews') }).click();
  await expect(page).toHaveURL(/\/en\/public\/news$/);
  await page
    .getByTestId('news-list')
    .getByRole('link', { name: 'Applications open for the new edition' })
    .click();
  await expect(page).toHaveURL(/\/en\/public\/news\/abertas-as-candidaturas-a-nova-edicao$/);
  const article = page.getByTestId('news-article');
  await expect(
    article.getByRole('heading', { level: 1, name: 'Applications open for the new edition' }),
  ).toBeVisible();
  await expect(article.getByText('Applying is free and voluntary.')).toBeVisible();
  await expectNoSideScroll(page);
  expect(await axeViolations(page)).toEqual([]);
  await context.close();
});

test('a gallery video loads from youtube-nocookie only when the visitor clicks it', async ({ page }) => {
  const external: string[] = [];
  page.on('request', (request) => {
    if (!new URL(request.url()).hostname.match(/^(localhost|127\.0\.0\.1)$/)) external.push(request.url());
  });
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<p>player</p>' }),
  );
  await page.goto('/en/public/gallery');
  const video = page.getByTestId('gallery-video').first();
  await expect(video.getByRole('link', { name: /Open on YouTube/ })).toHaveAttribute(
    'href',
    'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
  );
  // Nothing from YouTube before the click (no player, no still image).
  expect(external).toEqual([]);
  await video
    .getByRole('button', { name: t('en', 'contentPublic:gallery.play', { title: 'Video of the ceremony' }) })
    .click();
  await expect(video.locator('iframe')).toHaveAttribute(
    'src',
    'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1',
  );
});

import { expect } from '@playwright/test';
import { escapeHtml, LANGUAGES, type TargetComparison, targetText } from '../packages/domain/src/index.ts';
import { csrfHeaders, DEMO, signInNewContext, t, test } from './support.ts';

const BASE = 'http://localhost:3100';

/** The page's HTML as a crawler or a visitor without JavaScript gets it. */
async function html(request: import('@playwright/test').APIRequestContext, path: string) {
  const response = await request.get(path, { headers: { accept: 'text/html' } });
  return { response, body: await response.text() };
}

test.describe('public pages rendered on the server', () => {
  for (const language of LANGUAGES) {
    test(`the about page arrives with its text and head in ${language}`, async ({ request }) => {
      // The page is the content manager's 'about' page (seeded from the catalog's texts).
      const about = (await (
        await request.get(`/app/api/v1/public/content/pages/about?language=${language}`)
      ).json()) as { title: string };
      const { response, body } = await html(request, `/${language}/public/sobre`);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('text/html');
      const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/'/g, '&#x27;');
      expect(body).toContain(`<html lang="${language}"`);
      expect(body).toContain(`<title>${escaped(about.title)} · ${t(language, 'common:appName')}</title>`);
      expect(body).toMatch(/<meta name="description" content="[^"]{40,}">/);
      expect(body).toContain(`<link rel="canonical" href="${BASE}/${language}/public/sobre">`);
      for (const other of LANGUAGES) {
        expect(body).toContain(
          `<link rel="alternate" hreflang="${other}" href="${BASE}/${other}/public/sobre">`,
        );
      }
      expect(body).toContain(`<link rel="alternate" hreflang="x-default" href="${BASE}/pt/public/sobre">`);
      expect(body).toContain(`<meta property="og:title" content="${escaped(about.title)}">`);
      // The page's own text is in the HTML, before any JavaScript runs.
      expect(body).toMatch(new RegExp(`<h1[^>]*>${escaped(about.title)}</h1>`));
      expect(body).toContain('id="ssr-data"');
    });
  }

  test('the directory arrives with its first page of companies, and /404 answers 404', async ({
    request,
  }) => {
    const directory = await html(request, '/en/public/companies');
    expect(directory.response.status()).toBe(200);
    const companies = (await (
      await request.get('/app/api/v1/public/companies?page=1&pageSize=20')
    ).json()) as {
      items: Array<{ companyName: string }>;
    };
    expect(companies.items.length).toBeGreaterThan(0);
    for (const company of companies.items.slice(0, 3)) {
      expect(directory.body).toContain(company.companyName.replace(/&/g, '&amp;'));
    }
    const article = await html(request, '/en/public/news/no-such-article');
    expect(article.response.status()).toBe(404);
    const missing = await html(request, '/fr/404');
    expect(missing.response.status()).toBe(404);
    expect(missing.body).toContain(t('fr', 'shell:notFound.title').replace(/'/g, '&#x27;'));
    expect(missing.body).toContain('<meta name="robots" content="noindex">');
  });

  test('the eligibility page shows the thresholds of the criteria, and the sustainability page the current ESG form', async ({
    request,
  }) => {
    const eligibility = (await (
      await request.get('/app/api/v1/public/content/pages/eligibility?language=en')
    ).json()) as {
      thresholds: Array<{ description: string; targetComparison: string; targetValue: string }>;
    };
    expect(eligibility.thresholds.length).toBeGreaterThan(0);
    const page = await html(request, '/en/public/elegibilidade');
    expect(page.response.status()).toBe(200);
    expect(page.body).toContain('data-testid="eligibility-thresholds"');
    for (const threshold of eligibility.thresholds) {
      expect(page.body).toContain(threshold.description.replace(/&/g, '&amp;').replace(/'/g, '&#x27;'));
      // Written as the company's and the evaluator's screens write a target ('≥ 0.375'; '&gt; 0' in the HTML).
      expect(page.body).toContain(
        escapeHtml(
          targetText({
            comparison: threshold.targetComparison as TargetComparison,
            value: threshold.targetValue,
          }),
        ),
      );
    }
    const esg = await request.get('/app/api/v1/public/esg/current');
    const survey = await html(request, '/fr/public/sustentabilidade');
    expect(survey.response.status()).toBe(200);
    if (esg.ok()) {
      const form = (await esg.json()) as { title: Record<string, string> };
      expect(survey.body).toContain('data-testid="esg-current"');
      expect(survey.body).toContain((form.title.fr || form.title.pt || '').replace(/'/g, '&#x27;'));
    } else {
      expect(survey.body).toContain(t('fr', 'contentPublic:sustainability.noForm').replace(/'/g, '&#x27;'));
    }
  });

  test('a signed-in visitor (session cookie) gets the app shell, not a page rendered for visitors', async ({
    request,
  }) => {
    const response = await request.get('/pt/public/sobre', {
      headers: { accept: 'text/html', cookie: 'portal_session=not-a-session' },
    });
    expect(response.status()).toBe(200);
    const body = await response.text();
    expect(body).toContain('<div id="root"></div>');
    expect(body).not.toContain('id="ssr-data"');
  });

  test("a visitor's page runs its islands alone: the countdown ticks, the newsletter form subscribes, links lead on", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/en/');
    await expect(page.locator('html')).toHaveAttribute('data-ready', 'true');
    // Only the islands' script runs, not the app's.
    expect(scripts.filter((path) => path.startsWith('/assets/islands'))).not.toEqual([]);
    expect(scripts.filter((path) => /\/assets\/(index|vendor)-/.test(path))).toEqual([]);

    // The countdown, an island, ticks.
    const seconds = page.getByTestId('home-countdown-seconds');
    const first = await seconds.innerText();
    await expect(seconds).not.toHaveText(first, { timeout: 5_000 });

    // The newsletter form, an island, checks the address and subscribes without leaving the page.
    await page.getByTestId('newsletter-email').fill('island@');
    await page.getByTestId('newsletter-subscribe').click();
    await expect(page.getByTestId('newsletter-error')).toHaveText(t('en', 'validation:invalidEmail'));
    await page.getByTestId('newsletter-email').fill(`island-${Date.now()}@exemplo.cv`);
    await page.getByTestId('newsletter-subscribe').click();
    await expect(page.getByTestId('newsletter-thanks')).toHaveText(t('en', 'newsletter:form.thankYou'));

    // The rest is HTML: a link of the header leads to the next page the server renders.
    await page
      .getByRole('link', { name: t('en', 'shell:nav.about') })
      .first()
      .click();
    await expect(page).toHaveURL(/\/en\/public\/sobre$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'pages:about.title'));
    await expect(page).toHaveTitle(`${t('en', 'pages:about.title')} · ${t('en', 'common:appName')}`);
    expect(errors).toEqual([]);
  });
});

test.describe('signed-in pages rendered on the server', () => {
  test("the company dashboard arrives drawn with the company's data, then hydrates without a mismatch or a call", async ({
    browser,
  }) => {
    const dashboard = await signInNewContext(browser, 'en', DEMO.company, true);
    const context = dashboard.context();
    const [company] = (await (await context.request.get('/app/api/v1/me/companies')).json()) as Array<{
      id: string;
      companyName: string;
    }>;
    const sheets = (await (
      await context.request.get(`/app/api/v1/companies/${company?.id}/balance-sheets`)
    ).json()) as unknown[];
    expect(sheets.length).toBeGreaterThan(1);
    const count = t('en', 'balanceSheetsWeb:dashboard.count', { count: sheets.length });

    // The HTML itself has the page and its data, and is kept by no shared cache.
    const response = await context.request.get('/en/company/dashboard', { headers: { accept: 'text/html' } });
    expect(response.headers()['cache-control']).toBe('private, no-cache');
    const body = await response.text();
    expect(body).toContain('id="ssr-data"');
    expect(body).toContain(`data-testid="dashboard-sheets-count">${count}<`);
    expect(body).not.toContain(t('en', 'common:loading'));

    // Without JavaScript, the phone shows it as it is.
    const still = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await context.storageState(),
      viewport: { width: 390, height: 844 },
    });
    const plain = await still.newPage();
    await plain.goto('/en/company/dashboard');
    await expect(plain.getByTestId('dashboard-sheets-count')).toHaveText(count);
    await expect(plain.getByRole('heading', { level: 1 })).toBeVisible();
    await still.close();

    // With it, the page hydrates: no error (a mismatch is one), no call for what came with the page, and links work.
    const errors: string[] = [];
    dashboard.on('pageerror', (error) => errors.push(error.message));
    dashboard.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const calls: string[] = [];
    dashboard.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/app/api/')) calls.push(request.url());
    });
    await dashboard.goto('/en/company/dashboard');
    await expect(dashboard.locator('html')).toHaveAttribute('data-ready', 'true');
    await expect(dashboard.getByTestId('dashboard-sheets-count')).toHaveText(count);
    await dashboard.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    expect(calls).toEqual([]);
    await dashboard.getByTestId('company-profile-link').click();
    await expect(dashboard).toHaveURL(/\/en\/company\/profile$/);
    await expect(dashboard.getByRole('heading', { level: 1 })).toHaveText(
      t('en', 'shell:menu.items.companyProfile'),
    );

    // The application page's data is a chain (its eligibility reads the diagnoses, then the latest one, then that
    // one's what-if): the server follows it to the end, so that this page too hydrates without a call, whatever
    // the company's application has come to. A diagnosis of the latest sheet is made for it, and removed after.
    const headers = await csrfHeaders(context.request);
    const [latestSheet] = (await (
      await context.request.get(`/app/api/v1/companies/${company?.id}/balance-sheets`)
    ).json()) as Array<{ id: string }>;
    const made = await context.request.post(`/app/api/v1/companies/${company?.id}/diagnoses`, {
      headers,
      data: { balanceSheetId: latestSheet?.id },
    });
    expect(made.status()).toBe(201);
    const diagnosis = (await made.json()) as { id: string };
    const application = await context.newPage();
    const applicationCalls: string[] = [];
    application.on('request', (request) => {
      // Calls the app makes (a sealed company's badge is an image of the page, from the API's public path).
      const call = request.resourceType() === 'fetch' || request.resourceType() === 'xhr';
      if (call && new URL(request.url()).pathname.startsWith('/app/api/'))
        applicationCalls.push(request.url());
    });
    application.on('pageerror', (error) => errors.push(error.message));
    await application.goto('/en/company/application');
    await expect(application.locator('html')).toHaveAttribute('data-ready', 'true');
    await application.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
    expect(applicationCalls).toEqual([]);
    const removed = await context.request.delete(
      `/app/api/v1/companies/${company?.id}/diagnoses/${diagnosis.id}`,
      { headers },
    );
    expect(removed.status()).toBe(204);
    await context.close();
  });
});

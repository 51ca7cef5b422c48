import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { translate } from '@excelencia/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from './support/context.ts';
import { openEditionInput } from './support/editions.ts';

/**
 * A signed-in page comes with its session and a company user's companies in a data block, and preloads the
 * signed-in layout and the texts of its language (docs/adr/0025), so that the phone shows the page without
 * waiting for these calls one after the other.
 */
let ctx: TestContext;
let webDir: string;

const INDEX =
  '<!doctype html><html lang="pt"><head><script type="module" crossorigin src="/assets/index-1.js"></script>\n</head>' +
  '<body><div id="root"></div></body></html>';

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'first-answers-web-'));
  mkdirSync(join(webDir, '.vite'), { recursive: true });
  writeFileSync(join(webDir, 'index.html'), INDEX);
  writeFileSync(
    join(webDir, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js' },
      'src/app/layouts/signed-in-layout.tsx': {
        file: 'assets/signed-in-layout-2.js',
        imports: ['index.html', '_Menu-3.js'],
        css: ['assets/signed-in-layout-4.css'],
      },
      '_Menu-3.js': { file: 'assets/Menu-3.js' },
      'virtual:messages/pt/start': { file: 'assets/start-8.js' },
      'virtual:messages/pt/public': { file: 'assets/public-5.js' },
      'virtual:messages/pt/signedIn': { file: 'assets/signedIn-6.js' },
      'virtual:messages/en/signedIn': { file: 'assets/signedIn-7.js' },
      'src/features/companies/pages/company-dashboard-page.tsx': {
        file: 'assets/company-dashboard-page-9.js',
        imports: ['index.html', '_Card-10.js'],
      },
      '_Card-10.js': { file: 'assets/Card-10.js' },
    }),
  );
  ctx = await createTestContext({ env: { WEB_DIST_DIR: webDir } });
});

afterAll(async () => {
  await ctx?.close();
  rmSync(webDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await ctx.reset();
});

async function page(path: string, cookie?: string) {
  return ctx.app.inject({
    url: path,
    headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
  });
}

function answersIn(html: string): Record<string, unknown> | null {
  const block = /<script type="application\/json" id="first-answers">([\s\S]*?)<\/script>/.exec(html);
  return block?.[1] ? (JSON.parse(block[1]) as Record<string, unknown>) : null;
}

async function companyUser(companyName: string): Promise<{ signedIn: SignedIn; companyId: string }> {
  const user = await ctx.createUser({ email: 'ana@empresa.cv', name: 'Ana Tavares', roles: ['company'] });
  const companyId = await ctx.linkCompany(user.accountId, { companyName, nif: '200000001' });
  return { signedIn: await ctx.signIn(user.email, user.password), companyId };
}

describe('a signed-in page with its first answers', () => {
  it("carries a company user's session and companies, as the API answers them, and is kept by no shared cache", async () => {
    const { signedIn, companyId } = await companyUser('Ana Comércio, Lda');
    const response = await page('/pt/company/dashboard', signedIn.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const answers = answersIn(response.body);
    const session = await ctx.app.inject({ url: '/auth/session', headers: { cookie: signedIn.cookie } });
    const companies = await ctx.app.inject({
      url: '/app/api/v1/me/companies',
      headers: { cookie: signedIn.cookie },
    });
    expect(answers).toMatchObject({
      '/auth/session': session.json(),
      '/app/api/v1/me/companies': companies.json(),
    });
    expect(answers?.['/app/api/v1/me/companies']).toEqual([
      { id: companyId, companyName: 'Ana Comércio, Lda', nif: '200000001', role: 'owner' },
    ]);
    expect(answers?.['/auth/session']).toMatchObject({
      status: 'authenticated',
      user: { email: 'ana@empresa.cv', name: 'Ana Tavares' },
    });
  });

  it('preloads the signed-in layout, its imports and styles, and the start, public and signed-in texts of the language', async () => {
    const { signedIn } = await companyUser('Ana Comércio, Lda');
    const { body } = await page('/pt/company/balance-sheet', signedIn.cookie);
    expect(body).toContain('<link rel="modulepreload" crossorigin href="/assets/signed-in-layout-2.js">');
    expect(body).toContain('<link rel="modulepreload" crossorigin href="/assets/Menu-3.js">');
    expect(body).toContain('<link rel="stylesheet" crossorigin href="/assets/signed-in-layout-4.css">');
    expect(body).toContain('<link rel="modulepreload" crossorigin href="/assets/start-8.js">');
    expect(body).toContain('<link rel="modulepreload" crossorigin href="/assets/public-5.js">');
    expect(body).toContain('<link rel="modulepreload" crossorigin href="/assets/signedIn-6.js">');
    expect(body).not.toContain('signedIn-7.js');
    // The page's own code comes with the layout's on the pages people open most, not once the router has run.
    expect(body).not.toContain('company-dashboard-page-9.js');
    const dashboard = (await page('/pt/company/dashboard', signedIn.cookie)).body;
    expect(dashboard).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/company-dashboard-page-9.js">',
    );
    expect(dashboard).toContain('<link rel="modulepreload" crossorigin href="/assets/Card-10.js">');
    // The entry is loaded by its own script tag, not preloaded twice.
    expect(body).not.toContain('modulepreload" crossorigin href="/assets/index-1.js"');
  });

  it("shows the app's loading text in the page's language until the app renders, and a visitor's page keeps its root empty", async () => {
    const { signedIn } = await companyUser('Ana Comércio, Lda');
    for (const language of ['pt', 'en', 'fr'] as const) {
      const { body } = await page(`/${language}/company/dashboard`, signedIn.cookie);
      expect(body).toContain(
        `<div id="root"><div role="status" style="min-height:100vh;display:flex;align-items:center;justify-content:center">${translate(language, 'common:loading')}</div></div>`,
      );
    }
    expect((await page('/pt/public/faqs')).body).toContain('<div id="root"></div>');
  });

  it('gives an admin the session and no companies (an admin has none of its own)', async () => {
    const admin = await ctx.createUser({ email: 'admin@portal.cv', roles: ['admin'] });
    const signedIn = await ctx.signIn(admin.email, admin.password);
    const answers = answersIn((await page('/en/admin/users', signedIn.cookie)).body);
    expect(Object.keys(answers ?? {})).toEqual(['/auth/session']);
  });

  /** The API's own answer to a GET of `path` for `cookie`, in `language`. */
  async function apiAnswer(path: string, cookie: string, language = 'pt') {
    const response = await ctx.app.inject({ url: path, headers: { cookie, 'x-language': language } });
    expect(response.statusCode, path).toBe(200);
    return response.json();
  }

  async function withEdition(): Promise<{ id: string; indicatorYear: number }> {
    const admin = await ctx.createUser({ email: 'editions@portal.cv', roles: ['admin'] });
    const signedIn = await ctx.signIn(admin.email, admin.password);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/app/api/v1/editions',
      headers: signedIn.headers,
      payload: openEditionInput(),
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json();
  }

  it("carries the first calls of a one-company user's dashboard and application page, each as the API answers it", async () => {
    const edition = await withEdition();
    const { signedIn, companyId } = await companyUser('Ana Comércio, Lda');
    const company = `/app/api/v1/companies/${companyId}`;

    const dashboard = answersIn((await page('/pt/company/dashboard', signedIn.cookie)).body) ?? {};
    const dashboardCalls = [
      '/app/api/v1/accounts/by-email/ana%40empresa.cv',
      `${company}/balance-sheets`,
      `${company}/diagnoses`,
      `${company}/applications`,
      `${company}/eligibility`,
      '/app/api/v1/editions/current',
    ];
    expect(Object.keys(dashboard).sort()).toEqual(
      ['/auth/session', '/app/api/v1/me/companies', ...dashboardCalls].sort(),
    );
    for (const call of dashboardCalls)
      expect(dashboard[call], call).toEqual(await apiAnswer(call, signedIn.cookie));

    // The application page's early warning is of the current edition's indicator year (a second wave).
    const application = answersIn((await page('/fr/company/application', signedIn.cookie)).body) ?? {};
    const eligibility = `${company}/eligibility?year=${edition.indicatorYear}`;
    expect(application[eligibility]).toEqual(await apiAnswer(eligibility, signedIn.cookie, 'fr'));
    expect(application['/app/api/v1/editions/current']).toMatchObject({ id: edition.id });
  });

  it('makes no company call for a user with two companies (the one shown is chosen in the browser)', async () => {
    const { signedIn } = await companyUser('Ana Comércio, Lda');
    const user = await ctx.app.inject({ url: '/auth/session', headers: { cookie: signedIn.cookie } });
    await ctx.linkCompany(user.json().user.id, { companyName: 'Ana Serviços, Lda', nif: '200000002' });
    const answers = answersIn((await page('/pt/company/dashboard', signedIn.cookie)).body) ?? {};
    expect(Object.keys(answers).filter((path) => path.includes('/companies/'))).toEqual([]);
    expect(answers['/app/api/v1/me/companies']).toHaveLength(2);
  });

  it("carries the admin's applications list of the current edition, unless the page's address asks for another", async () => {
    const edition = await withEdition();
    const admin = await ctx.createUser({ email: 'admin@portal.cv', roles: ['admin'] });
    const signedIn = await ctx.signIn(admin.email, admin.password);
    const list = `/app/api/v1/applications?page=1&pageSize=20&sort=submittedAt&order=desc&editionId=${edition.id}`;
    const answers = answersIn((await page('/en/admin/application', signedIn.cookie)).body) ?? {};
    expect(answers[list]).toEqual(await apiAnswer(list, signedIn.cookie, 'en'));
    expect(answers['/app/api/v1/public/options/islands']).toEqual(
      await apiAnswer('/app/api/v1/public/options/islands', signedIn.cookie, 'en'),
    );
    const filtered = answersIn((await page('/en/admin/application?edition=x', signedIn.cookie)).body) ?? {};
    expect(Object.keys(filtered).some((path) => path.startsWith('/app/api/v1/applications'))).toBe(false);
  });

  it("leaves out a call the user may not make: a company user on the admin's page gets no admin answer", async () => {
    await withEdition();
    const { signedIn } = await companyUser('Ana Comércio, Lda');
    const answers = answersIn((await page('/pt/admin/dashboard', signedIn.cookie)).body) ?? {};
    expect(answers['/app/api/v1/admin/overview']).toBeUndefined();
    expect(answers['/app/api/v1/editions']).toBeUndefined();
  });

  it('cannot be closed early by a text in the answers: a company named with </script> reads back whole', async () => {
    const name = 'Evil </script><script>alert(1)</script> Lda';
    const { signedIn } = await companyUser(name);
    const { body } = await page('/pt/company/dashboard', signedIn.cookie);
    const start = body.indexOf('id="first-answers">');
    expect(body.slice(start).match(/<\/script>/g)?.length).toBe(1);
    expect(answersIn(body)?.['/app/api/v1/me/companies']).toMatchObject([{ companyName: name }]);
  });

  it('sends nothing personal without a valid session, on public pages, or with a session that has ended', async () => {
    const visitor = await page('/pt/company/dashboard');
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(answersIn(visitor.body)).toBeNull();

    const stale = await page('/pt/company/dashboard', 'portal_session=not-a-session');
    expect(answersIn(stale.body)).toBeNull();

    const { signedIn } = await companyUser('Ana Comércio, Lda');
    expect(answersIn((await page('/pt/public/faqs', signedIn.cookie)).body)).toBeNull();

    const csrfLogout = await ctx.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: signedIn.headers,
    });
    expect(csrfLogout.statusCode).toBeLessThan(400);
    expect(answersIn((await page('/pt/company/dashboard', signedIn.cookie)).body)).toBeNull();
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SIGN_OUT_EVENT, VisitsReport } from '@excelencia/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { pageViews } from '../../db/schema/index.ts';
import { createPageViewCounter, isBot } from '../../platform/page-views.ts';

/**
 * Page views counted on the server (docs/adr/0034): per day, page, language and a bot flag, no cookie set and
 * nothing that names a person kept; sign-outs counted as an event; read by admins only.
 */
let ctx: TestContext;
let webDir: string;
let admin: SignedIn;
let company: SignedIn;
let companyEmail: string;
let companyPassword: string;

const URL = '/app/api/v1/admin/visits';
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const today = () => new Date().toISOString().slice(0, 10);

function page(path: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') {
  return ctx.app.inject({
    method,
    url: path,
    headers: { accept: 'text/html', 'user-agent': BROWSER, ...headers },
    remoteAddress: '203.0.113.7',
  });
}

async function report(query = '') {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `${URL}${query}`,
    headers: { cookie: admin.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return VisitsReport.parse(response.json());
}

beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'visits-web-'));
  writeFileSync(
    join(webDir, 'index.html'),
    '<!doctype html><html lang="pt"><head></head><body><div id="root"></div></body></html>',
  );
  ctx = await createTestContext({ env: { WEB_DIST_DIR: webDir } });
  const adminUser = await ctx.createUser({ email: 'admin@visits.cv', roles: ['admin'] });
  const companyUser = await ctx.createUser({ email: 'dona@visits.cv', roles: ['company'] });
  await ctx.linkCompany(companyUser.accountId, { companyName: 'Visitada, Lda', nif: '500000070' });
  companyEmail = companyUser.email;
  companyPassword = companyUser.password;
  admin = await ctx.signIn(adminUser.email, adminUser.password);
  company = await ctx.signIn(companyEmail, companyPassword);
});

afterAll(async () => {
  await ctx?.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('counting page views', () => {
  it('counts public pages per page, language and day, people and bots apart, setting no cookie', async () => {
    const answers = [
      await page('/pt/public/sobre'),
      await page('/pt/public/sobre'),
      await page('/en/public/sobre'),
      await page('/fr/'),
      // Every article is one page: no slug kept.
      await page('/pt/public/news/abertura-2026'),
      await page('/pt/public/news/resultados'),
      await page('/pt/public/sobre', { 'user-agent': GOOGLEBOT }),
      await page('/pt/public/sobre', { 'user-agent': '' }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
    // Not views: a HEAD, a prefetch, a page that does not exist, a signed-in area, a path without a language.
    expect((await page('/pt/public/sobre', {}, 'HEAD')).statusCode).toBe(200);
    expect((await page('/pt/public/sobre', { 'sec-purpose': 'prefetch' })).statusCode).toBe(200);
    expect((await page('/pt/public/nao-existe')).statusCode).toBe(404);
    await page('/pt/admin/dashboard');
    await page('/public/sobre');

    const { rows } = await report();
    const day = today();
    expect(rows).toEqual([
      { day, page: 'home', language: 'fr', views: 1, bots: 0 },
      { day, page: 'public/news/:slug', language: 'pt', views: 2, bots: 0 },
      { day, page: 'public/sobre', language: 'en', views: 1, bots: 0 },
      { day, page: 'public/sobre', language: 'pt', views: 2, bots: 2 },
    ]);
  });

  it('keeps nothing that names a person: the day, the page, the language, the bot flag and the count', async () => {
    const result = (await ctx.db.execute(
      sql`select column_name from information_schema.columns where table_name = 'page_views' order by column_name`,
    )) as unknown as { rows?: Array<{ column_name: string }> } | Array<{ column_name: string }>;
    const rows = Array.isArray(result) ? result : (result.rows ?? []);
    expect(rows.map((row) => row.column_name)).toEqual(['bot', 'count', 'day', 'language', 'page']);
    const stored = await ctx.db.select().from(pageViews);
    expect(JSON.stringify(stored)).not.toContain('203.0.113.7');
    expect(JSON.stringify(stored)).not.toContain('Chrome');
  });

  it('counts a sign-out as an event, in the language of the request', async () => {
    const session = await ctx.signIn(companyEmail, companyPassword);
    const signOut = await ctx.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { ...session.headers, 'x-language': 'en', 'user-agent': BROWSER },
    });
    expect(signOut.statusCode).toBe(200);
    const { rows } = await report();
    expect(rows.filter((row) => row.page === SIGN_OUT_EVENT)).toEqual([
      { day: today(), page: SIGN_OUT_EVENT, language: 'en', views: 1, bots: 0 },
    ]);
  });

  it('flags robots by their user agent, and a request without one', () => {
    expect(isBot(GOOGLEBOT)).toBe(true);
    expect(isBot('curl/8.5.0')).toBe(true);
    expect(isBot(undefined)).toBe(true);
    expect(isBot(BROWSER)).toBe(false);
  });

  it('adds up what two instances counted (count = count + n)', async () => {
    const at = () => new Date('2026-01-15T10:00:00Z');
    const onError = (error: unknown) => {
      throw error;
    };
    const one = createPageViewCounter({ db: ctx.db, onError, now: at });
    const two = createPageViewCounter({ db: ctx.db, onError, now: at });
    one.count('public/faqs', 'pt', BROWSER);
    one.count('public/faqs', 'pt', BROWSER);
    two.count('public/faqs', 'pt', BROWSER);
    await Promise.all([one.close(), two.close()]);
    two.count('public/faqs', 'pt', BROWSER);
    await two.flush();
    const { rows } = await report('?from=2026-01-15&to=2026-01-15');
    expect(rows).toEqual([{ day: '2026-01-15', page: 'public/faqs', language: 'pt', views: 4, bots: 0 }]);
  });
});

describe('GET admin/visits', () => {
  it('answers 401 to a visitor and 403 to a company user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    const denied = await ctx.app.inject({ method: 'GET', url: URL, headers: { cookie: company.cookie } });
    expect(denied.statusCode).toBe(403);
  });

  it('covers the last 30 days by default, and refuses a range backwards or over a year', async () => {
    const { from, to } = await report();
    expect(to).toBe(today());
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(29);
    for (const query of ['?from=2026-02-01&to=2026-01-01', '?from=2024-01-01&to=2026-01-01']) {
      const refused = await ctx.app.inject({
        method: 'GET',
        url: `${URL}${query}`,
        headers: { cookie: admin.cookie },
      });
      expect(refused.statusCode).toBe(400);
    }
  });

  it('answers 400, not 500, to a day that does not exist or whose default span leaves the four-digit years', async () => {
    for (const query of [
      '?from=2024-13-45',
      '?from=2024-02-30',
      '?to=2025-02-29',
      '?from=9999-12-31',
      '?to=0001-01-01',
    ]) {
      const refused = await ctx.app.inject({
        method: 'GET',
        url: `${URL}${query}`,
        headers: { cookie: admin.cookie, 'x-language': 'en' },
      });
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().error.code, query).toBe('validation');
    }
  });
});

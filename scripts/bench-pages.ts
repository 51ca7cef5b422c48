/**
 * Lighthouse's mobile profile (simulated slow 4G, 4× CPU slowdown) on a fresh portal, as `npm start` runs it
 * (built-in identity provider, PGlite, demo data) on its own ports and data folder: the public pages a visitor
 * opens first, a company page of the directory, and the signed-in pages people use on a phone (the company's
 * dashboard, trial-balance upload, a diagnosis, application and ESG form, the admin's applications list and the
 * partner's dashboard), each account signed in through the provider's page. Every figure printed is the median
 * of RUNS runs. Printed, never asserted: the budgets that gate are in scripts/check-budgets.ts.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { translate } from '../packages/domain/src/index.ts';
import { benchDrawing } from './bench-draw.ts';

const PORT = Number(process.env.BENCH_PAGES_PORT ?? 3200);
const IDP_PORT = PORT + 1;
const BASE = `http://localhost:${PORT}`;
const RUNS = Number(process.env.BENCH_PAGES_RUNS ?? 3);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/**
 * Only the pages whose name contains one of these (comma-separated: `dashboard`, `/pt/company,(admin),(partner)`),
 * and no drawing; everything without it.
 */
const ONLY = process.env.BENCH_PAGES_ONLY;
const ONLY_NAMES = ONLY?.split(',').filter((name) => name !== '') ?? [];
/** A folder to keep each run's whole Lighthouse report in (JSON, one file per page and run), to see why. */
const REPORTS = process.env.BENCH_PAGES_REPORTS;
/** The flags the e2e suite starts Chromium with (playwright.config.ts). */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** Demo accounts of apps/server/src/seed/seed.ts. */
const DEMO_COMPANY = { email: 'empresa@excelencia.cv', password: 'Empresa!2026' };
const DEMO_ADMIN = { email: 'admin@excelencia.cv', password: 'Admin!2026' };
const DEMO_PARTNER = { email: 'parceiro@excelencia.cv', password: 'Parceiro!2026' };
const CATEGORIES = ['performance', 'accessibility', 'seo', 'best-practices'] as const;

interface Figures {
  performance: number;
  accessibility: number;
  seo: number;
  bestPractices: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  requests: number;
  bytes: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
}

async function waitForHealth(server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The portal exited with ${server.exitCode}.`);
    try {
      if ((await fetch(`${BASE}/app/api/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('The portal did not answer within 2 minutes.');
}

/** The session cookie of a demo account, signed in through the Login button and the provider's page. */
async function sessionCookie(account: { email: string; password: string }): Promise<string> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.slice(1) });
  try {
    const page = await browser.newPage();
    await page.goto(`${BASE}/pt/`);
    // The server-rendered page's button acts once the page has hydrated.
    await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: translate('pt', 'shell:nav.login') }).click();
    await page.getByLabel(translate('pt', 'idp:signIn.email'), { exact: true }).fill(account.email);
    await page.getByLabel(translate('pt', 'idp:signIn.password'), { exact: true }).fill(account.password);
    await page.getByRole('button', { name: translate('pt', 'idp:signIn.submit') }).click();
    await page.waitForURL((url) => url.port === String(PORT));
    const cookies = await page.context().cookies(BASE);
    if (!cookies.some((cookie) => cookie.name === 'portal_session'))
      throw new Error('Signing in gave no session.');
    return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  } finally {
    await browser.close();
  }
}

/** A signed-in API call with the session cookie (and the CSRF token for a change), as the app makes it. */
async function apiAs<T>(cookie: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { cookie, accept: 'application/json' };
  if (body !== undefined) {
    const csrf = (await (await fetch(`${BASE}/auth/csrf`, { headers: { cookie } })).json()) as {
      csrfToken: string;
    };
    headers['x-csrf-token'] = csrf.csrfToken;
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(`${BASE}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A diagnosis of the demo company on its latest sheet, made through the API as the run form makes it. */
async function demoDiagnosisPath(cookie: string): Promise<string> {
  const [company] = await apiAs<Array<{ id: string }>>(cookie, '/app/api/v1/me/companies');
  if (!company) throw new Error('The demo company account has no company.');
  const [sheet] = await apiAs<Array<{ id: string }>>(
    cookie,
    `/app/api/v1/companies/${company.id}/balance-sheets`,
  );
  if (!sheet) throw new Error('The demo company has no balance sheet.');
  const diagnosis = await apiAs<{ id: string }>(cookie, `/app/api/v1/companies/${company.id}/diagnoses`, {
    balanceSheetId: sheet.id,
  });
  return `/pt/company/diagnosis?id=${diagnosis.id}`;
}

async function audit(port: number, url: string, cookie?: string, report?: string): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}.`);
  const { categories, audits } = result.lhr;
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.message}`);
  if (report) writeFileSync(report, JSON.stringify(result.lhr));
  const score = (id: string) => Math.round((categories[id]?.score ?? Number.NaN) * 100);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const requests = audits['network-requests']?.details;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    bestPractices: score('best-practices'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    requests: requests && 'items' in requests ? requests.items.length : Number.NaN,
    bytes: value('total-byte-weight'),
  };
}

/** Lighthouse now and then loses the trace of a load (NO_NAVSTART, NO_FCP): such a run is run again. */
async function auditWithRetry(port: number, url: string, cookie?: string, report?: string): Promise<Figures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(port, url, cookie, report);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`  ${error instanceof Error ? error.message : String(error)}: running it again`);
    }
  }
}

function row(name: string, f: Figures): string {
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return [
    name.padEnd(34),
    String(f.performance).padStart(5),
    String(f.accessibility).padStart(5),
    String(f.seo).padStart(5),
    String(f.bestPractices).padStart(5),
    seconds(f.fcp).padStart(7),
    seconds(f.lcp).padStart(7),
    `${f.tbt.toFixed(0)} ms`.padStart(8),
    f.cls.toFixed(3).padStart(6),
    String(f.requests).padStart(5),
    `${(f.bytes / 1024).toFixed(0)} KB`.padStart(8),
  ].join(' ');
}

/**
 * Lighthouse on the pages, then the charts and editors drawn on a phone (scripts/bench-draw.ts);
 * BENCH_PAGES_DRAW_ONLY=true runs the drawing alone.
 */
export async function benchPages(
  options: { lighthouse: boolean } = { lighthouse: process.env.BENCH_PAGES_DRAW_ONLY !== 'true' },
): Promise<void> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  // The bench measures the current sources: build them as npm start does.
  execFileSync('npm', ['run', 'build', '--workspace', '@excelencia/web'], { cwd: root, stdio: 'ignore' });

  const dataDir = mkdtempSync(join(tmpdir(), 'bench-pages-'));
  const server = spawn(process.execPath, [join(root, 'apps/server/src/main.ts')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(PORT),
      IDP_PORT: String(IDP_PORT),
      DATA_DIR: dataDir,
      PUBLIC_URL: BASE,
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
    },
  });
  let stopping = false;
  server.on('exit', (code, signal) => {
    if (!stopping) console.error(`The portal stopped during the bench (exit ${code ?? signal}).`);
  });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await waitForHealth(server);
    const directory = (await (await fetch(`${BASE}/app/api/v1/public/companies?pageSize=1`)).json()) as {
      items: Array<{ id: string; companyName: string }>;
    };
    const peer = directory.items[0];
    if (!peer) throw new Error('The demo data lists no company in the directory.');
    const cookie = await sessionCookie(DEMO_COMPANY);
    const adminCookie = await sessionCookie(DEMO_ADMIN);
    const partnerCookie = await sessionCookie(DEMO_PARTNER);
    const diagnosis = await demoDiagnosisPath(cookie);

    const pages: Array<{ name: string; path: string; cookie?: string }> = [
      { name: '/pt/ (home)', path: '/pt/' },
      { name: '/pt/public/faqs', path: '/pt/public/faqs' },
      { name: '/pt/public/sobre', path: '/pt/public/sobre' },
      { name: '/pt/public/companies (directory)', path: '/pt/public/companies' },
      { name: '/pt/public/companies/<id> (company)', path: `/pt/public/companies/${peer.id}` },
      { name: '/pt/public/barometro (barometer)', path: '/pt/public/barometro?by=caeSection' },
      { name: '/pt/company/dashboard (signed in)', path: '/pt/company/dashboard', cookie },
      { name: '/pt/company/balance-sheet', path: '/pt/company/balance-sheet', cookie },
      { name: '/pt/company/diagnosis?id= (one)', path: diagnosis, cookie },
      { name: '/pt/company/application', path: '/pt/company/application', cookie },
      { name: '/pt/company/esg', path: '/pt/company/esg', cookie },
      { name: '/pt/admin/application (admin)', path: '/pt/admin/application', cookie: adminCookie },
      { name: '/pt/partner/dashboard (partner)', path: '/pt/partner/dashboard', cookie: partnerCookie },
    ];

    if (options.lighthouse) {
      chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
      console.log(
        `\nLighthouse ${lighthouseVersion()} mobile profile, median of ${RUNS} runs per page (${BASE}, company page: ${peer.companyName})\n`,
      );
      console.log(
        [
          'page'.padEnd(34),
          'perf'.padStart(5),
          'a11y'.padStart(5),
          'seo'.padStart(5),
          'bp'.padStart(5),
          'FCP'.padStart(7),
          'LCP'.padStart(7),
          'TBT'.padStart(8),
          'CLS'.padStart(6),
          'reqs'.padStart(5),
          'bytes'.padStart(8),
        ].join(' '),
      );
      if (REPORTS) mkdirSync(REPORTS, { recursive: true });
      for (const page of pages.filter(
        (candidate) => !ONLY || ONLY_NAMES.some((name) => candidate.name.includes(name)),
      )) {
        const runs: Figures[] = [];
        for (let run = 0; run < RUNS; run++) {
          const report = REPORTS
            ? join(REPORTS, `${page.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}-${run + 1}.json`)
            : undefined;
          runs.push(await auditWithRetry(chrome.port, `${BASE}${page.path}`, page.cookie, report));
        }
        const medians = Object.fromEntries(
          (Object.keys(runs[0] ?? {}) as Array<keyof Figures>).map((key) => [
            key,
            median(runs.map((r) => r[key])),
          ]),
        ) as unknown as Figures;
        console.log(row(page.name, medians));
      }
      chrome.kill();
      chrome = undefined;
    }

    if (ONLY) return;
    const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.slice(1) });
    try {
      await benchDrawing(
        browser,
        BASE,
        [
          {
            name: '/pt/company/statistic (charts)',
            path: '/pt/company/statistic',
            cookie,
            drawn: 'svg.recharts-surface',
            boxes: '[data-testid="dg-series-chart"]',
          },
          {
            name: '/pt/admin/.../home-content (editors)',
            path: '/pt/admin/content-managment/home-content',
            cookie: adminCookie,
            drawn: '.ProseMirror',
            boxes:
              '[data-testid^="trilingual-"]:has(> [data-testid="rich-text-loading"], .ProseMirror, [data-rich-text-placeholder])',
          },
        ],
        RUNS,
      );
    } finally {
      await browser.close();
    }
  } finally {
    chrome?.kill();
    stopping = true;
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function lighthouseVersion(): string {
  return (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version;
}

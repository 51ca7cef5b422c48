/**
 * Speed and memory figures (printed, never asserted): the portal on PGlite with the real built-in identity
 * provider, loaded over loopback with autocannon. Run with `npm run bench`. With BENCH_DATABASE_URL (a
 * PostgreSQL URL whose user may create databases) the api and directory cases run again on a fresh database of
 * that server, dropped at the end. BENCH_SECONDS sets each load case's length (5), BENCH_SOAK_SECONDS the soak's
 * (600).
 */
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { bigTrialBalance } from '../apps/server/test/support/balance-sheets.ts';
import { createTestContext, type TestContext } from '../apps/server/test/support/context.ts';
import { startCommand } from '../apps/server/test/support/start-options.ts';
import { benchCampaign } from './bench-campaign.ts';
import { benchDiagnosis } from './bench-diagnosis.ts';
import { benchApi, benchDirectoryLoad, NAME_FRAGMENTS } from './bench-load.ts';
import { benchPages } from './bench-pages.ts';
import { benchSoak } from './bench-soak.ts';

/**
 * BENCH_ONLY=diagnosis,directory runs only those cases (api, directory, campaign, balance-sheets, diagnosis, pages,
 * soak, rush);
 * all by default.
 */
const CASES = [
  'api',
  'directory',
  'campaign',
  'balance-sheets',
  'diagnosis',
  'pages',
  'soak',
  'rush',
] as const;
const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
for (const name of only) {
  if (!(CASES as readonly string[]).includes(name))
    throw new Error(`BENCH_ONLY: no case ${name} (${CASES.join(', ')})`);
}
const runs = (name: (typeof CASES)[number]) => only.length === 0 || only.includes(name);

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

// ---- Lighthouse on the pages of a fresh portal, in scripts/bench-pages.ts ------------------------------
if (runs('pages')) await benchPages();
// The other cases share one in-process portal; none of them asked for, it is not started.
if (!CASES.some((name) => name !== 'pages' && runs(name))) process.exit(0);

/**
 * A portal with its own identity provider and a fresh database: PGlite in memory, or a new database on the
 * PostgreSQL server of BENCH_DATABASE_URL. The proxy header is trusted, so the directory's load can come from
 * many visitor addresses (its routes are rate-limited per address).
 */
async function portal(on: 'PGlite' | 'PostgreSQL', env: Record<string, string> = {}): Promise<TestContext> {
  const startedAt = performance.now();
  const previous = process.env.TEST_DATABASE_URL;
  if (on === 'PostgreSQL') process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  else delete process.env.TEST_DATABASE_URL;
  try {
    const ctx = await createTestContext({ env: { TRUST_PROXY: 'true', ...env } });
    console.log(
      `\n== ${on}: start-up (migrations, identity provider, app): ${(performance.now() - startedAt).toFixed(0)} ms`,
    );
    return ctx;
  } finally {
    if (previous === undefined) delete process.env.TEST_DATABASE_URL;
    else process.env.TEST_DATABASE_URL = previous;
  }
}

const DATABASES: Array<'PGlite' | 'PostgreSQL'> = process.env.BENCH_DATABASE_URL
  ? ['PGlite', 'PostgreSQL']
  : ['PGlite'];
if (!process.env.BENCH_DATABASE_URL) {
  console.log('BENCH_DATABASE_URL is not set: the api and directory cases run on PGlite only.');
}

// The api and directory cases on each database; the others (balance-sheets, diagnosis) on PGlite's portal.
let ctx: TestContext | undefined;
for (const on of DATABASES) {
  if (
    !runs('api') &&
    !runs('directory') &&
    !runs('campaign') &&
    !runs('diagnosis') &&
    (on !== 'PGlite' || !runs('balance-sheets'))
  ) {
    continue;
  }
  const current = await portal(on);
  if (runs('api')) await benchApi(current, on);
  if (runs('directory')) await benchDirectory(current, on);
  if (runs('campaign')) await benchCampaign(current, on);
  // The statistics on PostgreSQL here; on PGlite below, after the balance-sheet case.
  if (runs('diagnosis') && on === 'PostgreSQL') await benchDiagnosis(current);
  if (on === 'PGlite') ctx = current;
  else await current.close();
}

// ---- the public company directory on 100 000 listed companies ----------------------------------------
async function benchDirectory(ctx: TestContext, on: string): Promise<void> {
  const DIRECTORY_COMPANIES = 100_000;
  const DIRECTORY_QUERIES = Number(process.env.BENCH_DIRECTORY_QUERIES ?? 200);
  const seededAt = performance.now();
  await ctx.db.execute(sql`
  with island as (
    insert into islands (code, description) values ('BENCH', '{"pt":"Santiago","en":"","fr":""}') returning id
  ), city as (
    insert into cities (code, description, island_id)
    select 'BENCH', '{"pt":"Praia","en":"","fr":""}', id from island returning id
  )
  insert into companies (company_name, nif, email, city_id, is_listed, establishment_date, contact_phone)
  select
    (array['Açores','Mindelo','Sal Rei','Praia','Fogo','Brava','Tarrafal'])[1 + i % 7] || ' ' ||
      (array['Comércio','Pesca','Turismo','Construção','Serviços','Agro'])[1 + (i / 7) % 6] || ' ' || i,
    (100000000 + i * 7)::text,
    'empresa' || i || '@bench.cv',
    (select id from city),
    true,
    date '1980-01-01' + (i % 15000),
    '+238 ' || (2000000 + i)::text
  from generate_series(1, ${DIRECTORY_COMPANIES}) as i
`);
  await ctx.db.execute(sql`analyze companies`);
  console.log(
    `\ndirectory on ${on}: ${DIRECTORY_COMPANIES} listed companies seeded in ${(performance.now() - seededAt).toFixed(0)} ms`,
  );

  /** The plan the database picks for a directory filter (to see the indexes at work). */
  async function planOf(where: ReturnType<typeof sql>): Promise<string> {
    const result = (await ctx.db.execute(
      sql`explain select id from companies where is_listed and ${where} order by company_name limit 20`,
    )) as unknown as { rows: Record<string, string>[] };
    return result.rows
      .map((row) => Object.values(row)[0] ?? '')
      .filter((line) => /Scan|Index/.test(line))
      .map((line) => line.trim().replace(/\s+\(cost.*$/, ''))
      .join(' | ');
  }
  console.log(`plan, name fragment: ${await planOf(sql`search_text like '%mindel%'`)}`);
  console.log(`plan, NIF prefix:    ${await planOf(sql`nif like '10001%'`)}`);

  function percentile(sorted: number[], p: number): number {
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
  }

  /** Timed in-process requests; each from its own address, as the public routes are rate-limited per address. */
  async function directoryCase(name: string, term: (i: number) => string): Promise<void> {
    const times: number[] = [];
    let totalHits = 0;
    let failures = 0;
    for (let i = 0; i < DIRECTORY_QUERIES; i++) {
      const started = performance.now();
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/app/api/v1/public/companies?search=${encodeURIComponent(term(i))}&pageSize=20`,
        remoteAddress: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      });
      times.push(performance.now() - started);
      if (response.statusCode !== 200) failures += 1;
      else totalHits += (response.json() as { total: number }).total;
    }
    times.sort((a, b) => a - b);
    console.log(
      name.padEnd(52),
      String(DIRECTORY_QUERIES).padStart(8),
      percentile(times, 50).toFixed(1).padStart(8),
      percentile(times, 99).toFixed(1).padStart(8),
      String(failures).padStart(8),
      `  (avg ${(totalHits / Math.max(1, DIRECTORY_QUERIES - failures)).toFixed(0)} matches)`,
    );
  }

  console.log(
    `\n${'directory search (app.inject, sequential)'.padEnd(52)}`,
    'queries'.padStart(8),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'non-2xx'.padStart(8),
  );
  await directoryCase(
    'GET public/companies?search=<name fragment>',
    (i) => `${NAME_FRAGMENTS[i % NAME_FRAGMENTS.length]}`,
  );
  await directoryCase(
    'GET public/companies?search=<accented name + number>',
    (i) => `Açores Comércio ${7 * i}`,
  );
  await directoryCase('GET public/companies?search=<NIF prefix, 4-6 digits>', (i) =>
    String(100000000 + ((i * 7919) % 100_000) * 7).slice(0, 4 + (i % 3)),
  );
  await directoryCase('GET public/companies (no search, first page)', () => '');

  await benchDirectoryLoad(ctx, on);
}

// ---- a 50 000-line trial balance: upload check ----------------------------------------------------------
// Written here with exceljs's streaming writer, then parsed, checked and aggregated by the upload's own code path
// (trial-balance-file.ts) in a child process, so the peak memory printed is that of the check alone.
if (runs('balance-sheets') && ctx) {
  const lines = Number(process.env.BENCH_TRIAL_BALANCE_LINES ?? 50_000);
  const path = join(tmpdir(), `bench-trial-balance-${process.pid}.xlsx`);
  await writeFile(path, await bigTrialBalance(lines));
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [
      join(import.meta.dirname, 'bench-balance-sheets.ts'),
      path,
    ]);
    console.log(`\n${stdout.trim()}`);
  } finally {
    await rm(path, { force: true });
  }
}

// ---- admin statistics over 10 000 companies × 12 periods, in scripts/bench-diagnosis.ts ----------------
if (runs('diagnosis') && ctx) await benchDiagnosis(ctx);

if (ctx) {
  const memory = process.memoryUsage();
  console.log(`\nmemory after the run: rss ${mib(memory.rss)}, heap used ${mib(memory.heapUsed)}`);
  await ctx.close();
}

// ---- the deadline rush (scripts/bench-rush.ts), each database's in a process of its own started with npm start's
// environment and Node options, so its memory figures are those of a portal as npm start runs it: PGlite with the files on local
// disk, then PostgreSQL with the files in an S3 bucket (s3rver, in a child process) when given -----------------
if (runs('rush')) {
  const start = startCommand();
  for (const on of DATABASES) {
    const rush = spawn(
      process.execPath,
      [...start.nodeOptions, join(import.meta.dirname, 'bench-rush.ts'), on],
      {
        stdio: 'inherit',
        env: { ...process.env, ...start.env },
      },
    );
    const [code] = await once(rush, 'exit');
    if (code !== 0) throw new Error(`the rush on ${on} exited with ${code}`);
  }
}

// ---- the soak, on its own portal (so its memory figures are its own), on PostgreSQL when given ----------
if (runs('soak')) {
  const on = DATABASES.at(-1) ?? 'PGlite';
  const soakPortal = await portal(on);
  await benchSoak(soakPortal, on);
  await soakPortal.close();
}

/**
 * Speed and memory figures (printed, never asserted): the portal on PGlite with the real built-in identity
 * provider, loaded over loopback with autocannon. Run with `npm run bench`.
 */
import { execFile } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { bigTrialBalance } from '../apps/server/test/support/balance-sheets.ts';
import { createTestContext } from '../apps/server/test/support/context.ts';
import { benchDiagnosis } from './bench-diagnosis.ts';
import { benchPages } from './bench-pages.ts';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

/** BENCH_ONLY=diagnosis,directory runs only those cases (api, directory, balance-sheets, diagnosis, pages); all by default. */
const CASES = ['api', 'directory', 'balance-sheets', 'diagnosis', 'pages'] as const;
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

const startedAt = performance.now();
const ctx = await createTestContext();
console.log(
  `start-up (migrations, identity provider, app): ${(performance.now() - startedAt).toFixed(0)} ms`,
);

if (runs('api')) {
  const user = await ctx.createUser({ email: 'bench@excelencia.cv', roles: ['company'] });
  await ctx.linkCompany(user.accountId, { companyName: 'Bench, Lda', nif: '299999999' });
  const session = await ctx.signIn(user.email, user.password);
  const token = await ctx.bearer(user.email, user.password);

  const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });

  // /auth/* is rate-limited per address (600 a minute on /auth/session), so it is not load-tested here.
  const cases: Array<{ name: string; path: string; headers?: Record<string, string> }> = [
    { name: 'GET /app/api/v1/health (database ping)', path: '/app/api/v1/health' },
    {
      name: 'GET /app/api/v1/me/companies (session cookie)',
      path: '/app/api/v1/me/companies',
      headers: { cookie: session.cookie },
    },
    {
      name: 'GET /app/api/v1/me (bearer token, JWKS)',
      path: '/app/api/v1/me',
      headers: { authorization: `Bearer ${token}` },
    },
  ];

  console.log(`\n${DURATION_SECONDS} s per case, 10 connections, loopback\n`);
  console.log(
    'case'.padEnd(52),
    'req/s'.padStart(8),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'non-2xx'.padStart(8),
  );
  for (const c of cases) {
    const result = await autocannon({
      url: `${address}${c.path}`,
      headers: c.headers,
      connections: 10,
      duration: DURATION_SECONDS,
    });
    console.log(
      c.name.padEnd(52),
      result.requests.average.toFixed(0).padStart(8),
      String(result.latency.p50).padStart(8),
      String(result.latency.p99).padStart(8),
      String(result.non2xx).padStart(8),
    );
  }
}

// ---- the public company directory on 100 000 listed companies ----------------------------------------
if (runs('directory')) {
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
    `\ndirectory: ${DIRECTORY_COMPANIES} listed companies seeded in ${(performance.now() - seededAt).toFixed(0)} ms`,
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
  const fragments = [
    'acor',
    'mindel',
    'turis',
    'construc',
    'pesca',
    'sal re',
    'agro 12',
    'fogo ser',
    'comerc',
    'tarraf',
  ];
  await directoryCase(
    'GET public/companies?search=<name fragment>',
    (i) => `${fragments[i % fragments.length]}`,
  );
  await directoryCase(
    'GET public/companies?search=<accented name + number>',
    (i) => `Açores Comércio ${7 * i}`,
  );
  await directoryCase('GET public/companies?search=<NIF prefix, 4-6 digits>', (i) =>
    String(100000000 + ((i * 7919) % 100_000) * 7).slice(0, 4 + (i % 3)),
  );
  await directoryCase('GET public/companies (no search, first page)', () => '');
}

// ---- a 50 000-line trial balance: upload check ----------------------------------------------------------
// Written here with exceljs's streaming writer, then parsed, checked and aggregated by the upload's own code path
// (trial-balance-file.ts) in a child process, so the peak memory printed is that of the check alone.
if (runs('balance-sheets')) {
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
if (runs('diagnosis')) await benchDiagnosis(ctx);

const memory = process.memoryUsage();
console.log(`\nmemory after the run: rss ${mib(memory.rss)}, heap used ${mib(memory.heapUsed)}`);
await ctx.close();

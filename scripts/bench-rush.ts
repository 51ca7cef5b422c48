/**
 * The deadline rush of scripts/bench.ts (BENCH_ONLY=rush): BENCH_RUSH_COMPANIES (200) companies, each with an
 * account, a session and the two eligible annual sheets, come one after the other over BENCH_RUSH_WINDOW_SECONDS
 * (120) and each applies to the open edition, uploads its 8 PDFs (1 to 10 MB, generated as they are sent) and
 * submits, while visitors browse the public pages' data (autocannon at BENCH_RUSH_BROWSE_CONNECTIONS, 10, held
 * to BENCH_RUSH_BROWSE_RATE, 100 requests a second). Prints the errors and p50/p99 of each step and the portal's
 * RSS, sampled every 100 ms (its peak). The companies and the visitors run in child processes
 * (scripts/bench-rush-child.ts), so the memory figures are the portal's. Nothing is asserted.
 *
 * scripts/bench.ts runs it once per database, each in a process of its own started as `npm start` starts the portal
 * (its environment and Node options):
 * `node <options> scripts/bench-rush.ts PGlite|PostgreSQL` (PostgreSQL on BENCH_DATABASE_URL, files in an s3rver
 * bucket), so a figure is that of a portal as `npm start` runs it, and not what the run before it left (PGlite's
 * WebAssembly memory, the heap pages V8 keeps).
 */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { buildBalanceTree, portalDay, treeLeaves } from '@excelencia/domain';
import { sql } from 'drizzle-orm';
import { DEFAULT_PUBLIC_CACHE_MS } from '../apps/server/src/config.ts';
import { selfDiagnosisTree } from '../apps/server/src/modules/reference/self-diagnosis-tree.ts';
import { seedReferenceData } from '../apps/server/src/seed/seed-reference.ts';
import { createTestContext, type TestContext } from '../apps/server/test/support/context.ts';
import { SHEET_2023, SHEET_2024 } from '../apps/server/test/support/eligible-sheets.ts';
import { listening } from './bench-load.ts';
import { type BrowseFigures, documentSize, type RushFigures, type RushPlan } from './bench-rush-child.ts';

const COMPANIES = Number(process.env.BENCH_RUSH_COMPANIES ?? 200);
const WINDOW_SECONDS = Number(process.env.BENCH_RUSH_WINDOW_SECONDS ?? 120);
const BROWSE_CONNECTIONS = Number(process.env.BENCH_RUSH_BROWSE_CONNECTIONS ?? 10);
const BROWSE_RATE = Number(process.env.BENCH_RUSH_BROWSE_RATE ?? 100);
const API = '/app/api/v1';
const DAY = 24 * 3_600_000;
type Running = ChildProcessByStdio<Writable, Readable, null>;
const CHILD = fileURLToPath(new URL('./bench-rush-child.ts', import.meta.url));

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** scripts/bench-rush-child.ts in this role, its options sent; stdin stays open unless `endInput`. */
function child(role: string, options: unknown, endInput = false): Running {
  const started = spawn(process.execPath, [CHILD, role], { stdio: ['pipe', 'pipe', 'inherit'] });
  started.stdin.write(`${JSON.stringify(options)}\n`);
  if (endInput) started.stdin.end();
  return started;
}

/** What a child wrote on stdout once it exits (an exit code other than 0 is an error). */
async function outputOf<T>(running: Running): Promise<T> {
  const [output, [code]] = await Promise.all([text(running.stdout), once(running, 'exit')]);
  if (code !== 0) throw new Error(`bench-rush-child exited with ${code}`);
  return JSON.parse(output) as T;
}

/** s3rver in a child process (its memory is not the portal's): the FILES_URL of its bucket, and how to stop it. */
async function s3rverInChild(bucket: string): Promise<{ filesUrl: string; close(): Promise<void> }> {
  const server = child('s3', { bucket });
  const [line] = await once(createInterface({ input: server.stdout }), 'line');
  const { filesUrl } = JSON.parse(String(line)) as { filesUrl: string };
  return {
    filesUrl,
    async close() {
      server.stdin.end();
      await once(server, 'exit');
    },
  };
}

/**
 * A template company signs in and enters its 2023 and 2024 sheets through the API; the rush's companies, their
 * accounts and members, copies of those sheets and their sessions are then written in a few statements.
 */
async function seedCompanies(ctx: TestContext): Promise<RushPlan['companies']> {
  await seedReferenceData(ctx.db, { onlyIntoEmptyDatabase: true });
  const leafCodes = treeLeaves(buildBalanceTree(await selfDiagnosisTree(ctx.db))).map((leaf) => leaf.code);
  const template = await ctx.createUser({ email: 'rush-template@bench.cv', roles: ['company'] });
  const templateCompany = await ctx.linkCompany(template.accountId, {
    companyName: 'Modelo da Corrida, Lda',
    nif: '299999990',
  });
  const session = await ctx.signIn(template.email, template.password);
  for (const [year, values] of [
    [2023, SHEET_2023],
    [2024, SHEET_2024],
  ] as const) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `${API}/companies/${templateCompany}/balance-sheets/entries`,
      headers: session.headers,
      payload: {
        startDate: `${year}-01-01`,
        endDate: `${year}-12-31`,
        typeFrequence: 'annual',
        values: { ...Object.fromEntries(leafCodes.map((code) => [code, '0'])), ...values },
      },
    });
    if (response.statusCode !== 201) throw new Error(`template sheet ${year}: ${response.body}`);
  }

  const startedAt = performance.now();
  // Session tokens the portal resolves as it does a browser's: the cookie's token, its sha256 as the row's id.
  const prefix = `rush${randomBytes(12).toString('hex')}`;
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`
      with account as (
        insert into accounts (email, name, language, roles)
        select 'rush' || i || '@bench.cv', 'Corrida ' || i, 'en', '["company"]'::jsonb
        from generate_series(1, ${COMPANIES}) as i
        returning id, email
      ), company as (
        insert into companies (company_name, nif, email)
        select 'Corrida ' || i || ', Lda', (300000000 + i)::text, 'rush' || i || '@bench.cv'
        from generate_series(1, ${COMPANIES}) as i
        returning id, email
      )
      insert into company_members (company_id, account_id)
      select company.id, account.id from company join account using (email)`);
    await tx.execute(sql`
      with template as (
        select id, start_date, end_date, type_frequence from balance_sheets
        where company_id = ${templateCompany} and deleted_at is null
      ), sheet as (
        insert into balance_sheets (company_id, start_date, end_date, type_frequence, source)
        select c.id, t.start_date, t.end_date, t.type_frequence, 'entry'
        from companies c cross join template t
        where c.email ~ '^rush[0-9]+@bench[.]cv$'
        returning id, start_date
      )
      insert into balance_sheet_values (balance_sheet_id, node_code, value)
      select sheet.id, v.node_code, v.value
      from sheet join template t on t.start_date = sheet.start_date
      join balance_sheet_values v on v.balance_sheet_id = t.id`);
    await tx.execute(sql`
      insert into sessions (id, account_id, access_token, roles, csrf_token, access_expires_at, expires_at)
      select encode(sha256(convert_to(${prefix} || 's' || a.i, 'UTF8')), 'hex'), a.id, t.access_token, t.roles,
        ${prefix} || 'c' || a.i, now() + interval '1 day', now() + interval '1 day'
      from (
        select id, substring(email from '^rush([0-9]+)@')::int as i from accounts where email ~ '^rush[0-9]+@bench[.]cv$'
      ) a
      cross join (select access_token, roles from sessions where account_id = ${template.accountId} limit 1) t`);
  });
  const result = (await ctx.db.execute(sql`
    select c.id, substring(c.email from '^rush([0-9]+)@')::int as i
    from companies c where c.email ~ '^rush[0-9]+@bench[.]cv$' order by 2`)) as unknown as {
    rows: Array<{ id: string; i: number }>;
  };
  console.log(
    `seeded ${result.rows.length} companies (account, member, session, the 2023 and 2024 sheets of the ` +
      `template) in ${(performance.now() - startedAt).toFixed(0)} ms`,
  );
  return result.rows.map(({ id, i }) => ({
    companyId: id,
    cookie: `portal_session=${prefix}s${i}`,
    csrf: `${prefix}c${i}`,
    address: `10.7.${(i >> 8) & 255}.${i & 255}`,
  }));
}

/** The edition whose application window is open now, created by an admin. */
async function openEdition(ctx: TestContext): Promise<string> {
  const admin = await ctx.createUser({ email: 'rush-admin@bench.cv', roles: ['admin'] });
  const session = await ctx.signIn(admin.email, admin.password);
  const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
  const response = await ctx.app.inject({
    method: 'POST',
    url: `${API}/editions`,
    headers: session.headers,
    payload: {
      number: 2,
      year: 2025,
      indicatorYear: 2024,
      registrationOpensAt: at(-30),
      registrationClosesAt: at(-2),
      applicationOpensAt: at(-1),
      applicationClosesAt: at(10),
      evaluationStartsAt: at(11),
      evaluationEndsAt: at(20),
      resultsAt: at(25),
    },
  });
  if (response.statusCode !== 201) throw new Error(`edition: ${response.body}`);
  return response.json().id;
}

async function benchRush(ctx: TestContext, label: string): Promise<void> {
  const bytes = Array.from({ length: COMPANIES * 8 }, (_, k) =>
    documentSize(Math.floor(k / 8), k % 8),
  ).reduce((a, b) => a + b, 0);
  console.log(
    `\ndeadline rush on ${label}: ${COMPANIES} companies × 8 PDFs (1 to 10 MB, ${mib(bytes)} in all) in a ` +
      `${WINDOW_SECONDS} s window, then submit; visitors at ${BROWSE_CONNECTIONS} connections (≤ ${BROWSE_RATE} req/s)`,
  );
  const companies = await seedCompanies(ctx);
  const editionId = await openEdition(ctx);
  const check = await ctx.app.inject({
    method: 'GET',
    url: `${API}/me/companies`,
    headers: { cookie: companies[0]?.cookie ?? '' },
  });
  if (check.statusCode !== 200)
    throw new Error(`a seeded session is refused: ${check.statusCode} ${check.body}`);
  const origin = await listening(ctx);

  // The uploads the portal is receiving at a time (requests in, answers not yet sent), counted at its server.
  let uploading = 0;
  let mostUploading = 0;
  let uploadingAtPeak = 0;
  const countUpload = (request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'POST' || !request.url?.endsWith('/files')) return;
    uploading += 1;
    mostUploading = Math.max(mostUploading, uploading);
    response.once('close', () => {
      uploading -= 1;
    });
  };
  ctx.app.server.on('request', countUpload);
  let peakRss = 0;
  let peakHeap = 0;
  let atPeak = process.memoryUsage();
  // PostgreSQL: the requests waiting for one of the pool's connections (the slow steps' cause, docs/adr/0036).
  const pool = ctx.database.handle.pool;
  let mostWaiting = 0;
  let waitingSamples = 0;
  let samples = 0;
  const sample = () => {
    const waiting = pool?.().waiting ?? 0;
    mostWaiting = Math.max(mostWaiting, waiting);
    samples += 1;
    if (waiting > 0) waitingSamples += 1;
    const usage = process.memoryUsage();
    if (usage.rss > peakRss) {
      atPeak = usage;
      uploadingAtPeak = uploading;
    }
    peakRss = Math.max(peakRss, usage.rss);
    peakHeap = Math.max(peakHeap, usage.heapUsed);
  };
  const atStart = process.memoryUsage();
  sample();
  const sampler = setInterval(sample, 100);

  const visitors = child('browse', {
    url: origin,
    requests: [
      `${API}/public/companies?pageSize=20`,
      `${API}/editions/current`,
      `${API}/public/editions`,
      `${API}/public/content/news`,
      `${API}/public/content/faq`,
      `${API}/public/options/islands`,
    ].map((path) => ({ method: 'GET', path, headers: { 'x-forwarded-for': '10.6.[<id>]' } })),
    idReplacement: true,
    connections: BROWSE_CONNECTIONS,
    overallRate: BROWSE_RATE,
    duration: 24 * 3600,
  });
  const browsed = outputOf<BrowseFigures>(visitors);
  let rush: RushFigures;
  try {
    rush = await outputOf<RushFigures>(
      child(
        'companies',
        {
          origin,
          editionId,
          windowSeconds: WINDOW_SECONDS,
          issuedAt: portalDay(new Date()),
          companies,
        } satisfies RushPlan,
        true,
      ),
    );
  } finally {
    visitors.stdin.end('stop\n');
  }
  const visited = await browsed;
  clearInterval(sampler);
  ctx.app.server.off('request', countUpload);
  sample();
  const atEnd = process.memoryUsage();

  console.log(
    `${'step'.padEnd(44)}${'count'.padStart(8)}${'errors'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}`,
  );
  const names = {
    apply: 'apply (POST applications)',
    upload: 'upload a PDF, 1 to 10 MB (POST files)',
    submit: 'submit (POST submit)',
  } as const;
  for (const [name, figures] of Object.entries(rush.steps) as [
    keyof typeof names,
    RushFigures['steps']['apply'],
  ][]) {
    const sorted = [...figures.times].sort((a, b) => a - b);
    console.log(
      `${names[name].padEnd(44)}${String(sorted.length).padStart(8)}${String(figures.errors).padStart(8)}${percentile(
        sorted,
        50,
      )
        .toFixed(0)
        .padStart(9)}${percentile(sorted, 99).toFixed(0).padStart(9)}`,
    );
    if (figures.firstError) console.log(`  first error: ${figures.firstError}`);
  }
  console.log(
    `${'browse public data (autocannon, 6 GETs)'.padEnd(44)}${String(visited.total).padStart(8)}${String(
      visited.failures,
    ).padStart(8)}${String(visited.p50).padStart(9)}${String(visited.p99).padStart(9)}`,
  );
  const submitted = (await ctx.db.execute(
    sql`select count(*)::int as n from applications where edition_id = ${editionId} and status = 'pending'`,
  )) as unknown as { rows: Array<{ n: number }> };
  console.log(
    `the rush took ${rush.seconds.toFixed(0)} s: ${mib(rush.uploadedBytes)} uploaded ` +
      `(${mib(rush.uploadedBytes / rush.seconds)}/s), ${submitted.rows[0]?.n ?? 0} of ${COMPANIES} applications submitted`,
  );
  console.log(
    `portal memory: rss ${mib(atStart.rss)} at start, peak ${mib(peakRss)} (+${mib(peakRss - atStart.rss)}, ` +
      `sampled every 100 ms), ` +
      `${mib(atEnd.rss)} at end; heap used peak ${mib(peakHeap)}`,
  );
  console.log(
    `  at the RSS peak: heap used ${mib(atPeak.heapUsed)} of ${mib(atPeak.heapTotal)}, external ` +
      `${mib(atPeak.external)} (array buffers ${mib(atPeak.arrayBuffers)}), ${uploadingAtPeak} uploads in ` +
      `progress (at most ${mostUploading} at a time)`,
  );
  if (pool) {
    console.log(
      `database pool (${pool().max} connections): requests waiting for a connection in ` +
        `${((100 * waitingSamples) / samples).toFixed(0)} % of the samples, at most ${mostWaiting} at a time`,
    );
  }
}

/**
 * The rush on a portal of its own: PGlite with its database files and the uploads on local disk (as `npm start`
 * keeps them, not in memory as the tests' PGlite), or PostgreSQL (a fresh database on the server of
 * BENCH_DATABASE_URL) with the files in an S3 bucket served by s3rver; the database folder and the uploaded files
 * are removed afterwards. The proxy header is trusted, so each company can come from an address of its own.
 */
async function rushOn(on: 'PGlite' | 'PostgreSQL'): Promise<void> {
  const startedAt = performance.now();
  if (on === 'PostgreSQL') {
    if (!process.env.BENCH_DATABASE_URL) throw new Error('The rush on PostgreSQL needs BENCH_DATABASE_URL');
    process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  } else delete process.env.TEST_DATABASE_URL;
  const bucket = on === 'PostgreSQL' ? await s3rverInChild('bench-rush') : undefined;
  const pgliteFolder = on === 'PGlite' ? await mkdtemp(join(tmpdir(), 'bench-rush-pglite-')) : undefined;
  const ctx = await createTestContext({
    env: {
      TRUST_PROXY: 'true',
      // The visitors' answers are kept as `npm start` keeps them (the tests' context keeps none).
      PUBLIC_CACHE_MS: String(DEFAULT_PUBLIC_CACHE_MS),
      ...(bucket ? { FILES_URL: bucket.filesUrl } : {}),
    },
    ...(pgliteFolder ? { pgliteDataDir: join(pgliteFolder, 'db') } : {}),
  });
  console.log(
    `\n== ${on} (node ${process.execArgv.join(' ')}, MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? 'unset'}): start-up (migrations, identity provider, app): ` +
      `${(performance.now() - startedAt).toFixed(0)} ms`,
  );
  try {
    await benchRush(
      ctx,
      on === 'PGlite' ? 'PGlite, files on local disk' : 'PostgreSQL, files in an S3 bucket (s3rver)',
    );
  } finally {
    await ctx.close();
    // The uploaded gigabytes go with the portal's data folder (and s3rver's folder).
    await rm(ctx.config.dataDir, { recursive: true, force: true });
    if (pgliteFolder) await rm(pgliteFolder, { recursive: true, force: true });
    await bucket?.close();
  }
}

// Run as a script by scripts/bench.ts, once per database.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const on = process.argv[2];
  if (on !== 'PGlite' && on !== 'PostgreSQL') throw new Error(`bench-rush: PGlite or PostgreSQL, not ${on}`);
  await rushOn(on);
}

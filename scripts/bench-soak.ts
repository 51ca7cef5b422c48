/**
 * The soak of scripts/bench.ts (BENCH_ONLY=soak): BENCH_SOAK_SECONDS (600 by default) of a mixed workload on one
 * portal, then its errors, latency and memory at the start and the end.
 * - browse: autocannon at BENCH_SOAK_CONNECTIONS (10) connections, held to BENCH_SOAK_RATE (300) requests a
 *   second, cycling through the directory search, a company user's companies, diagnoses, balance sheets,
 *   eligibility to apply and the health route;
 * - alongside, a company user in a loop: upload a monthly trial balance (paced under the upload limit of 30 a
 *   minute), diagnose it, and check the company's eligibility to apply and its applications. The months go round
 *   BENCH_SOAK_PERIODS (24) periods, each upload after the first round replacing the sheet of its period (only the
 *   latest per period is kept), so the company's kept data stays the size of a real one's and a climb in memory
 *   is the portal's, not the data's (every upload recomputes the company's indicators over all its kept sheets);
 *   BENCH_SOAK_PERIODS=0 gives every upload a new period, as the soak first did.
 * Memory is read after a full garbage collection, so what stays is what is held; the browse load comes from a
 * child process and the workbooks are written before the soak starts, so the figures are the portal's (with the
 * writer loop's small client), not autocannon's or exceljs's. At the end, a memory-reducing collection tells what
 * the process holds from the heap pages V8 keeps pooled after its collections (see heapPagesMapped).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { text } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { seedReferenceData } from '../apps/server/src/seed/seed-reference.ts';
import { HEADER, multipart, xlsx } from '../apps/server/test/support/balance-sheets.ts';
import type { TestContext } from '../apps/server/test/support/context.ts';
import { directoryTerms, listening } from './bench-load.ts';

const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const CONNECTIONS = Number(process.env.BENCH_SOAK_CONNECTIONS ?? 10);
const RATE = Number(process.env.BENCH_SOAK_RATE ?? 300);
const PERIODS = Number(process.env.BENCH_SOAK_PERIODS ?? 24);
/** One upload every 2.5 s: 24 a minute, under the per-user limit of 30. */
const UPLOAD_EVERY_MS = 2_500;
const API = '/app/api/v1';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as (options?: {
  type: 'major';
  execution: 'sync';
  flavor: 'last-resort';
}) => void;

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/**
 * The bytes of V8's heap pages mapped in this process: its 256 KiB private anonymous mappings (Linux only, else
 * undefined). Above the heap's own size, they are the pages V8 keeps pooled once a collection has freed them, which
 * it gives back to the system only in a memory-reducing collection.
 */
function heapPagesMapped(): number | undefined {
  let maps: string;
  try {
    maps = readFileSync('/proc/self/maps', 'utf8');
  } catch {
    return undefined;
  }
  let pages = 0;
  for (const [, from = '0', to = '0'] of maps.matchAll(
    /^([0-9a-f]+)-([0-9a-f]+) rw-p 00000000 00:00 0\s*$/gm,
  )) {
    if (Number.parseInt(to, 16) - Number.parseInt(from, 16) === 256 * 1024) pages += 1;
  }
  return pages * 256 * 1024;
}

interface Memory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  pagesMapped: number | undefined;
}

/**
 * The portal's memory after a full collection: this process (autocannon runs in a child process, see
 * browseInChild, so the RSS is the portal's and the writer loop's, not the load generator's).
 */
function memory(): Memory {
  gc();
  const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
  return { rss, heapUsed, heapTotal, external, arrayBuffers, pagesMapped: heapPagesMapped() };
}

function described(m: Memory): string {
  return (
    `rss ${mib(m.rss)}, heap used ${mib(m.heapUsed)} of ${mib(m.heapTotal)}, external ${mib(m.external)} ` +
    `(array buffers ${mib(m.arrayBuffers)})` +
    (m.pagesMapped === undefined ? '' : `, V8 heap pages mapped ${mib(m.pagesMapped)}`)
  );
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** A month's trial balance: cash and capital, with sales and supplies varying by month. */
function monthRows(k: number): unknown[][] {
  const sales = 800 + (k % 50);
  const supplies = 300 + (k % 7);
  return [
    HEADER,
    ['11', 'Caixa', 1000 + sales - supplies, 0],
    ['12', 'Depósitos à ordem', 2000.2, 0],
    ['51', 'Capital', 0, 3000.2],
    ['71', 'Vendas', 0, sales],
    ['62', 'Fornecimentos e serviços externos', supplies, 0],
  ];
}

/** The k-th month from January 2000: its first and last day. */
function monthOf(k: number): { startDate: string; endDate: string } {
  const year = 2000 + Math.floor(k / 12);
  const month = k % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const mm = String(month + 1).padStart(2, '0');
  return { startDate: `${year}-${mm}-01`, endDate: `${year}-${mm}-${last}` };
}

/** autocannon with these options in a child process (scripts/bench-autocannon-child.ts): its figures. */
async function browseInChild(
  options: Record<string, unknown>,
): Promise<{ total: number; failures: number; p50: number; p99: number }> {
  const child = spawn(
    process.execPath,
    [fileURLToPath(new URL('./bench-autocannon-child.ts', import.meta.url))],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  child.stdin.end(JSON.stringify(options));
  const [output, [code]] = await Promise.all([text(child.stdout), once(child, 'exit')]);
  if (code !== 0) throw new Error(`autocannon's process exited with ${code}`);
  return JSON.parse(output);
}

interface StepFigures {
  times: number[];
  errors: number;
  firstError?: string;
}

export async function benchSoak(ctx: TestContext, label: string): Promise<void> {
  await seedReferenceData(ctx.db, { onlyIntoEmptyDatabase: true });
  const user = await ctx.createUser({ email: 'soak@excelencia.cv', roles: ['company'] });
  const companyId = await ctx.linkCompany(user.accountId, { companyName: 'Soak, Lda', nif: '299999998' });
  const session = await ctx.signIn(user.email, user.password);
  const origin = await listening(ctx);

  const browse = [
    ...directoryTerms().map((term) => ({
      method: 'GET' as const,
      path: `${API}/public/companies?search=${encodeURIComponent(term)}&pageSize=20`,
      headers: { 'x-forwarded-for': '10.8.[<id>]' },
    })),
    ...['/me/companies', `/companies/${companyId}/diagnoses`, `/companies/${companyId}/balance-sheets`].map(
      (path) => ({ method: 'GET' as const, path: `${API}${path}`, headers: { cookie: session.cookie } }),
    ),
    {
      method: 'GET' as const,
      path: `${API}/companies/${companyId}/eligibility`,
      headers: { cookie: session.cookie },
    },
    { method: 'GET' as const, path: `${API}/health` },
  ];

  const steps: Record<'upload' | 'diagnose' | 'apply', StepFigures> = {
    upload: { times: [], errors: 0 },
    diagnose: { times: [], errors: 0 },
    apply: { times: [], errors: 0 },
  };
  async function step(
    name: keyof typeof steps,
    send: () => Promise<Response>,
    ok: number,
  ): Promise<Response | undefined> {
    const started = performance.now();
    try {
      const response = await send();
      steps[name].times.push(performance.now() - started);
      if (response.status !== ok) {
        steps[name].errors += 1;
        steps[name].firstError ??= `${response.status} ${(await response.text()).slice(0, 200)}`;
        return undefined;
      }
      return response;
    } catch (error) {
      steps[name].errors += 1;
      steps[name].firstError ??= String(error);
      return undefined;
    }
  }

  const headers = { ...session.headers, 'x-language': 'en' };
  // Every month's workbook is written before the soak starts, so exceljs's writing is not in the figures.
  const workbooks: Buffer[] = [];
  for (let k = 0; k <= Math.ceil((SOAK_SECONDS * 1000) / UPLOAD_EVERY_MS); k++) {
    workbooks.push(await xlsx(monthRows(k)));
  }
  const deadline = Date.now() + SOAK_SECONDS * 1000;
  async function writer(): Promise<void> {
    for (let k = 0; Date.now() < deadline; k++) {
      const started = Date.now();
      const data = workbooks[k] ?? (await xlsx(monthRows(k)));
      const body = multipart(
        { ...monthOf(PERIODS > 0 ? k % PERIODS : k), typeFrequence: 'monthly' },
        { data, filename: `balancete-${k}.xlsx` },
      );
      const uploaded = await step(
        'upload',
        () =>
          fetch(`${origin}${API}/companies/${companyId}/balance-sheets`, {
            method: 'POST',
            headers: { ...headers, 'content-type': body.contentType },
            body: new Uint8Array(body.payload),
          }),
        201,
      );
      const sheet = uploaded ? ((await uploaded.json()) as { id: string }) : undefined;
      if (sheet) {
        const diagnosed = await step(
          'diagnose',
          () =>
            fetch(`${origin}${API}/companies/${companyId}/diagnoses`, {
              method: 'POST',
              headers: { ...headers, 'content-type': 'application/json' },
              body: JSON.stringify({ balanceSheetId: sheet.id }),
            }),
          201,
        );
        await diagnosed?.arrayBuffer();
      }
      for (const path of [`/companies/${companyId}/eligibility`, `/companies/${companyId}/applications`]) {
        const read = await step('apply', () => fetch(`${origin}${API}${path}`, { headers }), 200);
        await read?.arrayBuffer();
      }
      const rest = UPLOAD_EVERY_MS - (Date.now() - started);
      if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
    }
  }

  const atStart = memory();
  console.log(
    `\nsoak on ${label}: ${SOAK_SECONDS} s, browse at ${CONNECTIONS} connections (≤ ${RATE} req/s) + upload (${PERIODS > 0 ? `${PERIODS} periods in turn` : 'a new period each time'}), diagnose, apply`,
  );
  console.log(`memory at start: ${described(atStart)}`);
  // A sample a minute (BENCH_SOAK_SAMPLE_SECONDS), so a plateau is told from a climb.
  const soakStarted = Date.now();
  const sampler = setInterval(
    () => {
      console.log(`  at ${Math.round((Date.now() - soakStarted) / 1000)} s: ${described(memory())}`);
    },
    Number(process.env.BENCH_SOAK_SAMPLE_SECONDS ?? 60) * 1000,
  );
  // BENCH_SOAK_PARTS=browse (or writer) runs one of the two loads alone.
  const parts = (process.env.BENCH_SOAK_PARTS ?? 'browse,writer').split(',');
  const [browsed] = await Promise.all([
    !parts.includes('browse')
      ? { total: 0, failures: 0, p50: 0, p99: 0 }
      : browseInChild({
          url: origin,
          requests: browse,
          idReplacement: true,
          connections: CONNECTIONS,
          overallRate: RATE,
          duration: SOAK_SECONDS,
        }),
    parts.includes('writer') ? writer() : undefined,
  ]);
  clearInterval(sampler);
  const atEnd = memory();

  console.log(
    `${'step'.padEnd(44)}${'count'.padStart(8)}${'errors'.padStart(8)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}`,
  );
  console.log(
    `${`browse (autocannon, ${browse.length} GETs in turn)`.padEnd(44)}${String(browsed.total).padStart(8)}${String(
      browsed.failures,
    ).padStart(8)}${String(browsed.p50).padStart(8)}${String(browsed.p99).padStart(8)}`,
  );
  const names: Record<keyof typeof steps, string> = {
    upload: 'upload a monthly trial balance (POST)',
    diagnose: 'diagnose it (POST diagnoses)',
    apply: 'apply: eligibility + applications (GET)',
  };
  for (const [name, figures] of Object.entries(steps) as [keyof typeof steps, StepFigures][]) {
    const sorted = [...figures.times].sort((a, b) => a - b);
    console.log(
      `${names[name].padEnd(44)}${String(sorted.length).padStart(8)}${String(figures.errors).padStart(8)}${percentile(
        sorted,
        50,
      )
        .toFixed(0)
        .padStart(8)}${percentile(sorted, 99).toFixed(0).padStart(8)}`,
    );
    if (figures.firstError) console.log(`  first error: ${figures.firstError}`);
  }
  console.log(
    `memory at end:   ${described(atEnd)} ` +
      `(change: rss ${mib(atEnd.rss - atStart.rss)}, heap ${mib(atEnd.heapUsed - atStart.heapUsed)}, ` +
      `external ${mib(atEnd.external - atStart.external)})`,
  );
  // A memory-reducing collection (what V8 runs when the process idles or nears its heap limit): V8 then gives
  // back the heap pages it keeps pooled after a collection, so what stays is what the process truly holds.
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
  const reduced = { rss, heapUsed, heapTotal, external, arrayBuffers, pagesMapped: heapPagesMapped() };
  console.log(`after a memory-reducing collection: ${described(reduced)}`);
}

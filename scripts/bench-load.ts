/**
 * Load figures of scripts/bench.ts: the portal's signed-in API and public directory at 10 and 50 connections,
 * each printed beside a bare Fastify route measured in the same run (the same process, the same machine load),
 * with the ratio portal / bare. autocannon sends from a worker thread, so the load generator does not share the
 * server's event loop.
 */
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import type { TestContext } from '../apps/server/test/support/context.ts';

export const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
export const CONNECTIONS = [10, 50] as const;

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  /** Answers outside 2xx plus connection errors and timeouts. */
  failures: number;
}

export interface LoadCase {
  name: string;
  path: string;
  headers?: Record<string, string>;
  /**
   * Several requests sent in turn by each connection (instead of `path`); `setupRequest` is the path of a file
   * whose default export rewrites each request before it is sent.
   */
  requests?: Array<{ method: 'GET'; path: string; headers?: Record<string, string>; setupRequest?: string }>;
  /** Replace `[<id>]` in the requests by a fresh id (a distinct forwarded address per request, for example). */
  idReplacement?: boolean;
}

export async function load(
  origin: string,
  c: Pick<LoadCase, 'path' | 'headers' | 'requests' | 'idReplacement'>,
  connections: number,
  seconds = LOAD_SECONDS,
): Promise<LoadResult> {
  const result = await autocannon({
    url: `${origin}${c.path}`,
    headers: c.headers,
    ...(c.requests ? { requests: c.requests } : {}),
    idReplacement: c.idReplacement ?? false,
    connections,
    duration: seconds,
    workers: 1,
  });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0) {
    const codes = Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, stats]) => `${code}×${(stats as { count: number }).count}`);
    console.log(
      `  failures: ${[...codes, `errors ${result.errors}`, `timeouts ${result.timeouts}`].join(', ')}`,
    );
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures,
  };
}

/** A bare Fastify route answering a small JSON object, in this process: the ceiling of the machine. */
export async function startBareFastify(): Promise<{ origin: string; close(): Promise<void> }> {
  const bare = Fastify();
  bare.get('/bare', async () => ({ status: 'ok' }));
  const origin = await bare.listen({ host: '127.0.0.1', port: 0 });
  return { origin, close: () => bare.close() };
}

export function printLoadHeader(title: string): void {
  console.log(`\n${title}: ${LOAD_SECONDS} s per case, loopback, autocannon in a worker thread\n`);
  console.log(
    'case'.padEnd(54),
    'conns'.padStart(5),
    'req/s'.padStart(8),
    'p50 ms'.padStart(7),
    'p99 ms'.padStart(7),
    'failed'.padStart(7),
    'vs bare'.padStart(8),
  );
}

function printLoadLine(name: string, connections: number, result: LoadResult, bare?: LoadResult): void {
  console.log(
    name.padEnd(54),
    String(connections).padStart(5),
    result.rps.toFixed(0).padStart(8),
    String(result.p50).padStart(7),
    String(result.p99).padStart(7),
    String(result.failures).padStart(7),
    (bare ? `${((100 * result.rps) / bare.rps).toFixed(1)} %` : '').padStart(8),
  );
}

/** Each case at 10 and 50 connections, each connection count preceded by the bare route measured then. */
export async function runLoadCases(origin: string, cases: LoadCase[]): Promise<void> {
  const bare = await startBareFastify();
  try {
    for (const connections of CONNECTIONS) {
      const bareResult = await load(bare.origin, { path: '/bare' }, connections);
      printLoadLine('GET /bare (bare Fastify, same process)', connections, bareResult);
      for (const c of cases)
        printLoadLine(c.name, connections, await load(origin, c, connections), bareResult);
    }
  } finally {
    await bare.close();
  }
}

/** The signed-in API: health, a session-cookie GET and a bearer-token GET. */
export async function benchApi(ctx: TestContext, label: string): Promise<void> {
  const user = await ctx.createUser({ email: 'bench@excelencia.cv', roles: ['company'] });
  await ctx.linkCompany(user.accountId, { companyName: 'Bench, Lda', nif: '299999999' });
  const session = await ctx.signIn(user.email, user.password);
  const token = await ctx.bearer(user.email, user.password);
  const origin = await listening(ctx);
  // /auth/* is rate-limited per address (600 a minute on /auth/session), so it is not load-tested here.
  printLoadHeader(`signed-in API on ${label}`);
  await runLoadCases(origin, [
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
  ]);
}

/** Fragments of company names a visitor might type (the bench's companies are named from them). */
export const NAME_FRAGMENTS = [
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

/** The directory's search terms: name fragments, accented names with a number, NIF prefixes, no search. */
export function directoryTerms(): string[] {
  const accented = [7, 700, 7007, 70007].map((n) => `Açores Comércio ${n}`);
  const nifs = ['1000', '10001', '100042', '1003', '10070'];
  return [...NAME_FRAGMENTS, ...accented, ...nifs, ''];
}

/**
 * The public directory under load. Its routes are rate-limited per visitor address (600 a minute), so every
 * request comes from its own forwarded address (the bench context trusts the proxy header): the figures are
 * those of many visitors, not of one being refused.
 */
export async function benchDirectoryLoad(ctx: TestContext, label: string): Promise<void> {
  const origin = await listening(ctx);
  const requests = directoryTerms().map((term) => ({
    method: 'GET' as const,
    path: `/app/api/v1/public/companies?search=${encodeURIComponent(term)}&pageSize=20`,
    headers: { 'x-forwarded-for': '10.9.[<id>]' },
  }));
  printLoadHeader(
    `directory under load on ${label} (search terms in turn, one forwarded address per request)`,
  );
  // The directory keeps each page's rows for a few seconds, so the case above mostly measures those kept
  // answers. The next two search for terms never asked before in the run, so each is answered afresh from the
  // directory's index: a name and a fresh id, which match nothing (autocannon sends its request list from the
  // start on every connection, so a fixed list of distinct terms would be shared), and a name word with a
  // number, which match a few companies whose rows are then read from the database.
  const distinct = ['Açores Comércio', 'mindelo pesca', 'praia'].map((name) => ({
    method: 'GET' as const,
    path: `/app/api/v1/public/companies?search=${encodeURIComponent(name)}%20[<id>]&pageSize=20`,
    headers: { 'x-forwarded-for': '10.7.[<id>]' },
  }));
  const matching = [
    {
      method: 'GET' as const,
      path: '/app/api/v1/public/companies',
      setupRequest: fileURLToPath(new URL('./bench-directory-term.cjs', import.meta.url)),
    },
  ];
  await runLoadCases(origin, [
    {
      name: 'GET public/companies?search=<term> (100 000 listed)',
      path: '/',
      requests,
      idReplacement: true,
    },
    {
      name: 'GET public/companies?search=<a term never asked>',
      path: '/',
      requests: distinct,
      idReplacement: true,
    },
    { name: 'GET public/companies?search=<word + number, new>', path: '/', requests: matching },
  ]);
}

const origins = new WeakMap<TestContext, string>();

/** The context's app listening on a free loopback port (once). */
export async function listening(ctx: TestContext): Promise<string> {
  let origin = origins.get(ctx);
  if (!origin) {
    origin = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    origins.set(ctx, origin);
  }
  return origin;
}

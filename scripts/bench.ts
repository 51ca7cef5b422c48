/**
 * Speed and memory figures (printed, never asserted): the portal on PGlite with the real built-in identity
 * provider, loaded over loopback with autocannon. Run with `npm run bench`.
 */
import autocannon from 'autocannon';
import { createTestContext } from '../apps/server/test/support/context.ts';

const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

const startedAt = performance.now();
const ctx = await createTestContext();
console.log(
  `start-up (migrations, identity provider, app): ${(performance.now() - startedAt).toFixed(0)} ms`,
);

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
const memory = process.memoryUsage();
console.log(`\nmemory after the run: rss ${mib(memory.rss)}, heap used ${mib(memory.heapUsed)}`);
await ctx.close();

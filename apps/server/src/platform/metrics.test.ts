import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/support/config.ts';
import { openTestDatabase, type TestDatabase } from '../../test/support/database.ts';
import { type App, buildApp } from '../app.ts';
import { serveMetrics } from './metrics.ts';

const TOKEN = 'metrics-token-0123456789';
let database: TestDatabase;
let app: App;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ config: testConfig({ METRICS_TOKEN: TOKEN }), database: database.handle });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

/** The value of one series of the Prometheus text, e.g. `portal_jobs{state="pending"}`. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('answers only the configured bearer token, and otherwise as an unknown path does', async () => {
    const unknown = await app.inject({ url: '/no-such-path' });
    for (const headers of [
      {},
      { authorization: 'Bearer wrong-token-0123456789' },
      { authorization: TOKEN },
    ]) {
      const res = await app.inject({ url: '/metrics', headers });
      expect(res.statusCode).toBe(unknown.statusCode);
      expect(res.body).toBe(unknown.body);
    }
    const plain = await buildApp({ config: testConfig(), database: database.handle });
    try {
      const res = await plain.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.body).not.toContain('portal_');
      expect(res.statusCode).toBe((await plain.inject({ url: '/no-such-path' })).statusCode);
    } finally {
      await plain.close();
    }
  });

  it('reports requests by route pattern and status, the process, the queues and the uploads in flight', async () => {
    for (let i = 0; i < 3; i++) await app.inject({ url: '/app/api/v1/health' });
    await app.inject({ url: '/app/api/v1/companies/00000000-0000-4000-8000-000000000001/balance-sheets' });
    await database.handle.db.execute(
      "insert into jobs (kind, payload, state) values ('files.sweep', '{}', 'failed'), ('files.sweep', '{}', 'pending')",
    );
    const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    expect(
      value(
        text,
        'portal_http_request_duration_seconds_count{method="GET",route="/app/api/v1/health",status="200"}',
      ),
    ).toBe(3);
    // The route's pattern, never the id in the URL.
    expect(text).toContain('route="/app/api/v1/companies/:companyId/balance-sheets",status="401"');
    expect(text).not.toContain('00000000-0000-4000-8000-000000000001');
    expect(value(text, 'portal_jobs{state="failed"}')).toBe(1);
    expect(value(text, 'portal_jobs{state="pending"}')).toBe(1);
    expect(value(text, 'portal_mail_outbox{state="pending"}')).toBe(0);
    expect(value(text, 'portal_uploads_in_flight')).toBe(0);
    expect(value(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    for (const name of ['process_resident_memory_bytes', 'nodejs_heap_size_used_bytes']) {
      expect(value(text, name), name).toBeGreaterThan(0);
    }
  });

  it('is served without a token on a port of its own (METRICS_PORT)', async () => {
    const server = await serveMetrics(app.metrics, '127.0.0.1', 0);
    try {
      const address = server.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('portal_http_request_duration_seconds_bucket');
    } finally {
      await server.close();
    }
  });
});

describe('GET /app/api/v1/health/ready', () => {
  it('is ready while the database answers, then not once the process is stopping or the database is gone', async () => {
    const ready = await app.inject({ url: '/app/api/v1/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'up', stopping: false });
    // Liveness stays 200 meanwhile: a process shutting down is alive, it only takes no new traffic.
    app.markStopping();
    const stopping = await app.inject({ url: '/app/api/v1/health/ready' });
    expect(stopping.statusCode).toBe(503);
    expect(stopping.json()).toEqual({ status: 'not_ready', database: 'up', stopping: true });
    expect((await app.inject({ url: '/app/api/v1/health' })).statusCode).toBe(200);

    const other = await buildApp({ config: testConfig(), database: database.handle });
    try {
      await database.dispose();
      const down = await other.inject({ url: '/app/api/v1/health/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'not_ready', database: 'down', stopping: false });
    } finally {
      await other.close();
    }
  });
});

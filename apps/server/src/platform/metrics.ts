import { count } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import { jobs, mailOutbox } from '../db/schema/index.ts';

/** How the pool of database connections is used right now (PostgreSQL; PGlite has a single connection). */
interface PoolUse {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

/**
 * The portal's Prometheus metrics (README, Health and metrics): Node's default process metrics (heap, RSS,
 * event-loop lag, GC), request durations by route and status, the database pool, the jobs and mail outbox queues
 * by state, mails sent and uploads in flight. One registry per app, so tests and several apps in one process do
 * not share counters.
 */
export function createMetrics(deps: { db: Database; pool?: () => PoolUse | undefined }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const requestDuration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'Time from the request to the end of its answer, by route pattern, method and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const uploadsInFlight = new Gauge({
    name: 'portal_uploads_in_flight',
    help: 'File uploads being received or checked right now.',
    registers: [registry],
  });
  const mailsSent = new Counter({
    name: 'portal_mails_sent_total',
    help: 'Mails handed to the SMTP server by this process, and mails it refused for good.',
    labelNames: ['result'] as const,
    registers: [registry],
  });

  new Gauge({
    name: 'portal_database_pool_connections',
    help: 'Database connections of this process by state (PostgreSQL pool): total, idle, waiting requests, max.',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const use = deps.pool?.();
      if (!use) return;
      for (const [state, value] of Object.entries(use)) this.set({ state }, value);
    },
  });

  /** A gauge of a queue table's rows by state, counted when Prometheus scrapes (one grouped count each). */
  const queueGauge = (
    name: string,
    help: string,
    table: typeof jobs | typeof mailOutbox,
    states: readonly string[],
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ['state'] as const,
      registers: [registry],
      async collect() {
        const rows = await deps.db
          .select({ state: table.state, n: count() })
          .from(table)
          .groupBy(table.state);
        const counts = new Map(rows.map((row) => [row.state as string, row.n]));
        for (const state of states) this.set({ state }, counts.get(state) ?? 0);
      },
    });
  queueGauge(
    'portal_jobs',
    'Background jobs by state (pending and running are waiting or at work; failed gave up).',
    jobs,
    ['pending', 'running', 'failed'],
  );
  queueGauge(
    'portal_mail_outbox',
    'Outgoing mails by state (pending waits for SMTP; failed was refused for good).',
    mailOutbox,
    ['pending', 'sending', 'failed'],
  );

  return {
    registry,
    uploadsInFlight,
    mailsSent,
    /**
     * Times every request under its route pattern (never the raw URL, so ids do not make new series), and counts
     * the multipart ones (every upload is one) while they are received and checked.
     */
    observeRequests(app: FastifyInstance): void {
      const uploads = new WeakSet<object>();
      app.addHook('onRequest', async (request) => {
        if (request.headers['content-type']?.startsWith('multipart/form-data')) {
          uploads.add(request);
          uploadsInFlight.inc();
        }
      });
      const done = async (request: object) => {
        if (uploads.delete(request)) uploadsInFlight.dec();
      };
      app.addHook('onResponse', async (request, reply) => {
        await done(request);
        const route = request.routeOptions.url ?? 'unmatched';
        requestDuration.observe(
          { method: request.method, route, status: String(reply.statusCode) },
          reply.elapsedTime / 1000,
        );
      });
      // A client that goes away mid-upload gets no response: its request ends here.
      app.addHook('onRequestAbort', done);
    },
    text: () => registry.metrics(),
    contentType: registry.contentType,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** GET /metrics alone on a port of its own (METRICS_PORT), without a token: for a scraper on a private network. */
export async function serveMetrics(metrics: Metrics, host: string, port: number): Promise<FastifyInstance> {
  const server = Fastify({ logger: false });
  server.get('/metrics', async (_request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .type(metrics.contentType)
      .send(await metrics.text()),
  );
  await server.listen({ host, port });
  return server;
}

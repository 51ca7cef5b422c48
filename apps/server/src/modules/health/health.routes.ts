import { HealthResponse, ReadinessResponse } from '@excelencia/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkHealth, checkReadiness, sharedPing } from './health.service.ts';

export function healthRoutes(deps: { ping: () => Promise<boolean>; isStopping: () => boolean }) {
  const ping = sharedPing(deps.ping);
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness and database check',
          response: { 200: HealthResponse, 503: HealthResponse },
        },
        config: { roles: 'public', anonymous: true },
      },
      async (_request, reply) => {
        const health = await checkHealth(ping);
        reply.header('cache-control', 'no-store');
        return reply.code(health.status === 'ok' ? 200 : 503).send(health);
      },
    );
    r.get(
      '/health/ready',
      {
        schema: {
          tags: ['health'],
          summary:
            'Readiness for a load balancer: 503 while the database is unreachable or the process is shutting down',
          response: { 200: ReadinessResponse, 503: ReadinessResponse },
        },
        config: { roles: 'public', anonymous: true },
      },
      async (_request, reply) => {
        const readiness = await checkReadiness(ping, deps.isStopping);
        reply.header('cache-control', 'no-store');
        return reply.code(readiness.status === 'ready' ? 200 : 503).send(readiness);
      },
    );
  };
}

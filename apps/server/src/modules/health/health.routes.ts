import { HealthResponse } from '@excelencia/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkHealth, sharedPing } from './health.service.ts';

export function healthRoutes(deps: { ping: () => Promise<boolean> }) {
  const ping = sharedPing(deps.ping);
  return async function register(app: FastifyInstance): Promise<void> {
    app.withTypeProvider<ZodTypeProvider>().get(
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
  };
}

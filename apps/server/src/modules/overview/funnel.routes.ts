import { EditionFunnel, EditionFunnelQuery } from '@excelencia/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN } from '../../auth/route-access.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { IdParams } from '../../platform/route-schemas.ts';
import type { FunnelService } from './funnel.service.ts';

/** /app/api/v1/editions/:id/funnel: the edition's funnel, for admins. */
export function funnelRoutes(deps: { funnel: FunnelService }) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/editions/:id/funnel',
      {
        schema: {
          tags: ['dashboard'],
          summary:
            "The edition's funnel: registered by its registration close → with an annual sheet of the indicator " +
            'year → diagnosed on it → applied → complete → eligible → distinguished, each step of the companies ' +
            'that reached every step before, with the share of the previous step; overall and per island or CAE ' +
            "section; and the edition's mail: sent, failed, opted out of reminders (admin)",
          params: IdParams,
          querystring: EditionFunnelQuery,
          response: { 200: EditionFunnel, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return deps.funnel.funnel(request.params.id, request.query.by);
      },
    );
  };
}

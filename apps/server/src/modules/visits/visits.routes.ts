import { VisitsQuery, VisitsReport } from '@excelencia/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN } from '../../auth/route-access.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import type { VisitsService } from './visits.service.ts';

/** /app/api/v1/admin/visits: the page views counted on the server, for admins. */
export function visitsRoutes(deps: { visits: VisitsService }) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/admin/visits',
      {
        schema: {
          tags: ['dashboard'],
          summary:
            'Views of the public pages and sign-outs counted on the server, per day, page and language, people and ' +
            'bots apart; no cookie, address or user agent is kept (admin). The last 30 days unless from/to say ' +
            'otherwise (at most 366 days)',
          querystring: VisitsQuery,
          response: { 200: VisitsReport, ...errorResponses },
        },
        config: ADMIN,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return deps.visits.report(request.query);
      },
    );
  };
}

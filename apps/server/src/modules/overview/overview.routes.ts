import { AdminOverview, ErrorResponse } from '@excelencia/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN } from '../../auth/route-access.ts';
import type { OverviewService } from './overview.service.ts';

/** /app/api/v1/admin/overview: the admin dashboard's figures. */
export function overviewRoutes(deps: { overview: OverviewService }) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.withTypeProvider<ZodTypeProvider>().get(
      '/admin/overview',
      {
        schema: {
          tags: ['dashboard'],
          summary:
            'Companies, pending registrations and invitations, balance sheets and diagnoses, with the last 12 ' +
            'months of activity (admin)',
          response: { 200: AdminOverview, 401: ErrorResponse, 403: ErrorResponse },
        },
        config: ADMIN,
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return deps.overview.adminOverview();
      },
    );
  };
}

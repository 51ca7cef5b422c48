import { ActivityPage, ActivityQuery } from '@excelencia/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caller } from '../../auth/caller.ts';
import { MEMBERS } from '../../auth/route-access.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { requestLanguage } from '../../platform/request-language.ts';
import { CompanyParams } from '../../platform/route-schemas.ts';
import type { ActivityService } from './activity.service.ts';

export function activityRoutes(deps: { activity: ActivityService }) {
  const { activity } = deps;
  return async function register(app: FastifyInstance): Promise<void> {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/companies/:companyId/activity',
      {
        schema: {
          tags: ['company data'],
          summary:
            "The company's activity, newest first: its audit rows (who changed what) and the partners' reads of " +
            'it, a page at a time (limit, cursor → nextCursor); any member and admins',
          params: CompanyParams,
          querystring: ActivityQuery,
          response: { 200: ActivityPage, ...errorResponses },
        },
        config: MEMBERS,
      },
      async (request) =>
        activity.list(caller(request), request.params.companyId, request.query, requestLanguage(request)),
    );
  };
}

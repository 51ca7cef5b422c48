import { SelfDiagnosisTree } from '@excelencia/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MEMBERS } from '../../auth/route-access.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import type { BalanceSheetsService } from './balance-sheets.service.ts';

/**
 * GET /balance-sheets/tree: the self-diagnosis tree for the people who enter and read balance sheets
 * (company users and admins). The web's entry form and statement views are built from it; the reference
 * screen's own `self-diagnosis/tree` stays admin-only. Partners get 403.
 */
export function balanceTreeRoutes(deps: { balanceSheets: BalanceSheetsService }) {
  return async function registerBalanceTree(api: FastifyInstance): Promise<void> {
    api.withTypeProvider<ZodTypeProvider>().get(
      '/balance-sheets/tree',
      {
        schema: {
          tags: ['balance-sheets'],
          summary: 'The balance tree (headings → sub-categories) the entry form and the statements use',
          response: { 200: SelfDiagnosisTree, ...errorResponses },
        },
        config: MEMBERS,
      },
      async () => deps.balanceSheets.selfDiagnosisTree(),
    );
  };
}

import {
  SelfDiagnosisTree,
  translate,
  ValidateFormulaRequest,
  ValidateFormulaResponse,
} from '@excelencia/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/error-responses.ts';
import { requestLanguage } from '../../platform/request-language.ts';
import type { ReferenceService } from './reference.service.ts';
import { ADMIN_ONLY, registerResourceRoutes } from './reference-resource.routes.ts';

/** The reference-data routes under /app/api/v1 (admins only). */
export function referenceRoutes(deps: { reference: ReferenceService }) {
  const { reference } = deps;
  return async function registerReference(api: FastifyInstance): Promise<void> {
    for (const { definition, service } of reference.resources)
      registerResourceRoutes(api, definition, service);
    const r = api.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/self-diagnosis/tree',
      {
        schema: {
          tags: ['self-diagnosis'],
          summary: 'The whole self-diagnosis tree, each level in order',
          response: { 200: SelfDiagnosisTree, ...errorResponses },
        },
        config: ADMIN_ONLY,
      },
      async () => reference.selfDiagnosisTree(),
    );

    r.post(
      '/criteria/validate-formula',
      {
        schema: {
          tags: ['reference'],
          summary: 'Checks a criterion formula (syntax and names) without saving it',
          body: ValidateFormulaRequest,
          response: { 200: ValidateFormulaResponse, ...errorResponses },
        },
        config: ADMIN_ONLY,
      },
      async (request) => {
        const result = await reference.checkFormula(request.body.formula);
        if (result.valid) return result;
        return {
          valid: false as const,
          message: translate(requestLanguage(request), result.key, result.params),
          position: result.position,
        };
      },
    );
  };
}

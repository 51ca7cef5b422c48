import {
  SelfDiagnosisTree,
  translate,
  ValidateFormulaRequest,
  ValidateFormulaResponse,
} from '@excelencia/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { errorResponses } from '../../platform/error-responses.ts';
import { requestLanguage } from '../../platform/request-language.ts';
import { checkFormula } from './formula-names.ts';
import {
  caeDivisionsResource,
  caeSectionsResource,
  categoriesResource,
  citiesResource,
  companySituationsResource,
  companyTypesResource,
  criteriaResource,
  criterionTypesResource,
  employeeRangesResource,
  headingsResource,
  islandsResource,
  partnerEntitiesResource,
  partnerTypesResource,
  subCategoriesResource,
  subHeadingsResource,
} from './reference.resources.ts';
import {
  ADMIN_ONLY,
  createResourceService,
  type ReferenceTable,
  type ResourceDefinition,
  registerResourceRoutes,
} from './reference-resource.ts';
import { selfDiagnosisTree } from './self-diagnosis-tree.ts';

/** Every definition-driven reference resource (users and partners have their own modules). */
export const REFERENCE_RESOURCES = [
  companyTypesResource,
  employeeRangesResource,
  caeSectionsResource,
  caeDivisionsResource,
  islandsResource,
  citiesResource,
  criterionTypesResource,
  criteriaResource,
  companySituationsResource,
  partnerTypesResource,
  partnerEntitiesResource,
  headingsResource,
  subHeadingsResource,
  categoriesResource,
  subCategoriesResource,
] as const;

function register<
  TTable extends ReferenceTable,
  TCreate extends Record<string, unknown>,
  TItem extends { id: string },
>(api: FastifyInstance, db: Database, def: ResourceDefinition<TTable, TCreate, TItem>): void {
  registerResourceRoutes(api, def, createResourceService(db, def));
}

/** The reference-data routes under /app/api/v1 (admins only). */
export function referenceRoutes(deps: { db: Database }) {
  const { db } = deps;
  return async function registerReference(api: FastifyInstance): Promise<void> {
    for (const def of REFERENCE_RESOURCES) register(api, db, def as never);
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
      async () => selfDiagnosisTree(db),
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
        const result = await checkFormula(db, request.body.formula);
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

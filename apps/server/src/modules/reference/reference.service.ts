import type { Database } from '../../db/client.ts';
import { checkFormula } from './formula-names.ts';
import { REFERENCE_RESOURCES } from './reference.resources.ts';
import {
  createResourceService,
  type ReferenceEffects,
  type ReferenceTable,
  type ResourceDefinition,
  type ResourceService,
} from './reference-resource.service.ts';
import { selfDiagnosisTree } from './self-diagnosis-tree.ts';

/** A resource's definition with the service that reads and writes it. */
export interface ReferenceResource<
  TTable extends ReferenceTable = ReferenceTable,
  TCreate extends Record<string, unknown> = Record<string, unknown>,
  TItem extends { id: string } = { id: string },
> {
  definition: ResourceDefinition<TTable, TCreate, TItem>;
  service: ResourceService<TCreate, TItem>;
}

function resourceOf<
  TTable extends ReferenceTable,
  TCreate extends Record<string, unknown>,
  TItem extends { id: string },
>(
  db: Database,
  definition: ResourceDefinition<TTable, TCreate, TItem>,
  effects: ReferenceEffects,
): ReferenceResource<TTable, TCreate, TItem> {
  return { definition, service: createResourceService(db, definition, effects) };
}

/** The reference data: every definition-driven resource, the self-diagnosis tree and the formula check. */
export function createReferenceService(deps: { db: Database; effects: ReferenceEffects }) {
  const { db, effects } = deps;
  const resources = REFERENCE_RESOURCES.map(
    (definition) => resourceOf(db, definition as never, effects) as ReferenceResource,
  );
  return {
    resources,
    /** The service of one resource, by its path ('criteria', 'islands'). */
    resource(path: string): ReferenceResource {
      const found = resources.find((resource) => resource.definition.path === path);
      if (!found) throw new Error(`No reference resource at ${path}`);
      return found;
    },
    selfDiagnosisTree: () => selfDiagnosisTree(db),
    checkFormula: (formula: string) => checkFormula(db, formula),
  };
}

export type ReferenceService = ReturnType<typeof createReferenceService>;

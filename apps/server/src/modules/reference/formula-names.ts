import { parseFormula } from '@excelencia/domain';
import type { Executor } from '../../db/client.ts';
import { sdCategories, sdHeadings, sdSubCategories, sdSubHeadings } from '../../db/schema/reference.ts';
import { AppError } from '../../platform/errors.ts';
import { criterionFormulas, nodeCodesOf } from './reference.repository.ts';

/** The names a criterion formula may use: the codes of every self-diagnosis node, at any level. */
export async function formulaNames(db: Executor): Promise<Set<string>> {
  // One after the other: `db` may be a transaction, whose connection runs one query at a time.
  const names = new Set<string>();
  for (const table of [sdHeadings, sdSubHeadings, sdCategories, sdSubCategories]) {
    for (const row of await nodeCodesOf(db, table)) names.add(row.code);
  }
  return names;
}

/** Whether any criterion's formula (active or not) names `code`. */
export async function criterionUsesName(db: Executor, code: string): Promise<boolean> {
  const names = await formulaNames(db);
  for (const { formula } of await criterionFormulas(db)) {
    const parsed = parseFormula(formula, { knownNames: names });
    if (parsed.ok && parsed.names.includes(code)) return true;
  }
  return false;
}

/** Parses a criterion's formula (never evaluates it): 400 with details on `formula` when it is not valid. */
export async function validateCriterionFormula(db: Executor, formula: string): Promise<string[]> {
  const result = parseFormula(formula, { knownNames: await formulaNames(db) });
  if (result.ok) return result.names;
  throw new AppError(400, 'validation', 'errors:validation', {
    details: [{ path: 'formula', message: result.key, ...(result.params ? { params: result.params } : {}) }],
  });
}

/** POST criteria/validate-formula: the names it uses, or the parser's message (a catalog key) and position. */
export async function checkFormula(
  db: Executor,
  formula: string,
): Promise<
  | { valid: true; names: string[] }
  | { valid: false; key: string; params: Record<string, string | number>; position: number }
> {
  const result = parseFormula(formula, { knownNames: await formulaNames(db) });
  if (result.ok) return { valid: true, names: result.names };
  return { valid: false, key: result.key, params: result.params ?? {}, position: result.position };
}

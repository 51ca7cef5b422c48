import { asc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type Executor, readTogether } from '../../db/client.ts';
import { balanceSheetValues } from '../../db/schema/balance-sheets.ts';
import {
  caeDivisions,
  caeSections,
  cities,
  criteria,
  criterionTypes,
  employeeRanges,
  islands,
  partnerEntities,
  partnerTypes,
  sdCategories,
  sdHeadings,
  sdSubCategories,
  sdSubHeadings,
} from '../../db/schema/reference.ts';

/** A level of the self-diagnosis tree. */
export type NodeTable =
  | typeof sdSubHeadings
  | typeof sdCategories
  | typeof sdSubCategories
  | typeof sdHeadings;

// Sort keys of the resources' lists (reference.resources.ts)

/** A city's island, by the island's code. */
export const cityIslandCode: SQL = sql`(select ${islands.code} from ${islands} where ${islands.id} = ${cities.islandId})`;
/** A CAE division's section, by the section's code. */
export const divisionSectionCode: SQL = sql`(select ${caeSections.code} from ${caeSections} where ${caeSections.id} = ${caeDivisions.sectionId})`;
/** A criterion's type, by the type's sort order. */
export const criterionTypeSortOrder: SQL = sql`(select ${criterionTypes.sortOrder} from ${criterionTypes} where ${criterionTypes.id} = ${criteria.criterionTypeId})`;
/** A partner entity's name, case aside. */
export const partnerEntityNameLower: SQL = sql`lower(${partnerEntities.name})`;
/** A partner entity's type, by the type's code. */
export const partnerEntityTypeCode: SQL = sql`(select ${partnerTypes.code} from ${partnerTypes} where ${partnerTypes.id} = ${partnerEntities.partnerTypeId})`;

// Employee ranges

/**
 * Makes the writers of employee ranges wait for each other until the transaction ends: row locks cannot stop two
 * concurrent inserts of overlapping ranges (neither sees the other's new row).
 */
export async function lockEmployeeRanges(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('employee_ranges'))`);
}

/** Every range other than `exceptId` (every one when null), by its lowest count, locked until the transaction ends. */
export async function otherEmployeeRangesLocked(
  tx: Executor,
  exceptId: string | null,
): Promise<{ code: string; min: number; max: number | null }[]> {
  return tx
    .select({
      code: employeeRanges.code,
      min: employeeRanges.minEmployees,
      max: employeeRanges.maxEmployees,
    })
    .from(employeeRanges)
    .where(exceptId === null ? undefined : ne(employeeRanges.id, exceptId))
    .orderBy(employeeRanges.minEmployees)
    .for('update');
}

// The self-diagnosis tree

/** Whether a saved balance sheet holds a value of the node of this code. */
export async function balanceSheetValuesUseCode(tx: Executor, code: string): Promise<boolean> {
  const [stored] = await tx
    .select({ one: sql<number>`1` })
    .from(balanceSheetValues)
    .where(eq(balanceSheetValues.nodeCode, code))
    .limit(1);
  return stored !== undefined;
}

/** A node's code and accounts; undefined when the level has no such node. */
export async function nodeCodeAndAccounts(
  tx: Executor,
  table: NodeTable,
  id: string,
): Promise<{ code: string; accountCodes: string[] } | undefined> {
  const [parent] = await tx
    .select({ code: table.code, accountCodes: table.accountCodes })
    .from(table)
    .where(eq(table.id, id))
    .limit(1);
  return parent;
}

/** Whether a node of the level below names `id` through `column`. */
export async function nodeHasChild(
  tx: Executor,
  table: NodeTable,
  column: AnyPgColumn,
  id: string,
): Promise<boolean> {
  const [child] = await tx.select({ one: sql<number>`1` }).from(table).where(eq(column, id)).limit(1);
  return child !== undefined;
}

/** Whether the level has a node of this code. */
export async function nodeWithCodeExists(tx: Executor, table: NodeTable, code: string): Promise<boolean> {
  const [clash] = await tx.select({ id: table.id }).from(table).where(eq(table.code, code)).limit(1);
  return clash !== undefined;
}

/** A node's code; undefined when the level has no such node. */
export async function nodeCode(tx: Executor, table: NodeTable, id: string): Promise<string | undefined> {
  const [current] = await tx.select({ code: table.code }).from(table).where(eq(table.id, id)).limit(1);
  return current?.code;
}

/** The codes of every node of one level. */
export async function nodeCodesOf(db: Executor, table: NodeTable): Promise<{ code: string }[]> {
  return db.select({ code: table.code }).from(table);
}

/** Every criterion's formula (active or not). */
export async function criterionFormulas(db: Executor): Promise<{ formula: string }[]> {
  return db.select({ formula: criteria.formula }).from(criteria);
}

/** The four levels of the tree, each by sortOrder then code. */
export async function selfDiagnosisLevels(db: Executor) {
  return readTogether(db, [
    () => db.select().from(sdHeadings).orderBy(asc(sdHeadings.sortOrder), asc(sdHeadings.code)),
    () => db.select().from(sdSubHeadings).orderBy(asc(sdSubHeadings.sortOrder), asc(sdSubHeadings.code)),
    () => db.select().from(sdCategories).orderBy(asc(sdCategories.sortOrder), asc(sdCategories.code)),
    () =>
      db.select().from(sdSubCategories).orderBy(asc(sdSubCategories.sortOrder), asc(sdSubCategories.code)),
  ]);
}

import type { ListQuery, ParentSummary } from '@excelencia/domain';
import { and, eq, getTableColumns, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  allOf,
  countRows,
  filterConditions,
  type KeysetPage,
  searchCondition,
} from '../../platform/listing.ts';

/**
 * The queries of a definition-driven reference resource (reference-resource.service.ts): each takes the
 * resource's table (or a parent's, or a child's) with the executor.
 */

/** The columns every reference table has. */
export interface ReferenceTableColumns {
  id: AnyPgColumn;
  version: AnyPgColumn;
  createdAt: AnyPgColumn;
  updatedAt: AnyPgColumn;
  searchText: AnyPgColumn;
}
export type ReferenceTable = PgTable & ReferenceTableColumns;

/** A table a child refers to, embedded in the child's item as a ParentSummary. */
export type ParentTable = PgTable & { id: AnyPgColumn; code: AnyPgColumn; description: AnyPgColumn };

/** The rows a list asks for: its search over the normalized search text, and its equality filters. */
export function referenceListWhere(
  table: ReferenceTable,
  filters: Readonly<Record<string, AnyPgColumn>>,
  query: ListQuery & Record<string, unknown>,
): SQL | undefined {
  return allOf(searchCondition(table.searchText, query.search), ...filterConditions(filters, query));
}

/** The summaries (id, code, description) of the parents with these ids. */
export async function parentSummaries(
  executor: Executor,
  parent: ParentTable,
  ids: string[],
): Promise<ParentSummary[]> {
  const parents = await executor
    .select({ id: parent.id, code: parent.code, description: parent.description })
    .from(parent)
    .where(inArray(parent.id, ids));
  return parents as ParentSummary[];
}

export async function referenceRowById(
  executor: Executor,
  table: ReferenceTable,
  id: string,
): Promise<unknown> {
  const [row] = await executor.select().from(table).where(eq(table.id, id)).limit(1);
  return row;
}

/** Whether the parent table has a row of this id. */
export async function parentExists(tx: Executor, parent: ParentTable, id: string): Promise<boolean> {
  const [found] = await tx.select({ id: parent.id }).from(parent).where(eq(parent.id, id)).limit(1);
  return found !== undefined;
}

/** Whether another row (than `exceptId`, when given) has this code. */
export async function codeTaken(
  tx: Executor,
  table: ReferenceTable,
  codeColumn: AnyPgColumn,
  code: string,
  exceptId: string | null,
): Promise<boolean> {
  const [clash] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(codeColumn, code), exceptId === null ? undefined : ne(table.id, exceptId)))
    .limit(1);
  return clash !== undefined;
}

/** One page of the matching rows in the list's order. */
export async function referenceRowsPage(
  db: Executor,
  table: ReferenceTable,
  where: SQL | undefined,
  orderBy: SQL[],
  window: { limit: number; offset: number },
): Promise<unknown[]> {
  return db
    .select()
    .from(table)
    .where(where)
    .orderBy(...orderBy)
    .limit(window.limit)
    .offset(window.offset);
}

/** How many rows match. */
export async function countReferenceRows(
  db: Executor,
  table: ReferenceTable,
  where: SQL | undefined,
): Promise<number> {
  return countRows(db, table, where);
}

/** One keyset page of the matching rows (the export), each with its order keys. */
export async function referenceRowsAfter(
  db: Executor,
  table: ReferenceTable,
  where: SQL | undefined,
  page: KeysetPage,
): Promise<Record<string, unknown>[]> {
  return db
    .select({ ...getTableColumns(table), ...page.keys })
    .from(table)
    .where(allOf(where, page.after))
    .orderBy(...page.orderBy)
    .limit(page.limit);
}

export async function insertReferenceRow(
  tx: Executor,
  table: ReferenceTable,
  values: Record<string, unknown>,
): Promise<unknown> {
  const [row] = await tx
    .insert(table)
    .values(values as never)
    .returning();
  return row;
}

/** Changes the row only when its version is still `version`, moving it on; undefined when someone changed it. */
export async function updateReferenceRowAtVersion(
  tx: Executor,
  table: ReferenceTable,
  id: string,
  version: number,
  values: Record<string, unknown>,
): Promise<unknown> {
  const [row] = await tx
    .update(table)
    .set({ ...values, version: sql`${table.version} + 1`, updatedAt: new Date() } as never)
    .where(and(eq(table.id, id), eq(table.version, version)))
    .returning();
  return row;
}

/** Whether any row of `table` refers to `id` through `column`. */
export async function anyRowRefersTo(
  tx: Executor,
  table: PgTable,
  column: AnyPgColumn,
  id: string,
): Promise<boolean> {
  const [hit] = await tx.select({ one: sql<number>`1` }).from(table).where(eq(column, id)).limit(1);
  return hit !== undefined;
}

export async function deleteReferenceRow(tx: Executor, table: ReferenceTable, id: string): Promise<void> {
  await tx.delete(table).where(eq(table.id, id));
}

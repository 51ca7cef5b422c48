import { type Language, type ListQuery, searchText } from '@excelencia/domain';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import { AppError } from './errors.ts';

/**
 * The list endpoints' query, turned into SQL: search over the normalized `search_text` (trigram-indexed),
 * equality filters, sorting from an allow-list, pagination with the total count.
 */

/** What a list can be sorted by: a column, an SQL expression, or one that depends on the caller's language. */
export type SortKey = AnyPgColumn | SQL | ((language: Language) => SQL);

/** Sorts a LocalizedText jsonb column by the caller's language, falling back to pt when that one is empty. */
export function localizedSort(column: AnyPgColumn): (language: Language) => SQL {
  return (language) => sql`lower(coalesce(nullif(${column}->>${language}, ''), ${column}->>'pt'))`;
}

/**
 * `column LIKE %term%` (or `term%` with `prefix`, which an index with text_pattern_ops serves) on the term
 * normalized as search_text is (lower case, no accents), its LIKE wildcards matched literally; undefined when
 * there is no term.
 */
export function searchCondition(
  column: AnyPgColumn | SQL,
  search: string | undefined,
  options: { prefix?: boolean } = {},
): SQL | undefined {
  const term = searchText(search ?? '');
  if (!term) return undefined;
  const escaped = term.replace(/[\\%_]/g, (c) => `\\${c}`);
  return sql`${column} like ${`${options.prefix ? '' : '%'}${escaped}%`}`;
}

/** The ORDER BY of a list: the requested field (400 errors:invalidSort when not allowed) or the defaults. */
export function orderBy(
  sortable: Readonly<Record<string, SortKey>>,
  query: Pick<ListQuery, 'sort' | 'order'>,
  language: Language,
  options: { defaultSort: readonly string[]; tieBreaker: AnyPgColumn },
): SQL[] {
  const fields = query.sort ? [query.sort] : options.defaultSort;
  const direction = query.sort && query.order === 'desc' ? desc : asc;
  const out: SQL[] = [];
  for (const field of fields) {
    if (!Object.hasOwn(sortable, field)) {
      throw new AppError(400, 'invalid_sort', 'errors:invalidSort', {
        details: [{ path: 'sort', message: 'errors:invalidSort' }],
      });
    }
    const key = sortable[field] as SortKey;
    out.push(direction(typeof key === 'function' ? key(language) : key));
  }
  out.push(asc(options.tieBreaker));
  return out;
}

/** Equality filters: query field → column, applied when the query has a value for the field. */
export function filterConditions(
  filters: Readonly<Record<string, AnyPgColumn>>,
  query: Readonly<Record<string, unknown>>,
): SQL[] {
  const out: SQL[] = [];
  for (const [field, column] of Object.entries(filters)) {
    const value = query[field];
    if (value === undefined || value === null || value === '') continue;
    out.push(
      eq(
        column,
        field === 'isActive' || typeof value === 'boolean' ? value === true || value === 'true' : value,
      ),
    );
  }
  return out;
}

/** Combines conditions (undefined ones skipped). */
export function allOf(...conditions: (SQL | undefined)[]): SQL | undefined {
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length === 0 ? undefined : and(...present);
}

/** LIMIT/OFFSET of a page. */
export function pageWindow(query: Pick<ListQuery, 'page' | 'pageSize'>): { limit: number; offset: number } {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

/** How many rows of `table` match. */
export async function countRows(db: Executor, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
}

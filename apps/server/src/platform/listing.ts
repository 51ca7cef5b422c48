import { type Language, type ListQuery, searchText } from '@excelencia/domain';
import { and, asc, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
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

/** One key of a list's order: the value sorted by and its direction (ascending puts nulls last). */
export interface OrderKey {
  value: AnyPgColumn | SQL;
  descending: boolean;
}

/** The order of a list: the requested field (400 errors:invalidSort when not allowed) or the defaults. */
export function orderKeys(
  sortable: Readonly<Record<string, SortKey>>,
  query: Pick<ListQuery, 'sort' | 'order'>,
  language: Language,
  options: { defaultSort: readonly string[]; tieBreaker: AnyPgColumn },
): OrderKey[] {
  const fields = query.sort ? [query.sort] : options.defaultSort;
  const descending = Boolean(query.sort) && query.order === 'desc';
  const out: OrderKey[] = [];
  for (const field of fields) {
    if (!Object.hasOwn(sortable, field)) {
      throw new AppError(400, 'invalid_sort', 'errors:invalidSort', {
        details: [{ path: 'sort', message: 'errors:invalidSort' }],
      });
    }
    const key = sortable[field] as SortKey;
    out.push({ value: typeof key === 'function' ? key(language) : key, descending });
  }
  out.push({ value: options.tieBreaker, descending: false });
  return out;
}

/** The ORDER BY of the keys. */
export function orderSql(keys: readonly OrderKey[]): SQL[] {
  return keys.map((key) => (key.descending ? desc(key.value) : asc(key.value)));
}

/** The ORDER BY of a list (see orderKeys). */
export function orderBy(
  sortable: Readonly<Record<string, SortKey>>,
  query: Pick<ListQuery, 'sort' | 'order'>,
  language: Language,
  options: { defaultSort: readonly string[]; tieBreaker: AnyPgColumn },
): SQL[] {
  return orderSql(orderKeys(sortable, query, language, options));
}

/** The rows after the one whose order keys had `values`, in the keys' order (nulls last ascending, first descending). */
function afterValues(keys: readonly OrderKey[], values: readonly unknown[]): SQL {
  const branches: SQL[] = [];
  const equalBefore: SQL[] = [];
  keys.forEach((key, index) => {
    const value = values[index] ?? null;
    const beyond =
      value === null
        ? key.descending
          ? sql`${key.value} is not null`
          : undefined
        : key.descending
          ? sql`${key.value} < ${value}`
          : sql`(${key.value} > ${value} or ${key.value} is null)`;
    if (beyond) branches.push(and(...equalBefore, beyond) as SQL);
    equalBefore.push(value === null ? sql`${key.value} is null` : sql`${key.value} = ${value}`);
  });
  return branches.length === 0 ? sql`false` : (or(...branches) as SQL);
}

/** A page of keyset paging, as the caller's query reads it. */
export interface KeysetPage {
  /** Columns to add to the selection: each order key's value, read back to start the next page after it. */
  keys: Record<string, SQL>;
  /** The rows after the previous page's last (undefined for the first page): AND it into the WHERE. */
  after: SQL | undefined;
  orderBy: SQL[];
  limit: number;
}

/**
 * Every row of a query, a page of `size` at a time, each page starting after the last row of the one before (keyset
 * paging): each read costs the same however far the export has gone, and rows written meanwhile neither shift
 * nor repeat the rows still to come. The last key must be unique (the id).
 */
export async function* keysetPages<Row extends object>(options: {
  order: readonly OrderKey[];
  size: number;
  read(page: KeysetPage): Promise<Row[]>;
}): AsyncGenerator<Row[]> {
  const { order, size } = options;
  const names = order.map((_, index) => `keyset${index}`);
  const keys = Object.fromEntries(order.map((key, index) => [names[index], sql`${key.value}`]));
  let after: SQL | undefined;
  let previous = '';
  for (;;) {
    const rows = await options.read({ keys, after, orderBy: orderSql(order), limit: size });
    const last = rows.at(-1) as Record<string, unknown> | undefined;
    const values = names.map((name) => last?.[name]);
    for (const row of rows) {
      for (const name of names) delete (row as Record<string, unknown>)[name];
    }
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    // A key whose value does not read back exactly (a Date rounding microseconds) would read one page forever.
    const position = JSON.stringify(values);
    if (position === previous)
      throw new Error('Keyset paging did not advance: an order key does not round-trip');
    previous = position;
    after = afterValues(order, values);
  }
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

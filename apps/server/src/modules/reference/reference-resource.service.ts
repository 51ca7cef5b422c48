import {
  type Language,
  type ListQuery,
  type LocalizedText,
  type Page,
  type ParentSummary,
  searchText,
} from '@excelencia/domain';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import { databaseRefusal, foreignKeyOf } from '../../platform/database-errors.ts';
import { AppError, notFound, parentNotFound, staleVersion } from '../../platform/errors.ts';
import { keysetPages, orderBy, orderKeys, pageWindow, type SortKey } from '../../platform/listing.ts';
import type { ExportColumn } from '../../platform/xlsx-export.ts';
import {
  anyRowRefersTo,
  codeTaken,
  countReferenceRows,
  deleteReferenceRow,
  insertReferenceRow,
  type ParentTable,
  parentExists,
  parentSummaries,
  type ReferenceTable,
  referenceListWhere,
  referenceRowById,
  referenceRowsAfter,
  referenceRowsPage,
  updateReferenceRowAtVersion,
} from './reference-resource.repository.ts';

export type { ParentTable, ReferenceTable, ReferenceTableColumns } from './reference-resource.repository.ts';

/**
 * A definition-driven resource of the reference data: one definition gives the six routes (list, export, get,
 * create, update, delete), the service behind them (transactions, optimistic concurrency, unique codes, parent
 * existence, children check before delete, audit rows) and the OpenAPI description from the shared schemas.
 */

export interface ParentLink {
  /** The input and item field holding the parent's id ('islandId'). */
  field: string;
  /** The item field of the embedded summary ('island'). */
  as: string;
  table: ParentTable;
}

export interface ChildLink {
  /** The table whose rows refer to this resource, and the referring column. */
  table: PgTable;
  column: AnyPgColumn;
  /** Catalog key naming the referring kind in the in_use message ('reference:kinds.cities'). */
  what: string;
}

/** What the rest of the application does when reference data has changed (after the write has committed). */
export interface ReferenceEffects {
  /** Criteria were created, edited or deleted: the indicator values derived from them are stale. */
  criteriaChanged(): void;
}

type Row<T extends ReferenceTable> = T['$inferSelect'];
type Values<T extends ReferenceTable> = T['$inferInsert'];

export interface ResourceDefinition<
  TTable extends ReferenceTable,
  TCreate extends Record<string, unknown>,
  TItem extends { id: string },
> {
  /** The API path under /app/api/v1 ('islands', 'self-diagnosis/headings'); also the audit entity. */
  path: string;
  /** OpenAPI tag; defaults to 'reference'. */
  tag?: string;
  table: TTable;
  schemas: {
    create: z.ZodType<TCreate>;
    update: z.ZodType<TCreate & { version: number }>;
    item: z.ZodType<TItem>;
    listQuery: z.ZodType<ListQuery & Record<string, unknown>>;
  };
  /** Query `sort` values the list accepts. */
  sortable: Readonly<Record<string, SortKey>>;
  /** The order when the query names none (fields of `sortable`). */
  defaultSort: readonly string[];
  /** Equality filters: list query field → column ('islandId', 'isActive'). */
  filters?: Readonly<Record<string, AnyPgColumn>>;
  /** The texts the list search matches (code, the three descriptions...), normalized with searchText. */
  searchParts(input: NoInfer<TCreate>): (string | null | undefined)[];
  parents?: readonly ParentLink[];
  /** Delete is refused with 409 in_use while any of these refer to the row (checked in order). */
  children?: readonly ChildLink[];
  /** The code column: unique, 409 duplicate_code on a clash. */
  codeColumn?: AnyPgColumn;
  /** The columns to write from a validated input; defaults to the input itself (without `version`). */
  toValues?(input: NoInfer<TCreate>): Partial<Values<TTable>>;
  toItem(row: Row<TTable>, parents: Readonly<Record<string, ParentSummary>>): NoInfer<TItem>;
  /** Extra rules checked inside the write transaction (throw AppError); `id` is null on create. */
  validate?(input: NoInfer<TCreate>, tx: Executor, id: string | null): Promise<void>;
  /** Extra rules checked inside the delete transaction, after `children` (throw AppError). */
  beforeRemove?(row: Row<TTable>, tx: Executor): Promise<void>;
  /**
   * Runs after a create, update or delete has committed, whoever called the service (a route, a seed, an
   * import), so what depends on the data follows every change.
   */
  afterWrite?(effects: ReferenceEffects): void;
  /** The columns of the exported spreadsheet. */
  exportColumns: readonly ExportColumn<NoInfer<TItem>>[];
}

/** Declares a resource (identity function that infers the types). */
export function defineResource<
  TTable extends ReferenceTable,
  TCreate extends Record<string, unknown>,
  TItem extends { id: string },
>(definition: ResourceDefinition<TTable, TCreate, TItem>): ResourceDefinition<TTable, TCreate, TItem> {
  return definition;
}

// ---- errors ----------------------------------------------------------------------------------------------------

export const duplicateCode = () =>
  new AppError(409, 'duplicate_code', 'errors:duplicateCode', {
    details: [{ path: 'code', message: 'errors:duplicateCode' }],
  });
export const inUse = (what: string) => new AppError(409, 'in_use', 'errors:inUse', { params: { what } });

// ---- presenting --------------------------------------------------------------------------------------------------

/** ISO text of a timestamp column. */
export const iso = (value: Date | string): string =>
  (value instanceof Date ? value : new Date(value)).toISOString();

/** The fields every item has. */
export function storedFields(row: { id: string; version: number; createdAt: Date; updatedAt: Date }) {
  return { id: row.id, version: row.version, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
}

/** The parent summary of a field, as found by the service (an empty one if the parent vanished). */
export function parentOf(
  parents: Readonly<Record<string, ParentSummary>>,
  as: string,
  id: string,
): ParentSummary {
  return parents[as] ?? { id, code: '', description: { pt: '', en: '', fr: '' } };
}

/** The three descriptions and the code, as search parts. */
export const describedParts = (input: { code: string; description: LocalizedText }) => [
  input.code,
  input.description.pt,
  input.description.en,
  input.description.fr,
];

// ---- the service -------------------------------------------------------------------------------------------------

export type ResourceService<TCreate, TItem> = {
  list(query: ListQuery & Record<string, unknown>, language: Language): Promise<Page<TItem>>;
  /** Every row matching the query's filter (no paging), in batches. */
  exportRows(query: ListQuery & Record<string, unknown>, language: Language): AsyncIterable<TItem>;
  get(id: string): Promise<TItem>;
  create(actor: Actor, input: TCreate): Promise<TItem>;
  update(actor: Actor, id: string, input: TCreate & { version: number }): Promise<TItem>;
  remove(actor: Actor, id: string): Promise<void>;
};

const EXPORT_BATCH = 1000;

export function createResourceService<
  TTable extends ReferenceTable,
  TCreate extends Record<string, unknown>,
  TItem extends { id: string },
>(
  db: Database,
  def: ResourceDefinition<TTable, TCreate, TItem>,
  effects: ReferenceEffects,
): ResourceService<TCreate, TItem> {
  const table = def.table as ReferenceTable;
  const entity = def.path;
  /**
   * A foreign key the database enforced past the checks (a concurrent write) → the answer the check would have
   * given: a row of a child kind refers to this one, or the parent named in a field is gone.
   */
  const foreignKeyRefusals = new Map<string, () => AppError>();
  for (const child of def.children ?? []) {
    const name = foreignKeyOf(child.table, child.column);
    if (name) foreignKeyRefusals.set(name, () => inUse(child.what));
  }
  for (const link of def.parents ?? []) {
    const name = foreignKeyOf(
      table,
      (table as unknown as Record<string, AnyPgColumn>)[link.field] as AnyPgColumn,
    );
    if (name) foreignKeyRefusals.set(name, () => parentNotFound(link.field));
  }

  async function present(executor: Executor, rows: Row<TTable>[]): Promise<TItem[]> {
    const byLink = new Map<string, Map<string, ParentSummary>>();
    for (const link of def.parents ?? []) {
      const ids = [...new Set(rows.map((row) => (row as Record<string, unknown>)[link.field] as string))];
      const found = new Map<string, ParentSummary>();
      if (ids.length > 0) {
        const parents = await parentSummaries(executor, link.table, ids);
        for (const parent of parents) found.set(parent.id, parent);
      }
      byLink.set(link.as, found);
    }
    return rows.map((row) => {
      const parents: Record<string, ParentSummary> = {};
      for (const link of def.parents ?? []) {
        const summary = byLink.get(link.as)?.get((row as Record<string, unknown>)[link.field] as string);
        if (summary) parents[link.as] = summary;
      }
      return def.toItem(row, parents);
    });
  }

  function whereOf(query: ListQuery & Record<string, unknown>) {
    return referenceListWhere(table, def.filters ?? {}, query);
  }

  async function findRow(executor: Executor, id: string): Promise<Row<TTable> | undefined> {
    return (await referenceRowById(executor, table, id)) as Row<TTable> | undefined;
  }

  async function checkRules(tx: Executor, input: TCreate, id: string | null): Promise<void> {
    for (const link of def.parents ?? []) {
      const parentId = input[link.field];
      if (typeof parentId !== 'string') throw parentNotFound(link.field);
      const found = await parentExists(tx, link.table, parentId);
      if (!found) throw parentNotFound(link.field);
    }
    if (def.codeColumn && typeof input.code === 'string') {
      const clash = await codeTaken(tx, table, def.codeColumn, input.code, id);
      if (clash) throw duplicateCode();
    }
    await def.validate?.(input, tx, id);
  }

  function valuesOf(input: TCreate): Record<string, unknown> {
    const values: Record<string, unknown> = { ...(def.toValues ? def.toValues(input) : input) };
    delete values.version;
    delete values.id;
    values.searchText = searchText(...def.searchParts(input));
    return values;
  }

  /**
   * Runs a write transaction, then the definition's after-write step. Maps a unique violation that slipped past
   * the check (a concurrent insert) to duplicate_code.
   */
  async function write<T>(work: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await work();
    } catch (error) {
      if (error instanceof AppError) throw error;
      const refused = databaseRefusal(error);
      if (refused?.code === '23505' && def.codeColumn) throw duplicateCode();
      // 23503 a referring row without its parent; 23001 the delete of a row referred to (ON DELETE RESTRICT).
      if (refused?.code === '23503' || refused?.code === '23001') {
        const known = refused.constraint ? foreignKeyRefusals.get(refused.constraint) : undefined;
        throw known ? known() : inUse('reference:kinds.records');
      }
      if (refused?.code === '40001') throw staleVersion();
      throw error;
    }
    def.afterWrite?.(effects);
    return result;
  }

  return {
    async list(query, language) {
      const where = whereOf(query);
      const order = orderBy(def.sortable, query, language, {
        defaultSort: def.defaultSort,
        tieBreaker: table.id,
      });
      const [rows, total] = await Promise.all([
        referenceRowsPage(db, table, where, order, pageWindow(query)),
        countReferenceRows(db, table, where),
      ]);
      return {
        items: await present(db, rows as Row<TTable>[]),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async *exportRows(query, language) {
      const where = whereOf(query);
      const order = orderKeys(def.sortable, query, language, {
        defaultSort: def.defaultSort,
        tieBreaker: table.id,
      });
      const pages = keysetPages({
        order,
        size: EXPORT_BATCH,
        read: (page) => referenceRowsAfter(db, table, where, page),
      });
      for await (const rows of pages) yield* await present(db, rows as Row<TTable>[]);
    },

    async get(id) {
      const row = await findRow(db, id);
      if (!row) throw notFound();
      const [item] = await present(db, [row]);
      return item as TItem;
    },

    create(actor, input) {
      return write(() =>
        db.transaction(async (tx) => {
          await checkRules(tx, input, null);
          const row = await insertReferenceRow(tx, table, valuesOf(input));
          const [item] = await present(tx, [row as Row<TTable>]);
          await writeAudit(tx, {
            actorAccountId: actor.accountId,
            action: 'create',
            entity,
            entityId: (row as { id: string }).id,
            after: item,
            requestId: actor.requestId ?? null,
          });
          return item as TItem;
        }),
      );
    },

    update(actor, id, input) {
      return write(() =>
        db.transaction(async (tx) => {
          const existing = await findRow(tx, id);
          if (!existing) throw notFound();
          if ((existing as { version: number }).version !== input.version) throw staleVersion();
          await checkRules(tx, input, id);
          const row = await updateReferenceRowAtVersion(tx, table, id, input.version, valuesOf(input));
          if (!row) throw staleVersion();
          const [before, after] = await present(tx, [existing, row as Row<TTable>]);
          await writeAudit(tx, {
            actorAccountId: actor.accountId,
            action: 'update',
            entity,
            entityId: id,
            before,
            after,
            requestId: actor.requestId ?? null,
          });
          return after as TItem;
        }),
      );
    },

    remove(actor, id) {
      return write(() =>
        db.transaction(async (tx) => {
          const existing = await findRow(tx, id);
          if (!existing) throw notFound();
          for (const child of def.children ?? []) {
            const hit = await anyRowRefersTo(tx, child.table, child.column, id);
            if (hit) throw inUse(child.what);
          }
          await def.beforeRemove?.(existing, tx);
          const [before] = await present(tx, [existing]);
          await deleteReferenceRow(tx, table, id);
          await writeAudit(tx, {
            actorAccountId: actor.accountId,
            action: 'delete',
            entity,
            entityId: id,
            before,
            requestId: actor.requestId ?? null,
          });
        }),
      );
    },
  };
}

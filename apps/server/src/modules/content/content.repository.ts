import type { ContentKind } from '@excelencia/domain';
import { and, asc, desc, eq, inArray, isNotNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { editions } from '../../db/schema/applications.ts';
import { contentDocuments, contentImages, contentItems } from '../../db/schema/content.ts';
import { criteria, criterionTypes } from '../../db/schema/reference.ts';
import { searchCondition } from '../../platform/listing.ts';

export type ContentItemRow = typeof contentItems.$inferSelect;
export type ContentDocumentRow = typeof contentDocuments.$inferSelect;
export type ContentImageRow = typeof contentImages.$inferSelect;

/** Rows a visitor may see: published or scheduled, and their moment has come. */
function isPublicNow(now: Date): SQL {
  return and(
    ne(contentItems.status, 'draft'),
    isNotNull(contentItems.publishedAt),
    lte(contentItems.publishedAt, now),
  ) as SQL;
}

// Items

/** The item of the kind with the id. */
export async function itemOfKind(
  db: Executor,
  kind: ContentKind,
  id: string,
): Promise<ContentItemRow | undefined> {
  const [row] = await db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.kind, kind), eq(contentItems.id, id)))
    .limit(1);
  return row;
}

/** The id of the kind's item with the slug. */
export async function itemIdWithSlug(
  db: Executor,
  kind: ContentKind,
  slug: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: contentItems.id })
    .from(contentItems)
    .where(and(eq(contentItems.kind, kind), eq(contentItems.slug, slug)))
    .limit(1);
  return row?.id;
}

/**
 * The kind's items for the admin list, optionally of one status and matching a search: news by publication (or
 * creation) newest first, events by date newest first, pages by slug, the others by their order.
 */
export async function itemsOfKindForAdmin(
  db: Executor,
  kind: ContentKind,
  filter: { status?: ContentItemRow['status'] | undefined; search?: string | undefined },
): Promise<ContentItemRow[]> {
  const conditions = [eq(contentItems.kind, kind)];
  if (filter.status) conditions.push(eq(contentItems.status, filter.status));
  const search = searchCondition(contentItems.searchText, filter.search);
  if (search) conditions.push(search);
  const order =
    kind === 'news'
      ? [desc(sql`coalesce(${contentItems.publishedAt}, ${contentItems.createdAt})`), desc(contentItems.id)]
      : kind === 'events'
        ? [desc(contentItems.eventDate), desc(contentItems.id)]
        : kind === 'pages'
          ? [asc(contentItems.slug)]
          : [asc(contentItems.sortOrder), asc(contentItems.createdAt), asc(contentItems.id)];
  return db
    .select()
    .from(contentItems)
    .where(and(...conditions))
    .orderBy(...order);
}

/** The slugs of a kind's items a visitor may read at `now`, for the sitemap. */
export async function publicSlugsOfKind(
  db: Executor,
  kind: ContentKind,
  now: Date,
): Promise<Array<{ slug: string; updatedAt: Date }>> {
  return db
    .select({ slug: contentItems.slug, updatedAt: contentItems.updatedAt })
    .from(contentItems)
    .where(and(eq(contentItems.kind, kind), isPublicNow(now)))
    .orderBy(asc(contentItems.slug));
}

/** The column a public list is ordered by (then by id, in the same direction). */
export type PublicOrderColumn = 'publishedAt' | 'eventDate' | 'slug' | 'sortOrder';

const PUBLIC_ORDER_COLUMNS = {
  publishedAt: contentItems.publishedAt,
  eventDate: contentItems.eventDate,
  slug: contentItems.slug,
  sortOrder: contentItems.sortOrder,
} as const;

/**
 * One page of the kind's items a visitor may read at `now`, keyset-ordered by `order.column` then id: events from
 * the day `fromDay` (YYYY-MM-DD) on when given, matching the search and the documents' category when given, after
 * the cursor's (value, id) when given (the value cast to `order.cast`). `limit` rows at most.
 */
export async function publicItemsPage(
  db: Executor,
  kind: ContentKind,
  options: {
    now: Date;
    order: { column: PublicOrderColumn; cast: 'timestamptz' | 'date' | 'int4' | 'text'; descending: boolean };
    fromDay?: string | undefined;
    search?: string | undefined;
    category?: string | undefined;
    after?: { value: string | number; id: string } | undefined;
    limit: number;
  },
): Promise<ContentItemRow[]> {
  const { order } = options;
  const key = sql`${PUBLIC_ORDER_COLUMNS[order.column]}`;
  const conditions: (SQL | undefined)[] = [eq(contentItems.kind, kind), isPublicNow(options.now)];
  if (options.fromDay) conditions.push(sql`${contentItems.eventDate} >= ${options.fromDay}::date`);
  if (options.search) conditions.push(searchCondition(contentItems.searchText, options.search));
  if (options.category) conditions.push(sql`${contentItems.fields}->>'category' = ${options.category}`);
  if (options.after) {
    const { value, id } = options.after;
    const cast = sql.raw(order.cast);
    conditions.push(
      order.descending
        ? sql`(${key}, ${contentItems.id}) < (${value}::${cast}, ${id}::uuid)`
        : sql`(${key}, ${contentItems.id}) > (${value}::${cast}, ${id}::uuid)`,
    );
  }
  const direction = order.descending ? desc : asc;
  return db
    .select()
    .from(contentItems)
    .where(and(...conditions))
    .orderBy(direction(key), direction(contentItems.id))
    .limit(options.limit);
}

/** The kind's item a visitor may read at `now` with the slug (or, for a uuid, the id or the slug). */
export async function publicItemBySlugOrId(
  db: Executor,
  kind: ContentKind,
  slugOrId: string,
  isUuid: boolean,
  now: Date,
): Promise<ContentItemRow | undefined> {
  const match = isUuid
    ? or(eq(contentItems.id, slugOrId), eq(contentItems.slug, slugOrId.toLowerCase()))
    : eq(contentItems.slug, slugOrId.toLowerCase());
  const [row] = await db
    .select()
    .from(contentItems)
    .where(and(eq(contentItems.kind, kind), match, isPublicNow(now)))
    .limit(1);
  return row;
}

export async function insertItem(
  tx: Executor,
  values: typeof contentItems.$inferInsert,
): Promise<ContentItemRow> {
  const [row] = await tx.insert(contentItems).values(values).returning();
  if (!row) throw new Error('Inserting the content item returned nothing');
  return row;
}

/**
 * Changes an item only when its version is still `version`. Returns the new row, or undefined when someone changed
 * (or removed) it meanwhile.
 */
export async function updateItemAtVersion(
  tx: Executor,
  id: string,
  version: number,
  values: Partial<typeof contentItems.$inferInsert>,
): Promise<ContentItemRow | undefined> {
  const [row] = await tx
    .update(contentItems)
    .set(values)
    .where(and(eq(contentItems.id, id), eq(contentItems.version, version)))
    .returning();
  return row;
}

/** Marks an item changed by `accountId` (its document's file was replaced), moving its version on. */
export async function touchItem(
  tx: Executor,
  id: string,
  version: number,
  accountId: string | null,
): Promise<ContentItemRow | undefined> {
  const [row] = await tx
    .update(contentItems)
    .set({ version, updatedAt: new Date(), updatedBy: accountId })
    .where(eq(contentItems.id, id))
    .returning();
  return row;
}

export async function deleteItem(tx: Executor, id: string): Promise<void> {
  await tx.delete(contentItems).where(eq(contentItems.id, id));
}

// Documents, images and what items refer to

/** The PDFs of the document items, by item id. */
export async function documentsOfItems(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, ContentDocumentRow>> {
  if (ids.length === 0) return new Map<string, ContentDocumentRow>();
  const rows = await db
    .select()
    .from(contentDocuments)
    .where(inArray(contentDocuments.contentItemId, [...ids]));
  return new Map(rows.map((row) => [row.contentItemId, row]));
}

/** Stores the item's PDF, replacing the one before. */
export async function upsertItemDocument(
  tx: Executor,
  contentItemId: string,
  values: Omit<typeof contentDocuments.$inferInsert, 'contentItemId'>,
): Promise<void> {
  await tx
    .insert(contentDocuments)
    .values({ contentItemId, ...values })
    .onConflictDoUpdate({ target: contentDocuments.contentItemId, set: values });
}

/** The rows of `ids` by id (unknown ids are absent). */
export async function imagesById(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, ContentImageRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(contentImages).where(inArray(contentImages.id, unique));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function insertImage(
  tx: Executor,
  values: typeof contentImages.$inferInsert,
): Promise<ContentImageRow> {
  const [row] = await tx.insert(contentImages).values(values).returning();
  if (!row) throw new Error('Inserting the content image returned nothing');
  return row;
}

/** The year of each edition of `ids`, by edition id. */
export async function editionYears(db: Executor, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ id: editions.id, year: editions.year })
    .from(editions)
    .where(inArray(editions.id, [...ids]));
  return new Map(rows.map((e) => [e.id, e.year]));
}

export async function editionExists(db: Executor, id: string): Promise<boolean> {
  const [edition] = await db.select({ id: editions.id }).from(editions).where(eq(editions.id, id)).limit(1);
  return edition !== undefined;
}

/** The active application criteria with their type, in their type's then their own order. */
export async function activeApplicationCriteria(db: Executor) {
  return db
    .select({
      code: criteria.code,
      description: criteria.description,
      type: criterionTypes.description,
      targetComparison: criteria.targetComparison,
      targetValue: criteria.targetValue,
    })
    .from(criteria)
    .innerJoin(criterionTypes, eq(criterionTypes.id, criteria.criterionTypeId))
    .where(and(eq(criteria.isApplicationCriterion, true), eq(criteria.isActive, true)))
    .orderBy(asc(criterionTypes.sortOrder), asc(criteria.sortOrder), asc(criteria.code));
}

import { and, asc, desc, eq, gte, isNotNull, isNull, max, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { editions } from '../../db/schema/index.ts';

export type EditionRow = typeof editions.$inferSelect;
type EditionValues = Omit<typeof editions.$inferInsert, 'id' | 'version' | 'createdAt' | 'updatedAt'>;

export async function editionById(db: Executor, id: string): Promise<EditionRow | undefined> {
  const [row] = await db.select().from(editions).where(eq(editions.id, id)).limit(1);
  return row;
}

/** Serializes the transactions that check and write editions' numbers and windows until this transaction ends. */
export async function lockEditionWindows(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('editions'))`);
}

/** An edition with this number, other than `exceptId`, if any. */
export async function editionWithNumber(
  tx: Executor,
  number: number,
  exceptId: string | null,
): Promise<{ id: string } | undefined> {
  const [row] = await tx
    .select({ id: editions.id })
    .from(editions)
    .where(and(eq(editions.number, number), exceptId ? ne(editions.id, exceptId) : undefined))
    .limit(1);
  return row;
}

/** The highest edition number so far (0 when there is none). */
export async function highestEditionNumber(tx: Executor): Promise<number> {
  const [row] = await tx.select({ number: max(editions.number) }).from(editions);
  return row?.number ?? 0;
}

/**
 * An edition, other than `exceptId`, whose application window as it ran (closed at publication when its results
 * were published first) meets the window from `opensAt` to `closesAt`, if any.
 */
export async function editionOverlappingWindow(
  tx: Executor,
  opensAt: Date,
  closesAt: Date,
  exceptId: string | null,
): Promise<{ id: string } | undefined> {
  const [row] = await tx
    .select({ id: editions.id })
    .from(editions)
    .where(
      and(
        sql`${editions.applicationOpensAt} <= ${closesAt}`,
        sql`coalesce(${editions.applicationsClosedAt}, ${editions.applicationClosesAt}) >= ${opensAt}`,
        exceptId ? ne(editions.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

/** Every edition, the highest number first. */
export async function editionsNewestNumberFirst(db: Executor): Promise<EditionRow[]> {
  return db.select().from(editions).orderBy(desc(editions.number));
}

/** The first edition (by application window) whose results date has not passed at `now` and whose results are not out. */
export async function nextEditionWithoutResults(db: Executor, now: Date): Promise<EditionRow | undefined> {
  const [row] = await db
    .select()
    .from(editions)
    .where(and(gte(editions.resultsAt, now), isNull(editions.resultsPublishedAt)))
    .orderBy(asc(editions.applicationOpensAt))
    .limit(1);
  return row;
}

/** The edition with the latest results date. */
export async function editionWithLatestResultsDate(db: Executor): Promise<EditionRow | undefined> {
  const [row] = await db.select().from(editions).orderBy(desc(editions.resultsAt)).limit(1);
  return row;
}

/** The editions whose results are published, the latest publication first. */
export async function publishedEditionsNewestFirst(db: Executor): Promise<EditionRow[]> {
  return db
    .select()
    .from(editions)
    .where(isNotNull(editions.resultsPublishedAt))
    .orderBy(desc(editions.resultsPublishedAt));
}

export async function insertEdition(tx: Executor, values: EditionValues): Promise<EditionRow> {
  const [row] = await tx.insert(editions).values(values).returning();
  if (!row) throw new Error('Inserting the edition returned nothing');
  return row;
}

/** Writes an edition's numbers and dates if it is still at `version`, moving the version on; undefined otherwise. */
export async function updateEditionAtVersion(
  tx: Executor,
  id: string,
  version: number,
  values: EditionValues,
  now: Date,
): Promise<EditionRow | undefined> {
  const [row] = await tx
    .update(editions)
    .set({ ...values, version: version + 1, updatedAt: now })
    .where(and(eq(editions.id, id), eq(editions.version, version)))
    .returning();
  return row;
}

/** Points an edition at its regulation file, moving its version on; undefined when the edition is gone. */
export async function setEditionRegulation(
  tx: Executor,
  edition: { id: string; version: number },
  regulation: { fileId: string; fileName: string },
  now: Date,
): Promise<EditionRow | undefined> {
  const [row] = await tx
    .update(editions)
    .set({
      regulationFileId: regulation.fileId,
      regulationFileName: regulation.fileName,
      version: edition.version + 1,
      updatedAt: now,
    })
    .where(eq(editions.id, edition.id))
    .returning();
  return row;
}

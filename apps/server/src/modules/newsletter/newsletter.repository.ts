import { and, count, desc, eq, gt, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  mailOutbox,
  newsletterCampaigns,
  newsletterDeliveries,
  newsletterSubscribers,
} from '../../db/schema/index.ts';
import { allOf, filterConditions, type KeysetPage, searchCondition } from '../../platform/listing.ts';

/** The subscribers list's sort keys, and its last key so that the order is total. */
export const SUBSCRIBER_SORT = {
  email: newsletterSubscribers.email,
  createdAt: newsletterSubscribers.createdAt,
  confirmedAt: newsletterSubscribers.confirmedAt,
  status: newsletterSubscribers.status,
} as const;
export const SUBSCRIBER_TIE_BREAKER = newsletterSubscribers.id;

/** The subscribers a list asks for: an e-mail fragment and the status filter. */
export function subscribersListWhere(query: {
  search?: string;
  status?: string | string[];
}): SQL | undefined {
  return allOf(
    searchCondition(newsletterSubscribers.email, query.search),
    ...filterConditions({ status: newsletterSubscribers.status }, query),
  );
}

export type SubscriberRow = typeof newsletterSubscribers.$inferSelect;
export type CampaignRow = typeof newsletterCampaigns.$inferSelect;

// Subscribers

/** Stores a new subscriber; undefined when the address is already there. */
export async function insertSubscriberUnlessKnown(
  tx: Executor,
  values: typeof newsletterSubscribers.$inferInsert,
): Promise<SubscriberRow | undefined> {
  const [inserted] = await tx
    .insert(newsletterSubscribers)
    .values(values)
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning();
  return inserted;
}

/** The subscriber of the address, locked for this transaction. */
export async function lockSubscriberByEmail(tx: Executor, email: string): Promise<SubscriberRow | undefined> {
  const [row] = await tx
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email))
    .for('update');
  return row;
}

/** The subscriber of the unsubscribe token, locked for this transaction. */
export async function lockSubscriberByUnsubscribeToken(
  tx: Executor,
  token: string,
): Promise<SubscriberRow | undefined> {
  const [row] = await tx
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.unsubscribeToken, token))
    .for('update');
  return row;
}

/** Changes a subscriber; returns the new row (undefined when it is gone). */
export async function updateSubscriber(
  tx: Executor,
  id: string,
  values: Partial<typeof newsletterSubscribers.$inferInsert>,
): Promise<SubscriberRow | undefined> {
  const [row] = await tx
    .update(newsletterSubscribers)
    .set(values)
    .where(eq(newsletterSubscribers.id, id))
    .returning();
  return row;
}

/** Changes a subscriber without reading it back. */
export async function setSubscriber(
  tx: Executor,
  id: string,
  values: Partial<typeof newsletterSubscribers.$inferInsert>,
): Promise<void> {
  await tx.update(newsletterSubscribers).set(values).where(eq(newsletterSubscribers.id, id));
}

/**
 * Confirms the subscriber whose confirmation token hashes to `tokenHash`, when the request that sent it came after
 * `sentAfter`. Returns the confirmed row, or undefined.
 */
export async function confirmSubscriberByTokenHash(
  db: Executor,
  tokenHash: string,
  sentAfter: Date,
  at: Date,
): Promise<SubscriberRow | undefined> {
  const [row] = await db
    .update(newsletterSubscribers)
    .set({ status: 'confirmed', confirmedAt: at, confirmTokenHash: null, unsubscribedAt: null })
    .where(
      and(
        eq(newsletterSubscribers.confirmTokenHash, tokenHash),
        gt(newsletterSubscribers.requestWindowStartedAt, sentAfter),
      ),
    )
    .returning();
  return row;
}

/** How many subscribers are confirmed (by `before`, when given). */
export async function countConfirmedSubscribers(db: Executor, before?: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(newsletterSubscribers)
    .where(
      allOf(
        eq(newsletterSubscribers.status, 'confirmed'),
        before ? lte(newsletterSubscribers.confirmedAt, before) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/** A page of the subscribers list: `limit` rows from `offset` in `orderBy`. */
export async function subscribersPage(
  db: Executor,
  where: SQL | undefined,
  orderBy: SQL[],
  limit: number,
  offset: number,
): Promise<SubscriberRow[]> {
  return db
    .select()
    .from(newsletterSubscribers)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset(offset);
}

/** How many subscribers match. */
export async function countSubscribers(db: Executor, where: SQL | undefined): Promise<number> {
  const [total] = await db.select({ n: count() }).from(newsletterSubscribers).where(where);
  return Number(total?.n ?? 0);
}

/** One keyset page of the subscribers (the export), each row with its order keys. */
export async function subscribersAfter(db: Executor, where: SQL | undefined, page: KeysetPage) {
  return db
    .select({ row: newsletterSubscribers, ...page.keys })
    .from(newsletterSubscribers)
    .where(allOf(where, page.after))
    .orderBy(...page.orderBy)
    .limit(page.limit);
}

// Campaigns

/** Per campaign: mails queued, sent, failed, and unsubscriptions through its links. */
export async function deliveryCountsOfCampaigns(db: Executor, ids: readonly string[]) {
  return db
    .select({
      campaignId: newsletterDeliveries.campaignId,
      queued: count(),
      sent: sql<number>`count(*) filter (where ${mailOutbox.state} = 'sent')::int`,
      failed: sql<number>`count(*) filter (where ${mailOutbox.state} = 'failed')::int`,
      unsubscribed: sql<number>`count(${newsletterDeliveries.unsubscribedAt})::int`,
    })
    .from(newsletterDeliveries)
    .leftJoin(mailOutbox, eq(mailOutbox.id, newsletterDeliveries.outboxId))
    .where(inArray(newsletterDeliveries.campaignId, [...ids]))
    .groupBy(newsletterDeliveries.campaignId);
}

/** Marks the subscriber's delivery of the campaign unsubscribed. */
export async function markDeliveryUnsubscribed(
  tx: Executor,
  campaignId: string,
  subscriberId: string,
  at: Date,
): Promise<void> {
  await tx
    .update(newsletterDeliveries)
    .set({ unsubscribedAt: at })
    .where(
      and(
        eq(newsletterDeliveries.campaignId, campaignId),
        eq(newsletterDeliveries.subscriberId, subscriberId),
      ),
    );
}

/** Every campaign, newest first. */
export async function campaignsNewestFirst(db: Executor): Promise<CampaignRow[]> {
  return db
    .select()
    .from(newsletterCampaigns)
    .orderBy(desc(newsletterCampaigns.createdAt), desc(newsletterCampaigns.id));
}

export async function campaignById(db: Executor, id: string): Promise<CampaignRow | undefined> {
  const [row] = await db.select().from(newsletterCampaigns).where(eq(newsletterCampaigns.id, id));
  return row;
}

/** The campaign, locked for this transaction. */
export async function lockCampaignById(tx: Executor, id: string): Promise<CampaignRow | undefined> {
  const [row] = await tx
    .select()
    .from(newsletterCampaigns)
    .where(eq(newsletterCampaigns.id, id))
    .for('update');
  return row;
}

export async function insertCampaign(
  tx: Executor,
  values: typeof newsletterCampaigns.$inferInsert,
): Promise<CampaignRow> {
  const [row] = await tx.insert(newsletterCampaigns).values(values).returning();
  if (!row) throw new Error('Inserting the campaign returned nothing');
  return row;
}

/** Changes a campaign; returns the new row (undefined when it is gone). */
export async function updateCampaign(
  tx: Executor,
  id: string,
  values: Partial<typeof newsletterCampaigns.$inferInsert>,
): Promise<CampaignRow | undefined> {
  const [row] = await tx
    .update(newsletterCampaigns)
    .set(values)
    .where(eq(newsletterCampaigns.id, id))
    .returning();
  return row;
}

export async function deleteCampaign(tx: Executor, id: string): Promise<void> {
  await tx.delete(newsletterCampaigns).where(eq(newsletterCampaigns.id, id));
}

import { and, asc, desc, eq, gt, lte, notExists } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { newsletterCampaigns, newsletterDeliveries, newsletterSubscribers } from '../../db/schema/index.ts';

/**
 * The oldest campaign being sent, locked for this transaction; one another instance holds is skipped (FOR UPDATE
 * SKIP LOCKED: one instance per campaign at a time).
 */
export async function lockCampaignBeingSent(tx: Executor) {
  const [campaign] = await tx
    .select()
    .from(newsletterCampaigns)
    .where(eq(newsletterCampaigns.status, 'sending'))
    .orderBy(asc(newsletterCampaigns.sendStartedAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return campaign ?? null;
}

/**
 * The next `limit` subscribers a campaign has not mailed: confirmed when its sending started, in id order after the
 * last one mailed (an index range, not a sort of every subscriber); the NOT EXISTS still guarantees nobody is
 * mailed twice.
 */
export async function nextRecipients(tx: Executor, campaignId: string, sendStartedAt: Date, limit: number) {
  const [last] = await tx
    .select({ subscriberId: newsletterDeliveries.subscriberId })
    .from(newsletterDeliveries)
    .where(eq(newsletterDeliveries.campaignId, campaignId))
    .orderBy(desc(newsletterDeliveries.subscriberId))
    .limit(1);
  return tx
    .select()
    .from(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.status, 'confirmed'),
        lte(newsletterSubscribers.confirmedAt, sendStartedAt),
        last?.subscriberId ? gt(newsletterSubscribers.id, last.subscriberId) : undefined,
        notExists(
          tx
            .select({ id: newsletterDeliveries.id })
            .from(newsletterDeliveries)
            .where(
              and(
                eq(newsletterDeliveries.campaignId, campaignId),
                eq(newsletterDeliveries.subscriberId, newsletterSubscribers.id),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(newsletterSubscribers.id))
    .limit(limit);
}

/** One (campaign, subscriber) delivery row per mail queued; their unique key forbids mailing anyone twice. */
export async function recordDeliveries(
  tx: Executor,
  campaignId: string,
  deliveries: readonly { subscriberId: string; outboxId: string }[],
): Promise<void> {
  if (deliveries.length === 0) return;
  await tx.insert(newsletterDeliveries).values(deliveries.map((d) => ({ campaignId, ...d })));
}

export async function markCampaignSent(tx: Executor, campaignId: string, at: Date): Promise<void> {
  await tx
    .update(newsletterCampaigns)
    .set({ status: 'sent', sentAt: at })
    .where(eq(newsletterCampaigns.id, campaignId));
}

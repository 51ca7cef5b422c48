import { CAMPAIGN_BATCH_SIZE, campaignTextFor } from '@excelencia/domain';
import type { Database } from '../../db/client.ts';
import { enqueueMails, type PinoLike } from '../../platform/mail/outbox.ts';
import { createPoller } from '../../platform/poller.ts';
import {
  lockCampaignBeingSent,
  markCampaignSent,
  nextRecipients,
  recordDeliveries,
} from './campaigns.repository.ts';
import { campaignMail, unsubscribeLink } from './newsletter-mails.ts';

/**
 * The job that sends campaigns: it lives in the database (a campaign in state 'sending'), so any instance
 * picks it up, and a restart resumes where it stopped. Each batch runs in one transaction that locks the
 * campaign (FOR UPDATE SKIP LOCKED: one instance per campaign at a time) and writes, per recipient, the outbox
 * row and the (campaign, subscriber) delivery row whose unique key forbids a second one: a batch either commits
 * whole or leaves nobody mailed, and nobody is ever mailed twice.
 */
export function createCampaignSender(options: {
  db: Database;
  publicUrl: string;
  logger: PinoLike;
  batchSize?: number;
  pollIntervalMs?: number;
}) {
  const { db, publicUrl, logger } = options;
  const batchSize = options.batchSize ?? CAMPAIGN_BATCH_SIZE;
  const pollIntervalMs = options.pollIntervalMs ?? 2000;

  /** One batch of the oldest campaign being sent; undefined when none is. */
  async function batch(): Promise<{ campaignId: string; queued: number; finished: boolean } | undefined> {
    return db.transaction(async (tx) => {
      const campaign = await lockCampaignBeingSent(tx);
      if (!campaign?.sendStartedAt) return undefined;
      const recipients = await nextRecipients(tx, campaign.id, campaign.sendStartedAt, batchSize);
      // Two INSERTs a batch (the outbox rows, then the deliveries naming them): the transaction stays short, so
      // that on PGlite's single connection the requests waiting between batches get their turn quickly.
      const mails = await enqueueMails(
        tx,
        recipients.map((subscriber) => {
          const text = campaignTextFor(campaign, subscriber.language);
          return campaignMail({
            to: subscriber.email,
            language: subscriber.language,
            subject: text.subject,
            bodyHtml: text.body,
            publicUrl,
            unsubscribeLink: unsubscribeLink(publicUrl, subscriber.unsubscribeToken, campaign.id),
          });
        }),
      );
      await recordDeliveries(
        tx,
        campaign.id,
        recipients.map((subscriber, index) => ({
          subscriberId: subscriber.id,
          outboxId: mails[index]?.id ?? '',
        })),
      );
      const finished = recipients.length < batchSize;
      if (finished) await markCampaignSent(tx, campaign.id, new Date());
      return { campaignId: campaign.id, queued: recipients.length, finished };
    });
  }

  /** Batches until no campaign is being sent (or stop() is called); returns how many mails were queued. */
  async function drain(maxBatches: number): Promise<number> {
    let queued = 0;
    for (let done = 0; done < maxBatches && !poller.stopping; done += 1) {
      const result = await batch();
      if (!result) break;
      // Let the requests that waited for the connection meanwhile run before the next batch takes it: PGlite
      // has one, and without this turn a campaign of thousands held every page until its last batch.
      await new Promise((resolve) => setImmediate(resolve));
      queued += result.queued;
      logger.info(
        { campaignId: result.campaignId, queued: result.queued },
        'newsletter: campaign batch queued',
      );
    }
    return queued;
  }

  function runOnce(maxBatches = Number.POSITIVE_INFINITY): Promise<number> {
    return poller.serial(() => drain(maxBatches));
  }

  const poller = createPoller({
    pollIntervalMs,
    tick: () => drain(Number.POSITIVE_INFINITY),
    onError: (error) => logger.error({ err: String(error) }, 'newsletter: campaign batch failed'),
  });

  return {
    /** Polls for campaigns to send every pollIntervalMs until stop(). */
    start: poller.start,
    /** Stops polling and waits for the batch in progress (it commits whole); the rest waits for a restart. */
    stop: poller.stop,
    /** Sends batches now: at most `maxBatches` (all that are due by default). */
    runOnce,
  };
}

export type CampaignSender = ReturnType<typeof createCampaignSender>;

import {
  BROADCAST_BATCH_SIZE,
  type BroadcastFilter,
  type BroadcastInput,
  type BroadcastItem,
  type BroadcastReach,
} from '@excelencia/domain';
import type { Database, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { enqueueJob } from '../../platform/jobs/jobs.ts';
import { enqueueMails, type PinoLike } from '../../platform/mail/outbox.ts';
import { sanitizeRichText } from '../content/index.ts';
import { broadcastMail } from './broadcast-mails.ts';
import {
  addSent,
  type BroadcastRow,
  broadcastBeingSent,
  broadcastById,
  broadcastsNewestFirst,
  countAudience,
  deliveryCounts,
  insertBroadcast,
  lockBroadcast,
  lockBroadcastStarts,
  markBroadcastFailed,
  nextRecipients,
  recordDeliveries,
  setBroadcastTotal,
} from './broadcasts.repository.ts';

/** The job that puts a broadcast in the outbox, one per broadcast (its key). */
export const BROADCAST_JOB = 'broadcasts.send';
/** The audit entity of broadcasts: the resource path. */
const BROADCASTS_ENTITY = 'broadcasts';
/** The list shows this many, newest first. */
const LIST_LIMIT = 200;

const alreadySending = () => new AppError(409, 'broadcast_sending', 'broadcasts:errors.sending');
const noRecipients = () => new AppError(400, 'broadcast_no_recipients', 'broadcasts:errors.noRecipients');

/** The filter as stored, without the criteria left empty. */
function cleanFilter(filter: BroadcastFilter): BroadcastFilter {
  return Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== undefined && value !== null),
  ) as BroadcastFilter;
}

/**
 * Broadcasts (docs/adr/0032-broadcasts.md): the administrator's message in pt, en and fr to the owners and
 * accountants of the companies a filter picks (not closed ones), each account once and in its language. Sending
 * writes the broadcast and its job in one transaction; the job (sendBatches) puts it in the outbox in batches,
 * each batch writing the outbox rows and the (broadcast, account) deliveries whose key forbids a second mail,
 * so a restarted job mails nobody twice. One broadcast is sent at a time.
 */
export function createBroadcastsService(deps: { db: Database; publicUrl: string; batchSize?: number }) {
  const { db, publicUrl } = deps;
  const batchSize = deps.batchSize ?? BROADCAST_BATCH_SIZE;

  async function present(executor: Executor, rows: readonly BroadcastRow[]): Promise<BroadcastItem[]> {
    const counts = new Map(
      (
        await deliveryCounts(
          executor,
          rows.map((row) => row.id),
        )
      ).map((row) => [row.broadcastId, row]),
    );
    return rows.map((row) => ({
      id: row.id,
      status: row.status,
      subject: row.subject,
      body: row.body,
      filter: row.filter as BroadcastFilter,
      totalRecipients: row.totalRecipients,
      sentCount: row.sentCount,
      delivered: Number(counts.get(row.id)?.delivered ?? 0),
      failed: Number(counts.get(row.id)?.failed ?? 0),
      createdBy: row.createdBy,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    }));
  }

  /** One batch of the broadcast: undefined when there is nothing (more) to do or another instance holds it. */
  async function batch(id: string, now: Date): Promise<{ queued: number; finished: boolean } | undefined> {
    return db.transaction(async (tx) => {
      const broadcast = await lockBroadcast(tx, id);
      if (broadcast?.status !== 'sending') return undefined;
      const recipients = await nextRecipients(tx, broadcast, batchSize);
      const mails = await enqueueMails(
        tx,
        recipients.map((recipient) =>
          broadcastMail({
            to: recipient.email,
            language: recipient.language,
            subject: broadcast.subject[recipient.language],
            bodyHtml: broadcast.body[recipient.language],
            companyName: recipient.companyName,
            publicUrl,
          }),
        ),
      );
      await recordDeliveries(
        tx,
        broadcast.id,
        recipients.map((recipient, index) => ({
          accountId: recipient.accountId,
          companyId: recipient.companyId,
          outboxId: mails[index]?.id ?? '',
        })),
      );
      const finished = recipients.length < batchSize;
      await addSent(tx, broadcast.id, recipients.length, finished ? { at: now } : null);
      return { queued: recipients.length, finished };
    });
  }

  return {
    /** How many a filter reaches now: what sending it would count as its recipients. */
    async preview(filter: BroadcastFilter): Promise<BroadcastReach> {
      return countAudience(db, cleanFilter(filter));
    },

    async list(): Promise<BroadcastItem[]> {
      return present(db, await broadcastsNewestFirst(db, LIST_LIMIT));
    },

    async get(id: string): Promise<BroadcastItem> {
      const row = await broadcastById(db, id);
      if (!row) throw notFound();
      const [item] = await present(db, [row]);
      if (!item) throw notFound();
      return item;
    },

    /**
     * Sends a broadcast: writes it with its recipients counted now (the members at this moment; later members
     * are not added), and the job that mails them. 409 while another is being sent; 400 when nobody is reached.
     */
    async send(actor: Actor, input: BroadcastInput): Promise<BroadcastItem> {
      const filter = cleanFilter(input.filter);
      return db.transaction(async (tx) => {
        await lockBroadcastStarts(tx);
        if (await broadcastBeingSent(tx)) throw alreadySending();
        const created = await insertBroadcast(tx, {
          subject: input.subject,
          body: {
            pt: sanitizeRichText(input.body.pt),
            en: sanitizeRichText(input.body.en),
            fr: sanitizeRichText(input.body.fr),
          },
          filter,
          totalRecipients: 0,
          createdBy: actor.accountId,
        });
        // Counted with the broadcast's own time, as the job's batches select: the two agree.
        const reach = await countAudience(tx, filter, created.createdAt);
        if (reach.recipients === 0) throw noRecipients();
        const row = { ...created, totalRecipients: reach.recipients };
        await setBroadcastTotal(tx, row.id, row.totalRecipients);
        await enqueueJob(tx, BROADCAST_JOB, { broadcastId: row.id }, { key: `broadcast:${row.id}` });
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'send',
          entity: BROADCASTS_ENTITY,
          entityId: row.id,
          after: { subject: row.subject, filter, companies: reach.companies, recipients: reach.recipients },
          requestId: actor.requestId ?? null,
        });
        const [item] = await present(tx, [row]);
        if (!item) throw notFound();
        return item;
      });
    },

    /**
     * The job: the broadcast's batches until every recipient is in the outbox. An error leaves what committed
     * (whole batches) and is tried again by the job worker; on its last attempt the broadcast is marked failed,
     * so another may be sent.
     */
    async sendBatches(id: string, now: Date, logger: PinoLike, lastAttempt: boolean): Promise<number> {
      let queued = 0;
      try {
        for (;;) {
          const result = await batch(id, now);
          if (!result) break;
          queued += result.queued;
          logger.info({ broadcastId: id, queued: result.queued }, 'broadcasts: batch queued');
          if (result.finished) break;
          // Let the requests waiting for the connection run between batches (PGlite has one).
          await new Promise((resolve) => setImmediate(resolve));
        }
      } catch (error) {
        if (lastAttempt) await db.transaction((tx) => markBroadcastFailed(tx, id));
        throw error;
      }
      return queued;
    },
  };
}

export type BroadcastsService = ReturnType<typeof createBroadcastsService>;

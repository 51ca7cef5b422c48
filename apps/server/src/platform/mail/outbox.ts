import { and, desc, eq, lte } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import type { Database, Executor } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/platform.ts';
import { createQueueRunner, errorText, retryDelayMs } from '../queue-runner.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  language: 'pt' | 'en' | 'fr';
  /** Extra headers (a newsletter's List-Unsubscribe and List-Unsubscribe-Post); other mail has none. */
  headers?: Record<string, string>;
}

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** The part of a pino logger the worker uses. */
export interface PinoLike {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** A row left in 'sending' this long (the process died mid-send) is tried again. */
export const STALE_SENDING_MS = 5 * 60 * 1000;

/**
 * Puts a message in the outbox. Pass the transaction of the change that causes the mail, so the mail
 * exists exactly when the change commits. Nothing here needs SMTP.
 */
export async function enqueueMail(db: Executor, mail: OutgoingMail): Promise<{ id: string }> {
  const [row] = await enqueueMails(db, [mail]);
  if (!row) throw new Error('Inserting the outbox row returned nothing');
  return row;
}

/** Several mails in one INSERT (a newsletter batch); their ids in the order given. */
export async function enqueueMails(db: Executor, mails: readonly OutgoingMail[]): Promise<{ id: string }[]> {
  if (mails.length === 0) return [];
  // The worker compares due times with its own clock (to the millisecond), so stamp with it too.
  const now = new Date();
  return db
    .insert(mailOutbox)
    .values(
      mails.map((mail) => ({
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html ?? null,
        headers: mail.headers ?? null,
        language: mail.language,
        nextAttemptAt: now,
      })),
    )
    .returning({ id: mailOutbox.id });
}

/** The newest messages first (default 50, at most 500), for the development mail viewer and admins. */
export async function listOutbox(db: Executor, opts: { limit?: number }): Promise<OutboxRow[]> {
  const limit = Math.min(Math.max(Math.trunc(opts.limit ?? 50), 1), 500);
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(limit);
}

/**
 * A failure retrying cannot cure: the SMTP server refused the message or its recipient with a permanent (5xx)
 * reply. Anything else (server down, timeouts, 4xx, authentication while an operator fixes the settings) is an
 * outage: the message waits, retried at most an hour apart, however long it lasts.
 */
export function isPermanentFailure(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  return (
    (code === 'EENVELOPE' || code === 'EMESSAGE') &&
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    responseCode < 600
  );
}

/**
 * Sends the outbox through SMTP. Each message is claimed by SELECT ... FOR UPDATE SKIP LOCKED and an
 * UPDATE to 'sending' in one transaction, so several server instances never send the same row. While a row is
 * 'sending', next_attempt_at holds the moment it was claimed; a row still 'sending' 5 minutes later
 * (its sender died) goes back to 'pending'.
 */
export function createMailWorker(options: {
  db: Database;
  smtpUrl: string;
  from: string;
  logger: PinoLike;
  pollIntervalMs?: number;
  /** Tries before a message permanently refused by the server (isPermanentFailure) is marked failed. */
  maxAttempts?: number;
  /** Told of each try's outcome (the metrics count them). */
  onDelivery?: (result: 'sent' | 'retry' | 'failed') => void;
}) {
  const { db, from, logger } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 2000;
  const maxAttempts = options.maxAttempts ?? 3;
  const transporter = createTransport({
    url: options.smtpUrl,
    // Keep one send well under the stale-claim window, so no other instance takes it over.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });

  async function releaseStale(now: Date): Promise<void> {
    const released = await db
      .update(mailOutbox)
      .set({ state: 'pending', lastError: 'interrupted while sending' })
      .where(
        and(
          eq(mailOutbox.state, 'sending'),
          lte(mailOutbox.nextAttemptAt, new Date(now.getTime() - STALE_SENDING_MS)),
        ),
      )
      .returning({ id: mailOutbox.id });
    if (released.length > 0)
      logger.warn({ ids: released.map((r) => r.id) }, 'mail outbox: stale sends released');
  }

  async function claimOne(now: Date): Promise<OutboxRow | undefined> {
    // Lock one due row (skipping rows other instances hold), then mark it, in one short transaction.
    // Not `UPDATE ... WHERE id IN (SELECT ... LIMIT 1 FOR UPDATE SKIP LOCKED)`: PostgreSQL may run that
    // subquery again per candidate row, and with SKIP LOCKED each run yields another row.
    return db.transaction(async (tx) => {
      const [due] = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.state, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
        .orderBy(mailOutbox.nextAttemptAt)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return undefined;
      const [row] = await tx
        .update(mailOutbox)
        .set({ state: 'sending', nextAttemptAt: now })
        .where(and(eq(mailOutbox.id, due.id), eq(mailOutbox.state, 'pending')))
        .returning();
      return row;
    });
  }

  async function deliver(row: OutboxRow, now: Date): Promise<boolean> {
    try {
      await transporter.sendMail({
        from,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        ...(row.htmlBody ? { html: row.htmlBody } : {}),
        headers: { ...(row.headers ?? {}), 'Content-Language': row.language },
      });
    } catch (error) {
      const attempts = row.attempts + 1;
      const failed = isPermanentFailure(error) && attempts >= maxAttempts;
      await db
        .update(mailOutbox)
        .set({
          state: failed ? 'failed' : 'pending',
          attempts,
          lastError: errorText(error),
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
        })
        .where(eq(mailOutbox.id, row.id));
      const log = { mailId: row.id, attempts, err: errorText(error) };
      options.onDelivery?.(failed ? 'failed' : 'retry');
      if (failed) logger.error(log, 'mail outbox: giving up on a message');
      else logger.warn(log, 'mail outbox: send failed, will retry');
      return false;
    }
    await db
      .update(mailOutbox)
      .set({ state: 'sent', attempts: row.attempts + 1, lastError: null, sentAt: now })
      .where(eq(mailOutbox.id, row.id));
    options.onDelivery?.('sent');
    logger.info({ mailId: row.id }, 'mail outbox: sent');
    return true;
  }

  const runner = createQueueRunner({
    name: 'mail outbox',
    logger,
    pollIntervalMs,
    prepare: releaseStale,
    claimOne,
    handle: deliver,
  });

  return {
    /** Polls the outbox every pollIntervalMs until stop(). */
    start: runner.start,
    /** Stops polling and waits for a send in progress; the rest of that pass is left for later. */
    async stop(): Promise<void> {
      await runner.stop();
      transporter.close();
    },
    /** One pass over the mail due at `now`. */
    async runOnce(now?: Date): Promise<{ sent: number; failed: number }> {
      const { done, failed } = await runner.runOnce(now);
      return { sent: done, failed };
    },
  };
}

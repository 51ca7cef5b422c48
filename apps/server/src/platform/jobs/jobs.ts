import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { jobs } from '../../db/schema/platform.ts';
import type { PinoLike } from '../mail/outbox.ts';
import { createQueueRunner, errorText, retryDelayMs } from '../queue-runner.ts';

export type JobRow = typeof jobs.$inferSelect;
export type JobPayload = Record<string, unknown>;

/** What a handler gets besides the payload: the worker's clock and database, and the job itself. */
export interface JobContext {
  db: Database;
  now: Date;
  logger: PinoLike;
  job: JobRow;
}

/** Does one job of its kind; a thrown error is recorded and the job tried again later. */
export type JobHandler = (payload: JobPayload, context: JobContext) => Promise<void>;

/** A kind the worker keeps enqueued: run at start, then again `everyMs` after each run ends. */
export interface RecurringJob {
  kind: string;
  everyMs: number;
}

/** A job left 'running' this long (its process died) goes back to 'pending'. */
export const STALE_RUNNING_MS = 15 * 60 * 1000;
/** Finished jobs are kept this long (to look at), then removed. */
export const FINISHED_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
export const DEFAULT_MAX_ATTEMPTS = 10;

/**
 * Adds a job. Pass the transaction of the change that needs it, so the job exists exactly when the change
 * commits. With a `key`, nothing is added while a job with that key waits or runs (answers null then).
 */
export async function enqueueJob(
  db: Executor,
  kind: string,
  payload: JobPayload,
  options: { key?: string; runAt?: Date; maxAttempts?: number } = {},
): Promise<{ id: string } | null> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind,
      payload,
      key: options.key ?? null,
      maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      // The worker compares due times with its own clock (to the millisecond), so stamp with it too.
      nextAttemptAt: options.runAt ?? new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: jobs.id });
  return row ?? null;
}

/**
 * Runs the jobs whose kind has a handler. Each job is claimed by SELECT ... FOR UPDATE SKIP LOCKED and an
 * UPDATE to 'running' in one transaction, so several server instances never run the same job. A failure is
 * logged, recorded in last_error and tried again after a growing delay; after max_attempts the job is
 * 'failed' (logged as an error). While a job runs, next_attempt_at holds the moment it was claimed; a job
 * still 'running' 15 minutes later goes back to 'pending'. Jobs of kinds without a handler here are left to
 * an instance that has one.
 */
export function createJobWorker(options: {
  db: Database;
  logger: PinoLike;
  handlers: Record<string, JobHandler>;
  recurring?: readonly RecurringJob[];
  pollIntervalMs?: number;
}) {
  const { db, logger, handlers } = options;
  const recurring = options.recurring ?? [];
  const pollIntervalMs = options.pollIntervalMs ?? 5000;
  const kinds = Object.keys(handlers);
  for (const job of recurring) {
    if (!handlers[job.kind]) throw new Error(`The recurring job ${job.kind} has no handler`);
  }

  const recurringKey = (kind: string) => `recurring:${kind}`;

  async function ensureRecurring(now: Date): Promise<void> {
    for (const job of recurring) {
      await enqueueJob(db, job.kind, {}, { key: recurringKey(job.kind), runAt: now, maxAttempts: 3 });
    }
  }

  async function releaseStale(now: Date): Promise<void> {
    const released = await db
      .update(jobs)
      .set({ state: 'pending', lastError: 'interrupted while running', updatedAt: now })
      .where(
        and(eq(jobs.state, 'running'), lte(jobs.nextAttemptAt, new Date(now.getTime() - STALE_RUNNING_MS))),
      )
      .returning({ id: jobs.id, kind: jobs.kind });
    if (released.length > 0) logger.warn({ jobs: released }, 'jobs: stale runs released');
  }

  async function removeFinished(now: Date): Promise<void> {
    await db
      .delete(jobs)
      .where(
        and(
          inArray(jobs.state, ['done', 'failed']),
          lte(jobs.updatedAt, new Date(now.getTime() - FINISHED_RETENTION_MS)),
        ),
      );
  }

  async function claimOne(now: Date): Promise<JobRow | undefined> {
    // Lock one due row (skipping rows other instances hold), then mark it, in one short transaction.
    // Not `UPDATE ... WHERE id IN (SELECT ... LIMIT 1 FOR UPDATE SKIP LOCKED)`: PostgreSQL may run that
    // subquery again per candidate row, and with SKIP LOCKED each run yields another row.
    return db.transaction(async (tx) => {
      const [due] = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.state, 'pending'), lte(jobs.nextAttemptAt, now), inArray(jobs.kind, kinds)))
        .orderBy(jobs.nextAttemptAt)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!due) return undefined;
      const [row] = await tx
        .update(jobs)
        .set({ state: 'running', nextAttemptAt: now, updatedAt: now })
        .where(and(eq(jobs.id, due.id), eq(jobs.state, 'pending')))
        .returning();
      return row;
    });
  }

  /** The next run of a recurring kind, once this one ended (done or failed). */
  async function scheduleNext(tx: Executor, row: JobRow, now: Date): Promise<void> {
    const every = recurring.find((job) => job.kind === row.kind && row.key === recurringKey(job.kind));
    if (!every) return;
    await enqueueJob(
      tx,
      row.kind,
      {},
      {
        key: row.key ?? undefined,
        runAt: new Date(now.getTime() + every.everyMs),
        maxAttempts: row.maxAttempts,
      },
    );
  }

  async function run(row: JobRow, now: Date): Promise<boolean> {
    const handler = handlers[row.kind];
    try {
      if (!handler) throw new Error(`No handler for the job kind ${row.kind}`);
      await handler(row.payload, { db, now, logger, job: row });
    } catch (error) {
      const attempts = row.attempts + 1;
      const failed = attempts >= row.maxAttempts;
      await db.transaction(async (tx) => {
        await tx
          .update(jobs)
          .set({
            state: failed ? 'failed' : 'pending',
            attempts,
            lastError: errorText(error),
            nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
            updatedAt: now,
          })
          .where(eq(jobs.id, row.id));
        if (failed) await scheduleNext(tx, { ...row, state: 'failed' }, now);
      });
      const log = { jobId: row.id, kind: row.kind, attempts, err: errorText(error) };
      if (failed) logger.error(log, 'jobs: giving up on a job');
      else logger.warn(log, 'jobs: job failed, will retry');
      return false;
    }
    await db.transaction(async (tx) => {
      await tx
        .update(jobs)
        .set({ state: 'done', attempts: row.attempts + 1, lastError: null, updatedAt: now })
        .where(eq(jobs.id, row.id));
      await scheduleNext(tx, { ...row, state: 'done' }, now);
    });
    return true;
  }

  const runner = createQueueRunner({
    name: 'jobs',
    logger,
    pollIntervalMs,
    async prepare(now) {
      if (kinds.length === 0) return;
      await ensureRecurring(now);
      await releaseStale(now);
      await removeFinished(now);
    },
    // A worker without handlers claims nothing: the jobs are left to an instance that has them.
    claimOne: (now) => (kinds.length === 0 ? Promise.resolve(undefined) : claimOne(now)),
    handle: run,
  });

  return {
    /** Runs due jobs every pollIntervalMs until stop(). */
    start: runner.start,
    /** Stops polling and waits for a job in progress; the rest of that pass is left for later. */
    stop: runner.stop,
    /** One pass over the jobs due at `now`. */
    runOnce: runner.runOnce,
    /** The kinds this worker runs. */
    kinds,
  };
}

export type JobWorker = ReturnType<typeof createJobWorker>;

/** The jobs of a kind, oldest first (tests and operators). */
export async function listJobs(db: Executor, kind?: string): Promise<JobRow[]> {
  return db
    .select()
    .from(jobs)
    .where(kind ? eq(jobs.kind, kind) : sql`true`)
    .orderBy(jobs.createdAt, jobs.id);
}

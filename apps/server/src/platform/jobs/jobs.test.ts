import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database.ts';
import { jobs } from '../../db/schema/index.ts';
import type { PinoLike } from '../mail/outbox.ts';
import { createJobWorker, enqueueJob, type JobPayload, listJobs, STALE_RUNNING_MS } from './jobs.ts';

function recordingLogger() {
  const lines: { level: string; obj: object; msg?: string }[] = [];
  const logger: PinoLike = {
    info: (obj, msg) => void lines.push({ level: 'info', obj, ...(msg ? { msg } : {}) }),
    warn: (obj, msg) => void lines.push({ level: 'warn', obj, ...(msg ? { msg } : {}) }),
    error: (obj, msg) => void lines.push({ level: 'error', obj, ...(msg ? { msg } : {}) }),
  };
  return { logger, lines };
}

describe('jobs', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.dispose();
  });
  beforeEach(async () => {
    await database.truncate();
  });

  it('exists exactly when the transaction that enqueued it commits', async () => {
    const { db } = database.handle;
    await db
      .transaction(async (tx) => {
        await enqueueJob(tx, 'test.rolled-back', { n: 1 });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await db.transaction(async (tx) => {
      await enqueueJob(tx, 'test.committed', { n: 2 });
    });
    const rows = await listJobs(db);
    expect(rows.map((r) => [r.kind, r.payload, r.state])).toEqual([['test.committed', { n: 2 }, 'pending']]);
  });

  it('is run once when two workers claim at the same time', async () => {
    const { db } = database.handle;
    const total = 24;
    for (let n = 0; n < total; n++) await enqueueJob(db, 'test.count', { n });
    const seen: number[] = [];
    const handler = async (payload: JobPayload) => {
      await new Promise((resolve) => setImmediate(resolve));
      seen.push(payload.n as number);
    };
    const a = createJobWorker({ db, logger: recordingLogger().logger, handlers: { 'test.count': handler } });
    const b = createJobWorker({ db, logger: recordingLogger().logger, handlers: { 'test.count': handler } });
    const now = new Date(Date.now() + 1000);
    const [ra, rb] = await Promise.all([a.runOnce(now), b.runOnce(now)]);
    expect(ra.done + rb.done).toBe(total);
    expect([...seen].sort((x, y) => x - y)).toEqual(Array.from({ length: total }, (_, n) => n));
    expect((await listJobs(db, 'test.count')).every((r) => r.state === 'done' && r.attempts === 1)).toBe(
      true,
    );
  });

  it('retries a failing job with a growing delay, then marks it failed with its error, logging each failure', async () => {
    const { db } = database.handle;
    const { logger, lines } = recordingLogger();
    let calls = 0;
    const worker = createJobWorker({
      db,
      logger,
      handlers: {
        'test.fails': async () => {
          calls += 1;
          throw new Error(`provider down (${calls})`);
        },
      },
    });
    const t0 = new Date(Date.now() + 1000);
    await enqueueJob(db, 'test.fails', {}, { maxAttempts: 3, runAt: t0 });

    expect(await worker.runOnce(t0)).toEqual({ done: 0, failed: 1 });
    let [row] = await listJobs(db, 'test.fails');
    expect(row).toMatchObject({ state: 'pending', attempts: 1, lastError: 'provider down (1)' });
    expect(row?.nextAttemptAt.getTime()).toBe(t0.getTime() + 30_000);

    // Not due yet 29 s later; due at 30 s, then again 60 s after that.
    expect(await worker.runOnce(new Date(t0.getTime() + 29_000))).toEqual({ done: 0, failed: 0 });
    const t1 = new Date(t0.getTime() + 30_000);
    await worker.runOnce(t1);
    [row] = await listJobs(db, 'test.fails');
    expect(row).toMatchObject({ state: 'pending', attempts: 2, lastError: 'provider down (2)' });
    expect(row?.nextAttemptAt.getTime()).toBe(t1.getTime() + 60_000);

    await worker.runOnce(new Date(t1.getTime() + 60_000));
    [row] = await listJobs(db, 'test.fails');
    expect(row).toMatchObject({ state: 'failed', attempts: 3, lastError: 'provider down (3)' });
    expect(await worker.runOnce(new Date(t1.getTime() + 3_600_000))).toEqual({ done: 0, failed: 0 });
    expect(calls).toBe(3);
    expect(lines.map((l) => [l.level, l.msg, (l.obj as { attempts?: number }).attempts])).toEqual([
      ['warn', 'jobs: job failed, will retry', 1],
      ['warn', 'jobs: job failed, will retry', 2],
      ['error', 'jobs: giving up on a job', 3],
    ]);
  });

  it('runs again a job whose worker died while running it, 15 minutes after it was claimed', async () => {
    const { db } = database.handle;
    const t0 = new Date(Date.now() + 1000);
    await enqueueJob(db, 'test.interrupted', {}, { runAt: t0 });
    await db.update(jobs).set({ state: 'running', nextAttemptAt: t0 });
    let runs = 0;
    const { logger, lines } = recordingLogger();
    const worker = createJobWorker({
      db,
      logger,
      handlers: {
        'test.interrupted': async () => {
          runs += 1;
        },
      },
    });
    expect(await worker.runOnce(new Date(t0.getTime() + STALE_RUNNING_MS - 1000))).toEqual({
      done: 0,
      failed: 0,
    });
    expect(await worker.runOnce(new Date(t0.getTime() + STALE_RUNNING_MS))).toEqual({ done: 1, failed: 0 });
    expect(runs).toBe(1);
    expect(lines.map((l) => l.msg)).toEqual(['jobs: stale runs released']);
  });

  it('leaves kinds it has no handler for to another worker', async () => {
    const { db } = database.handle;
    await enqueueJob(db, 'test.other', {});
    const worker = createJobWorker({
      db,
      logger: recordingLogger().logger,
      handlers: { 'test.mine': async () => undefined },
    });
    expect(await worker.runOnce(new Date(Date.now() + 1000))).toEqual({ done: 0, failed: 0 });
    expect((await listJobs(db, 'test.other'))[0]?.state).toBe('pending');
  });

  it('keeps one recurring job however many workers start, and runs it again after its interval', async () => {
    const { db } = database.handle;
    let runs = 0;
    const options = {
      db,
      logger: recordingLogger().logger,
      handlers: {
        'test.sweep': async () => {
          runs += 1;
        },
      },
      recurring: [{ kind: 'test.sweep', everyMs: 3_600_000 }],
    };
    const a = createJobWorker(options);
    const b = createJobWorker(options);
    const t0 = new Date(Date.now() + 1000);
    await Promise.all([a.runOnce(t0), b.runOnce(t0)]);
    expect(runs).toBe(1);
    const pending = (await listJobs(db, 'test.sweep')).filter((r) => r.state === 'pending');
    expect(pending.map((r) => r.nextAttemptAt.getTime())).toEqual([t0.getTime() + 3_600_000]);

    await a.runOnce(new Date(t0.getTime() + 60_000));
    expect(runs).toBe(1);
    await b.runOnce(new Date(t0.getTime() + 3_600_000));
    expect(runs).toBe(2);
  });

  it('takes a job key again once the job with that key has run', async () => {
    const { db } = database.handle;
    expect(await enqueueJob(db, 'test.keyed', { n: 1 }, { key: 'k' })).not.toBeNull();
    expect(await enqueueJob(db, 'test.keyed', { n: 2 }, { key: 'k' })).toBeNull();
    const worker = createJobWorker({
      db,
      logger: recordingLogger().logger,
      handlers: { 'test.keyed': async () => undefined },
    });
    await worker.runOnce(new Date(Date.now() + 1000));
    expect(await enqueueJob(db, 'test.keyed', { n: 3 }, { key: 'k' })).not.toBeNull();
  });
});

import type { PinoLike } from './mail/outbox.ts';
import { createPoller } from './poller.ts';

/**
 * The one runner behind the database's work queues, the jobs table and the mail outbox (docs/architecture.md,
 * "Background work"). A pass first tidies the queue (`prepare`: claims of a dead process released, finished rows
 * removed, recurring jobs kept enqueued), then claims due rows one at a time (`claimOne`, which locks with
 * SELECT ... FOR UPDATE SKIP LOCKED so several instances never take the same row) and hands each to `handle`, which
 * records its outcome and schedules a failed row again after retryDelayMs. A pass takes at most MAX_PER_PASS rows,
 * so it ends and stop() is never kept waiting long.
 */

const FIRST_RETRY_MS = 30 * 1000;
const MAX_RETRY_MS = 60 * 60 * 1000;
const MAX_PER_PASS = 50;
const MAX_ERROR_LENGTH = 2000;

/** Delay before the next try after `attempts` failed ones: 30 s, 1 min, 2 min, ... at most 1 h. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(attempts - 1, 0), MAX_RETRY_MS);
}

/** An error as kept in a row's last_error: its message, cut at 2 000 characters. */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH)}…` : text;
}

export function createQueueRunner<Row>(options: {
  /** Names the queue in the log ('jobs', 'mail outbox'). */
  name: string;
  logger: PinoLike;
  pollIntervalMs: number;
  prepare: (now: Date) => Promise<void>;
  claimOne: (now: Date) => Promise<Row | undefined>;
  /** Handles one claimed row and records its outcome; true when it succeeded. */
  handle: (row: Row, now: Date) => Promise<boolean>;
}) {
  const { name, logger, pollIntervalMs, prepare, claimOne, handle } = options;

  async function pass(now: Date): Promise<{ done: number; failed: number }> {
    const result = { done: 0, failed: 0 };
    await prepare(now);
    while (!poller.stopping && result.done + result.failed < MAX_PER_PASS) {
      const row = await claimOne(now);
      if (row === undefined) break;
      if (await handle(row, now)) result.done += 1;
      else result.failed += 1;
    }
    return result;
  }

  const poller = createPoller({
    pollIntervalMs,
    tick: () => pass(new Date()),
    onError: (error) => logger.error({ err: errorText(error) }, `${name}: pass failed`),
  });

  return {
    /** Runs a pass now, then every pollIntervalMs until stop(). */
    start: poller.start,
    /** Stops polling and waits for the row in progress; the rest of that pass is left for later. */
    stop: poller.stop,
    /** One pass over the rows due at `now` (tests pass a clock ahead of the real one). */
    runOnce: (now: Date = new Date()) => poller.serial(() => pass(now)),
  };
}

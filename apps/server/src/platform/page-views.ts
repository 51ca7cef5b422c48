import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { pageViews } from '../db/schema/index.ts';

/**
 * Page views and events counted on the server (docs/adr/0034-counting-visits-without-tracking-people.md): per day
 * (UTC), page, language and a bot flag, nothing else. No cookie is read or set for it, and neither the address nor
 * the user agent is kept: the user agent only decides the bot flag, here, and is dropped.
 */

/** User agents that say they are robots, crawlers, link previews, monitors or scripts; none at all counts too. */
const BOT =
  /bot|crawl|spider|slurp|archiver|preview|monitor|lighthouse|headless|curl|wget|python|java\/|go-http|okhttp|node-fetch|axios|facebookexternalhit|whatsapp/i;

/** Whether a request with this user agent is counted as a bot's. */
export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || BOT.test(userAgent);
}

/** The page view counter the page handler and the sign-out share. */
export interface PageViewCounter {
  /** Counts one view of `page` in `language` now; never waits on the database and never throws. */
  count(page: string, language: string, userAgent: string | undefined): void;
  /** Writes what was counted so far (what the admin's report reads first, and the server does on close). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

const FLUSH_EVERY_MS = 5_000;

/**
 * Counts in memory and adds the counts to the table every few seconds, in one statement (count = count + n), so
 * several instances add up and a page never waits for the database. A failed write is logged and its counts are
 * kept for the next one.
 */
export function createPageViewCounter(deps: {
  db: Database;
  onError: (error: unknown) => void;
  now?: () => Date;
  flushEveryMs?: number;
}): PageViewCounter {
  const now = deps.now ?? (() => new Date());
  let pending = new Map<
    string,
    { day: string; page: string; language: string; bot: boolean; count: number }
  >();
  let writing: Promise<void> = Promise.resolve();

  async function write(): Promise<void> {
    if (pending.size === 0) return;
    const batch = pending;
    pending = new Map();
    try {
      await deps.db
        .insert(pageViews)
        .values([...batch.values()])
        .onConflictDoUpdate({
          target: [pageViews.day, pageViews.page, pageViews.language, pageViews.bot],
          set: { count: sql`${pageViews.count} + excluded.count` },
        });
    } catch (error) {
      deps.onError(error);
      for (const [key, row] of batch) {
        const kept = pending.get(key);
        if (kept) kept.count += row.count;
        else pending.set(key, row);
      }
    }
  }

  function flush(): Promise<void> {
    // One write at a time: a flush waits for the one under way, then writes what came since.
    writing = writing.then(write);
    return writing;
  }

  const timer = setInterval(() => void flush(), deps.flushEveryMs ?? FLUSH_EVERY_MS);
  timer.unref();

  return {
    count(page, language, userAgent) {
      const day = now().toISOString().slice(0, 10);
      const bot = isBot(userAgent);
      const key = `${day}\u0000${page}\u0000${language}\u0000${bot}`;
      const row = pending.get(key);
      if (row) row.count += 1;
      else pending.set(key, { day, page, language, bot, count: 1 });
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}

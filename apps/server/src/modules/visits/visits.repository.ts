import { and, asc, between, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { pageViews } from '../../db/schema/index.ts';

/** The counts between two days (inclusive), per day, page and language: people's and bots' apart. */
export async function viewsBetween(db: Executor, from: string, to: string) {
  return db
    .select({
      day: pageViews.day,
      page: pageViews.page,
      language: pageViews.language,
      views: sql<number>`coalesce(sum(${pageViews.count}) filter (where not ${pageViews.bot}), 0)::int`,
      bots: sql<number>`coalesce(sum(${pageViews.count}) filter (where ${pageViews.bot}), 0)::int`,
    })
    .from(pageViews)
    .where(and(between(pageViews.day, from, to)))
    .groupBy(pageViews.day, pageViews.page, pageViews.language)
    .orderBy(asc(pageViews.day), asc(pageViews.page), asc(pageViews.language));
}

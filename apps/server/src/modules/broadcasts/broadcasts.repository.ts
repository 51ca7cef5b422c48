import {
  APPLICATION_FILE_TYPE_COUNT,
  type BroadcastApplicationState,
  type BroadcastFilter,
} from '@excelencia/domain';
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  accounts,
  applicationFiles,
  applications,
  balanceSheets,
  broadcastDeliveries,
  broadcasts,
  caeDivisions,
  cities,
  companies,
  companyMembers,
  mailOutbox,
} from '../../db/schema/index.ts';

export type BroadcastRow = typeof broadcasts.$inferSelect;

/** The member roles a broadcast goes to: those who act for the company (a viewer only reads). */
const BROADCAST_ROLES = ['owner', 'accountant'] as const;

// The outer query's company, named with its table: these conditions sit inside subqueries of other tables.
const companyId = sql`"companies"."id"`;

/** The application subquery's condition for a state (its table is aliased `a`). */
function stateCondition(state: Exclude<BroadcastApplicationState, 'none'>): SQL {
  switch (state) {
    case 'draft':
      return sql`a.status = 'draft'`;
    case 'incomplete':
      return sql`a.status = 'draft' and (select count(*) from ${applicationFiles} f
        where f.application_id = a.id and f.removed_at is null) < ${APPLICATION_FILE_TYPE_COUNT}`;
    case 'pending':
    case 'evaluated':
    case 'unqualified':
      return sql`a.status = ${state}`;
  }
}

/** The companies' condition a filter makes (BroadcastFilter says what each criterion means). */
function filterCondition(filter: BroadcastFilter): SQL | undefined {
  const edition = filter.editionId ? sql` and a.edition_id = ${filter.editionId}` : sql``;
  const conditions: (SQL | undefined)[] = [];
  if (filter.applicationState === 'none') {
    conditions.push(
      sql`not exists (select 1 from ${applications} a where a.company_id = ${companyId}${edition})`,
    );
  } else if (filter.applicationState) {
    conditions.push(
      sql`exists (select 1 from ${applications} a where a.company_id = ${companyId}${edition}
        and ${stateCondition(filter.applicationState)})`,
    );
  } else if (filter.editionId) {
    conditions.push(
      sql`exists (select 1 from ${applications} a where a.company_id = ${companyId}${edition})`,
    );
  }
  if (filter.islandId) {
    conditions.push(
      sql`exists (select 1 from ${cities} ci where ci.id = "companies"."city_id" and ci.island_id = ${filter.islandId})`,
    );
  }
  if (filter.caeSectionId) {
    conditions.push(
      sql`exists (select 1 from ${caeDivisions} d where d.id = "companies"."cae_division_id"
        and d.section_id = ${filter.caeSectionId})`,
    );
  }
  if (filter.sheetYear !== undefined) {
    const sheet = sql`exists (select 1 from ${balanceSheets} b where b.company_id = ${companyId}
      and b.deleted_at is null and extract(year from b.end_date) = ${filter.sheetYear})`;
    conditions.push(filter.hasSheet === false ? sql`not ${sheet}` : sheet);
  }
  return and(...conditions);
}

/**
 * The memberships a broadcast reaches: owners and accountants, active accounts, of companies not closed that the
 * filter picks; with `memberSince`, only memberships that existed then (the audience of a broadcast being sent).
 */
function audienceWhere(filter: BroadcastFilter, memberSince?: Date): SQL | undefined {
  return and(
    isNull(companies.closedAt),
    eq(accounts.isActive, true),
    inArray(companyMembers.role, [...BROADCAST_ROLES]),
    memberSince ? lte(companyMembers.createdAt, memberSince) : undefined,
    filterCondition(filter),
  );
}

/** How many companies (with at least one recipient) and people (each account once) the filter reaches. */
export async function countAudience(
  db: Executor,
  filter: BroadcastFilter,
  memberSince?: Date,
): Promise<{ companies: number; recipients: number }> {
  const [row] = await db
    .select({
      companies: sql<number>`count(distinct ${companies.id})::int`,
      recipients: sql<number>`count(distinct ${accounts.id})::int`,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .innerJoin(accounts, eq(accounts.id, companyMembers.accountId))
    .where(audienceWhere(filter, memberSince));
  return { companies: Number(row?.companies ?? 0), recipients: Number(row?.recipients ?? 0) };
}

/** One person a broadcast goes to: an account, in its language, with the first company it is reached through. */
interface BroadcastRecipient {
  accountId: string;
  email: string;
  name: string;
  language: 'pt' | 'en' | 'fr';
  companyId: string;
  companyName: string;
}

/**
 * The next `limit` people of a broadcast not mailed yet, in account order after the last one mailed (an index
 * range); the NOT EXISTS and the deliveries' key still make sure nobody is mailed twice.
 */
export async function nextRecipients(
  tx: Executor,
  broadcast: Pick<BroadcastRow, 'id' | 'filter' | 'createdAt'>,
  limit: number,
): Promise<BroadcastRecipient[]> {
  const [last] = await tx
    .select({ accountId: broadcastDeliveries.accountId })
    .from(broadcastDeliveries)
    .where(eq(broadcastDeliveries.broadcastId, broadcast.id))
    .orderBy(desc(broadcastDeliveries.accountId))
    .limit(1);
  const filter = broadcast.filter as BroadcastFilter;
  const rows = await tx
    .select({
      accountId: accounts.id,
      email: accounts.email,
      name: accounts.name,
      language: accounts.language,
      // The first company (by name, then id) the account is reached through.
      first: sql<string>`(array_agg(${companies.id}::text || '|' || ${companies.companyName}
        order by ${companies.companyName}, ${companies.id}))[1]`,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .innerJoin(accounts, eq(accounts.id, companyMembers.accountId))
    .where(
      and(
        audienceWhere(filter, broadcast.createdAt),
        last ? gt(accounts.id, last.accountId) : undefined,
        sql`not exists (select 1 from ${broadcastDeliveries} bd
          where bd.broadcast_id = ${broadcast.id} and bd.account_id = "accounts"."id")`,
      ),
    )
    .groupBy(accounts.id, accounts.email, accounts.name, accounts.language)
    .orderBy(asc(accounts.id))
    .limit(limit);
  return rows.map((row) => {
    const [id = '', ...name] = row.first.split('|');
    return {
      accountId: row.accountId,
      email: row.email,
      name: row.name,
      language: row.language,
      companyId: id,
      companyName: name.join('|'),
    };
  });
}

/** Serialises the starts of broadcasts (one being sent at a time), until the transaction ends. */
export async function lockBroadcastStarts(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('broadcasts'))`);
}

export async function broadcastBeingSent(tx: Executor): Promise<BroadcastRow | undefined> {
  const [row] = await tx.select().from(broadcasts).where(eq(broadcasts.status, 'sending')).limit(1);
  return row;
}

export async function insertBroadcast(
  tx: Executor,
  values: Pick<BroadcastRow, 'subject' | 'body' | 'filter' | 'totalRecipients' | 'createdBy'>,
): Promise<BroadcastRow> {
  const [row] = await tx.insert(broadcasts).values(values).returning();
  if (!row) throw new Error('The broadcast was not written');
  return row;
}

export async function setBroadcastTotal(tx: Executor, id: string, totalRecipients: number): Promise<void> {
  await tx.update(broadcasts).set({ totalRecipients }).where(eq(broadcasts.id, id));
}

/** The broadcast, locked for this transaction; undefined when another instance holds it or it does not exist. */
export async function lockBroadcast(tx: Executor, id: string): Promise<BroadcastRow | undefined> {
  const [row] = await tx
    .select()
    .from(broadcasts)
    .where(eq(broadcasts.id, id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

/** One (broadcast, account) delivery per mail queued; their key forbids mailing anyone twice. */
export async function recordDeliveries(
  tx: Executor,
  broadcastId: string,
  deliveries: readonly { accountId: string; companyId: string; outboxId: string }[],
): Promise<void> {
  if (deliveries.length === 0) return;
  await tx.insert(broadcastDeliveries).values(deliveries.map((d) => ({ broadcastId, ...d })));
}

export async function addSent(
  tx: Executor,
  id: string,
  sent: number,
  finished: { at: Date } | null,
): Promise<void> {
  await tx
    .update(broadcasts)
    .set({
      sentCount: sql`${broadcasts.sentCount} + ${sent}`,
      ...(finished ? { status: 'sent' as const, sentAt: finished.at } : {}),
    })
    .where(eq(broadcasts.id, id));
}

export async function markBroadcastFailed(tx: Executor, id: string): Promise<void> {
  await tx
    .update(broadcasts)
    .set({ status: 'failed' })
    .where(and(eq(broadcasts.id, id), eq(broadcasts.status, 'sending')));
}

export async function broadcastById(db: Executor, id: string): Promise<BroadcastRow | undefined> {
  const [row] = await db.select().from(broadcasts).where(eq(broadcasts.id, id));
  return row;
}

/** The broadcasts, newest first (at most `limit`). */
export async function broadcastsNewestFirst(db: Executor, limit: number): Promise<BroadcastRow[]> {
  return db.select().from(broadcasts).orderBy(desc(broadcasts.createdAt), desc(broadcasts.id)).limit(limit);
}

/** Per broadcast, how many of its mails the mail server took and how many failed for good. */
export async function deliveryCounts(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      broadcastId: broadcastDeliveries.broadcastId,
      queued: count(),
      delivered: sql<number>`count(*) filter (where ${mailOutbox.state} = 'sent')::int`,
      failed: sql<number>`count(*) filter (where ${mailOutbox.state} = 'failed')::int`,
    })
    .from(broadcastDeliveries)
    .leftJoin(mailOutbox, eq(mailOutbox.id, broadcastDeliveries.outboxId))
    .where(inArray(broadcastDeliveries.broadcastId, [...ids]))
    .groupBy(broadcastDeliveries.broadcastId);
}

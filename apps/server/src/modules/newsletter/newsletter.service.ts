import { randomBytes } from 'node:crypto';
import {
  type CampaignCounts,
  type CampaignInput,
  type CampaignItem,
  type CampaignPreview,
  type CampaignUpdate,
  campaignTextFor,
  type Language,
  missingCampaignLanguages,
  NEWSLETTER_CONFIRM_LINK_DAYS,
  type Page,
  periodBefore,
  SUBSCRIBE_MAX_PER_ADDRESS,
  SUBSCRIBE_WINDOW_MINUTES,
  type SubscribeRequest,
  type SubscriberItem,
  type SubscriberListQuery,
  translate,
} from '@excelencia/domain';
import type { z } from 'zod';
import type { AuthContext } from '../../auth/types.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import { AppError, notFound, staleVersion } from '../../platform/errors.ts';
import { keysetPages, orderKeys, orderSql, pageWindow } from '../../platform/listing.ts';
import { enqueueMail } from '../../platform/mail/outbox.ts';
import { countRequest } from '../../platform/request-window.ts';
import { hashLinkToken, newLinkToken } from '../../platform/tokens.ts';
import type { ExportColumn } from '../../platform/xlsx-export.ts';
import { sanitizeRichText } from '../content/index.ts';
import {
  type CampaignRow,
  campaignById,
  campaignsNewestFirst,
  confirmSubscriberByTokenHash,
  countConfirmedSubscribers,
  countSubscribers,
  deleteCampaign,
  deliveryCountsOfCampaigns,
  insertCampaign,
  insertSubscriberUnlessKnown,
  lockCampaignById,
  lockSubscriberByEmail,
  lockSubscriberByUnsubscribeToken,
  markDeliveryUnsubscribed,
  SUBSCRIBER_SORT,
  SUBSCRIBER_TIE_BREAKER,
  type SubscriberRow,
  setSubscriber,
  subscribersAfter,
  subscribersListWhere,
  subscribersPage,
  updateCampaign,
  updateSubscriber,
} from './newsletter.repository.ts';
import { campaignMail, confirmationMail, confirmLink, unsubscribeLink } from './newsletter-mails.ts';

/** The audit entity of campaign changes: the resource path. */
export const CAMPAIGNS_ENTITY = 'newsletter/campaigns';

export type SubscribersQuery = z.output<typeof SubscriberListQuery>;

export const subscribeRateLimited = () => new AppError(429, 'rate_limited', 'errors:rateLimited');
const campaignNotDraft = () => new AppError(409, 'campaign_not_draft', 'newsletterAdmin:errors.notDraft');
const noSubscribers = () => new AppError(400, 'no_subscribers', 'newsletterAdmin:errors.noSubscribers');

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function presentSubscriber(row: SubscriberRow): SubscriberItem {
  return {
    id: row.id,
    email: row.email,
    language: row.language,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: iso(row.confirmedAt),
    unsubscribedAt: iso(row.unsubscribedAt),
  };
}

export const SUBSCRIBER_EXPORT_COLUMNS: readonly ExportColumn<SubscriberItem>[] = [
  { header: 'newsletterAdmin:subscribers.email', value: (row) => row.email, width: 36 },
  { header: 'newsletterAdmin:subscribers.language', value: (row) => row.language, width: 10 },
  {
    header: 'newsletterAdmin:subscribers.status',
    value: (row, language) => translateStatus(row.status, language),
    width: 16,
  },
  { header: 'newsletterAdmin:subscribers.createdAt', value: (row) => new Date(row.createdAt), width: 20 },
  {
    header: 'newsletterAdmin:subscribers.confirmedAt',
    value: (row) => (row.confirmedAt ? new Date(row.confirmedAt) : null),
    width: 20,
  },
];

function translateStatus(status: SubscriberItem['status'], language: Language): string {
  return translate(language, `newsletterAdmin:subscribers.statuses.${status}`);
}

/**
 * The newsletter: the visitor's subscription with double opt-in and one-click unsubscribe, the administrator's
 * subscribers list and campaigns. Sending a campaign only marks it 'sending'; campaign-sender.ts puts it in
 * the outbox in batches.
 */
export function createNewsletterService(deps: { db: Database; publicUrl: string; now?: () => Date }) {
  const { db, publicUrl } = deps;
  const now = deps.now ?? (() => new Date());

  async function countsOf(executor: Executor, campaigns: readonly CampaignRow[]) {
    const out = new Map<string, CampaignCounts>();
    if (campaigns.length === 0) return out;
    const ids = campaigns.map((c) => c.id);
    const rows = await deliveryCountsOfCampaigns(executor, ids);
    const byId = new Map(rows.map((row) => [row.campaignId, row]));
    // A draft's recipients would be today's confirmed subscribers.
    const hasDraft = campaigns.some((c) => c.status === 'draft');
    const confirmed = hasDraft ? await countConfirmedSubscribers(executor) : 0;
    for (const campaign of campaigns) {
      const row = byId.get(campaign.id);
      out.set(campaign.id, {
        total: campaign.status === 'draft' ? confirmed : campaign.totalRecipients,
        queued: Number(row?.queued ?? 0),
        sent: Number(row?.sent ?? 0),
        failed: Number(row?.failed ?? 0),
        unsubscribed: Number(row?.unsubscribed ?? 0),
      });
    }
    return out;
  }

  function presentCampaign(row: CampaignRow, counts: CampaignCounts | undefined): CampaignItem {
    return {
      id: row.id,
      version: row.version,
      status: row.status,
      subject: row.subject,
      body: row.body,
      missingLanguages: missingCampaignLanguages(row),
      counts: counts ?? { total: 0, queued: 0, sent: 0, failed: 0, unsubscribed: 0 },
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      sendStartedAt: iso(row.sendStartedAt),
      sentAt: iso(row.sentAt),
    };
  }

  async function present(executor: Executor, row: CampaignRow): Promise<CampaignItem> {
    return presentCampaign(row, (await countsOf(executor, [row])).get(row.id));
  }

  async function lockCampaign(tx: Executor, id: string): Promise<CampaignRow> {
    const row = await lockCampaignById(tx, id);
    if (!row) throw notFound();
    return row;
  }

  function cleanContent(input: CampaignInput): Pick<CampaignRow, 'subject' | 'body'> {
    return {
      subject: input.subject,
      body: {
        pt: sanitizeRichText(input.body.pt),
        en: sanitizeRichText(input.body.en),
        fr: sanitizeRichText(input.body.fr),
      },
    };
  }

  function subscriberReader(query: SubscribersQuery) {
    const order = orderKeys(SUBSCRIBER_SORT, query, 'pt', {
      defaultSort: ['createdAt'],
      tieBreaker: SUBSCRIBER_TIE_BREAKER,
    });
    return { where: subscribersListWhere(query), order };
  }

  return {
    /**
     * A visitor's subscription. New, pending or unsubscribed addresses get a confirmation mail (a fresh
     * single-use link); a confirmed one gets nothing, and the answer is the same either way. More than
     * SUBSCRIBE_MAX_PER_ADDRESS requests for one address within the window answer 429.
     */
    async subscribe(input: z.output<typeof SubscribeRequest>): Promise<void> {
      const at = now();
      const confirm = newLinkToken();
      await db.transaction(async (tx) => {
        const inserted = await insertSubscriberUnlessKnown(tx, {
          email: input.email,
          language: input.language,
          confirmTokenHash: confirm.hash,
          unsubscribeToken: randomBytes(24).toString('base64url'),
          requestCount: 1,
          requestWindowStartedAt: at,
          createdAt: at,
        });
        if (inserted) {
          await enqueueMail(tx, confirmationFor(inserted, confirm.token));
          return;
        }
        const existing = await lockSubscriberByEmail(tx, input.email);
        if (!existing) throw new Error('The subscriber vanished while subscribing');
        const window = countRequest(existing, at, {
          max: SUBSCRIBE_MAX_PER_ADDRESS,
          minutes: SUBSCRIBE_WINDOW_MINUTES,
        });
        if (!window) throw subscribeRateLimited();
        if (existing.status === 'confirmed') {
          await setSubscriber(tx, existing.id, window);
          return;
        }
        const updated = await updateSubscriber(tx, existing.id, {
          ...window,
          status: 'pending',
          language: input.language,
          confirmTokenHash: confirm.hash,
        });
        if (updated) await enqueueMail(tx, confirmationFor(updated, confirm.token));
      });
    },

    /**
     * Follows a confirmation link (once, within NEWSLETTER_CONFIRM_LINK_DAYS of the request that sent it): the
     * subscriber is confirmed. Undefined when the link is not valid or has expired.
     */
    async confirm(token: string): Promise<{ language: Language } | undefined> {
      const at = now();
      const sentAfter = periodBefore(at, { count: NEWSLETTER_CONFIRM_LINK_DAYS, unit: 'days' });
      const row = await confirmSubscriberByTokenHash(db, hashLinkToken(token), sentAfter, at);
      return row ? { language: row.language } : undefined;
    },

    /**
     * The one-click unsubscribe (the link of every mail, by GET or by the mail client's POST). Following it
     * again changes nothing. With the campaign the link came from, that campaign counts one unsubscription.
     */
    async unsubscribe(
      token: string,
      campaignId: string | undefined,
    ): Promise<{ language: Language; email: string } | undefined> {
      return db.transaction(async (tx) => {
        const row = await lockSubscriberByUnsubscribeToken(tx, token);
        if (!row) return undefined;
        if (row.status !== 'unsubscribed') {
          const at = now();
          await setSubscriber(tx, row.id, {
            status: 'unsubscribed',
            unsubscribedAt: at,
            confirmTokenHash: null,
          });
          if (campaignId && /^[0-9a-f-]{36}$/i.test(campaignId)) {
            await markDeliveryUnsubscribed(tx, campaignId, row.id, at);
          }
        }
        return { language: row.language, email: row.email };
      });
    },

    async listSubscribers(query: SubscribersQuery): Promise<Page<SubscriberItem>> {
      const { where, order } = subscriberReader(query);
      const window = pageWindow(query);
      const [rows, total] = await Promise.all([
        subscribersPage(db, where, orderSql(order), window.limit, window.offset),
        countSubscribers(db, where),
      ]);
      return {
        items: rows.map(presentSubscriber),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    exportSubscribers(query: SubscribersQuery): AsyncIterable<SubscriberItem> {
      const { where, order } = subscriberReader(query);
      return (async function* () {
        for await (const rows of keysetPages({
          order,
          size: 500,
          read: (page) => subscribersAfter(db, where, page),
        })) {
          for (const { row } of rows) yield presentSubscriber(row);
        }
      })();
    },

    async listCampaigns(): Promise<CampaignItem[]> {
      const rows = await campaignsNewestFirst(db);
      const counts = await countsOf(db, rows);
      return rows.map((row) => presentCampaign(row, counts.get(row.id)));
    },

    async getCampaign(id: string): Promise<CampaignItem> {
      const row = await campaignById(db, id);
      if (!row) throw notFound();
      return present(db, row);
    },

    async createCampaign(actor: Actor, input: CampaignInput): Promise<CampaignItem> {
      return db.transaction(async (tx) => {
        const row = await insertCampaign(tx, { ...cleanContent(input), createdBy: actor.accountId });
        const item = await present(tx, row);
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'create',
          entity: CAMPAIGNS_ENTITY,
          entityId: row.id,
          after: { subject: row.subject, body: row.body },
          requestId: actor.requestId ?? null,
        });
        return item;
      });
    },

    async updateCampaign(actor: Actor, id: string, input: CampaignUpdate): Promise<CampaignItem> {
      return db.transaction(async (tx) => {
        const before = await lockCampaign(tx, id);
        if (before.status !== 'draft') throw campaignNotDraft();
        if (before.version !== input.version) throw staleVersion();
        const row = await updateCampaign(tx, id, {
          ...cleanContent(input),
          version: before.version + 1,
          updatedAt: now(),
        });
        if (!row) throw notFound();
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'update',
          entity: CAMPAIGNS_ENTITY,
          entityId: id,
          before: { subject: before.subject, body: before.body },
          after: { subject: row.subject, body: row.body },
          requestId: actor.requestId ?? null,
        });
        return present(tx, row);
      });
    },

    async deleteCampaign(actor: Actor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await lockCampaign(tx, id);
        if (before.status !== 'draft') throw campaignNotDraft();
        await deleteCampaign(tx, id);
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'delete',
          entity: CAMPAIGNS_ENTITY,
          entityId: id,
          before: { subject: before.subject, body: before.body },
          requestId: actor.requestId ?? null,
        });
      });
    },

    async previewCampaign(id: string, language: Language): Promise<CampaignPreview> {
      const row = await campaignById(db, id);
      if (!row) throw notFound();
      const text = campaignTextFor(row, language);
      return { language: text.language, fallback: text.fallback, subject: text.subject, html: text.body };
    },

    /** Puts the campaign in the outbox for the administrator alone, in `language` (default theirs). */
    async sendTest(
      caller: AuthContext,
      actor: Actor,
      id: string,
      language: Language | undefined,
    ): Promise<{ to: string; language: Language }> {
      const wanted = language ?? caller.language;
      return db.transaction(async (tx) => {
        const row = await campaignById(tx, id);
        if (!row) throw notFound();
        const text = campaignTextFor(row, wanted);
        const prefix = translate(wanted, 'newsletterMail:test.prefix');
        await enqueueMail(
          tx,
          campaignMail({
            to: caller.email,
            language: wanted,
            subject: `${prefix} ${text.subject}`,
            bodyHtml: text.body,
            publicUrl,
            unsubscribeLink: null,
          }),
        );
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'test',
          entity: CAMPAIGNS_ENTITY,
          entityId: id,
          after: { to: caller.email, language: wanted },
          requestId: actor.requestId ?? null,
        });
        return { to: caller.email, language: wanted };
      });
    },

    /**
     * Starts sending: the recipients are the subscribers confirmed now; the campaign can no longer change. The
     * job (campaign-sender.ts) does the rest.
     */
    async sendCampaign(actor: Actor, id: string): Promise<CampaignItem> {
      return db.transaction(async (tx) => {
        const before = await lockCampaign(tx, id);
        if (before.status !== 'draft') throw campaignNotDraft();
        const at = now();
        const total = await countConfirmedSubscribers(tx, at);
        if (total === 0) throw noSubscribers();
        const row = await updateCampaign(tx, id, {
          status: 'sending',
          sendStartedAt: at,
          totalRecipients: total,
          updatedAt: at,
        });
        if (!row) throw notFound();
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'send',
          entity: CAMPAIGNS_ENTITY,
          entityId: id,
          before: { status: before.status },
          after: { status: row.status, totalRecipients: total },
          requestId: actor.requestId ?? null,
        });
        return present(tx, row);
      });
    },
  };

  function confirmationFor(row: SubscriberRow, token: string) {
    return confirmationMail({
      to: row.email,
      language: row.language,
      confirmLink: confirmLink(publicUrl, token),
      unsubscribeLink: unsubscribeLink(publicUrl, row.unsubscribeToken),
    });
  }
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;

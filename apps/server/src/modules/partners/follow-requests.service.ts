import {
  type CreateFollowRequest,
  type FollowRequestDecision,
  type Language,
  PARTNER_FOLLOW_REQUEST_WINDOW_MINUTES,
  PARTNER_FOLLOW_REQUESTS_PER_WINDOW,
  type PartnerFollowRequest,
  roleAllows,
  translate,
} from '@excelencia/domain';
import type { AuthContext } from '../../auth/types.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import { isUniqueViolation } from '../../platform/database-errors.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { layoutMail } from '../../platform/mail/layout.ts';
import { enqueueMail, type OutgoingMail } from '../../platform/mail/outbox.ts';
import { memberRole, roleForbids } from '../../policies/company-access.ts';
import { nifHolder } from '../registration/index.ts';
import {
  accountName,
  activeMembersOf,
  assist,
  companyNames,
  countRequestsSince,
  decideRequest,
  type FollowRequestRow,
  insertRequest,
  isAssisted,
  lockRequest,
  pendingRequestOf,
  requestsOfEntity,
} from './follow-requests.repository.ts';
import type { EntityRef } from './partner-area.repository.ts';
import { ASSISTED_ENTITY } from './partner-area.service.ts';

const FOLLOW_REQUESTS_ENTITY = 'partners/follow-requests';

const nifDetail = (key: string) => ({ details: [{ path: 'nif', message: key }] });

export const followCompanyUnknown = () =>
  new AppError(404, 'follow_company_unknown', 'partners:errors.followCompanyUnknown', {
    ...nifDetail('partners:errors.followCompanyUnknown'),
  });
export const followCompanyUnconfirmed = () =>
  new AppError(409, 'follow_company_unconfirmed', 'partners:errors.followCompanyUnconfirmed', {
    ...nifDetail('partners:errors.followCompanyUnconfirmed'),
  });
export const followAlreadyAssisted = () =>
  new AppError(409, 'follow_already_assisted', 'partners:errors.followAlreadyAssisted', {
    ...nifDetail('partners:errors.followAlreadyAssisted'),
  });
export const followRequestPending = () =>
  new AppError(409, 'follow_request_pending', 'partners:errors.followRequestPending', {
    ...nifDetail('partners:errors.followRequestPending'),
  });
export const followRequestLimit = () =>
  new AppError(429, 'follow_request_limit', 'partners:errors.followRequestLimit', {
    params: { max: PARTNER_FOLLOW_REQUESTS_PER_WINDOW },
  });
export const followRequestDecided = () =>
  new AppError(409, 'follow_request_decided', 'partners:errors.followRequestDecided');

/** The request's mail to one member of the company, in the member's language (text and escaped HTML). */
function followRequestMail(input: {
  to: string;
  language: Language;
  link: string;
  params: Record<string, string>;
}): OutgoingMail {
  const { language } = input;
  const t = (key: string) => translate(language, `partners:mails.followRequest.${key}`, input.params);
  return layoutMail({
    to: input.to,
    language,
    subject: t('subject'),
    greeting: t('greeting'),
    lines: [t('intro'), t('action')],
    link: input.link,
    after: [t('ignore')],
  });
}

/**
 * Requests of a partner entity to follow a company that registered on its own (docs/adr/0024-partner-follow-requests.md): the entity asks by
 * NIF, the company's members are mailed and accept (the entity assists the company) or refuse in its profile.
 * The consent levels stay the company's choice whatever the answer.
 */
export function createFollowRequestsService(deps: {
  db: Database;
  publicUrl: string;
  entityOf: (caller: AuthContext) => Promise<EntityRef>;
  now?: () => Date;
}) {
  const { db, publicUrl, entityOf } = deps;
  const now = deps.now ?? (() => new Date());

  function present(
    row: FollowRequestRow,
    company: { companyName: string; nif: string },
    requestedBy: string | null,
  ): PartnerFollowRequest {
    return {
      id: row.id,
      companyId: row.companyId,
      companyName: company.companyName,
      nif: company.nif,
      status: row.status,
      requestedBy,
      requestedAt: row.createdAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
    };
  }

  async function mailMembers(
    tx: Executor,
    companyId: string,
    params: { entity: string; requester: string; companyName: string },
  ) {
    for (const member of await activeMembersOf(tx, companyId)) {
      await enqueueMail(
        tx,
        followRequestMail({
          to: member.email,
          language: member.language,
          link: `${publicUrl}/${member.language}/company/profile`,
          params: { ...params, name: member.name },
        }),
      );
    }
  }

  return {
    async list(caller: AuthContext): Promise<PartnerFollowRequest[]> {
      const entity = await entityOf(caller);
      const rows = await requestsOfEntity(db, entity.id);
      return rows.map((r) => present(r.request, r, r.requestedBy));
    },

    /**
     * Asks to follow the company holding the NIF: 404 when no company does, 409 when the entity assists it
     * already, when it has not completed its registration, or when a request of the entity waits for it. At most
     * PARTNER_FOLLOW_REQUESTS_PER_WINDOW an entity in PARTNER_FOLLOW_REQUEST_WINDOW_MINUTES (429).
     */
    async create(
      caller: AuthContext,
      actor: Actor,
      input: CreateFollowRequest,
    ): Promise<PartnerFollowRequest> {
      const entity = await entityOf(caller);
      try {
        return await db.transaction(async (tx) => {
          const at = now();
          // Counted in the database, so the limit holds across instances and restarts; the entity's requests
          // wait for each other here.
          const since = new Date(at.getTime() - PARTNER_FOLLOW_REQUEST_WINDOW_MINUTES * 60_000);
          if ((await countRequestsSince(tx, entity.id, since)) >= PARTNER_FOLLOW_REQUESTS_PER_WINDOW) {
            throw followRequestLimit();
          }
          const holder = await nifHolder(tx, input.nif, at);
          if (!holder) throw followCompanyUnknown();
          const { company } = holder;
          if (await isAssisted(tx, entity.id, company.id)) throw followAlreadyAssisted();
          if (!holder.confirmed) throw followCompanyUnconfirmed();
          if (await pendingRequestOf(tx, entity.id, company.id)) throw followRequestPending();
          const row = await insertRequest(tx, {
            partnerEntityId: entity.id,
            companyId: company.id,
            requestedBy: actor.accountId,
          });
          const requester = (await accountName(tx, actor.accountId)) ?? caller.name;
          const item = present(row, company, requester);
          await writeAudit(tx, {
            actorAccountId: actor.accountId,
            action: 'create',
            entity: FOLLOW_REQUESTS_ENTITY,
            entityId: row.id,
            companyId: company.id,
            after: { ...item, partnerEntityId: entity.id },
            requestId: actor.requestId,
          });
          await mailMembers(tx, company.id, {
            entity: entity.name,
            requester,
            companyName: company.companyName,
          });
          return item;
        });
      } catch (error) {
        // Two requests at once for the same company: the partial unique index keeps one.
        if (isUniqueViolation(error)) throw followRequestPending();
        throw error;
      }
    },

    /**
     * The company's answer (its own users only; anyone else gets 404; its owners only, 403 naming the role of
     * another member: docs/adr/0028-company-teams.md): accepting makes the entity assist the company; refusing
     * leaves it out. Audited; 409 when the request was answered already.
     */
    async decide(
      caller: AuthContext,
      actor: Actor,
      companyId: string,
      id: string,
      body: FollowRequestDecision,
    ): Promise<PartnerFollowRequest> {
      const role = await memberRole(db, companyId, caller.accountId);
      if (role === null) throw notFound();
      if (!roleAllows(role, 'own')) throw roleForbids(role, 'own');
      return db.transaction(async (tx) => {
        const row = await lockRequest(tx, companyId, id);
        if (!row) throw notFound();
        if (row.status !== 'pending') throw followRequestDecided();
        const decided = await decideRequest(tx, id, {
          status: body.accept ? 'accepted' : 'refused',
          decidedBy: actor.accountId,
          decidedAt: now(),
        });
        const audit = { actorAccountId: actor.accountId, requestId: actor.requestId };
        if (body.accept) {
          if (
            await assist(tx, { partnerEntityId: row.partnerEntityId, companyId, createdBy: row.requestedBy })
          ) {
            await writeAudit(tx, {
              ...audit,
              action: 'create',
              entity: ASSISTED_ENTITY,
              entityId: companyId,
              after: { partnerEntityId: row.partnerEntityId, companyId, followRequestId: id },
            });
          }
        }
        await writeAudit(tx, {
          ...audit,
          action: body.accept ? 'accept' : 'refuse',
          entity: FOLLOW_REQUESTS_ENTITY,
          entityId: id,
          before: { status: row.status },
          after: { status: decided.status, partnerEntityId: row.partnerEntityId, companyId },
        });
        const company = await companyNames(tx, companyId);
        if (!company) throw notFound();
        return present(decided, company, await accountName(tx, decided.requestedBy));
      });
    },
  };
}

export type FollowRequestsService = ReturnType<typeof createFollowRequestsService>;

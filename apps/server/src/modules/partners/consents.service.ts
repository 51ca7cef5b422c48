import {
  type Page,
  type PartnerAccessEntry,
  type PartnerConsentItem,
  roleAllows,
  type UpdatePartnerConsentRequest,
} from '@excelencia/domain';
import type { AuthContext } from '../../auth/types.ts';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import { notFound } from '../../platform/errors.ts';
import { pageWindow } from '../../platform/listing.ts';
import { assertCompanyAccess, memberRole, roleForbids } from '../../policies/company-access.ts';
import { accessLogPage, consentRowsOfCompany, countAccessLog, upsertConsent } from './consents.repository.ts';

export const CONSENTS_ENTITY = 'partners/consents';

/**
 * The company's side of the partner area: which partner entities may see its state and its diagnosis summary,
 * and who read what. Only the company's own users change a consent; an admin may read them. The entities listed
 * are those that concern the company (docs/adr/0024-partner-follow-requests.md): they assist it, ask to follow it,
 * or hold a consent it may withdraw.
 */
export function createConsentsService(deps: { db: Database }) {
  const { db } = deps;

  async function items(companyId: string): Promise<PartnerConsentItem[]> {
    const rows = await consentRowsOfCompany(db, companyId);
    return rows.map((r) => ({
      partnerEntityId: r.partnerEntityId,
      code: r.code,
      name: r.name,
      assists: r.assists,
      consent: { status: r.status ?? false, diagnosis: r.diagnosis ?? false },
      updatedAt: r.updatedAt?.toISOString() ?? null,
      followRequest:
        r.requestId && r.requestedAt
          ? { id: r.requestId, requestedBy: r.requestedBy ?? null, requestedAt: r.requestedAt.toISOString() }
          : null,
    }));
  }

  /**
   * The caller is one of the company's users (an admin without membership may not consent for it): 404
   * otherwise; and its owner: 403 naming the role otherwise (docs/adr/0028-company-teams.md).
   */
  async function assertOwnCompany(caller: AuthContext, companyId: string) {
    const role = await memberRole(db, companyId, caller.accountId);
    if (role === null) throw notFound();
    if (!roleAllows(role, 'own')) throw roleForbids(role, 'own');
  }

  return {
    async list(caller: AuthContext, companyId: string): Promise<PartnerConsentItem[]> {
      await assertCompanyAccess(db, caller, companyId);
      return items(companyId);
    },

    async update(
      caller: AuthContext,
      actor: Actor,
      companyId: string,
      partnerEntityId: string,
      input: UpdatePartnerConsentRequest,
    ): Promise<PartnerConsentItem> {
      await assertOwnCompany(caller, companyId);
      const before = (await items(companyId)).find((i) => i.partnerEntityId === partnerEntityId);
      if (!before) throw notFound();
      await db.transaction(async (tx) => {
        await upsertConsent(tx, {
          companyId,
          partnerEntityId,
          seesStatus: input.status,
          seesDiagnosis: input.diagnosis,
          updatedBy: actor.accountId,
        });
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'update',
          entity: CONSENTS_ENTITY,
          entityId: companyId,
          companyId,
          before: { partnerEntityId, ...before.consent },
          after: { partnerEntityId, ...input },
          requestId: actor.requestId,
        });
      });
      // An entity that neither assists nor asks leaves the list once both levels are withdrawn.
      const after = (await items(companyId)).find((i) => i.partnerEntityId === partnerEntityId);
      return after ?? { ...before, consent: input, updatedAt: new Date().toISOString() };
    },

    async accessLog(
      caller: AuthContext,
      companyId: string,
      query: { page: number; pageSize: number },
    ): Promise<Page<PartnerAccessEntry>> {
      await assertCompanyAccess(db, caller, companyId);
      const window = pageWindow(query);
      const [rows, total] = await Promise.all([
        accessLogPage(db, companyId, window),
        countAccessLog(db, companyId),
      ]);
      return {
        items: rows.map((r) => ({
          id: r.log.id,
          at: r.log.at.toISOString(),
          partnerEntityName: r.partnerEntityName,
          readerName: r.log.readerName,
          level: r.log.level,
          via: r.log.via,
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  };
}

export type ConsentsService = ReturnType<typeof createConsentsService>;

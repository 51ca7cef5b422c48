import {
  type CreatePartnerRequest,
  type Language,
  type Page,
  type PartnerItem,
  type PartnerListQuery,
  translate,
  type UpdatePartnerRequest,
} from '@excelencia/domain';
import type { z } from 'zod';
import { findAccountByEmail } from '../../auth/accounts.repository.ts';
import {
  atProvider,
  cannotChangeSelf,
  compensateCreatedUser,
  duplicateEmail,
  keepProviderInStep,
  type ProviderDeps,
  portalRolesOf,
  providerIdOf,
  storedRoles,
  withRole,
} from '../../auth/provisioning.ts';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import { isUniqueViolation } from '../../platform/database-errors.ts';
import { notFound, parentNotFound, staleVersion } from '../../platform/errors.ts';
import { keysetPages, orderKeys, orderSql, pageWindow } from '../../platform/listing.ts';
import type { ExportColumn } from '../../platform/xlsx-export.ts';
import {
  deleteSessionsOfAccount,
  insertAccount,
  revokeApiTokensOfAccount,
  updateAccountBumpingVersion,
} from '../users/index.ts';
import {
  countPartners,
  deletePartner,
  findPartner,
  findPartnerEntity,
  insertPartner,
  PARTNER_SORT,
  PARTNER_TIE_BREAKER,
  type PartnerRecord,
  partnersAfter,
  partnersListWhere,
  partnersPage,
  updatePartnerAtVersion,
} from './partners.repository.ts';

/** The audit entity of these changes: the resource path. */
export const PARTNERS_ENTITY = 'partners';

export type PartnersQuery = z.output<typeof PartnerListQuery>;

const EXPORT_BATCH = 500;

export const PARTNER_EXPORT_COLUMNS: readonly ExportColumn<PartnerItem>[] = [
  { header: 'reference:fields.name', value: (p) => p.name, width: 32 },
  { header: 'reference:fields.email', value: (p) => p.email, width: 32 },
  { header: 'reference:fields.partnerEntity', value: (p) => p.partnerEntity.name, width: 32 },
  { header: 'reference:fields.language', value: (p) => p.language, width: 10 },
  {
    header: 'reference:fields.isActive',
    value: (p, language) => translate(language, p.isActive ? 'reference:status.yes' : 'reference:status.no'),
    width: 10,
  },
];

export function presentPartner({ partner, account, entity }: PartnerRecord): PartnerItem {
  return {
    id: partner.id,
    version: partner.version,
    accountId: account.id,
    name: account.name,
    email: account.email,
    language: account.language,
    isActive: account.isActive,
    partnerEntityId: partner.partnerEntityId,
    partnerEntity: { id: entity.id, code: entity.code, name: entity.name },
    createdAt: partner.createdAt.toISOString(),
    updatedAt: partner.updatedAt.toISOString(),
  };
}

/**
 * Partner users (/admin/partners): an account with the partner role, linked to one partner entity, made at
 * the identity provider as users are (see users.service.ts for the order of the changes).
 */
export function createPartnersService(deps: ProviderDeps) {
  const { db, identity } = deps;

  /** The entity a partner is linked to: it must exist, and be active unless the partner already has it. */
  async function usableEntity(tx: Executor, id: string, current?: string) {
    const entity = await findPartnerEntity(tx, id);
    if (!entity || (!entity.isActive && id !== current)) throw parentNotFound('partnerEntityId');
    return entity;
  }

  async function existing(tx: Executor, id: string, version?: number): Promise<PartnerRecord> {
    const record = await findPartner(tx, id);
    if (!record) throw notFound();
    if (version !== undefined && record.partner.version !== version) throw staleVersion();
    return record;
  }

  function reader(query: PartnersQuery, language: Language) {
    const where = partnersListWhere(query);
    const order = orderKeys(PARTNER_SORT, query, language, {
      defaultSort: ['name'],
      tieBreaker: PARTNER_TIE_BREAKER,
    });
    return {
      where,
      rows: (window: { limit: number; offset: number }) => partnersPage(db, where, orderSql(order), window),
      pages: () =>
        keysetPages({
          order,
          size: EXPORT_BATCH,
          read: (page) => partnersAfter(db, where, page),
        }),
    };
  }

  async function audit(
    tx: Executor,
    actor: Actor,
    action: string,
    id: string,
    before: unknown,
    after: unknown,
  ) {
    await writeAudit(tx, {
      actorAccountId: actor.accountId,
      action,
      entity: PARTNERS_ENTITY,
      entityId: id,
      before,
      after,
      requestId: actor.requestId,
    });
  }

  return {
    async list(query: PartnersQuery, language: Language): Promise<Page<PartnerItem>> {
      const read = reader(query, language);
      const [rows, total] = await Promise.all([read.rows(pageWindow(query)), countPartners(db, read.where)]);
      return { items: rows.map(presentPartner), total, page: query.page, pageSize: query.pageSize };
    },

    exportRows(query: PartnersQuery, language: Language): AsyncIterable<PartnerItem> {
      const read = reader(query, language);
      return (async function* () {
        for await (const rows of read.pages()) {
          for (const row of rows) yield presentPartner(row);
        }
      })();
    },

    async get(id: string): Promise<PartnerItem> {
      return presentPartner(await existing(db, id));
    },

    async create(actor: Actor, input: z.output<typeof CreatePartnerRequest>): Promise<PartnerItem> {
      const entity = await usableEntity(db, input.partnerEntityId);
      if (await findAccountByEmail(db, input.email)) throw duplicateEmail();
      const { id: subject } = await atProvider(
        () =>
          identity.createUser({
            email: input.email,
            name: input.name,
            password: input.password,
            enabled: true,
            roles: ['partner'],
            language: input.language,
          }),
        { 409: duplicateEmail },
      );
      try {
        return await db.transaction(async (tx) => {
          // Checked again inside the transaction: the entity may have gone meanwhile.
          await usableEntity(tx, entity.id);
          const account = await insertAccount(tx, {
            subject,
            email: input.email,
            name: input.name,
            language: input.language,
            roles: storedRoles(['partner']),
          });
          const partner = await insertPartner(tx, { accountId: account.id, partnerEntityId: entity.id });
          const item = presentPartner({ partner, account, entity });
          await audit(tx, actor, 'create', partner.id, null, item);
          return item;
        });
      } catch (error) {
        await compensateCreatedUser(deps, subject);
        if (isUniqueViolation(error)) throw duplicateEmail();
        throw error;
      }
    },

    async update(
      actor: Actor,
      id: string,
      input: z.output<typeof UpdatePartnerRequest>,
    ): Promise<PartnerItem> {
      return keepProviderInStep(deps, (atProviderSteps) =>
        db.transaction(async (tx) => {
          const before = await existing(tx, id, input.version);
          const entity = await usableEntity(tx, input.partnerEntityId, before.partner.partnerEntityId);
          const partner = await updatePartnerAtVersion(tx, id, input.version, {
            partnerEntityId: entity.id,
          });
          if (!partner) throw staleVersion();
          if (entity.id !== before.partner.partnerEntityId) {
            await revokeApiTokensOfAccount(tx, before.account.id, actor.accountId);
          }
          const account = await updateAccountBumpingVersion(tx, before.account.id, {
            name: input.name,
            language: input.language,
          });
          const item = presentPartner({ partner, account, entity });
          await audit(tx, actor, 'update', id, presentPartner(before), item);
          const providerId = await providerIdOf(identity, before.account);
          if (providerId) {
            await atProviderSteps(before.account.id, [
              {
                apply: () =>
                  identity.updateProfile(providerId, { name: input.name, language: input.language }),
                undo: () =>
                  identity.updateProfile(providerId, {
                    name: before.account.name,
                    language: before.account.language,
                  }),
              },
            ]);
          }
          return item;
        }),
      );
    },

    async setActive(actor: Actor, id: string, version: number, isActive: boolean): Promise<PartnerItem> {
      return keepProviderInStep(deps, (atProviderSteps) =>
        db.transaction(async (tx) => {
          const before = await existing(tx, id, version);
          if (before.account.id === actor.accountId && !isActive) throw cannotChangeSelf();
          const partner = await updatePartnerAtVersion(tx, id, version, {});
          if (!partner) throw staleVersion();
          const account = await updateAccountBumpingVersion(tx, before.account.id, { isActive });
          if (!isActive) {
            await deleteSessionsOfAccount(tx, account.id);
            await revokeApiTokensOfAccount(tx, account.id, actor.accountId);
          }
          const item = presentPartner({ partner, account, entity: before.entity });
          await audit(tx, actor, isActive ? 'activate' : 'deactivate', id, presentPartner(before), item);
          const providerId = await providerIdOf(identity, before.account);
          if (providerId) {
            await atProviderSteps(before.account.id, [
              {
                apply: () => identity.setEnabled(providerId, isActive),
                undo: () => identity.setEnabled(providerId, before.account.isActive),
              },
            ]);
          }
          return item;
        }),
      );
    },

    /**
     * Unlinks the partner: the partner role goes; an account left without any portal role is also
     * deactivated (it can no longer sign in), while one that is also admin or company keeps signing in.
     */
    async remove(actor: Actor, id: string): Promise<void> {
      await keepProviderInStep(deps, (atProviderSteps) =>
        db.transaction(async (tx) => {
          const before = await existing(tx, id);
          const remaining = withRole(before.account.roles, 'partner', false);
          const disable = remaining.length === 0;
          if (disable && before.account.id === actor.accountId) throw cannotChangeSelf();
          await deletePartner(tx, id);
          await updateAccountBumpingVersion(tx, before.account.id, {
            roles: storedRoles(remaining),
            ...(disable ? { isActive: false } : {}),
          });
          // Open sessions still carry the partner role.
          await deleteSessionsOfAccount(tx, before.account.id);
          await revokeApiTokensOfAccount(tx, before.account.id, actor.accountId);
          await audit(tx, actor, 'delete', id, presentPartner(before), {
            accountId: before.account.id,
            roles: portalRolesOf(remaining),
            isActive: disable ? false : before.account.isActive,
          });
          const providerId = await providerIdOf(identity, before.account);
          if (providerId) {
            await atProviderSteps(before.account.id, [
              {
                apply: () => identity.setRoles(providerId, remaining),
                undo: () => identity.setRoles(providerId, portalRolesOf(before.account.roles)),
              },
              ...(disable
                ? [
                    {
                      apply: () => identity.setEnabled(providerId, false),
                      undo: () => identity.setEnabled(providerId, before.account.isActive),
                    },
                  ]
                : []),
            ]);
          }
        }),
      );
    },
  };
}

export type PartnersService = ReturnType<typeof createPartnersService>;

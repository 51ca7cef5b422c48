import {
  type CreateUserRequest,
  type Language,
  type Page,
  type UpdateUserRequest,
  type UserItem,
  type UserListQuery,
  yesNoText,
} from '@excelencia/domain';
import type { z } from 'zod';
import { type AccountRow, findAccountByEmail, findAccountById } from '../../auth/accounts.repository.ts';
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
import type { Actor } from '../../platform/actor.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import { isUniqueViolation } from '../../platform/database-errors.ts';
import { notFound, staleVersion } from '../../platform/errors.ts';
import { keysetPages, orderKeys, orderSql, pageWindow } from '../../platform/listing.ts';
import type { ExportColumn } from '../../platform/xlsx-export.ts';
import {
  accountsAfter,
  accountsPage,
  countAccounts,
  deleteSessionsOfAccount,
  insertAccount,
  revokeApiTokensOfAccount,
  USER_SORT,
  USER_TIE_BREAKER,
  updateAccountAtVersion,
  usersListWhere,
} from './users.repository.ts';

/** The audit entity of these changes: the resource path. */
export const USERS_ENTITY = 'users';

export type UsersQuery = z.output<typeof UserListQuery>;

/** The columns of the users' export, in the caller's language. */
export const USER_EXPORT_COLUMNS: readonly ExportColumn<UserItem>[] = [
  { header: 'reference:fields.name', value: (u) => u.name, width: 32 },
  { header: 'reference:fields.email', value: (u) => u.email, width: 32 },
  { header: 'reference:fields.language', value: (u) => u.language, width: 10 },
  { header: 'reference:fields.isAdmin', value: (u, language) => yesNoText(u.isAdmin, language), width: 14 },
  { header: 'reference:fields.roles', value: (u) => u.roles.join(', '), width: 24 },
  { header: 'reference:fields.isActive', value: (u, language) => yesNoText(u.isActive, language), width: 10 },
];

/** Rows read for an export at a time. */
const EXPORT_BATCH = 500;

export function presentUser(row: AccountRow): UserItem {
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    email: row.email,
    language: row.language,
    isAdmin: row.roles.includes('admin'),
    isActive: row.isActive,
    roles: portalRolesOf(row.roles),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Portal users (/admin/admin). Every change is made at the identity provider too: the portal's row changes
 * in a transaction whose last step is the provider calls, so a provider failure leaves the portal unchanged,
 * and the provider calls already made are put back (keepProviderInStep). A creation goes the other way round
 * (the provider's id is needed first) and is undone at the provider when the portal cannot store it.
 */
export function createUsersService(deps: ProviderDeps) {
  const { db, identity } = deps;

  async function existing(id: string): Promise<AccountRow> {
    const row = await findAccountById(db, id);
    if (!row) throw notFound();
    return row;
  }

  /** The matching rows in list order; the sort is checked now (400 for an unknown field), before any read. */
  function reader(query: UsersQuery, language: Language) {
    const where = usersListWhere(query);
    const order = orderKeys(USER_SORT, query, language, {
      defaultSort: ['name'],
      tieBreaker: USER_TIE_BREAKER,
    });
    return {
      where,
      rows: (window: { limit: number; offset: number }) => accountsPage(db, where, orderSql(order), window),
      pages: () =>
        keysetPages({
          order,
          size: EXPORT_BATCH,
          read: (page) => accountsAfter(db, where, page),
        }),
    };
  }

  return {
    async list(query: UsersQuery, language: Language): Promise<Page<UserItem>> {
      const read = reader(query, language);
      const [rows, total] = await Promise.all([read.rows(pageWindow(query)), countAccounts(db, read.where)]);
      return { items: rows.map(presentUser), total, page: query.page, pageSize: query.pageSize };
    },

    /** Every user the query matches (no paging), read in batches as the export consumes them. */
    exportRows(query: UsersQuery, language: Language): AsyncIterable<UserItem> {
      const read = reader(query, language);
      return (async function* () {
        for await (const rows of read.pages()) {
          for (const row of rows) yield presentUser(row);
        }
      })();
    },

    async get(id: string): Promise<UserItem> {
      return presentUser(await existing(id));
    },

    async create(actor: Actor, input: z.output<typeof CreateUserRequest>): Promise<UserItem> {
      if (await findAccountByEmail(db, input.email)) throw duplicateEmail();
      const roles = input.isAdmin ? (['admin'] as const) : ([] as const);
      const { id: subject } = await atProvider(
        () =>
          identity.createUser({
            email: input.email,
            name: input.name,
            password: input.password,
            enabled: true,
            roles: [...roles],
            language: input.language,
          }),
        { 409: duplicateEmail },
      );
      try {
        return await db.transaction(async (tx) => {
          const row = await insertAccount(tx, {
            subject,
            email: input.email,
            name: input.name,
            language: input.language,
            roles: storedRoles(roles),
          });
          const item = presentUser(row);
          await writeAudit(tx, {
            actorAccountId: actor.accountId,
            action: 'create',
            entity: USERS_ENTITY,
            entityId: row.id,
            after: item,
            requestId: actor.requestId,
          });
          return item;
        });
      } catch (error) {
        await compensateCreatedUser(deps, subject);
        if (isUniqueViolation(error)) throw duplicateEmail();
        throw error;
      }
    },

    async update(actor: Actor, id: string, input: z.output<typeof UpdateUserRequest>): Promise<UserItem> {
      return keepProviderInStep(deps, (atProviderSteps) =>
        db.transaction(async (tx) => {
          const before = await findAccountById(tx, id);
          if (!before) throw notFound();
          if (before.version !== input.version) throw staleVersion();
          const wasAdmin = before.roles.includes('admin');
          if (id === actor.accountId && wasAdmin && !input.isAdmin) throw cannotChangeSelf();
          const portalRoles = withRole(before.roles, 'admin', input.isAdmin);
          const after = await updateAccountAtVersion(tx, id, input.version, {
            name: input.name,
            language: input.language,
            roles: storedRoles(portalRoles),
          });
          if (!after) throw staleVersion();
          // Admin rights taken away end at once: the user's open sessions still carry the old roles.
          if (wasAdmin && !input.isAdmin) await deleteSessionsOfAccount(tx, id);
          const item = presentUser(after);
          await writeAudit(tx, {
            actorAccountId: actor.accountId,
            action: 'update',
            entity: USERS_ENTITY,
            entityId: id,
            before: presentUser(before),
            after: { ...item, ...(input.password ? { passwordReset: true } : {}) },
            requestId: actor.requestId,
          });
          const providerId = await providerIdOf(identity, before);
          if (providerId) {
            // The password last: it cannot be put back, the others can.
            const password = input.password;
            await atProviderSteps(id, [
              {
                apply: () =>
                  identity.updateProfile(providerId, { name: input.name, language: input.language }),
                undo: () =>
                  identity.updateProfile(providerId, { name: before.name, language: before.language }),
              },
              {
                apply: () => identity.setRoles(providerId, portalRoles),
                undo: () => identity.setRoles(providerId, portalRolesOf(before.roles)),
              },
              ...(password ? [{ apply: () => identity.setPassword(providerId, password) }] : []),
            ]);
          }
          return item;
        }),
      );
    },

    /** Activates or deactivates; a deactivated user is signed out everywhere and refused by the provider. */
    async setActive(actor: Actor, id: string, version: number, isActive: boolean): Promise<UserItem> {
      return keepProviderInStep(deps, (atProviderSteps) =>
        db.transaction(async (tx) => {
          const before = await findAccountById(tx, id);
          if (!before) throw notFound();
          if (before.version !== version) throw staleVersion();
          if (id === actor.accountId && !isActive) throw cannotChangeSelf();
          const after = await updateAccountAtVersion(tx, id, version, { isActive });
          if (!after) throw staleVersion();
          if (!isActive) {
            await deleteSessionsOfAccount(tx, id);
            await revokeApiTokensOfAccount(tx, id, actor.accountId);
          }
          const item = presentUser(after);
          await writeAudit(tx, {
            actorAccountId: actor.accountId,
            action: isActive ? 'activate' : 'deactivate',
            entity: USERS_ENTITY,
            entityId: id,
            before: presentUser(before),
            after: item,
            requestId: actor.requestId,
          });
          const providerId = await providerIdOf(identity, before);
          if (providerId) {
            await atProviderSteps(id, [
              {
                apply: () => identity.setEnabled(providerId, isActive),
                undo: () => identity.setEnabled(providerId, before.isActive),
              },
            ]);
          }
          return item;
        }),
      );
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;

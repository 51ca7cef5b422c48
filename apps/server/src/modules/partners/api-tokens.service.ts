import { createHash, randomBytes } from 'node:crypto';
import {
  API_TOKEN_PREFIX,
  type CreatedPartnerApiToken,
  type CreatePartnerApiTokenRequest,
  type PartnerApiToken,
  SIGNED_IN_ROLE,
} from '@excelencia/domain';
import { API_PREFIX } from '../../auth/guard.ts';
import type { AuthContext } from '../../auth/types.ts';
import type { Database } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import { forbidden, notFound, unauthorized } from '../../platform/errors.ts';
import {
  type ApiTokenRow,
  insertToken,
  revokeLiveTokenOfEntity,
  setTokenLastUsed,
  tokenByHashWithMaker,
  tokensOfEntity,
} from './api-tokens.repository.ts';
import { entityOfAccount } from './partner-area.repository.ts';

export const API_TOKENS_ENTITY = 'partners/api-tokens';

const DAY_MS = 86_400_000;
/** The last use is written at most this often, so a busy client does not write on every call. */
const LAST_USED_STEP_MS = 60_000;

function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function present(row: ApiTokenRow, createdByName: string): PartnerApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdByName,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/**
 * The partner API's own tokens: made and revoked on /users/profile by the entity's users (with their session, not
 * with a token), shown once, stored as sha256. A token acts for its entity with the partner role, as its maker,
 * while the maker is still one of that entity's active users.
 */
/**
 * What a partner API token may call: reads of the partner area, nothing else. Its maker's profile, language, picture,
 * the admin-and-partner results report and every write need the signed-in session (docs/adr/0016).
 */
export function tokenAllows(method: string, routeUrl: string): boolean {
  return (method === 'GET' || method === 'HEAD') && routeUrl.startsWith(`${API_PREFIX}/partner/`);
}

export function createApiTokensService(deps: { db: Database; now?: () => Date }) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function entityIdOf(caller: AuthContext): Promise<string> {
    if (caller.via === 'bearer') throw forbidden();
    const entity = await entityOfAccount(db, caller.accountId);
    if (!entity) throw forbidden('partners:errors.noEntity');
    return entity.id;
  }

  return {
    prefix: API_TOKEN_PREFIX,
    allows: tokenAllows,

    async list(caller: AuthContext): Promise<PartnerApiToken[]> {
      const entityId = await entityIdOf(caller);
      const rows = await tokensOfEntity(db, entityId);
      return rows.map((r) => present(r.token, r.createdByName));
    },

    async create(
      caller: AuthContext,
      actor: Actor,
      input: CreatePartnerApiTokenRequest,
    ): Promise<CreatedPartnerApiToken> {
      const entityId = await entityIdOf(caller);
      const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      return db.transaction(async (tx) => {
        const row = await insertToken(tx, {
          partnerEntityId: entityId,
          accountId: caller.accountId,
          name: input.name,
          prefix: token.slice(0, API_TOKEN_PREFIX.length + 6),
          tokenHash: hashToken(token),
          expiresAt: new Date(now().getTime() + input.days * DAY_MS),
        });
        const item = present(row, caller.name);
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'create',
          entity: API_TOKENS_ENTITY,
          entityId: row.id,
          after: item,
          requestId: actor.requestId,
        });
        return { ...item, token };
      });
    },

    async revoke(caller: AuthContext, actor: Actor, id: string): Promise<void> {
      const entityId = await entityIdOf(caller);
      await db.transaction(async (tx) => {
        const row = await revokeLiveTokenOfEntity(tx, id, entityId, {
          revokedAt: now(),
          revokedBy: caller.accountId,
        });
        if (!row) throw notFound();
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'revoke',
          entity: API_TOKENS_ENTITY,
          entityId: id,
          after: { revokedAt: row.revokedAt?.toISOString() },
          requestId: actor.requestId,
        });
      });
    },

    /** The caller behind a token; 401 when it is unknown, revoked, expired, or its maker left the entity. */
    async resolve(token: string): Promise<AuthContext> {
      const at = now();
      const row = await tokenByHashWithMaker(db, hashToken(token));
      if (!row || row.token.revokedAt || row.token.expiresAt <= at || !row.account.isActive) {
        throw unauthorized('errors:invalidToken');
      }
      if (!row.token.lastUsedAt || at.getTime() - row.token.lastUsedAt.getTime() > LAST_USED_STEP_MS) {
        await setTokenLastUsed(db, row.token.id, at);
      }
      return {
        accountId: row.account.id,
        email: row.account.email,
        name: row.account.name,
        roles: ['partner', SIGNED_IN_ROLE],
        language: row.account.language,
        via: 'bearer',
        partnerEntityId: row.token.partnerEntityId,
      };
    },
  };
}

export type ApiTokensService = ReturnType<typeof createApiTokensService>;

import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditLog } from '../../db/schema/platform.ts';

export interface AuditEntry {
  actorAccountId: string | null;
  /** 'create' | 'update' | 'delete' | ... */
  action: string;
  entity: string;
  entityId: string | null;
  before?: unknown;
  after?: unknown;
  requestId?: string | null;
  /**
   * The company the change concerns, for its activity screen. Without it: the entity id of a 'companies' row,
   * else the `companyId` of `after` or `before`.
   */
  companyId?: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function companyIdOf(value: unknown): string | null {
  if (value === null || typeof value !== 'object') return null;
  const id = (value as { companyId?: unknown }).companyId;
  return typeof id === 'string' && UUID.test(id) ? id : null;
}

/** The company an entry concerns (see AuditEntry.companyId). */
export function auditCompanyId(entry: AuditEntry): string | null {
  if (entry.companyId !== undefined) return entry.companyId;
  if (entry.entity === 'companies' && entry.entityId !== null && UUID.test(entry.entityId))
    return entry.entityId;
  return companyIdOf(entry.after) ?? companyIdOf(entry.before);
}

export type AuditRow = typeof auditLog.$inferSelect;

/** Key names (compared case-insensitively, also as a suffix: newPassword, clientSecret, idToken). */
const SECRET_KEYS = ['password', 'passwordhash', 'token', 'accesstoken', 'refreshtoken', 'secret'];

function isSecretKey(key: string): boolean {
  const lower = key.toLowerCase();
  return SECRET_KEYS.some((secret) => lower === secret || lower.endsWith(secret));
}

const MAX_DEPTH = 20;

/** A JSON-ready copy of the value without any secret-named key, at any depth. */
export function stripSecrets(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return null;
  if (depth > MAX_DEPTH) return '[too deep]';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value !== 'object')
    return typeof value === 'function' || typeof value === 'symbol' ? null : value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
  if (Array.isArray(value)) return value.map((item) => stripSecrets(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined || isSecretKey(key)) continue;
    out[key] = stripSecrets(item, depth + 1);
  }
  return out;
}

/** Records one change. Pass the transaction that makes the change, so the row commits or rolls back with it. */
export async function writeAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorAccountId: entry.actorAccountId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: stripSecrets(entry.before),
    after: stripSecrets(entry.after),
    requestId: entry.requestId ?? null,
    companyId: auditCompanyId(entry),
  });
}

/** The newest entries first, optionally for one entity type or one record; at most `limit` (default 100). */
export async function listAudit(
  db: Executor,
  filter: { entity?: string; entityId?: string; limit?: number },
): Promise<AuditRow[]> {
  const conditions: SQL[] = [];
  if (filter.entity !== undefined) conditions.push(eq(auditLog.entity, filter.entity));
  if (filter.entityId !== undefined) conditions.push(eq(auditLog.entityId, filter.entityId));
  const limit = Math.min(Math.max(Math.trunc(filter.limit ?? 100), 1), 1000);
  return db
    .select()
    .from(auditLog)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(limit);
}

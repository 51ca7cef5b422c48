import { DrizzleQueryError, getTableColumns } from 'drizzle-orm';
import { type AnyPgColumn, getTableConfig, type PgTable } from 'drizzle-orm/pg-core';

/**
 * What the database said when it refused a statement. Drizzle wraps the driver's error (pg, PGlite) in `cause`,
 * so the fields are looked for along the chain of causes.
 */
export interface DatabaseRefusal {
  /** The SQLSTATE ('23505' unique violation, '23503' foreign-key violation...). */
  code: string;
  /** The constraint that failed, when the refusal names one. */
  constraint: string | undefined;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
const MAX_DEPTH = 5;

/** The database's refusal inside an error, or undefined when the error is not one. */
export function databaseRefusal(error: unknown): DatabaseRefusal | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_DEPTH && current !== null && typeof current === 'object'; depth += 1) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && SQLSTATE.test(code)) {
      return { code, constraint: typeof constraint === 'string' && constraint ? constraint : undefined };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The SQLSTATE of a database error. */
export function sqlState(error: unknown): string | undefined {
  return databaseRefusal(error)?.code;
}

/** A unique constraint refused the row (two requests racing for the same key). */
export const isUniqueViolation = (error: unknown): boolean => sqlState(error) === '23505';

/** The name the database gives the foreign key on `column` of `table` (as a refusal's `constraint` says it). */
export function foreignKeyOf(table: PgTable, column: AnyPgColumn): string | undefined {
  return getTableConfig(table)
    .foreignKeys.find((key) => key.reference().columns.some((each) => each.name === column.name))
    ?.getName();
}

/** Each foreign key of `table` by name → the property (input field) of the column it constrains. */
export function foreignKeyFields(table: PgTable): ReadonlyMap<string, string> {
  const fields = new Map<string, string>();
  for (const [field, column] of Object.entries(getTableColumns(table))) {
    const name = foreignKeyOf(table, column);
    if (name) fields.set(name, field);
  }
  return fields;
}

/**
 * SQLSTATEs of a lost or refused connection: class 08 (connection exception) and the server shutting down or
 * starting (57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now).
 */
const UNAVAILABLE_STATE = /^(?:08[0-9A-Z]{3}|57P0[123])$/;
/** What node-postgres and its pool say when the connection dies under a query or cannot be made. */
const UNAVAILABLE_MESSAGE =
  /^(?:Connection terminated(?: unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable|timeout exceeded when trying to connect)$/;
/** The socket's errors when the server is down or gone: the database's only under a failed query's error. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/**
 * True when the error is the database being out of reach (restarting, failing over, its connections cut)
 * rather than refusing the statement: the request may succeed when tried again. A socket error counts only
 * under Drizzle's failed-query error, so an HTTP call's or the bucket's failure is not taken for the database's.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let underQuery = false;
  let current: unknown = error;
  for (let depth = 0; depth < MAX_DEPTH && current !== null && typeof current === 'object'; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (SQLSTATE.test(code)) return UNAVAILABLE_STATE.test(code);
      if (NETWORK_CODES.has(code)) return underQuery;
    }
    if (current instanceof DrizzleQueryError) underQuery = true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

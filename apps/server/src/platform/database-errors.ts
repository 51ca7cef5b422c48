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

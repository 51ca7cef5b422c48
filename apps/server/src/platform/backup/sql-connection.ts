import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { DatabaseHandle } from '../../db/client.ts';

/** A session inside one transaction: plain SQL with $1 parameters, rows as objects. */
export interface SqlSession {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

/**
 * The raw connection backup and restore work through, the same on PGlite and PostgreSQL. 'snapshot' runs the
 * function in one REPEATABLE READ, READ ONLY transaction (every query sees the same committed state); 'write'
 * in one read-write transaction that commits only when the function returns.
 */
export interface SqlConnection {
  kind: 'pglite' | 'postgres';
  transaction<T>(mode: 'snapshot' | 'write', work: (session: SqlSession) => Promise<T>): Promise<T>;
}

const SNAPSHOT = 'ISOLATION LEVEL REPEATABLE READ, READ ONLY';

/** Over a PGlite instance: its transaction() holds the instance, so nothing else runs in between. */
export function pgliteConnection(client: PGlite): SqlConnection {
  return {
    kind: 'pglite',
    transaction(mode, work) {
      return client.transaction(async (tx) => {
        if (mode === 'snapshot') await tx.query(`SET TRANSACTION ${SNAPSHOT}`);
        return work({
          query: async <T>(text: string, params?: unknown[]) => (await tx.query<T>(text, params)).rows,
        });
      });
    },
  };
}

/** Over a node-postgres pool: one client of the pool for the whole transaction. */
export function postgresConnection(pool: pg.Pool): SqlConnection {
  return {
    kind: 'postgres',
    async transaction(mode, work) {
      const client = await pool.connect();
      try {
        await client.query(mode === 'snapshot' ? `BEGIN ${SNAPSHOT}` : 'BEGIN');
        try {
          const result = await work({
            query: async <T>(text: string, params?: unknown[]) =>
              (await client.query(text, params)).rows as T[],
          });
          await client.query('COMMIT');
          return result;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      } finally {
        client.release();
      }
    },
  };
}

/** The raw connection under an open database handle (the client Drizzle was built on). */
export function connectionOf(handle: DatabaseHandle): SqlConnection {
  const client = (handle.db as unknown as { $client: PGlite | pg.Pool }).$client;
  return handle.kind === 'pglite'
    ? pgliteConnection(client as PGlite)
    : postgresConnection(client as pg.Pool);
}

/** A double-quoted SQL identifier. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

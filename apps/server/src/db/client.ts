import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PGLITE_OPTIONS } from './pglite-options.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The Drizzle handle services and repositories use; the same type on PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: repositories take either. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Several reads through one executor: at once on the database's pool, one after another inside a transaction.
 * A transaction holds one connection, which runs one query at a time; pg warns when a second query is sent
 * before the first has answered, and pg@9 refuses it.
 */
export async function readTogether<const T extends readonly (() => Promise<unknown>)[]>(
  executor: Executor,
  reads: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Results = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  if (!(executor instanceof PgTransaction))
    return (await Promise.all(reads.map((read) => read()))) as Results;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Answers true when a trivial query succeeds. */
  ping(): Promise<boolean>;
  /** How the connection pool is used now (PostgreSQL only), for the metrics. */
  pool?(): { total: number; idle: number; waiting: number; max: number };
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens the database and applies the committed migrations.
 * `databaseUrl` (postgres://...) selects PostgreSQL; otherwise PGlite in `dataDir`, or in memory when
 * `dataDir` is 'memory://'.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  /** PGlite only: starts from this data directory image (from `migratedPgliteImage`) instead of an empty one. */
  pgliteImage?: Blob;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    pool.on('error', () => {
      // An idle client lost its connection; the next query reconnects and health reports it.
    });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    await migratePg(drizzlePg(pool, { schema }), { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        try {
          await pool.query('select 1');
          return true;
        } catch {
          return false;
        }
      },
      pool: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: pool.options.max ?? 10,
      }),
      close: () => pool.end(),
    };
  }
  if (!options.dataDir.startsWith('memory://')) {
    mkdirSync(options.dataDir, { recursive: true });
    // A new database is created in a process of its own, which gives back initdb's memory when it exits.
    if (!options.pgliteImage && !existsSync(join(options.dataDir, 'PG_VERSION'))) {
      await initializeElsewhere(options.dataDir);
    }
  }
  const client = new PGlite(options.dataDir, {
    ...PGLITE_OPTIONS,
    ...(options.pgliteImage ? { loadDataDir: options.pgliteImage } : {}),
  });
  await client.waitReady;
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder });
  return {
    db: pgliteDb as unknown as Database,
    kind: 'pglite',
    ping: async () => {
      try {
        if (client.closed) return false;
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/** Creates an embedded database in `folder` in a child process (`initialize-pglite.ts`, docs/adr/0035). */
async function initializeElsewhere(folder: string): Promise<void> {
  const script = fileURLToPath(new URL('./initialize-pglite.ts', import.meta.url));
  try {
    await promisify(execFile)(process.execPath, [script, folder]);
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`The embedded database could not be created in ${folder}${stderr ? `: ${stderr}` : ''}`, {
      cause: error,
    });
  }
}

/**
 * An in-memory PGlite database with every migration applied, as a data directory image for `openDatabase`'s
 * `pgliteImage`: the test suite migrates once and each test file's database starts from the image (about 0.6 s
 * instead of 3 s on a 2-core machine).
 */
export async function migratedPgliteImage(): Promise<Blob> {
  const client = new PGlite('memory://', PGLITE_OPTIONS);
  await client.waitReady;
  await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  const image = await client.dumpDataDir('none');
  await client.close();
  return image;
}

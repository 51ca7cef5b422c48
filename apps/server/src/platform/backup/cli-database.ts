import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../../config.ts';
import { PGLITE_OPTIONS } from '../../db/pglite-options.ts';
import { MIGRATIONS_FOLDER, type MigrationLevel, readJournal, SnapshotError } from './snapshot.ts';
import { pgliteConnection, postgresConnection, type SqlConnection } from './sql-connection.ts';

/** The database of the configuration, opened by backup or restore without applying migrations on open. */
export interface CliDatabase {
  connection: SqlConnection;
  /** Applies the migrations of a folder (drizzle's journal decides which are missing). */
  migrate(folder: string): Promise<void>;
  describe: string;
  close(): Promise<void>;
}

/**
 * PGlite allows one process per data folder, and a running portal holds it (PGlite keeps postmaster.pid there
 * while it is open): backup and restore of the embedded database need the portal stopped. PostgreSQL takes
 * both while the portal runs.
 */
export async function openCliDatabase(config: Config, purpose: 'backup' | 'restore'): Promise<CliDatabase> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 2 });
    const url = new URL(config.databaseUrl);
    return {
      connection: postgresConnection(pool),
      migrate: (folder) => migratePg(drizzlePg(pool), { migrationsFolder: folder }),
      describe: `PostgreSQL database ${url.pathname.slice(1)} on ${url.hostname}`,
      close: () => pool.end(),
    };
  }
  const folder = join(config.dataDir, 'db');
  if (existsSync(join(folder, 'postmaster.pid'))) {
    throw new SnapshotError(
      `The embedded database in ${folder} is open: stop the portal first (PGlite allows one process at a time). If no portal runs, it stopped without closing the database: start it and stop it once.`,
    );
  }
  if (purpose === 'backup' && !existsSync(join(folder, 'PG_VERSION'))) {
    throw new SnapshotError(`There is no embedded database in ${folder} (DATA_DIR=${config.dataDir})`);
  }
  await mkdir(folder, { recursive: true });
  const client = new PGlite(folder, PGLITE_OPTIONS);
  await client.waitReady;
  return {
    connection: pgliteConnection(client),
    migrate: (migrations) => migratePglite(drizzlePglite(client), { migrationsFolder: migrations }),
    describe: `embedded database in ${folder}`,
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

/**
 * A copy of the migrations folder that stops at the snapshot's level, so restore loads the rows into the
 * schema they were taken from and the later migrations then apply to them as they would have in place.
 * Refuses a snapshot taken by a newer version of the portal.
 */
export async function migrationsUpTo(
  level: MigrationLevel,
): Promise<{ folder: string; dispose(): Promise<void> }> {
  const entries = await readJournal();
  const last = entries[level.count - 1];
  if (level.count > entries.length || (level.count > 0 && last?.when !== level.createdAt)) {
    throw new SnapshotError(
      `The snapshot was taken at migration ${level.tag ?? level.count}, which this version of the portal does not have: restore it with the version that took it`,
    );
  }
  const folder = await mkdtemp(join(tmpdir(), 'portal-restore-migrations-'));
  await mkdir(join(folder, 'meta'));
  const kept = entries.slice(0, level.count);
  const journal = JSON.parse(await readFile(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  await writeFile(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: kept }));
  for (const entry of kept) {
    await copyFile(join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
  }
  return { folder, dispose: () => rm(folder, { recursive: true, force: true }) };
}

/** A path from the command line, read against the folder npm was started in (npm run moves to the root). */
export function pathFromCommandLine(path: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), path);
}

export function fail(error: unknown): never {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}

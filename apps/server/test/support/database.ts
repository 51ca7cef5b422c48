import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.ts';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Empties every table (isolation between tests of one file). */
  truncate(): Promise<void>;
  /** Closes the database (and drops it on PostgreSQL). Safe to call twice. */
  dispose(): Promise<void>;
}

let pgliteImage: Blob | undefined;

/** What the server project's global setup made; nothing when a bench script (outside vitest) opens a database. */
function fromGlobalSetup(key: 'pgliteImageFile' | 'postgresTemplate'): string {
  return process.env.VITEST ? inject(key) : '';
}

/**
 * One database per test file: PGlite in memory, or, when TEST_DATABASE_URL is set, a fresh database created
 * on that PostgreSQL server (dropped at the end). Both start as a copy of the database the suite's global setup
 * migrated (global-setup.ts); opening still applies the migrations, and finds them applied. `pgliteDataDir` puts
 * PGlite's files in that folder instead of memory, as `npm start` does (the bench's memory figures).
 */
export async function openTestDatabase(options: { pgliteDataDir?: string } = {}): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let handle: DatabaseHandle;
  let drop: (() => Promise<void>) | undefined;
  if (adminUrl) {
    const name = `excelencia_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const template = fromGlobalSetup('postgresTemplate');
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    handle = await openDatabase({ databaseUrl: url.href, dataDir: 'memory://' });
    drop = async () => {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    };
  } else {
    const imageFile = fromGlobalSetup('pgliteImageFile');
    if (imageFile && !pgliteImage) pgliteImage = new Blob([readFileSync(imageFile)]);
    handle = await openDatabase({
      dataDir: options.pgliteDataDir ?? 'memory://',
      ...(pgliteImage ? { pgliteImage } : {}),
    });
  }
  let disposed = false;
  return {
    handle,
    async truncate() {
      const result = await handle.db.execute<{ tablename: string }>(
        sql`select tablename from pg_tables where schemaname = current_schema()`,
      );
      const rows = (Array.isArray(result) ? result : (result as { rows: { tablename: string }[] }).rows) as {
        tablename: string;
      }[];
      const names = rows.map((r) => `"${r.tablename}"`);
      if (names.length > 0) await handle.db.execute(sql.raw(`TRUNCATE ${names.join(', ')} CASCADE`));
    },
    async dispose() {
      if (disposed) return;
      disposed = true;
      await handle.close();
      await drop?.();
    },
  };
}

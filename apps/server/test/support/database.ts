import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../src/db/client.ts';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Empties every table (isolation between tests of one file). */
  truncate(): Promise<void>;
  /** Closes the database (and drops it on PostgreSQL). Safe to call twice. */
  dispose(): Promise<void>;
}

/**
 * One database per test file: PGlite in memory, or, when TEST_DATABASE_URL is set, a fresh database created
 * on that PostgreSQL server (dropped at the end).
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let handle: DatabaseHandle;
  let drop: (() => Promise<void>) | undefined;
  if (adminUrl) {
    const name = `excelencia_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
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
    handle = await openDatabase({ dataDir: 'memory://' });
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

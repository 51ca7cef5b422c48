import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migratedPgliteImage, openDatabase } from '../../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the file holding a migrated data directory image each test database starts from. */
    pgliteImageFile: string;
    /** PostgreSQL: the migrated database each test database is created from (CREATE DATABASE … TEMPLATE). */
    postgresTemplate: string;
  }
}

/**
 * The server project's global setup: the migrations run once per suite run, and each test file's database is a
 * copy of the migrated one (test/support/database.ts). Returns the teardown.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `excelencia_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const template = await openDatabase({ databaseUrl: url.href, dataDir: 'memory://' });
    await template.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteImageFile', '');
    return () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  const folder = mkdtempSync(join(tmpdir(), 'excelencia-pglite-image-'));
  const file = join(folder, 'migrated.tar');
  writeFileSync(file, Buffer.from(await (await migratedPgliteImage()).arrayBuffer()));
  project.provide('pgliteImageFile', file);
  project.provide('postgresTemplate', '');
  return async () => rmSync(folder, { recursive: true, force: true });
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_OPTIONS } from '../../db/pglite-options.ts';
import { localDiskDriver } from '../files/file-store.ts';
import { migrationsUpTo } from './cli-database.ts';
import { type Manifest, readJournal } from './snapshot.ts';

const BACKUP = fileURLToPath(new URL('./backup-cli.ts', import.meta.url));
const RESTORE = fileURLToPath(new URL('./restore-cli.ts', import.meta.url));

/** Runs one of the commands as `npm run backup/restore` does, with a data folder of its own. */
function run(
  script: string,
  args: string[],
  dataDir: string,
  databaseUrl = '',
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [script, ...args],
      {
        env: {
          ...process.env,
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl,
          FILES_URL: '',
        },
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let work: string;
let source: string;
const picture = Buffer.from('bytes of a stored picture');
const pictureHash = createHash('sha256').update(picture).digest('hex');
const accounts = '{"accounts":[]}\n';

/**
 * The data folder of a portal one migration behind this version, with a reference row, a stored file and the
 * built-in provider's accounts: a backup taken before an upgrade.
 */
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'portal-backup-cli-'));
  source = join(work, 'source');
  await mkdir(join(source, 'idp'), { recursive: true });
  await writeFile(join(source, 'idp', 'accounts.json'), accounts);
  await localDiskDriver(join(source, 'files')).write(pictureHash, picture);
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

async function openSource(): Promise<PGlite> {
  return PGlite.create(join(source, 'db'), PGLITE_OPTIONS);
}

describe('npm run backup and npm run restore', () => {
  it('back up a stopped portal one migration behind, and restore it into an empty folder, then migrate it', async () => {
    const journal = await readJournal();
    const previous = journal.at(-2);
    const latest = journal.at(-1);
    if (!previous || !latest) throw new Error('fewer than two migrations');
    const older = await migrationsUpTo({
      count: previous.idx + 1,
      tag: previous.tag,
      createdAt: previous.when,
    });
    const client = await openSource();
    try {
      await migrate(drizzle(client), { migrationsFolder: older.folder });
      await client.query(
        `insert into islands (code, description, search_text) values ('SV', '{"pt":"São Vicente"}', 'sv sao vicente')`,
      );
      await client.query(
        `insert into files (sha256, size, mime, original_name, kind) values ($1, $2, 'image/png', 'a.png', 'avatar')`,
        [pictureHash, picture.length],
      );

      // While a portal holds the embedded database, backup refuses.
      const refused = await run(BACKUP, [join(work, 'refused')], source);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('is open: stop the portal first');
    } finally {
      await client.close();
      await older.dispose();
    }

    const snapshot = join(work, 'snapshot');
    const backup = await run(BACKUP, [snapshot], source);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Snapshot written to ${snapshot}`);
    const manifest = JSON.parse(await readFile(join(snapshot, 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest.database.migration.tag).toBe(previous.tag);
    expect(manifest.tables.find((table) => table.name === 'islands')?.rows).toBe(1);
    expect(manifest.blobs).toEqual([{ sha256: pictureHash, size: picture.length }]);

    const check = await run(RESTORE, ['--check', snapshot], source);
    expect(check.code).toBe(0);
    expect(check.stdout).toContain('is whole');

    // Into an empty data folder: its embedded database, or a new PostgreSQL database when the suite runs there.
    const target = join(work, 'target');
    const postgres = process.env.TEST_DATABASE_URL
      ? await emptyPostgresDatabase(process.env.TEST_DATABASE_URL)
      : undefined;
    try {
      const url = postgres?.url ?? '';
      const restore = await run(RESTORE, [snapshot], target, url);
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      expect(restore.stdout).toContain(url ? 'database: PostgreSQL database' : 'database: embedded database');
      const restored = url ? new pg.Client({ connectionString: url }) : undefined;
      const embedded = url ? undefined : await PGlite.create(join(target, 'db'), PGLITE_OPTIONS);
      const query = async <T>(text: string): Promise<T[]> =>
        restored
          ? ((await restored.query(text)).rows as T[])
          : ((await embedded?.query<T>(text))?.rows ?? []);
      await restored?.connect();
      try {
        expect(await query('select code, description from islands')).toEqual([
          { code: 'SV', description: { pt: 'São Vicente' } },
        ]);
        // The migrations after the snapshot's level ran on the restored data.
        const [level] = await query<{ created_at: string }>(
          'select max(created_at) as created_at from drizzle.__drizzle_migrations',
        );
        expect(Number(level?.created_at)).toBe(latest.when);
      } finally {
        await restored?.end();
        await embedded?.close();
      }
    } finally {
      await postgres?.drop();
    }
    expect(await localDiskDriver(join(target, 'files')).read(pictureHash)).toEqual(picture);
    expect(await readFile(join(target, 'idp', 'accounts.json'), 'utf8')).toBe(accounts);
  }, 180_000);
});

/** A new, empty PostgreSQL database (no migrations) on the TEST_DATABASE_URL server, dropped by drop(). */
async function emptyPostgresDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `excelencia_test_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

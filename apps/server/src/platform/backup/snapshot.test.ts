import { cp, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/support/context.ts';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database.ts';
import { S3RVER_CREDENTIALS, startS3Server } from '../../../test/support/s3.ts';
import type { Database } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';
import { seedDemoData } from '../../seed/seed.ts';
import { seedReferenceData } from '../../seed/seed-reference.ts';
import { createFileStore, localDiskDriver } from '../files/file-store.ts';
import { s3Driver } from '../files/s3-driver.ts';
import { type Manifest, restoreSnapshot, takeSnapshot } from './snapshot.ts';
import { connectionOf } from './sql-connection.ts';

const tables: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
  is(value, PgTable),
);

/** Every row of a table, in an order that does not depend on how the rows were stored. */
async function rowsOf(db: Database, table: PgTable): Promise<string[]> {
  const rows = await db.select().from(table);
  return rows.map((row) => JSON.stringify(row)).sort();
}

let ctx: TestContext;
let work: string;
let snapshot: string;
let manifest: Manifest;
let target: TestDatabase;
let scratch: TestDatabase;
const sourceDriver = () => localDiskDriver(join(ctx.config.dataDir, 'files'));
const idpAccounts = `${JSON.stringify({ accounts: [{ id: 'a1', email: 'admin@excelencia.cv' }] }, null, 2)}\n`;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedReferenceData(ctx.db);
  await seedDemoData(ctx.db, ctx.identity, createFileStore(sourceDriver()));
  work = await mkdtemp(join(tmpdir(), 'portal-backup-'));
  // The built-in provider's folder as it keeps it: JSON files written whole.
  await mkdir(join(work, 'idp'));
  await writeFile(join(work, 'idp', 'accounts.json'), idpAccounts);
  await writeFile(join(work, 'idp', 'jwks.json'), '{"keys":[]}\n');
  snapshot = join(work, 'snapshot');
  manifest = await takeSnapshot({
    connection: connectionOf(ctx.database.handle),
    driver: sourceDriver(),
    idpDir: join(work, 'idp'),
    to: snapshot,
  });
  [target, scratch] = await Promise.all([openTestDatabase(), openTestDatabase()]);
}, 120_000);

afterAll(async () => {
  await target?.dispose();
  await scratch?.dispose();
  await ctx?.close();
});

describe('backup and restore', () => {
  it('writes a manifest with every table, its row count and hash, every file, the migration level and the time', async () => {
    const journal = JSON.parse(
      await readFile(new URL('../../db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
    ) as { entries: Array<{ idx: number; tag: string }> };
    const last = journal.entries.at(-1);
    expect(manifest.database.migration).toMatchObject({ tag: last?.tag, count: (last?.idx ?? 0) + 1 });
    expect(Date.now() - Date.parse(manifest.takenAt)).toBeLessThan(120_000);
    expect(manifest.tables.map((table) => table.name).sort()).toEqual(
      tables.map((t) => getTableName(t)).sort(),
    );
    for (const table of tables) {
      const entry = manifest.tables.find((candidate) => candidate.name === getTableName(table));
      expect(entry?.rows, getTableName(table)).toBe((await rowsOf(ctx.db, table)).length);
      expect(entry?.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
    const stored = await ctx.db.select().from(schema.files);
    expect(stored.length).toBeGreaterThan(0);
    expect(manifest.blobs.map((blob) => blob.sha256).sort()).toEqual(
      [...new Set(stored.map((file) => file.sha256))].sort(),
    );
    expect(manifest.missingBlobs).toEqual([]);
    expect(manifest.sweptBlobs).toEqual([]);
    expect(manifest.idp?.map((file) => file.name)).toEqual(['accounts.json', 'jwks.json']);
  });

  it('restores into an empty database and file store: every row of every table, every file and the provider data', async () => {
    const filesRoot = join(work, 'restored-files');
    const idpDir = join(work, 'restored-idp');
    const summary = await restoreSnapshot({
      connection: connectionOf(target.handle),
      driver: localDiskDriver(filesRoot),
      idpDir,
      from: snapshot,
    });
    expect(summary.rows).toBe(manifest.tables.reduce((sum, table) => sum + table.rows, 0));
    expect(summary.rows).toBeGreaterThan(100);

    for (const table of tables) {
      expect(await rowsOf(target.handle.db, table), getTableName(table)).toEqual(await rowsOf(ctx.db, table));
    }
    const restoredStore = createFileStore(localDiskDriver(filesRoot));
    const sourceStore = createFileStore(sourceDriver());
    for (const file of await ctx.db.select().from(schema.files)) {
      const restored = await restoredStore.get(target.handle.db, file.id);
      const original = await sourceStore.get(ctx.db, file.id);
      expect(restored?.file).toEqual(original?.file);
      expect(restored?.data.equals(original?.data ?? Buffer.alloc(0)), file.originalName).toBe(true);
    }
    expect(await readFile(join(idpDir, 'accounts.json'), 'utf8')).toBe(idpAccounts);

    // The audit log's id sequence carries on after the restored rows instead of colliding with them.
    const [next] = await target.handle.db.insert(schema.auditLog).values(auditRow()).returning();
    const ids = (await ctx.db.select({ id: schema.auditLog.id }).from(schema.auditLog)).map((row) => row.id);
    expect(next?.id).toBeGreaterThan(Math.max(0, ...ids));
  });

  it('lists a file the store no longer has as missing, and leaves it out', async () => {
    const source = sourceDriver();
    const [lost, ...kept] = manifest.blobs;
    if (!lost) throw new Error('no blob in the snapshot');
    const partial = await takeSnapshot({
      connection: connectionOf(ctx.database.handle),
      driver: {
        ...source,
        stream: async (sha256) => (sha256 === lost.sha256 ? null : source.stream(sha256)),
      },
      to: join(work, 'partial'),
    });
    expect(partial.missingBlobs).toEqual([lost.sha256]);
    expect(partial.sweptBlobs).toEqual([]);
    expect(partial.blobs).toEqual(kept);
    expect(partial.idp).toBeNull();
  });

  it('restores the files into a bucket, and a snapshot of the restored portal is the same snapshot', async () => {
    const s3 = await startS3Server(['restored']);
    const again = await openTestDatabase();
    try {
      const bucket = s3Driver({
        bucket: 'restored',
        prefix: 'portal/',
        endpoint: s3.endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: S3RVER_CREDENTIALS,
      });
      await restoreSnapshot({ connection: connectionOf(again.handle), driver: bucket, from: snapshot });
      const copy = await takeSnapshot({
        connection: connectionOf(again.handle),
        driver: bucket,
        to: join(work, 'from-bucket'),
      });
      // Same rows in the same order give the same bytes: every table's hash and every file match.
      expect(copy.tables).toEqual(manifest.tables);
      expect(copy.sequences).toEqual(manifest.sequences);
      expect(copy.blobs).toEqual(manifest.blobs);
      expect(copy.missingBlobs).toEqual([]);
    } finally {
      await again.dispose();
      await s3.close();
    }
  });

  it('refuses a target database that is not empty', async () => {
    await expect(
      restoreSnapshot({
        connection: connectionOf(target.handle),
        driver: localDiskDriver(join(work, 'other-files')),
        from: snapshot,
      }),
    ).rejects.toThrow(/The target database is not empty \(rows in .*accounts/);
  });

  it('refuses a snapshot with one byte changed in a file, and writes nothing', async () => {
    const damaged = join(work, 'damaged-blob');
    await cp(snapshot, damaged, { recursive: true });
    const blob = manifest.blobs[0];
    if (!blob) throw new Error('no blob in the snapshot');
    const path = join(damaged, 'blobs', blob.sha256);
    const bytes = await readFile(path);
    bytes[Math.floor(bytes.length / 2)] = (bytes[Math.floor(bytes.length / 2)] ?? 0) ^ 1;
    await writeFile(path, bytes);
    const filesRoot = join(work, 'scratch-files');
    await expect(
      restoreSnapshot({
        connection: connectionOf(scratch.handle),
        driver: localDiskDriver(filesRoot),
        from: damaged,
      }),
    ).rejects.toThrow(`is damaged; nothing was restored:\n  file ${blob.sha256}: sha256`);
    expect(await rowsOf(scratch.handle.db, schema.accounts)).toEqual([]);
    expect(await localDiskDriver(filesRoot).exists(blob.sha256)).toBe(false);
  });

  it('refuses a snapshot with one byte changed in a table', async () => {
    const damaged = join(work, 'damaged-table');
    await cp(snapshot, damaged, { recursive: true });
    const path = join(damaged, 'tables', 'companies.jsonl');
    const text = await readFile(path, 'utf8');
    await writeFile(path, text.replace('Demo Comércio', 'Demo Comercio'));
    await expect(
      restoreSnapshot({
        connection: connectionOf(scratch.handle),
        driver: localDiskDriver(join(work, 'scratch-files')),
        from: damaged,
      }),
    ).rejects.toThrow(
      /is damaged; nothing was restored:\n {2}table companies: sha256 [0-9a-f]{64} does not match/,
    );
    expect(await rowsOf(scratch.handle.db, schema.companies)).toEqual([]);
  });

  it('does not count as missing a file the sweep removed while the snapshot was taken', async () => {
    const source = sourceDriver();
    const orphan = await createFileStore(source).put(ctx.db, {
      data: Buffer.from('a replaced profile picture'),
      originalName: 'old.png',
      mime: 'image/png',
      kind: 'avatar',
    });
    const swept = await takeSnapshot({
      connection: connectionOf(ctx.database.handle),
      driver: {
        ...source,
        // The sweep runs between the tables and the files: it removes the row, then the blob.
        stream: async (sha256) => {
          if (sha256 !== orphan.sha256) return source.stream(sha256);
          await ctx.db.delete(schema.files).where(eq(schema.files.id, orphan.id));
          await source.delete(sha256);
          return null;
        },
      },
      to: join(work, 'swept'),
    });
    expect(swept.missingBlobs).toEqual([]);
    expect(swept.sweptBlobs).toEqual([orphan.sha256]);
    expect(swept.blobs).toEqual(manifest.blobs);
  });
});

function auditRow(): typeof schema.auditLog.$inferInsert {
  return { action: 'backup.test', entity: 'test', entityId: 'x' };
}

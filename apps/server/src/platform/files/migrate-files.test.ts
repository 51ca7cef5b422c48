import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/support/database.ts';
import { startS3Server, type TestS3Server } from '../../../test/support/s3.ts';
import { parseFilesUrl } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { createFileStore, type FileStore, localDiskDriver } from './file-store.ts';
import { migrateFiles } from './migrate-files.ts';
import { type S3BlobDriver, s3Driver } from './s3-driver.ts';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('./migrate-files-cli.ts', import.meta.url));

let database: TestDatabase;
let s3: TestS3Server;
let folder: string;
let disk: FileStore;
let bucket: S3BlobDriver;
let prefix = 0;

const sha256Of = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

beforeAll(async () => {
  database = await openTestDatabase();
  s3 = await startS3Server(['portal-migration']);
});

beforeEach(async () => {
  await database.truncate();
  folder = await mkdtemp(join(tmpdir(), 'portal-migrate-'));
  disk = createFileStore(localDiskDriver(folder));
  // A fresh prefix per test: an empty place in the same bucket.
  prefix += 1;
  bucket?.close();
  bucket = s3Driver(parseFilesUrl(s3.filesUrl('portal-migration', `run-${prefix}`)));
});

afterAll(async () => {
  bucket?.close();
  await s3.close();
  await database.dispose();
});

async function keysInBucket(): Promise<string[]> {
  const listed = await bucket.client.send(
    new ListObjectsV2Command({ Bucket: 'portal-migration', Prefix: `run-${prefix}/` }),
  );
  return (listed.Contents ?? []).map((object) => String(object.Key)).sort();
}

/** Three uploads of two contents, an upload whose file is gone from disk, one whose file was altered. */
async function uploads() {
  const db = database.handle.db;
  const put = (data: string, originalName: string) =>
    disk.put(db, { data: Buffer.from(data), originalName, mime: 'application/pdf', kind: 'doc' });
  const statutes = await put('%PDF estatutos', 'estatutos.pdf');
  await put('%PDF estatutos', 'estatutos-copia.pdf');
  const certificate = await put('%PDF certidão', 'certidao.pdf');
  const gone = await put('%PDF apagado', 'apagado.pdf');
  await rm(join(folder, gone.sha256.slice(0, 2), gone.sha256.slice(2, 4), gone.sha256));
  const altered = await put('%PDF original', 'alterado.pdf');
  await writeFile(
    join(folder, altered.sha256.slice(0, 2), altered.sha256.slice(2, 4), altered.sha256),
    'tampered',
  );
  return { statutes, certificate, gone, altered };
}

describe('migrateFiles', () => {
  it('copies each content once, verified in the bucket, and reports what is missing or altered', async () => {
    const { statutes, certificate, gone, altered } = await uploads();
    const summary = await migrateFiles({ db: database.handle.db, from: disk.driver, to: bucket });
    expect(summary).toEqual({
      rows: 5,
      blobs: 4,
      copied: 2,
      alreadyThere: 0,
      missing: [gone.sha256],
      mismatched: [altered.sha256],
    });
    expect(await keysInBucket()).toEqual(
      [statutes.sha256, certificate.sha256].map((sha256) => `run-${prefix}/${sha256}`).sort(),
    );
    // The portal reading from the bucket serves the same bytes.
    const inBucket = createFileStore(bucket);
    expect((await inBucket.get(database.handle.db, certificate.id))?.data.toString()).toBe('%PDF certidão');
  });

  it('is idempotent: a second run verifies what the first copied and uploads nothing', async () => {
    const { statutes, certificate } = await uploads();
    await migrateFiles({ db: database.handle.db, from: disk.driver, to: bucket });
    // The disk copy goes away: the second run must not need it.
    await rm(folder, { recursive: true, force: true });
    const again = await migrateFiles({ db: database.handle.db, from: disk.driver, to: bucket });
    expect(again).toMatchObject({ rows: 5, blobs: 4, copied: 0, alreadyThere: 2 });
    expect(again.missing).toHaveLength(2);
    expect(await keysInBucket()).toHaveLength(2);
    expect(await bucket.exists(statutes.sha256)).toBe(true);
    expect(await bucket.exists(certificate.sha256)).toBe(true);
  });

  it('reports an object in the bucket whose content does not match its name', async () => {
    const data = Buffer.from('%PDF balancete');
    await disk.put(database.handle.db, { data, originalName: 'b.pdf', mime: 'application/pdf', kind: 'doc' });
    // s3rver does not check checksums: a wrong object under the right name, as a broken copy would leave it.
    await bucket.write(sha256Of(data), Buffer.from('something else'));
    const summary = await migrateFiles({ db: database.handle.db, from: disk.driver, to: bucket });
    expect(summary).toMatchObject({ copied: 0, alreadyThere: 0, mismatched: [sha256Of(data)] });
  });
});

describe('npm run files:migrate', () => {
  it("copies a portal's files from disk to the bucket, names a missing one, prints a summary and exits 1", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'portal-migrate-cli-'));
    const portal = await openDatabase({ dataDir: join(dataDir, 'db') });
    const onDisk = createFileStore(localDiskDriver(join(dataDir, 'files')));
    const put = (data: string, originalName: string) =>
      onDisk.put(portal.db, { data: Buffer.from(data), originalName, mime: 'application/pdf', kind: 'doc' });
    await put('a', 'a.pdf');
    await put('b', 'b.pdf');
    await put('b', 'c.pdf');
    const lost = await put('perdido', 'perdido.pdf');
    await portal.close();
    await rm(join(dataDir, 'files', lost.sha256.slice(0, 2), lost.sha256.slice(2, 4), lost.sha256));
    const env = { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '' };
    try {
      const failed = await run(process.execPath, [CLI], {
        env: { ...env, FILES_URL: s3.filesUrl('portal-migration', `run-${prefix}`) },
      }).catch((error: { code: number; stdout: string }) => error);
      expect(failed).toMatchObject({ code: 1 });
      expect(failed.stdout).toContain(`missing: ${lost.sha256}`);
      expect(failed.stdout).toContain(
        '4 file rows, 3 distinct contents: 2 copied and verified, 0 already in the bucket and verified, 1 missing, 0 mismatched',
      );
      expect(failed.stdout).not.toContain('S3RVER');
      expect(await keysInBucket()).toEqual(
        [sha256Of('a'), sha256Of('b')].map((sha256) => `run-${prefix}/${sha256}`).sort(),
      );

      const unset = await run(process.execPath, [CLI], { env: { ...env, FILES_URL: '' } }).catch(
        (error: { code: number; stderr: string }) => error,
      );
      expect(unset).toMatchObject({ code: 2 });
      expect((unset as { stderr: string }).stderr).toContain('FILES_URL is not set');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/client.ts';
import { files } from '../../db/schema/platform.ts';
import { createFileStore, type FileStore, localDiskDriver } from './file-store.ts';

let handle: DatabaseHandle;
let root: string;
let store: FileStore;

beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory://' });
  root = await mkdtemp(join(tmpdir(), 'excelencia-files-'));
  store = createFileStore(localDiskDriver(root));
});

afterEach(async () => {
  await handle.db.execute(sql`truncate table files cascade`);
  await rm(root, { recursive: true, force: true });
});

afterAll(async () => {
  await handle.close();
  await rm(root, { recursive: true, force: true });
});

/** Every regular file under root, as paths relative to it. */
async function blobsOnDisk(): Promise<string[]> {
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(root.length + 1));
  } catch {
    return [];
  }
}

describe('file store on local disk', () => {
  it('stores a file and gives back the same bytes and metadata', async () => {
    const data = Buffer.from('Balancete 2024 — conta 11 Caixa\n', 'utf8');
    const owner = randomUUID();
    const stored = await store.put(handle.db, {
      data,
      originalName: 'balancete_2024_01.xlsx',
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      kind: 'balance-sheet',
      ownerAccountId: owner,
    });
    const sha256 = createHash('sha256').update(data).digest('hex');
    expect(stored).toMatchObject({
      sha256,
      size: data.length,
      originalName: 'balancete_2024_01.xlsx',
      kind: 'balance-sheet',
      ownerAccountId: owner,
    });
    expect(stored.createdAt).toBeInstanceOf(Date);

    const got = await store.get(handle.db, stored.id);
    expect(got?.data.equals(data)).toBe(true);
    expect(got?.file).toEqual(stored);
    expect(await store.meta(handle.db, stored.id)).toEqual(stored);
    expect(await blobsOnDisk()).toEqual([join(sha256.slice(0, 2), sha256.slice(2, 4), sha256)]);
    expect((await readFile(join(root, sha256.slice(0, 2), sha256.slice(2, 4), sha256))).equals(data)).toBe(
      true,
    );
  });

  it('keeps one copy on disk for the same content uploaded twice, with two rows', async () => {
    const data = Buffer.from('%PDF-1.7 same declaration');
    const a = await store.put(handle.db, {
      data,
      originalName: 'a.pdf',
      mime: 'application/pdf',
      kind: 'doc',
    });
    const b = await store.put(handle.db, {
      data,
      originalName: 'b.pdf',
      mime: 'application/pdf',
      kind: 'doc',
    });
    expect(a.id).not.toBe(b.id);
    expect(a.sha256).toBe(b.sha256);
    expect(a.ownerAccountId).toBeNull();
    expect(await blobsOnDisk()).toHaveLength(1);
    expect((await store.get(handle.db, b.id))?.file.originalName).toBe('b.pdf');
  });

  it('answers null for an unknown id, a malformed id, and a row whose blob is gone', async () => {
    const stored = await store.put(handle.db, {
      data: Buffer.from('x'),
      originalName: 'x.txt',
      mime: 'text/plain',
      kind: 'doc',
    });
    expect(await store.get(handle.db, randomUUID())).toBeNull();
    expect(await store.meta(handle.db, 'not-a-uuid')).toBeNull();
    await rm(root, { recursive: true, force: true });
    expect(await store.meta(handle.db, stored.id)).not.toBeNull();
    expect(await store.get(handle.db, stored.id)).toBeNull();
  });

  it('writes no row when the transaction rolls back', async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await store.put(tx, {
          data: Buffer.from('y'),
          originalName: 'y.txt',
          mime: 'text/plain',
          kind: 'doc',
        });
        throw new Error('upload refused');
      }),
    ).rejects.toThrow('upload refused');
    expect(await handle.db.select({ n: count() }).from(files)).toEqual([{ n: 0 }]);
  });

  it('refuses a blob name that is not a sha256, so no path leaves the root', async () => {
    const driver = localDiskDriver(root);
    await expect(driver.read('../../etc/passwd')).rejects.toThrow();
    await expect(driver.write('ab/../../x', Buffer.from('x'))).rejects.toThrow();
    await expect(driver.delete('../../etc/passwd')).rejects.toThrow();
  });

  it('deletes a blob, after which it is gone; deleting it again is a no-op', async () => {
    const driver = localDiskDriver(root);
    const data = Buffer.from('retrato antigo');
    const sha256 = createHash('sha256').update(data).digest('hex');
    await driver.write(sha256, data);
    expect(await driver.exists(sha256)).toBe(true);
    await driver.delete(sha256);
    expect(await driver.exists(sha256)).toBe(false);
    expect(await driver.read(sha256)).toBeNull();
    expect(await blobsOnDisk()).toEqual([]);
    await driver.delete(sha256);
  });
});

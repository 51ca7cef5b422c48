import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { count, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../test/support/s3.ts';
import { parseFilesUrl } from '../../config.ts';
import { type DatabaseHandle, openDatabase } from '../../db/client.ts';
import { files } from '../../db/schema/platform.ts';
import { removeUnusedBlobs } from './file-gc.ts';
import { type BlobDriver, createFileStore, localDiskDriver, peekStream } from './file-store.ts';
import { type S3BlobDriver, s3Driver } from './s3-driver.ts';

let handle: DatabaseHandle;
let root: string;
let s3: TestS3Server;
let bucket: S3BlobDriver;

const BUCKET = 'portal-files';

beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory://' });
  root = await mkdtemp(join(tmpdir(), 'excelencia-files-'));
  s3 = await startS3Server([BUCKET]);
  bucket = s3Driver(parseFilesUrl(s3.filesUrl(BUCKET, 'uploads')));
});

afterEach(async () => {
  await handle.db.execute(sql`truncate table files cascade`);
  await rm(root, { recursive: true, force: true });
});

afterAll(async () => {
  bucket.close();
  await s3.close();
  await handle.close();
  await rm(root, { recursive: true, force: true });
});

const sha256Of = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A blob name nobody stores: random bytes' hash. */
const unusedSha256 = () => sha256Of(randomBytes(16));

async function collect(stream: Readable): Promise<{ data: Buffer; chunks: number; largest: number }> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return {
    data: Buffer.concat(chunks),
    chunks: chunks.length,
    largest: Math.max(0, ...chunks.map((c) => c.length)),
  };
}

/** Every regular file under root, as paths relative to it. */
async function blobsOnDisk(): Promise<string[]> {
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(root.length + 1));
  } catch {
    return [];
  }
}

/** The same contract, on local disk and on a real S3-protocol server (s3rver). */
describe.each([
  { name: 'local disk', driver: (): BlobDriver => localDiskDriver(root) },
  { name: 'an S3 bucket', driver: (): BlobDriver => bucket },
])('blob driver on $name', ({ driver: makeDriver }) => {
  it('writes, reads, streams, tells it exists and deletes; deleting again is a no-op', async () => {
    const driver = makeDriver();
    const data = Buffer.from('Balancete 2024 — conta 11 Caixa\n', 'utf8');
    const sha256 = sha256Of(data);
    expect(await driver.exists(sha256)).toBe(false);
    await driver.write(sha256, data);
    expect(await driver.exists(sha256)).toBe(true);
    expect((await driver.read(sha256))?.equals(data)).toBe(true);
    const stream = await driver.stream(sha256);
    expect(stream).toBeInstanceOf(Readable);
    expect((await collect(stream as Readable)).data.equals(data)).toBe(true);

    await driver.delete(sha256);
    expect(await driver.exists(sha256)).toBe(false);
    expect(await driver.read(sha256)).toBeNull();
    expect(await driver.stream(sha256)).toBeNull();
    await driver.delete(sha256);
  });

  it('answers null and false for a blob never stored', async () => {
    const driver = makeDriver();
    const sha256 = unusedSha256();
    expect(await driver.exists(sha256)).toBe(false);
    expect(await driver.read(sha256)).toBeNull();
    expect(await driver.stream(sha256)).toBeNull();
  });

  it('stores the same content twice without error, and it reads back unchanged', async () => {
    const driver = makeDriver();
    const data = Buffer.from('%PDF-1.7 same declaration');
    const sha256 = sha256Of(data);
    await driver.write(sha256, data);
    await driver.write(sha256, data);
    await Promise.all([driver.write(sha256, data), driver.write(sha256, data)]);
    expect((await driver.read(sha256))?.equals(data)).toBe(true);
    await driver.delete(sha256);
  });

  it('refuses a blob name that is not a lowercase sha256, so no name leaves its place', async () => {
    const driver = makeDriver();
    const upper = sha256Of(Buffer.from('x')).toUpperCase();
    for (const name of ['../../etc/passwd', 'ab/../../x', upper, '', `${'a'.repeat(64)}/x`]) {
      await expect(driver.read(name)).rejects.toThrow('Not a lowercase hex sha256');
      await expect(driver.stream(name)).rejects.toThrow('Not a lowercase hex sha256');
      await expect(driver.exists(name)).rejects.toThrow('Not a lowercase hex sha256');
      await expect(driver.write(name, Buffer.from('x'))).rejects.toThrow('Not a lowercase hex sha256');
      await expect(driver.delete(name)).rejects.toThrow('Not a lowercase hex sha256');
    }
  });

  it('streams a 3 MB file in pieces, none of them the whole file', async () => {
    const driver = makeDriver();
    const data = randomBytes(3 * 1024 * 1024);
    const sha256 = sha256Of(data);
    await driver.write(sha256, data);
    const streamed = await collect((await driver.stream(sha256)) as Readable);
    expect(sha256Of(streamed.data)).toBe(sha256);
    expect(streamed.chunks).toBeGreaterThan(1);
    expect(streamed.largest).toBeLessThan(data.length);
    await driver.delete(sha256);
  });

  it('keeps files through the store: one row per upload, the same bytes back by get and open', async () => {
    const store = createFileStore(makeDriver());
    const data = Buffer.from('declaração de não dívida');
    const owner = randomUUID();
    const a = await store.put(handle.db, {
      data,
      originalName: 'declaracao.pdf',
      mime: 'application/pdf',
      kind: 'doc',
      ownerAccountId: owner,
    });
    const b = await store.put(handle.db, {
      data,
      originalName: 'b.pdf',
      mime: 'application/pdf',
      kind: 'doc',
    });
    expect(a).toMatchObject({ sha256: sha256Of(data), size: data.length, ownerAccountId: owner });
    expect(a.id).not.toBe(b.id);
    expect(b.ownerAccountId).toBeNull();
    expect(a.createdAt).toBeInstanceOf(Date);

    const got = await store.get(handle.db, a.id);
    expect(got?.data.equals(data)).toBe(true);
    expect(got?.file).toEqual(a);
    const opened = await store.open(handle.db, b.id);
    expect(opened?.file).toEqual(b);
    expect((await collect(opened?.stream as Readable)).data.equals(data)).toBe(true);
    expect(await store.meta(handle.db, a.id)).toEqual(a);

    await store.driver.delete(a.sha256);
    expect(await store.meta(handle.db, a.id)).not.toBeNull();
    expect(await store.get(handle.db, a.id)).toBeNull();
    expect(await store.open(handle.db, a.id)).toBeNull();
    expect(await store.get(handle.db, randomUUID())).toBeNull();
    expect(await store.open(handle.db, 'not-a-uuid')).toBeNull();
  });

  it('stores an upload received to a local file, streamed, under its sha256; the file stays where it was', async () => {
    const store = createFileStore(makeDriver());
    const folder = await mkdtemp(join(tmpdir(), 'excelencia-upload-'));
    try {
      const data = randomBytes(5 * 1024 * 1024 + 123);
      const path = join(folder, 'upload.pdf');
      await writeFile(path, data);
      const file = { path, size: data.length, sha256: sha256Of(data) };
      const meta = { originalName: 'balanco.pdf', mime: 'application/pdf', kind: 'doc' };
      const [a, b] = await Promise.all([
        store.put(handle.db, { file, ...meta }),
        store.put(handle.db, { file, ...meta }),
      ]);
      expect(a).toMatchObject({ sha256: sha256Of(data), size: data.length, originalName: 'balanco.pdf' });
      expect(b.sha256).toBe(a.sha256);
      const stored = await collect((await store.open(handle.db, a.id))?.stream as Readable);
      expect(sha256Of(stored.data)).toBe(file.sha256);
      expect(stored.data.length).toBe(data.length);
      expect((await readFile(path)).equals(data)).toBe(true);
      // Stored once: another upload of the same content writes nothing new and reads back the same.
      await store.put(handle.db, { file, ...meta });
      expect(sha256Of((await store.driver.read(file.sha256)) as Buffer)).toBe(file.sha256);
      await store.driver.delete(file.sha256);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

/** A file sent ahead of its row (storeAhead, then putStored), on local disk and in a bucket: docs/adr/0036. */
describe.each([
  { name: 'local disk', driver: (): BlobDriver => localDiskDriver(root) },
  { name: 'an S3 bucket', driver: (): BlobDriver => bucket },
])('a file sent ahead of its row, on $name', ({ driver: makeDriver }) => {
  /** A local file of random bytes, as an upload received to disk. */
  async function received(folder: string, name: string) {
    const data = randomBytes(64 * 1024 + 7);
    const path = join(folder, name);
    await writeFile(path, data);
    return { path, size: data.length, sha256: sha256Of(data) };
  }
  const meta = { originalName: 'declaracao.pdf', mime: 'application/pdf', kind: 'doc' };

  it('is stored, row and bytes, before the transaction that records it', async () => {
    const store = createFileStore(makeDriver());
    const folder = await mkdtemp(join(tmpdir(), 'excelencia-upload-'));
    try {
      const file = await received(folder, 'a.pdf');
      const row = await store.storeAhead(handle.db, { file, ...meta }, async (stored) => {
        // Committed and written before the caller's transaction starts.
        expect(await store.driver.exists(file.sha256)).toBe(true);
        expect(await store.meta(handle.db, stored.id)).toEqual(stored);
        return stored;
      });
      expect(row).toMatchObject({ sha256: file.sha256, size: file.size, originalName: 'declaracao.pdf' });
      expect(sha256Of((await store.get(handle.db, row.id))?.data as Buffer)).toBe(file.sha256);
      await store.driver.delete(file.sha256);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('is removed, row and bytes, when its transaction fails, whose error is thrown; a content another row has stays', async () => {
    const store = createFileStore(makeDriver());
    const folder = await mkdtemp(join(tmpdir(), 'excelencia-upload-'));
    try {
      const file = await received(folder, 'a.pdf');
      await expect(
        store.storeAhead(handle.db, { file, ...meta }, () =>
          handle.db.transaction(async () => {
            throw new Error('slot taken meanwhile');
          }),
        ),
      ).rejects.toThrow('slot taken meanwhile');
      expect(await store.driver.exists(file.sha256)).toBe(false);
      expect(await handle.db.select({ n: count() }).from(files)).toEqual([{ n: 0 }]);

      // The same content already kept by another file's row: the refused upload leaves it.
      const kept = await store.put(handle.db, { file, ...meta });
      await expect(
        store.storeAhead(handle.db, { file, ...meta }, async () => {
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect(await store.driver.exists(file.sha256)).toBe(true);
      expect(await handle.db.select({ n: count() }).from(files)).toEqual([{ n: 1 }]);
      expect(sha256Of((await store.get(handle.db, kept.id))?.data as Buffer)).toBe(file.sha256);
      await store.driver.delete(file.sha256);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('keeps its content from a removal while it travels: its row is there first', async () => {
    const store = createFileStore(makeDriver());
    const folder = await mkdtemp(join(tmpdir(), 'excelencia-upload-'));
    try {
      const file = await received(folder, 'a.pdf');
      const row = await store.storeAhead(handle.db, { file, ...meta }, async (stored) => {
        // What the sweep or another refused upload of these bytes does meanwhile: the row keeps them.
        expect(await removeUnusedBlobs(handle.db, store.driver, [file.sha256])).toBe(0);
        return stored;
      });
      expect(sha256Of((await store.get(handle.db, row.id))?.data as Buffer)).toBe(file.sha256);
      await store.driver.delete(file.sha256);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('file store on local disk', () => {
  it('keeps one copy at ab/cd/<sha256> for the same content uploaded twice', async () => {
    const store = createFileStore(localDiskDriver(root));
    const data = Buffer.from('%PDF-1.7 same declaration');
    await store.put(handle.db, { data, originalName: 'a.pdf', mime: 'application/pdf', kind: 'doc' });
    await store.put(handle.db, { data, originalName: 'b.pdf', mime: 'application/pdf', kind: 'doc' });
    const sha256 = sha256Of(data);
    expect(await blobsOnDisk()).toEqual([join(sha256.slice(0, 2), sha256.slice(2, 4), sha256)]);
    expect((await readFile(join(root, sha256.slice(0, 2), sha256.slice(2, 4), sha256))).equals(data)).toBe(
      true,
    );
  });

  it('writes no row when the transaction rolls back', async () => {
    const store = createFileStore(localDiskDriver(root));
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
});

describe('file store in an S3 bucket', () => {
  it('keeps one object, <prefix>/<sha256>, for the same content uploaded twice', async () => {
    const store = createFileStore(bucket);
    const data = Buffer.from(`retrato ${randomUUID()}`);
    await store.put(handle.db, { data, originalName: 'a.png', mime: 'image/png', kind: 'avatar' });
    await store.put(handle.db, { data, originalName: 'b.png', mime: 'image/png', kind: 'avatar' });
    const listed = await bucket.client.send(
      new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `uploads/${sha256Of(data)}` }),
    );
    expect(listed.Contents?.map((object) => [object.Key, object.Size])).toEqual([
      [`uploads/${sha256Of(data)}`, data.length],
    ]);
    await bucket.delete(sha256Of(data));
  });
});

describe('peekStream', () => {
  it('gives the first bytes and a stream of the whole content, head included', async () => {
    const source = Readable.from([Buffer.from('RIFF'), Buffer.from('\0\0\0\0WEBPVP8 '), Buffer.from('rest')]);
    const { head, stream } = await peekStream(source, 16);
    expect(head.toString('latin1')).toBe('RIFF\0\0\0\0WEBPVP8 ');
    expect((await collect(stream)).data.toString('latin1')).toBe('RIFF\0\0\0\0WEBPVP8 rest');
  });

  it('gives what there is of a stream shorter than asked', async () => {
    const { head, stream } = await peekStream(Readable.from([Buffer.from('GIF8')]), 16);
    expect(head.toString()).toBe('GIF8');
    expect((await collect(stream)).data.toString()).toBe('GIF8');
  });
});

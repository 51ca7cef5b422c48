import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { readdir, stat } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { portalDay } from '@excelencia/domain';
import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { openEditionInput } from '../../../test/support/editions.ts';
import { API_PREFIX, apiCalls } from '../../../test/support/http.ts';
import { applicationFiles, files } from '../../db/schema/index.ts';
import type { BlobDriver } from '../../platform/files/file-store.ts';
import { seedReferenceData } from '../../seed/seed-reference.ts';

/**
 * PDF uploads (application documents) are streamed from the request to a temporary file and on to the file
 * store, hashed and checked on the way, never held whole in memory; an upload cut midway leaves nothing behind.
 */

const MB = 1024 * 1024;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

let ctx: TestContext;
let member: SignedIn;
let companyId: string;
let applicationId: string;
let uploadsDir: string;
let blobsDir: string;

const FILLER = Buffer.alloc(64 * 1024, '0');

/**
 * A PDF of `size` bytes as chunks of 64 KiB, each a buffer of its own (so a server keeping the chunks it received
 * holds the file): the header, zeros, then `trailer`.
 */
function* pdfChunks(size: number, trailer = '\n%%EOF\n'): Generator<Buffer> {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n');
  const tail = Buffer.from(`trailer << /Root 1 0 R >>${trailer}`);
  yield head;
  for (let left = size - head.length - tail.length; left > 0; left -= FILLER.length) {
    yield Buffer.from(left >= FILLER.length ? FILLER : FILLER.subarray(0, left));
  }
  yield tail;
}

/**
 * A multipart body of the fields `fileType` and `issuedAt` (today: valid under any validity) and the PDF, made as it
 * is read: never whole in memory here either.
 */
function pdfUpload(fileType: string, chunks: () => Iterable<Buffer>) {
  const boundary = `----upload${Math.random().toString(16).slice(2)}`;
  const before = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="fileType"\r\n\r\n${fileType}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="issuedAt"\r\n\r\n${portalDay(new Date())}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="relatorio.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const after = Buffer.from(`\r\n--${boundary}--\r\n`);
  const hash = createHash('sha256');
  let size = 0;
  for (const chunk of chunks()) {
    hash.update(chunk);
    size += chunk.length;
  }
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length: before.length + size + after.length,
    sha256: hash.digest('hex'),
    size,
    /** The body's chunks; `onChunk` runs before each one is handed over, with its index. */
    *body(onChunk: (index: number) => void = () => {}): Generator<Buffer> {
      yield before;
      let index = 0;
      for (const chunk of chunks()) {
        onChunk(index++);
        yield chunk;
      }
      yield after;
    },
  };
}

const filesUrl = () => `${API_PREFIX}/companies/${companyId}/applications/${applicationId}/files`;

/** Sends the upload as a stream, as a browser does, with its length; `onChunk` runs before each chunk. */
function postStreamed(upload: ReturnType<typeof pdfUpload>, onChunk?: (index: number) => void) {
  return ctx.app.inject({
    method: 'POST',
    url: filesUrl(),
    headers: {
      ...member.headers,
      'x-language': 'en',
      'content-type': upload.contentType,
      'content-length': String(upload.length),
    },
    payload: Readable.from(upload.body(onChunk)),
  });
}

async function filesRows(): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(files);
  return row?.n ?? 0;
}

/** Every stored blob's name (local disk store under $DATA_DIR/files). */
async function blobs(): Promise<string[]> {
  const entries = await readdir(blobsDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

async function temporaryUploads(): Promise<string[]> {
  return readdir(uploadsDir).catch(() => []);
}

async function removeDocuments(): Promise<void> {
  await ctx.db.delete(applicationFiles).where(eq(applicationFiles.applicationId, applicationId));
}

const { send } = apiCalls(() => ctx.app);

/** The next file sent to the store waits, once it reached the store, until released (holdNextWrite). */
let nextWrite: { reached: () => void; released: Promise<void> } | null = null;

/** Holds the next file on its way to the store: `reached` once it is there, sent on when `release` is called. */
function holdNextWrite(): { reached: Promise<void>; release: () => void } {
  let reached: () => void = () => {};
  let release: () => void = () => {};
  const reachedNow = new Promise<void>((resolve) => {
    reached = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  nextWrite = { reached, released };
  return { reached: reachedNow, release };
}

/** The configured driver (local disk), whose file writes holdNextWrite can hold. */
function holdable(configured: BlobDriver): BlobDriver {
  return {
    ...configured,
    async writeFile(sha256, file) {
      const hold = nextWrite;
      nextWrite = null;
      if (hold) {
        hold.reached();
        await hold.released;
      }
      await configured.writeFile(sha256, file);
    },
  };
}

beforeAll(async () => {
  ctx = await createTestContext({ blobDriver: holdable });
  await ctx.reset();
  await seedReferenceData(ctx.db);
  uploadsDir = join(ctx.config.dataDir, 'tmp', 'uploads');
  blobsDir = join(ctx.config.dataDir, 'files');
  const adminUser = await ctx.createUser({ email: 'admin@uploads.cv', roles: ['admin'] });
  const memberUser = await ctx.createUser({ email: 'member@uploads.cv', roles: ['company'] });
  companyId = await ctx.linkCompany(memberUser.accountId, { companyName: 'Upload, Lda', nif: '200000031' });
  const admin = await ctx.signIn(adminUser.email, adminUser.password);
  member = await ctx.signIn(memberUser.email, memberUser.password);
  const edition = await send(admin, 'POST', `/editions`, openEditionInput());
  expect(edition.statusCode, edition.body).toBe(201);
  const application = await send(member, 'POST', `/companies/${companyId}/applications`, {
    editionId: edition.json().id,
  });
  expect(application.statusCode, application.body).toBe(201);
  applicationId = application.json().id;
});

afterAll(async () => {
  await ctx?.close();
});

describe('PDF uploads, streamed', () => {
  it('stores a 10 MB PDF with its sha256 while the memory it holds grows far less than the file', async () => {
    const upload = pdfUpload('0', () => pdfChunks(10 * MB));
    // What the process holds (after a full collection, so garbage not yet collected does not count), every
    // MiB of the file as the server reads it, and once answered.
    const held = () => {
      gc();
      const { heapUsed, arrayBuffers } = process.memoryUsage();
      return heapUsed + arrayBuffers;
    };
    const baseline = held();
    let peak = baseline;
    const response = await postStreamed(upload, (index) => {
      if (index % 16 === 15) peak = Math.max(peak, held());
    });
    peak = Math.max(peak, held());
    expect(response.statusCode, response.body).toBe(201);
    // Kept whole (its chunks, then one buffer), the file alone would add 10 MB; streamed, a few chunks at a time.
    expect(peak - baseline).toBeLessThan(5 * MB);

    const [row] = await ctx.db.select().from(files).orderBy(desc(files.createdAt)).limit(1);
    expect(row).toMatchObject({ sha256: upload.sha256, size: upload.size, mime: 'application/pdf' });
    const download = await ctx.app.inject({
      method: 'GET',
      url: `${filesUrl()}/${response.json().id}`,
      headers: { cookie: member.cookie },
    });
    expect(download.statusCode).toBe(200);
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(upload.sha256);
    expect(await blobs()).toContain(upload.sha256);
    expect(await temporaryUploads()).toEqual([]);
    await removeDocuments();
  });

  it('checks the trailer at the end of a large file: no %%EOF in its last KiB is not a PDF, and nothing stays', async () => {
    const rowsBefore = await filesRows();
    const blobsBefore = await blobs();
    const cut = await postStreamed(pdfUpload('1', () => pdfChunks(3 * MB, '\n')));
    expect(cut.statusCode).toBe(400);
    expect(cut.json().error).toMatchObject({ code: 'not_pdf', message: 'Please select a PDF file.' });
    // %%EOF 2 KiB before the end: a file with something appended after its trailer.
    const early = await postStreamed(pdfUpload('1', () => pdfChunks(3 * MB, `\n%%EOF\n${'x'.repeat(2048)}`)));
    expect(early.statusCode).toBe(400);
    expect(early.json().error.code).toBe('not_pdf');
    // The trailer split between two chunks of the request is still found.
    const split = await postStreamed(
      pdfUpload('1', function* () {
        for (const chunk of pdfChunks(2 * MB, '\n%%E')) yield chunk;
        yield Buffer.from('OF\n');
      }),
    );
    expect(split.statusCode, split.body).toBe(201);
    expect(await filesRows()).toBe(rowsBefore + 1);
    expect((await blobs()).length).toBe(blobsBefore.length + 1);
    expect(await temporaryUploads()).toEqual([]);
    await removeDocuments();
  });

  it('answers 413 file_too_large to a PDF over 10 MB and keeps no row, blob or temporary file', async () => {
    const rowsBefore = await filesRows();
    const blobsBefore = await blobs();
    const response = await postStreamed(pdfUpload('2', () => pdfChunks(10 * MB + 1)));
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('file_too_large');
    expect(await filesRows()).toBe(rowsBefore);
    expect(await blobs()).toEqual(blobsBefore);
    expect(await temporaryUploads()).toEqual([]);
  });

  it('answers 400 no_file, not 500, to a malformed multipart body (no boundary, cut short), and keeps nothing', async () => {
    const rowsBefore = await filesRows();
    const post = (contentType: string, payload: string) =>
      ctx.app.inject({
        method: 'POST',
        url: filesUrl(),
        headers: { ...member.headers, 'x-language': 'en', 'content-type': contentType },
        payload,
      });
    const head = '--x\r\nContent-Disposition: form-data; name="fileType"\r\n\r\n1\r\n';
    for (const response of [
      await post('multipart/form-data', 'garbage'),
      await post('multipart/form-data; boundary=x', '--x\r\ngarbage'),
      await post('multipart/form-data; boundary=x', head),
      await post(
        'multipart/form-data; boundary=x',
        `${head}--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4\n`,
      ),
    ]) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'no_file', message: 'Please select a PDF file.' });
    }
    expect(await filesRows()).toBe(rowsBefore);
    expect(await temporaryUploads()).toEqual([]);
  });

  it('an upload cut midway (the client goes away) leaves no row, no blob and no temporary folder', async () => {
    const origin = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const rowsBefore = await filesRows();
    const blobsBefore = await blobs();
    const upload = pdfUpload('3', () => pdfChunks(8 * MB));
    const request = httpRequest(`${origin}${filesUrl()}`, {
      method: 'POST',
      headers: {
        ...member.headers,
        'content-type': upload.contentType,
        'content-length': String(upload.length),
      },
    });
    request.on('error', () => {});
    // Half the body, then the connection is dropped once the server is writing the file.
    let sent = 0;
    for (const chunk of upload.body()) {
      if (sent > upload.length / 2) break;
      sent += chunk.length;
      if (!request.write(chunk)) await once(request, 'drain');
    }
    await vi.waitFor(
      async () => {
        const [folder] = await temporaryUploads();
        expect(folder).toBeDefined();
        expect((await stat(join(uploadsDir, folder as string, 'upload.pdf'))).size).toBeGreaterThan(0);
      },
      { timeout: 20_000, interval: 20 },
    );
    request.destroy();
    await vi.waitFor(async () => expect(await temporaryUploads()).toEqual([]), {
      timeout: 20_000,
      interval: 20,
    });
    expect(await filesRows()).toBe(rowsBefore);
    expect(await blobs()).toEqual(blobsBefore);
    const [documents] = await ctx.db
      .select({ n: count() })
      .from(applicationFiles)
      .where(eq(applicationFiles.applicationId, applicationId));
    expect(documents?.n).toBe(0);
  });

  it('answers other requests while the file of an upload is on its way to the store (no transaction held meanwhile)', async () => {
    const held = holdNextWrite();
    const upload = postStreamed(pdfUpload('4', () => pdfChunks(2 * MB)));
    await held.reached;
    // On PGlite (one connection) an open transaction would make this read wait for the upload.
    const read = await send(member, 'GET', `/companies/${companyId}/applications/${applicationId}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().files).toEqual([]);
    held.release();
    const uploaded = await upload;
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json()).toMatchObject({ fileType: 4, size: 2 * MB });
    await removeDocuments();
  });

  it('removes the stored file of an upload refused once it was stored (its slot taken meanwhile), with the same message', async () => {
    const rowsBefore = await filesRows();
    const blobsBefore = await blobs();
    const first = pdfUpload('5', () => pdfChunks(MB));
    const second = pdfUpload('5', () => pdfChunks(MB + 512));
    const held = holdNextWrite();
    const refused = postStreamed(first);
    await held.reached;
    // Both passed the rules on their first read; the second one is stored and recorded first.
    const taken = await postStreamed(second);
    expect(taken.statusCode, taken.body).toBe(201);
    held.release();
    const answer = await refused;
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json().error).toMatchObject({
      code: 'slot_taken',
      message: 'This document is already uploaded: replace it or remove it first.',
    });
    expect(await filesRows()).toBe(rowsBefore + 1);
    const stored = await blobs();
    expect(stored).toContain(second.sha256);
    expect(stored).not.toContain(first.sha256);
    expect(stored.length).toBe(blobsBefore.length + 1);
    expect(await temporaryUploads()).toEqual([]);
    await removeDocuments();
  });
});

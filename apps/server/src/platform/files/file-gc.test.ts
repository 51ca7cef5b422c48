import { eq, getTableName, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { API_PREFIX, apiCalls } from '../../../test/support/http.ts';
import { accounts, contentImages, files } from '../../db/schema/index.ts';
import { listJobs } from '../jobs/jobs.ts';
import { FILE_GRACE_MS, FILE_REFERENCES, FILES_SWEEP_JOB, sweepUnreferencedFiles } from './file-gc.ts';
import { type BlobDriver, createFileStore, dataDirFileStore } from './file-store.ts';

const HOUR = 60 * 60 * 1000;

let ctx: TestContext;
let store: ReturnType<typeof dataDirFileStore>;

function multipart(file: Buffer, filename: string) {
  const boundary = `----gc${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function setPicture(session: SignedIn, accountId: string, data: Buffer, name: string): Promise<string> {
  const body = multipart(data, name);
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `${API_PREFIX}/me/profile-picture`,
    headers: { ...session.headers, 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await ctx.db
    .select({ id: accounts.profilePictureFileId })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.id ?? '';
}

async function fileRow(id: string) {
  const [row] = await ctx.db.select().from(files).where(eq(files.id, id));
  return row ?? null;
}

const blobExists = (sha256: string) => store.driver.exists(sha256);

const { get, send } = apiCalls(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  store = dataDirFileStore(ctx.config.dataDir);
});

afterAll(async () => {
  await ctx?.close();
});

describe('removal of unreferenced files', () => {
  it('removes a replaced and a removed profile picture after the grace period, row and blob, and keeps the rest', async () => {
    const red = await sharp({ create: { width: 3, height: 2, channels: 3, background: '#f00' } })
      .png()
      .toBuffer();
    const green = await sharp({ create: { width: 3, height: 2, channels: 3, background: '#0f0' } })
      .jpeg()
      .toBuffer();
    const ana = await ctx.createUser({ email: 'ana@ficheiros.cv', roles: ['company'] });
    const rui = await ctx.createUser({ email: 'rui@ficheiros.cv', roles: ['company'] });
    const anaSession = await ctx.signIn(ana.email, ana.password);
    const replaced = await setPicture(anaSession, ana.accountId, red, 'ana.png');
    const current = await setPicture(anaSession, ana.accountId, green, 'ana.jpg');
    const ruiSession = await ctx.signIn(rui.email, rui.password);
    // Rui's picture is the same image: the same re-encoded bytes, so the same blob as Ana's first one.
    const same = await setPicture(ruiSession, rui.accountId, red, 'rui.png');
    const sharedSha = (await fileRow(replaced))?.sha256 ?? '';
    expect((await fileRow(same))?.sha256).toBe(sharedSha);

    const start = new Date();
    // An unreferenced upload made just before the sweep (its change may not have committed yet) stays.
    const fresh = await store.put(ctx.db, {
      data: Buffer.from('an upload in flight'),
      originalName: 'fresh.txt',
      mime: 'text/plain',
      kind: 'test',
    });
    await ctx.db
      .update(files)
      .set({ createdAt: new Date(start.getTime() + FILE_GRACE_MS) })
      .where(eq(files.id, fresh.id));

    // Inside the grace period nothing goes.
    await ctx.app.jobs.runOnce(new Date(start.getTime() + FILE_GRACE_MS - HOUR));
    expect(await fileRow(replaced)).not.toBeNull();

    await ctx.app.jobs.runOnce(new Date(start.getTime() + FILE_GRACE_MS + HOUR));
    expect(await fileRow(replaced)).toBeNull();
    // Rui's row still has the content: the blob stays.
    expect(await blobExists(sharedSha)).toBe(true);
    expect(await fileRow(current)).not.toBeNull();
    expect(await fileRow(fresh.id)).not.toBeNull();
    expect(await blobExists(fresh.sha256)).toBe(true);
    const served = await get(anaSession, `/accounts/${ana.accountId}/profile-pictures`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');

    // Rui removes his picture: a day later its row and, now that no row has it, its blob are gone.
    const removed = await send(ruiSession, 'DELETE', `/me/profile-picture`);
    expect(removed.statusCode).toBe(200);
    await ctx.app.jobs.runOnce(new Date(start.getTime() + 2 * FILE_GRACE_MS + 2 * HOUR));
    expect(await fileRow(same)).toBeNull();
    expect(await blobExists(sharedSha)).toBe(false);
    expect(await fileRow(current)).not.toBeNull();
    expect(await blobExists((await fileRow(current))?.sha256 ?? '')).toBe(true);
    const sweeps = await listJobs(ctx.db, FILES_SWEEP_JOB);
    expect(sweeps.map((job) => [job.state, job.lastError])).toEqual([
      ['done', null],
      ['done', null],
      ['done', null],
      ['pending', null],
    ]);
  });

  it('keeps the files of a content image (listed in its variants, with no foreign key)', async () => {
    const variant = await store.put(ctx.db, {
      data: Buffer.from('a content image variant'),
      originalName: 'image-480.webp',
      mime: 'image/webp',
      kind: 'content-image',
    });
    const orphan = await store.put(ctx.db, {
      data: Buffer.from('nothing refers to this one'),
      originalName: 'orphan.webp',
      mime: 'image/webp',
      kind: 'content-image',
    });
    await ctx.db.insert(contentImages).values({
      width: 480,
      height: 320,
      variants: [{ width: 480, height: 320, fileId: variant.id }],
      originalName: 'image.webp',
    });
    await ctx.app.jobs.runOnce(new Date(Date.now() + 10 * FILE_GRACE_MS));
    expect(await fileRow(variant.id)).not.toBeNull();
    expect(await blobExists(variant.sha256)).toBe(true);
    expect(await fileRow(orphan.id)).toBeNull();
    expect(await blobExists(orphan.sha256)).toBe(false);
  });

  it('knows every column that refers to a file', async () => {
    const result = await ctx.db.execute<{ table: string; column: string }>(sql`
      select c.conrelid::regclass::text as "table", a.attname as "column"
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
      where c.contype = 'f' and c.confrelid = 'files'::regclass`);
    const rows = (
      Array.isArray(result) ? result : (result as { rows: { table: string; column: string }[] }).rows
    )
      .map((r) => `${r.table}.${r.column}`)
      .sort();
    const listed = FILE_REFERENCES.map((column) => `${getTableName(column.table)}.${column.name}`).sort();
    expect(listed).toEqual(rows);
  });
});

/**
 * An upload of content the sweep is about to remove (the same bytes as an old unreferenced file). PostgreSQL
 * only: PGlite has one connection, so the two cannot interleave there.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('an upload racing the sweep (PostgreSQL)', () => {
  it('never leaves a file row without its blob', async () => {
    const data = Buffer.from(`the same content ${Date.now()}`);
    const old = await store.put(ctx.db, { data, originalName: 'old.txt', mime: 'text/plain', kind: 'test' });
    await ctx.db
      .update(files)
      .set({ createdAt: new Date(Date.now() - 2 * FILE_GRACE_MS) })
      .where(eq(files.id, old.id));

    // The upload is held just after its blob write (a no-op: the old file's blob is there) until the sweep ran.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let written: () => void = () => {};
    const writeDone = new Promise<void>((resolve) => {
      written = resolve;
    });
    const heldDriver: BlobDriver = {
      ...store.driver,
      async write(sha256, bytes) {
        await store.driver.write(sha256, bytes);
        written();
        await held;
      },
    };
    const upload = ctx.db.transaction((tx) =>
      createFileStore(heldDriver).put(tx, {
        data,
        originalName: 'new.txt',
        mime: 'text/plain',
        kind: 'test',
      }),
    );
    await writeDone;
    let swept = false;
    const sweep = sweepUnreferencedFiles(ctx.db, store.driver, { now: new Date() }).then((result) => {
      swept = true;
      return result;
    });
    // The sweep either ends (nothing held it back) or waits for the upload's transaction on the files table.
    const sweepWaits = async () => {
      const result = await ctx.db.execute(
        sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike 'lock table%'`,
      );
      return ((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) > 0;
    };
    while (!swept && !(await sweepWaits())) await new Promise((resolve) => setImmediate(resolve));
    expect(swept).toBe(false);
    release();
    const uploaded = await upload;
    await sweep;

    expect(await fileRow(old.id)).toBeNull();
    expect((await fileRow(uploaded.id))?.sha256).toBe(uploaded.sha256);
    expect(await blobExists(uploaded.sha256)).toBe(true);
    expect((await store.get(ctx.db, uploaded.id))?.data.equals(data)).toBe(true);
  });
});

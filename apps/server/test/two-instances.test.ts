import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { type DatabaseHandle, openDatabase } from '../src/db/client.ts';
import { testConfig } from './support/config.ts';
import { createTestContext, type SignedIn, type TestContext, type TestUser } from './support/context.ts';
import { API_PREFIX } from './support/http.ts';
import { startS3Server, type TestS3Server } from './support/s3.ts';

const BUCKET = 'two-instances';
const postgres = process.env.TEST_DATABASE_URL;
if (!postgres) {
  console.info(
    'two-instances.test.ts skipped: TEST_DATABASE_URL is unset and PGlite serves one process only (npm run test:pg runs it).',
  );
}

function multipart(file: Buffer, filename: string, type: string) {
  const boundary = `----two${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

// Two portal servers, each with its own data folder, on one PostgreSQL database and one bucket: what one stores
// (a session, an upload) the other serves. PGlite is one process's database, so this needs TEST_DATABASE_URL.
describe.skipIf(!postgres)(
  'two instances on one PostgreSQL database and one bucket (skipped without TEST_DATABASE_URL: PGlite is single-process; npm run test:pg runs it)',
  () => {
    let s3: TestS3Server;
    let one: TestContext;
    let two: App;
    let twoDatabase: DatabaseHandle;
    let user: TestUser;
    let session: SignedIn;

    beforeAll(async () => {
      s3 = await startS3Server([BUCKET]);
      const FILES_URL = s3.filesUrl(BUCKET, 'portal');
      one = await createTestContext({ env: { FILES_URL } });
      await one.reset();
      // The second instance opens the first one's database by name, with a configuration (and data folder) of its own.
      const result = await one.db.execute<{ name: string }>(sql`select current_database() as name`);
      const [row] = (result as unknown as { rows: { name: string }[] }).rows;
      const url = new URL(postgres as string);
      url.pathname = `/${row?.name}`;
      twoDatabase = await openDatabase({ databaseUrl: url.href, dataDir: 'memory://' });
      two = await buildApp({
        config: testConfig({ ISSUER_URL: one.idp.issuer, FILES_URL }),
        database: twoDatabase,
      });
      await two.ready();
      user = await one.createUser({ email: 'duas@empresa.cv', name: 'Duas Instâncias', roles: ['company'] });
      session = await one.signIn(user.email, user.password);
    });

    afterAll(async () => {
      await two?.close();
      await twoDatabase?.close();
      await one?.close();
      await s3?.close();
    });

    it('accepts on the second instance the session signed in on the first, for reads and writes', async () => {
      const me = await two.inject({
        method: 'GET',
        url: `${API_PREFIX}/me/profile`,
        headers: session.headers,
      });
      expect(me.statusCode, me.body).toBe(200);
      expect(me.json()).toMatchObject({ email: user.email, name: 'Duas Instâncias' });
      const saved = await two.inject({
        method: 'PUT',
        url: `${API_PREFIX}/me/profile`,
        headers: session.headers,
        payload: { name: 'Gravado na Segunda', language: 'en' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const seen = await one.app.inject({
        method: 'GET',
        url: `${API_PREFIX}/me/profile`,
        headers: session.headers,
      });
      expect(seen.json()).toMatchObject({ name: 'Gravado na Segunda', language: 'en' });
    });

    it('serves from each instance the picture uploaded through the other, from the bucket, not a disk', async () => {
      const png = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#c0ffee' } })
        .png()
        .toBuffer();
      const body = multipart(png, 'retrato.png', 'image/png');
      const uploaded = await one.app.inject({
        method: 'PUT',
        url: `${API_PREFIX}/me/profile-picture`,
        headers: { ...session.headers, 'content-type': body.contentType },
        payload: body.payload,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const address = `${API_PREFIX}/accounts/${user.accountId}/profile-pictures`;
      const fromOne = await one.app.inject({
        method: 'GET',
        url: address,
        headers: { cookie: session.cookie },
      });
      const fromTwo = await two.inject({ method: 'GET', url: address, headers: { cookie: session.cookie } });
      expect(fromTwo.statusCode).toBe(200);
      expect(fromTwo.headers['content-type']).toBe('image/png');
      expect(fromTwo.headers['content-length']).toBe(String(fromTwo.rawPayload.length));
      expect(fromTwo.rawPayload.equals(fromOne.rawPayload)).toBe(true);
      const meta = await sharp(fromTwo.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 4, 3]);
      expect(existsSync(join(one.config.dataDir, 'files'))).toBe(false);

      // And the other way: a new picture through the second instance, served by the first.
      const webp = await sharp({ create: { width: 2, height: 5, channels: 3, background: '#123456' } })
        .webp()
        .toBuffer();
      const again = multipart(webp, 'novo.webp', 'image/webp');
      const replaced = await two.inject({
        method: 'PUT',
        url: `${API_PREFIX}/me/profile-picture`,
        headers: { ...session.headers, 'content-type': again.contentType },
        payload: again.payload,
      });
      expect(replaced.statusCode, replaced.body).toBe(200);
      const served = await one.app.inject({
        method: 'GET',
        url: address,
        headers: { cookie: session.cookie },
      });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect((await sharp(served.rawPayload).metadata()).height).toBe(5);
    });
  },
);

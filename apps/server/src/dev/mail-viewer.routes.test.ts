import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/support/config.ts';
import { openTestDatabase, type TestDatabase } from '../../test/support/database.ts';
import { buildApp } from '../app.ts';
import { renderMailPage } from './mail-viewer.routes.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});

describe('/dev/mail in production', () => {
  it('answers 404', async () => {
    const config = testConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:4200' });
    const app = await buildApp({ config, database: database.handle });
    try {
      const page = await app.inject({ method: 'GET', url: '/dev/mail' });
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain('Outbox');
    } finally {
      await app.close();
    }
  });
});

describe('/dev/mail outside production', () => {
  async function get(config: ReturnType<typeof testConfig>, remoteAddress: string, headers = {}) {
    const app = await buildApp({ config, database: database.handle });
    try {
      return await app.inject({ method: 'GET', url: '/dev/mail', remoteAddress, headers });
    } finally {
      await app.close();
    }
  }

  it('answers a client on this machine that came straight to a portal listening on loopback', async () => {
    const page = await get(testConfig({ HOST: '127.0.0.1' }), '127.0.0.1');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Outbox (development)');
    expect((await get(testConfig({ HOST: '::1' }), '::1')).statusCode).toBe(200);
  });

  it('answers 404 to another address, to a request through a proxy, and on a portal listening beyond loopback', async () => {
    expect((await get(testConfig({ HOST: '127.0.0.1' }), '192.0.2.7')).statusCode).toBe(404);
    const proxied = await get(testConfig({ HOST: '127.0.0.1', TRUST_PROXY: 'true' }), '127.0.0.1', {
      'x-forwarded-for': '198.51.100.4',
    });
    expect(proxied.statusCode).toBe(404);
    const exposed = await get(testConfig({ HOST: '0.0.0.0' }), '127.0.0.1');
    expect(exposed.statusCode).toBe(404);
    expect(exposed.body).not.toContain('Outbox');
  });
});

describe('renderMailPage', () => {
  it("shows a waiting message's attempts and last error, escaped", () => {
    const at = new Date('2026-11-23T10:00:00Z');
    const html = renderMailPage([
      {
        id: '00000000-0000-4000-8000-000000000001',
        toAddress: 'ana@empresa.cv',
        subject: 'Confirme o registo',
        textBody: 'Abra a ligação.',
        htmlBody: null,
        headers: null,
        language: 'pt',
        state: 'pending',
        attempts: 4,
        lastError: 'connect ECONNREFUSED 127.0.0.1:25 <smtp>',
        nextAttemptAt: at,
        createdAt: at,
        sentAt: null,
      },
    ]);
    expect(html).toContain('pending (4 attempt(s))');
    expect(html).toContain('<dt>Last error</dt><dd>connect ECONNREFUSED 127.0.0.1:25 &lt;smtp&gt;</dd>');
  });
});

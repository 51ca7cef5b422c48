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

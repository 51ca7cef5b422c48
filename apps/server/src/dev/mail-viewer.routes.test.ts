import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/support/config.ts';
import { openTestDatabase, type TestDatabase } from '../../test/support/database.ts';
import { buildApp } from '../app.ts';

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

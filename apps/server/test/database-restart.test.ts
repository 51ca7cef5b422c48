/**
 * The database restarting (or failing over) under load: every connection of the portal is cut, as a restart
 * cuts them. Requests in flight answer a translated 503 in the error shape; the next ones succeed on new
 * connections, without restarting the portal. PostgreSQL only (TEST_DATABASE_URL, npm run test:pg): PGlite runs
 * inside the process and has no connections to lose.
 */
import { type Language, translate } from '@excelencia/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from './support/context.ts';
import { API_PREFIX, apiCalls } from './support/http.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
/** The pool's size (db/client.ts): this many requests are in the database at once. */
const IN_FLIGHT = 10;

if (!adminUrl) {
  console.log(
    'database-restart.test.ts: skipped on PGlite (no connections to cut); runs on PostgreSQL with TEST_DATABASE_URL (npm run test:pg).',
  );
}

describe.skipIf(!adminUrl)('the database restarting under load (PostgreSQL)', () => {
  let ctx: TestContext;
  let member: SignedIn;
  let companyId: string;
  let databaseUrl: string;
  let databaseName: string;
  const { get } = apiCalls(() => ctx.app);

  beforeAll(async () => {
    ctx = await createTestContext();
    const user = await ctx.createUser({ email: 'restart@empresa.cv', roles: ['company'] });
    companyId = await ctx.linkCompany(user.accountId, { companyName: 'Reinício, Lda', nif: '299999971' });
    member = await ctx.signIn(user.email, user.password);
    const result = (await ctx.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    databaseName = result.rows[0]?.name ?? '';
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${databaseName}`;
    databaseUrl = url.href;
  });

  afterAll(async () => {
    await ctx?.close();
  });

  const myCompanies = (language: Language) => get(member, `/me/companies`, { language });

  it('answers the requests in flight with a translated 503, then serves again on new connections', async () => {
    expect((await myCompanies('pt')).statusCode).toBe(200);

    // The requests wait inside the database (the sessions table locked by another connection) when every
    // connection of the portal is cut: they are in flight for certain, as under load at a restart.
    const other = new pg.Client({ connectionString: databaseUrl });
    await other.connect();
    const languages: Language[] = ['pt', 'en', 'fr'];
    let inFlight: ReturnType<typeof myCompanies>[] = [];
    try {
      await other.query('begin');
      await other.query('lock table sessions in access exclusive mode');
      inFlight = Array.from({ length: IN_FLIGHT }, (_, i) => myCompanies(languages[i % 3] ?? 'pt'));
      // Within a transaction the activity view is a snapshot taken once: cleared before each look.
      const waiting = async () => {
        await other.query('select pg_stat_clear_snapshot()');
        return Number(
          (
            await other.query<{ n: string }>(
              `select count(*) as n from pg_stat_activity
               where datname = $1 and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
              [databaseName],
            )
          ).rows[0]?.n,
        );
      };
      for (const deadline = Date.now() + 20_000; (await waiting()) < IN_FLIGHT; ) {
        if (Date.now() > deadline) throw new Error('the requests never reached the database');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const cut = await other.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [databaseName],
      );
      expect(cut.rowCount).toBeGreaterThanOrEqual(IN_FLIGHT);
    } finally {
      await other.query('rollback').catch(() => undefined);
      await other.end();
    }

    const answers = await Promise.all(inFlight);
    answers.forEach((answer, i) => {
      const language = languages[i % 3] ?? 'pt';
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.json()).toEqual({
        error: {
          code: 'database_unavailable',
          key: 'errors:databaseUnavailable',
          message: translate(language, 'errors:databaseUnavailable'),
        },
      });
    });
    expect(answers[2]?.json().error.message).toBe("La base de données n'est pas disponible.");

    // The same portal, no restart: reads, a write and the health check succeed on new connections.
    const again = await myCompanies('en');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual([
      { id: companyId, companyName: 'Reinício, Lda', nif: '299999971', role: 'owner' },
    ]);
    const write = await ctx.app.inject({
      method: 'PUT',
      url: `${API_PREFIX}/me/language`,
      headers: { ...member.headers, 'content-type': 'application/json' },
      payload: { language: 'fr' },
    });
    expect(write.statusCode, write.body).toBe(200);
    const health = await get(null, `/health`);
    expect(health.json()).toEqual({ status: 'ok', database: 'up' });
  });
});

import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/support/balance-sheets.ts';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { openEditionInput } from '../../../test/support/editions.ts';
import { apiCalls } from '../../../test/support/http.ts';

/**
 * Junk of any shape to the applications endpoints (editions, decisions, confirmations, documents sent back,
 * seal actions, uploads with odd fields and bytes): never a 5xx, and a refused call changes nothing.
 */

let ctx: TestContext;
let admin: SignedIn;
let member: SignedIn;
let companyId: string;
let applicationId: string;
let editionId: string;

const EDITION = openEditionInput();

const { send } = apiCalls(() => ctx.app);

/** Rows of every table the endpoints write, so a refused call can be shown to change nothing. */
async function snapshot(): Promise<string> {
  const result = await ctx.db.execute<{ n: string }>(
    sql`select concat_ws(',', (select count(*) from editions), (select sum(version) from editions), (select count(*) from applications), (select sum(version) from applications), (select count(*) from application_files), (select count(*) from seals), (select count(*) from audit_log), (select count(*) from mail_outbox)) as n`,
  );
  const rows = Array.isArray(result) ? result : (result as unknown as { rows: { n: string }[] }).rows;
  return String(rows[0]?.n);
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  const adminUser = await ctx.createUser({ email: 'admin@prop.cv', roles: ['admin'] });
  const memberUser = await ctx.createUser({ email: 'member@prop.cv', roles: ['company'] });
  companyId = await ctx.linkCompany(memberUser.accountId, { companyName: 'Prop, Lda', nif: '200000031' });
  [admin, member] = await Promise.all([
    ctx.signIn(adminUser.email, adminUser.password),
    ctx.signIn(memberUser.email, memberUser.password),
  ]);
  editionId = (await send(admin, 'POST', 'editions', EDITION)).json().id;
  const opened = await send(member, 'POST', `companies/${companyId}/applications`, { editionId });
  expect(opened.statusCode, opened.body).toBe(201);
  applicationId = opened.json().id;
});

afterAll(async () => {
  await ctx?.close();
});

const junk = fc.oneof(
  fc.anything({ maxDepth: 2, withNullPrototype: false }),
  fc.string({ maxLength: 3000 }),
  fc.constant({ version: 1e300 }),
  fc.constant({ decision: 'evaluated', version: -1 }),
  fc.constant({ fileType: 99, reason: 'x', version: 1 }),
  fc.constant({ action: 'withdraw', reason: '\u0000', version: 1 }),
);

const editionJunk = fc.record(
  Object.fromEntries(
    Object.entries(EDITION).map(([key, value]) => [
      key,
      fc.oneof(
        fc.constant(value),
        fc.anything({ maxDepth: 1 }),
        fc.string(),
        fc.double(),
        fc.date({ noInvalidDate: false }).map(String),
      ),
    ]),
  ),
);

describe('applications endpoints under junk', () => {
  it('answer 4xx, never 5xx, and change nothing when refused', async () => {
    const targets = [
      (body: unknown) => send(admin, 'POST', `applications/${applicationId}/evaluation`, body),
      (body: unknown) => send(admin, 'POST', `applications/${applicationId}/confirmation`, body),
      (body: unknown) => send(admin, 'POST', `applications/${applicationId}/return`, body),
      (body: unknown) => send(admin, 'PUT', `editions/${editionId}`, body),
      (body: unknown) => send(admin, 'POST', 'seals/00000000-0000-4000-8000-000000000000/actions', body),
      (body: unknown) => send(member, 'POST', `companies/${companyId}/applications`, body),
    ];
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: targets.length - 1 }), junk, async (index, body) => {
        const before = await snapshot();
        const response = await targets[index]?.(body);
        expect(response?.statusCode, response?.body).toBeLessThan(500);
        expect(response?.statusCode).toBeGreaterThanOrEqual(400);
        expect(await snapshot()).toBe(before);
      }),
      { numRuns: 120 },
    );
  });

  it('refuse editions with fields of the wrong type or order, with a 400 and nothing stored', async () => {
    await fc.assert(
      fc.asyncProperty(editionJunk, async (body) => {
        const before = await snapshot();
        const response = await send(admin, 'POST', 'editions', body);
        expect(response.statusCode, response.body).toBeLessThan(500);
        if (response.statusCode !== 201) expect(await snapshot()).toBe(before);
        else
          await ctx.db.execute(
            sql`delete from audit_log where entity = 'editions' and action = 'create' and entity_id = ${response.json().id}; delete from editions where id = ${response.json().id}`,
          );
      }),
      { numRuns: 80 },
    );
  });

  it('refuse odd uploads (no file, a field instead, wrong type numbers, random bytes) with a 4xx', async () => {
    const url = `/companies/${companyId}/applications/${applicationId}/files`;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 20 }), fc.constant('-1'), fc.constant('7.5'), fc.constant('1e3')),
        fc.uint8Array({ maxLength: 2048 }),
        fc.boolean(),
        async (fileType, bytes, withFile) => {
          const before = await snapshot();
          const body = multipart(
            { fileType },
            withFile ? { data: Buffer.from(bytes), filename: 'x.pdf' } : null,
          );
          const response = await send(member, 'POST', url, body.payload, { contentType: body.contentType });
          expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, response.body).toBeLessThan(500);
          expect(await snapshot()).toBe(before);
        },
      ),
      { numRuns: 80 },
    );
    const notMultipart = await send(
      member,
      'POST',
      `companies/${companyId}/applications/${applicationId}/files`,
      { fileType: 0 },
    );
    expect(notMultipart.statusCode).toBe(400);
  });
});

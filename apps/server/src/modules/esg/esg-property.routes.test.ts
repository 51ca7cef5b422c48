import { ESG_SAMPLE_DEFINITION } from '@excelencia/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { apiCalls } from '../../../test/support/http.ts';

/**
 * Junk of any shape to the ESG endpoints (forms, their order, a company's answers and submission): never a 5xx,
 * and a refused call changes nothing.
 */

let ctx: TestContext;
let admin: SignedIn;
let member: SignedIn;
let companyId: string;
let formId: string;

const FORM = {
  title: { pt: 'ESG', en: 'ESG', fr: 'ESG' },
  description: { pt: 'Teste', en: '', fr: '' },
  period: 2026,
  editionId: null,
  status: 'open',
  definition: ESG_SAMPLE_DEFINITION,
};

const { send } = apiCalls(() => ctx.app);

/** Rows and versions of every table the endpoints write, so a refused call can be shown to change nothing. */
async function snapshot(): Promise<string> {
  const result = await ctx.db.execute<{ n: string }>(
    sql`select concat_ws(',', (select count(*) from esg_forms), (select sum(version) from esg_forms), (select count(*) from esg_form_versions), (select count(*) from esg_responses), (select sum(version) from esg_responses), (select count(*) from audit_log)) as n`,
  );
  const rows = Array.isArray(result) ? result : (result as unknown as { rows: { n: string }[] }).rows;
  return String(rows[0]?.n);
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  const adminUser = await ctx.createUser({ email: 'admin@esgprop.cv', roles: ['admin'] });
  const memberUser = await ctx.createUser({ email: 'member@esgprop.cv', roles: ['company'] });
  companyId = await ctx.linkCompany(memberUser.accountId, { companyName: 'Prop ESG, Lda', nif: '200000041' });
  [admin, member] = await Promise.all([
    ctx.signIn(adminUser.email, adminUser.password),
    ctx.signIn(memberUser.email, memberUser.password),
  ]);
  const created = await send(admin, 'POST', 'esg/forms', FORM);
  expect(created.statusCode, created.body).toBe(201);
  formId = created.json().id;
});

afterAll(async () => {
  await ctx?.close();
});

const junk = fc.oneof(
  fc.anything({ maxDepth: 3, withNullPrototype: false }),
  fc.string({ maxLength: 3000 }),
  fc.constant({ ids: [] }),
  fc.constant({ answers: { energy: ['all', 'all'] } }),
  fc.constant({ answers: { training: { managers: 'sometimes' } } }),
  fc.constant({ answers: { energy: 'x'.repeat(5000) } }),
  fc.constant({ ...FORM, version: 1e300 }),
);

/** The sample form with one field of one question replaced by anything. */
const definitionJunk = fc
  .record({
    section: fc.integer({ min: 0, max: 2 }),
    field: fc.constantFrom('type', 'order', 'id', 'options', 'rows', 'label', 'required', 'help'),
    value: fc.anything({ maxDepth: 2 }),
  })
  .map(({ section, field, value }) => {
    const definition = JSON.parse(JSON.stringify(ESG_SAMPLE_DEFINITION));
    definition.sections[section].questions[0][field] = value;
    return { ...FORM, definition };
  });

describe('ESG endpoints under junk', () => {
  it('answer 4xx, never 5xx, and change nothing when refused', async () => {
    const targets = [
      (body: unknown) => send(admin, 'POST', 'esg/forms', body),
      (body: unknown) => send(admin, 'PUT', `esg/forms/${formId}`, body),
      (body: unknown) => send(admin, 'PUT', 'esg/forms/order', body),
      (body: unknown) => send(member, 'PUT', `companies/${companyId}/esg/forms/${formId}/answers`, body),
      (body: unknown) => send(member, 'POST', `companies/${companyId}/esg/forms/${formId}/submit`, body),
    ];
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: targets.length - 1 }), junk, async (index, body) => {
        const before = await snapshot();
        const response = await targets[index]?.(body);
        expect(response?.statusCode, response?.body).toBeLessThan(500);
        expect(response?.statusCode, response?.body).toBeGreaterThanOrEqual(400);
        expect(await snapshot()).toBe(before);
      }),
      { numRuns: 150 },
    );
  });

  it('refuse forms with a question field of the wrong type or shape, with a 400 and nothing stored', async () => {
    await fc.assert(
      fc.asyncProperty(definitionJunk, async (body) => {
        const before = await snapshot();
        const response = await send(admin, 'POST', 'esg/forms', body);
        expect(response.statusCode, response.body).toBeLessThan(500);
        if (response.statusCode !== 201) expect(await snapshot()).toBe(before);
      }),
      { numRuns: 80 },
    );
  });
});

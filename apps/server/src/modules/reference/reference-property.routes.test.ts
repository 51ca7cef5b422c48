import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { apiCalls } from '../../../test/support/http.ts';

/**
 * Random payloads (junk of any shape, wrong types, huge strings, valid payloads with one field replaced by
 * junk) to every create and update endpoint: never a 5xx, and a refused call changes nothing.
 */

let ctx: TestContext;
let admin: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  const user = await ctx.createUser({ email: 'gestor@teste.cv', roles: ['admin'] });
  admin = await ctx.signIn(user.email, user.password);
});

afterAll(async () => {
  await ctx?.close();
});

const text = (pt: string) => ({ pt, en: '', fr: '' });

const { send } = apiCalls(() => ctx.app);

async function create(path: string, body: Record<string, unknown>): Promise<{ id: string }> {
  const res = await send(admin, 'POST', path, body);
  expect(res.statusCode, `${path} ${res.body}`).toBe(201);
  return res.json();
}

async function auditCount(): Promise<number> {
  const result = await ctx.db.execute<{ n: string }>(sql`select count(*)::text as n from audit_log`);
  const rows = Array.isArray(result) ? result : (result as unknown as { rows: { n: string }[] }).rows;
  return Number(rows[0]?.n);
}

/**
 * Strings of any UTF-16 code unit: control characters (U+0000 is refused by PostgreSQL in text and jsonb), lone
 * surrogate halves, and any code point of the full range.
 */
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: anyCodeUnit, maxLength: 200 }),
  // Mostly ordinary text with the odd character in it.
  fc.string({
    unit: fc.oneof(
      { arbitrary: fc.constantFrom('a', 'Z', 'é', ' ', '\t', '😀'), weight: 5 },
      { arbitrary: fc.constantFrom('\u0000', '\u0001', '\u001b', '\ud800', '\udfff'), weight: 1 },
    ),
    maxLength: 50,
  }),
);

/** Junk of any JSON shape, with some large strings and deep nesting. */
const junk = fc.oneof(
  fc.anything({ maxDepth: 4, withNullPrototype: false }),
  fc.anything({ maxDepth: 3, withNullPrototype: false, stringUnit: 'binary' }),
  fc.string({ maxLength: 3000 }),
  anyText,
  fc.constant('x'.repeat(20_000)),
  fc.integer(),
  fc.double(),
  fc.constant(null),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.anything({ maxDepth: 3 }), { maxKeys: 6 }),
);

/** A valid payload with one field replaced (or removed, or added) by junk. */
function payloads(valid: Record<string, unknown>) {
  const keys = Object.keys(valid);
  return fc.oneof(
    junk,
    fc
      .record({ key: fc.constantFrom(...keys), value: junk })
      .map(({ key, value }) => ({ ...valid, [key]: value })),
    fc.constantFrom(...keys).map((key) => {
      const copy = { ...valid };
      delete copy[key];
      return copy;
    }),
    fc
      .record({ key: fc.oneof(fc.string({ maxLength: 20 }), anyText), value: junk })
      .map(({ key, value }) => ({ ...valid, [key]: value })),
    // A valid payload whose description (stored as jsonb) holds any text.
    fc.record({ language: fc.constantFrom('pt', 'en', 'fr'), value: anyText }).map(({ language, value }) => ({
      ...valid,
      description: { ...(valid.description as object), [language]: value },
    })),
  );
}

describe('random payloads to every create and update endpoint', () => {
  it('never answer 5xx, and change nothing when refused', async () => {
    const island = await create('islands', { code: 'ST', description: text('Santiago') });
    const section = await create('cae-sections', { code: 'G', description: text('Comércio') });
    const criterionType = await create('criterion-types', {
      code: 'L',
      description: text('Liquidez'),
      sortOrder: 1,
    });
    const partnerType = await create('partner-types', { code: 'BANK', description: text('Banco') });
    const heading = await create('self-diagnosis/headings', {
      code: 'ATIVO',
      description: text('Ativo'),
      sortOrder: 1,
      nature: 'debit',
    });
    const subHeading = await create('self-diagnosis/sub-headings', {
      code: 'AC',
      description: text('Ativo corrente'),
      sortOrder: 1,
      headingId: heading.id,
    });
    const category = await create('self-diagnosis/categories', {
      code: 'CX',
      description: text('Caixa'),
      sortOrder: 1,
      subHeadingId: subHeading.id,
      // No accounts: sub-categories are created under it (accounts live in leaves only).
      accountCodes: [],
    });

    const simple = { code: 'NEW1', description: text('Novo'), isActive: true };
    const valid: Record<string, Record<string, unknown>> = {
      'company-types': simple,
      'company-situations': simple,
      'partner-types': simple,
      islands: simple,
      'cae-sections': simple,
      cities: { ...simple, islandId: island.id },
      'cae-divisions': { ...simple, sectionId: section.id },
      'employee-ranges': { ...simple, minEmployees: 1000, maxEmployees: null },
      'criterion-types': { code: 'NEW1', description: text('Novo'), sortOrder: 9 },
      criteria: {
        code: 'NEW1',
        description: text('Novo'),
        formula: 'CX / AC',
        targetComparison: '>',
        targetValue: '1.5',
        recommendation: text('Fazer'),
        criterionTypeId: criterionType.id,
        sortOrder: 1,
        isApplicationCriterion: false,
        isActive: true,
      },
      'partner-entities': {
        code: 'NEW1',
        name: 'Entidade',
        description: text('Nova'),
        partnerTypeId: partnerType.id,
        email: null,
        phone: null,
        website: null,
        isActive: true,
      },
      'self-diagnosis/headings': { code: 'NEW1', description: text('Novo'), sortOrder: 5, nature: 'credit' },
      'self-diagnosis/sub-headings': {
        code: 'NEW1',
        description: text('Novo'),
        sortOrder: 5,
        headingId: heading.id,
      },
      'self-diagnosis/categories': {
        code: 'NEW1',
        description: text('Novo'),
        sortOrder: 5,
        subHeadingId: subHeading.id,
      },
      'self-diagnosis/sub-categories': {
        code: 'NEW1',
        description: text('Novo'),
        sortOrder: 5,
        categoryId: category.id,
      },
    };

    for (const [path, body] of Object.entries(valid)) {
      // Any text as the list's search (percent-encoded byte by byte, as a browser sends it).
      await fc.assert(
        fc.asyncProperty(anyText, async (search) => {
          const encoded = [...Buffer.from(search, 'utf8')]
            .map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
            .join('');
          const res = await send(admin, 'GET', `${path}?search=${encoded}`);
          expect(res.statusCode, `${path} ${res.body}`).toBeLessThan(500);
        }),
        { numRuns: 30 },
      );

      // The record the updates aim at (a code of its own, so random creates do not clash with it; one per
      // endpoint, as the four self-diagnosis levels share one set of codes).
      const targetCode = `TARGET${Object.keys(valid).indexOf(path)}`;
      const target = await create(path, { ...body, code: targetCode });

      await fc.assert(
        fc.asyncProperty(payloads(body), async (payload) => {
          const before = { audit: await auditCount(), total: (await send(admin, 'GET', path)).json().total };
          const res = await send(admin, 'POST', path, payload);
          expect(res.statusCode, `${path} ${res.body}`).toBeLessThan(500);
          if (res.statusCode >= 400) {
            expect(await auditCount()).toBe(before.audit);
            expect((await send(admin, 'GET', path)).json().total).toBe(before.total);
          }
        }),
        { numRuns: 100 },
      );

      await fc.assert(
        fc.asyncProperty(payloads({ ...body, code: targetCode }), async (payload) => {
          const current = (await send(admin, 'GET', `${path}/${target.id}`)).json();
          const withVersion =
            payload && typeof payload === 'object' && !Array.isArray(payload) && !('version' in payload)
              ? { ...payload, version: current.version }
              : payload;
          const audit = await auditCount();
          const res = await send(admin, 'PUT', `${path}/${target.id}`, withVersion);
          expect(res.statusCode, `${path} ${res.body}`).toBeLessThan(500);
          if (res.statusCode >= 400) {
            expect(await auditCount()).toBe(audit);
            expect((await send(admin, 'GET', `${path}/${target.id}`)).json()).toEqual(current);
          }
        }),
        { numRuns: 100 },
      );
    }
  }, 400_000);
});

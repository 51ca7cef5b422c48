import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { apiCalls } from '../../../test/support/http.ts';
import { seedReferenceData } from '../../seed/seed-reference.ts';

let ctx: TestContext;
let member: SignedIn;
let partner: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  await seedReferenceData(ctx.db);
  const memberUser = await ctx.createUser({ email: 'tree-member@bs.cv', roles: ['company'] });
  const partnerUser = await ctx.createUser({ email: 'tree-partner@bs.cv', roles: ['partner'] });
  member = await ctx.signIn(memberUser.email, memberUser.password);
  partner = await ctx.signIn(partnerUser.email, partnerUser.password);
});

afterAll(async () => {
  await ctx?.close();
});

const { get } = apiCalls(() => ctx.app);

describe('GET /app/api/v1/balance-sheets/tree', () => {
  it('gives a company user the seeded tree, in order, and refuses partners', async () => {
    const response = await get(member, '/balance-sheets/tree');
    expect(response.statusCode, response.body).toBe(200);
    const tree = response.json() as Array<{ code: string; subHeadings: unknown[] }>;
    expect(tree.map((heading) => heading.code)).toEqual(['AT', 'CP', 'PT', 'REND', 'GAST']);
    expect((await get(partner, '/balance-sheets/tree')).statusCode).toBe(403);
  });
});

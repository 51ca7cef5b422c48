import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { apiCalls } from '../../../test/support/http.ts';

let ctx: TestContext;
let admin: SignedIn;
let member: SignedIn;
const { get, send } = apiCalls(() => ctx.app, { language: 'en' });

/** The 2nd edition (2028, 2027 indicators): its application window closes on 29 February, for the leap-day rule. */
const SECOND = {
  number: 2,
  year: 2028,
  indicatorYear: 2027,
  registrationOpensAt: '2028-01-10T09:00:00.000Z',
  registrationClosesAt: '2028-02-20T18:00:00.000Z',
  applicationOpensAt: '2028-02-01T09:00:00.000Z',
  applicationClosesAt: '2028-02-29T23:59:00.000Z',
  evaluationStartsAt: '2028-03-01T00:00:00.000Z',
  evaluationEndsAt: '2028-03-31T18:00:00.000Z',
  resultsAt: '2028-04-15T12:00:00.000Z',
};

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  const adminUser = await ctx.createUser({ email: 'admin@ed.cv', roles: ['admin'] });
  const memberUser = await ctx.createUser({ email: 'member@ed.cv', roles: ['company'] });
  await ctx.linkCompany(memberUser.accountId, { companyName: 'Copia, Lda', nif: '200000031' });
  [admin, member] = await Promise.all([
    ctx.signIn(adminUser.email, adminUser.password),
    ctx.signIn(memberUser.email, memberUser.password),
  ]);
});

afterAll(() => ctx?.close());

describe("next year's edition in one step", () => {
  it('POST editions/{id}/copy creates the edition numbered next, every date one calendar year later', async () => {
    const created = await send(admin, 'POST', '/editions', SECOND);
    expect(created.statusCode, created.body).toBe(201);
    // A company user cannot copy; an unknown edition is a 404.
    expect((await send(member, 'POST', `/editions/${created.json().id}/copy`)).statusCode).toBe(403);
    const unknown = await send(admin, 'POST', '/editions/00000000-0000-4000-8000-000000000000/copy');
    expect(unknown.statusCode).toBe(404);

    const copy = await send(admin, 'POST', `/editions/${created.json().id}/copy`);
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({
      number: 3,
      year: 2029,
      indicatorYear: 2028,
      registrationOpensAt: '2029-01-10T09:00:00.000Z',
      registrationClosesAt: '2029-02-20T18:00:00.000Z',
      applicationOpensAt: '2029-02-01T09:00:00.000Z',
      // 2029 has no 29 February: the window ends on the 28th, at the same time of day.
      applicationClosesAt: '2029-02-28T23:59:00.000Z',
      evaluationStartsAt: '2029-03-01T00:00:00.000Z',
      evaluationEndsAt: '2029-03-31T18:00:00.000Z',
      resultsAt: '2029-04-15T12:00:00.000Z',
      resultsPublishedAt: null,
      regulationFileName: null,
    });
    const list = (await get(admin, '/editions')).json() as Array<{ number: number }>;
    expect(list.map((edition) => edition.number)).toEqual([3, 2]);
    // No application came with it.
    expect((await get(admin, `/applications?editionId=${copy.json().id}`)).json()).toMatchObject({
      total: 0,
    });
  });

  it('copying the 2nd edition again numbers the copy after the highest; a window a year on that is taken is a 409', async () => {
    const [, second] = (await get(admin, '/editions')).json() as Array<{ id: string; number: number }>;
    const again = await send(admin, 'POST', `/editions/${second?.id}/copy`);
    // Its application window would be the 3rd edition's: refused with the overlap message, nothing created.
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('edition_overlap');
    expect(((await get(admin, '/editions')).json() as unknown[]).length).toBe(2);
  });
});

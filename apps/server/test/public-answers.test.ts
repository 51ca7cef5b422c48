import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceData } from '../src/seed/seed-reference.ts';
import { createTestContext, type SignedIn, type TestContext } from './support/context.ts';
import { apiCalls } from './support/http.ts';

/** The portal as `npm start` runs it keeps visitors' public answers (PUBLIC_CACHE_MS); here for a minute. */
let ctx: TestContext;
let admin: SignedIn;
let company: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext({ env: { PUBLIC_CACHE_MS: '60000' } });
  await ctx.reset();
  await seedReferenceData(ctx.db);
  const [adminUser, companyUser] = await Promise.all([
    ctx.createUser({ email: 'admin@answers.cv', roles: ['admin'] }),
    ctx.createUser({ email: 'member@answers.cv', roles: ['company'] }),
  ]);
  [admin, company] = await Promise.all([
    ctx.signIn(adminUser.email, adminUser.password),
    ctx.signIn(companyUser.email, companyUser.password),
  ]);
});

afterAll(async () => {
  await ctx?.close();
});

const { get, send } = apiCalls(() => ctx.app);

const titles = async (session: SignedIn | null) =>
  (await get(session, '/public/content/news?language=en'))
    .json()
    .items.map((item: { title: string }) => item.title);

const news = (en: string) => ({
  title: { pt: en, en, fr: '' },
  summary: { pt: 'Resumo.', en: 'Summary.', fr: '' },
  body: { pt: '<p>Corpo.</p>', en: '<p>Body.</p>', fr: '' },
  status: 'published' as const,
});

describe("visitors' public answers kept for a few seconds", () => {
  it("shows visitors an admin's change at once, and a change made elsewhere only once the kept answer expires", async () => {
    expect((await send(admin, 'POST', '/content/news', news('Edition opens'))).statusCode).toBe(201);
    expect(await titles(null)).toEqual(['Edition opens']);

    // Withdrawn straight in the database (another instance, a job): visitors keep the answer they were given,
    // the signed-in see the change.
    await ctx.db.execute(sql`update content_items set status = 'draft' where kind = 'news'`);
    expect(await titles(null)).toEqual(['Edition opens']);
    expect(await titles(company)).toEqual([]);

    // An admin's change through the API forgets the kept answers.
    expect((await send(admin, 'POST', '/content/news', news('Results published'))).statusCode).toBe(201);
    expect(await titles(null)).toEqual(['Results published']);
  });

  it('keeps the answers of each language apart', async () => {
    const item = {
      ...news('Applications close'),
      title: { pt: 'Candidaturas fecham', en: 'Applications close', fr: '' },
    };
    expect((await send(admin, 'POST', '/content/news', item)).statusCode).toBe(201);
    const first = async (language: string) =>
      (await get(null, '/public/content/news', { language })).json().items[0]?.title;
    expect([await first('pt'), await first('en'), await first('pt'), await first('en')]).toEqual([
      'Candidaturas fecham',
      'Applications close',
      'Candidaturas fecham',
      'Applications close',
    ]);
  });
});

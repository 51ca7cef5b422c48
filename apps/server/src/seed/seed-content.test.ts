import { namespaces } from '@excelencia/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/support/context.ts';
import { apiCalls } from '../../test/support/http.ts';
import { contentItems } from '../db/schema/index.ts';
import { dataDirFileStore } from '../platform/files/file-store.ts';
import { seedDemoContent } from './seed-content.ts';
import { seedReferenceData } from './seed-reference.ts';

let ctx: TestContext;

const visitor = apiCalls(() => ctx.app).as(null);
const seed = () => seedDemoContent(ctx.db, dataDirFileStore(ctx.config.dataDir));

beforeAll(async () => {
  ctx = await createTestContext();
  await seedReferenceData(ctx.db);
  await seed();
});

afterAll(async () => {
  await ctx?.close();
});

describe('the demo content', () => {
  it("uses the accountant's words: a company uploads trial balances, not balance sheets (en) or bilans (fr)", async () => {
    const found: string[] = [];
    const texts = (value: unknown, language?: string): void => {
      if (typeof value === 'string') {
        if (language === 'en' && /balance sheet/i.test(value)) found.push(value);
        if (language === 'fr' && /\bbilans?\b/i.test(value)) found.push(value);
      } else if (value && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value))
          texts(inner, ['pt', 'en', 'fr'].includes(key) ? key : language);
      }
    };
    for (const row of await ctx.db.select({ fields: contentItems.fields }).from(contentItems))
      texts(row.fields);
    expect(found).toEqual([]);
  });

  it('moves the FAQ the web app had fixed into the content manager, in order, in three languages', async () => {
    for (const language of ['pt', 'en', 'fr'] as const) {
      const faq = (await visitor.get(`/public/content/faq?language=${language}`)).json();
      const texts = namespaces.pages[language].faq;
      expect(faq.items.map((item: { question: string }) => item.question)).toEqual([
        texts.q1,
        texts.q2,
        texts.q3,
        texts.q4,
      ]);
      expect(faq.items[0].answer).toBe(`<p>${texts.a1}</p>`);
      expect(faq.items.every((item: { missing: boolean }) => !item.missing)).toBe(true);
    }
  });

  it('publishes the fixed pages, the news, testimonies, upcoming events and a gallery video', async () => {
    for (const key of ['home', 'about', 'applications', 'self-diagnosis', 'privacy', 'eligibility']) {
      const page = await visitor.get(`/public/content/pages/${key}?language=fr`);
      expect(page.statusCode, key).toBe(200);
      expect(page.json().missing, key).toBe(false);
    }
    const home = (await visitor.get('/public/content/pages/home?language=en')).json();
    expect(home.home.hero).toBe(namespaces.pages.en.home.lead);
    expect(home.home.highlights).toHaveLength(3);
    const eligibility = (await visitor.get('/public/content/pages/eligibility?language=pt')).json();
    expect(eligibility.thresholds.length).toBeGreaterThan(0);

    const news = (await visitor.get('/public/content/news?language=en')).json().items;
    expect(news).toHaveLength(3);
    expect(news[0].title).toBe('Applications open for the new edition');
    expect((await visitor.get('/public/content/testimonies?language=fr')).json().items).toHaveLength(3);
    expect((await visitor.get('/public/content/events?upcoming=true')).json().items).toHaveLength(2);
    const gallery = (await visitor.get('/public/content/gallery?language=en')).json().items;
    expect(gallery[0].media[0]).toMatchObject({
      kind: 'video',
      videoUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
      embedUrl: 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
    });
  });

  it('adds nothing at a later start, so an item deleted meanwhile stays deleted', async () => {
    const before = await ctx.db.select().from(contentItems);
    const faq = before.find((row) => row.kind === 'faq');
    await ctx.db.delete(contentItems).where(eq(contentItems.id, faq?.id ?? ''));
    await seed();
    expect((await ctx.db.select().from(contentItems)).length).toBe(before.length - 1);
  });
});

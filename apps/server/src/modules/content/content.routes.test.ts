import type { NewsInput } from '@excelencia/domain';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { API_PREFIX, apiCalls } from '../../../test/support/http.ts';
import { XSS_VECTORS } from '../../../test/support/xss-vectors.ts';
import { auditLog, contentItems, criteria } from '../../db/schema/index.ts';
import { seedReferenceData } from '../../seed/seed-reference.ts';

let ctx: TestContext;
let admin: SignedIn;
let company: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  await seedReferenceData(ctx.db);
  const [adminUser, companyUser] = await Promise.all([
    ctx.createUser({ email: 'admin@content.cv', roles: ['admin'] }),
    ctx.createUser({ email: 'member@content.cv', roles: ['company'] }),
  ]);
  [admin, company] = await Promise.all([
    ctx.signIn(adminUser.email, adminUser.password),
    ctx.signIn(companyUser.email, companyUser.password),
  ]);
});

afterAll(async () => {
  await ctx?.close();
});

const { get } = apiCalls(() => ctx.app);
const { send } = apiCalls(() => ctx.app, { language: 'en' });

function news(overrides: Partial<NewsInput> = {}): NewsInput {
  return {
    title: { pt: 'Abertura da edição', en: 'Edition opens', fr: '' },
    summary: { pt: 'As candidaturas abrem.', en: 'Applications open.', fr: '' },
    body: { pt: '<p>Corpo em português.</p>', en: '<p>Body in English.</p>', fr: '' },
    status: 'published',
    ...overrides,
  };
}

async function countOf(kind: 'news' | 'faq' | 'documents' | 'gallery' | 'pages') {
  return (await ctx.db.select().from(contentItems).where(eq(contentItems.kind, kind))).length;
}

function multipart(file: Buffer, filename: string, type: string) {
  const boundary = '----content-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const upload = (session: SignedIn | null, url: string, file: Buffer, filename: string, type: string) => {
  const body = multipart(file, filename, type);
  return send(session, url.startsWith('/content/documents') ? 'PUT' : 'POST', url, body.payload, {
    contentType: body.headers['content-type'],
  });
};

describe('POST /app/api/v1/content/{kind} authorization', () => {
  it('answers 401 to a visitor and 403 to a company user, and creates nothing', async () => {
    const visitor = await send(null, 'POST', '/content/news', news());
    expect(visitor.statusCode).toBe(401);
    const member = await send(company, 'POST', '/content/news', news());
    expect(member.statusCode).toBe(403);
    expect((await get(company, '/content/news')).statusCode).toBe(403);
    expect((await get(null, '/content/news')).statusCode).toBe(401);
    expect(await countOf('news')).toBe(0);
  });
});

describe('content items: create, fall back, schedule, page', () => {
  it('creates a news item with a slug from its title and shows it in pt where fr is missing', async () => {
    const created = await send(admin, 'POST', '/content/news', news());
    expect(created.statusCode).toBe(201);
    const item = created.json();
    expect(item).toMatchObject({
      kind: 'news',
      slug: 'abertura-da-edicao',
      status: 'published',
      isPublic: true,
      missingLanguages: ['fr'],
      version: 1,
    });

    const inFrench = await get(null, `/public/content/news/abertura-da-edicao?language=fr`);
    expect(inFrench.statusCode).toBe(200);
    expect(inFrench.json()).toMatchObject({
      title: 'Abertura da edição',
      body: '<p>Corpo em português.</p>',
      language: 'fr',
      fallbackLanguages: ['pt'],
      missing: true,
    });
    const inEnglish = await get(null, `/public/content/news/${item.id}?language=en`);
    expect(inEnglish.json()).toMatchObject({ title: 'Edition opens', fallbackLanguages: [], missing: false });

    // A second item of the same title gets the next free slug; an explicit slug already taken is refused.
    const again = await send(admin, 'POST', '/content/news', news());
    expect(again.json().slug).toBe('abertura-da-edicao-2');
    const taken = await send(admin, 'POST', '/content/news', news({ slug: 'abertura-da-edicao' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('slug_taken');

    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'content/news'), eq(auditLog.entityId, item.id)));
    expect(audit.map((row) => row.action)).toEqual(['create']);
  });

  it('publishes a scheduled item once its moment has passed, and not before', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const due = await send(
      admin,
      'POST',
      '/content/news',
      news({ slug: 'due', status: 'scheduled', publishedAt: past }),
    );
    const later = await send(
      admin,
      'POST',
      '/content/news',
      news({ slug: 'later', status: 'scheduled', publishedAt: future }),
    );
    const draft = await send(admin, 'POST', '/content/news', news({ slug: 'draft', status: 'draft' }));
    expect([due.statusCode, later.statusCode, draft.statusCode]).toEqual([201, 201, 201]);
    expect([due.json().isPublic, later.json().isPublic, draft.json().isPublic]).toEqual([true, false, false]);

    expect((await get(null, '/public/content/news/due')).statusCode).toBe(200);
    expect((await get(null, '/public/content/news/later')).statusCode).toBe(404);
    expect((await get(null, `/public/content/news/${later.json().id}`)).statusCode).toBe(404);
    expect((await get(null, '/public/content/news/draft')).statusCode).toBe(404);
    const slugs = (await get(null, '/public/content/news?limit=50'))
      .json()
      .items.map((i: { slug: string }) => i.slug);
    expect(slugs).toContain('due');
    expect(slugs).not.toContain('later');
    expect(slugs).not.toContain('draft');

    // The sitemap lists the article a visitor may read, in each language, and neither of the others.
    const sitemap = (await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    for (const language of ['pt', 'en', 'fr'])
      expect(sitemap).toContain(`/${language}/public/news/due</loc>`);
    expect(sitemap).not.toContain('/public/news/later<');
    expect(sitemap).not.toContain('/public/news/draft<');

    // The admin sees all three, and previews the draft as a visitor would read it.
    const adminSlugs = (await get(admin, '/content/news')).json().items.map((i: { slug: string }) => i.slug);
    expect(adminSlugs).toEqual(expect.arrayContaining(['due', 'later', 'draft']));
    const preview = await get(admin, `/content/news/${draft.json().id}/preview?language=fr`);
    expect(preview.json()).toMatchObject({
      slug: 'draft',
      title: 'Abertura da edição',
      fallbackLanguages: ['pt'],
    });

    // A scheduled item needs its moment.
    const undated = await send(admin, 'POST', '/content/news', news({ status: 'scheduled' }));
    expect(undated.statusCode).toBe(400);
    expect(undated.json().error.details).toEqual([
      expect.objectContaining({
        path: 'publishedAt',
        message: 'Enter the date and time of the scheduled publication',
      }),
    ]);
  });

  it('pages the public list newest first with a cursor (load more)', async () => {
    await ctx.db.delete(contentItems).where(eq(contentItems.kind, 'news'));
    for (const [slug, at] of [
      ['first', '2026-01-01T10:00:00.000Z'],
      ['second', '2026-02-01T10:00:00.000Z'],
      ['third', '2026-03-01T10:00:00.000Z'],
    ] as const) {
      expect((await send(admin, 'POST', '/content/news', news({ slug, publishedAt: at }))).statusCode).toBe(
        201,
      );
    }
    const first = (await get(null, '/public/content/news?limit=2&language=en')).json();
    expect(first.items.map((i: { slug: string }) => i.slug)).toEqual(['third', 'second']);
    expect(first.nextCursor).toEqual(expect.any(String));
    const next = (await get(null, `/public/content/news?limit=2&cursor=${first.nextCursor}`)).json();
    expect(next.items.map((i: { slug: string }) => i.slug)).toEqual(['first']);
    expect(next.nextCursor).toBeNull();

    const id = '00000000-0000-4000-8000-000000000000';
    const cursor = (value: unknown) => Buffer.from(JSON.stringify([value, id])).toString('base64url');
    for (const [kind, bad] of [
      ['news', 'not-a-cursor'],
      ['news', cursor('1')],
      ['news', cursor('2026-02-31T10:00:00.000Z')],
      ['news', cursor(5)],
      ['faq', cursor(1.5)],
      ['faq', cursor(1e12)],
      ['events', cursor('2026-13-01')],
      ['pages', cursor("x' or 1=1 --")],
    ] as const) {
      const response = await get(null, `/public/content/${kind}?cursor=${bad}`);
      expect(response.statusCode, `${kind} ${bad}`).toBe(400);
      expect(response.json().error.code).toBe('invalid_cursor');
    }
    const faqPage = await get(null, `/public/content/faq?cursor=${cursor(0)}`);
    expect(faqPage.statusCode).toBe(200);
  });

  it('refuses bad input with 400 or 409 and changes nothing', async () => {
    const created = (await send(admin, 'POST', '/content/news', news({ slug: 'kept' }))).json();
    const before = await countOf('news');
    const cases: [unknown, number][] = [
      [{ ...news(), title: { pt: '', en: 'x', fr: '' } }, 400],
      [{ ...news(), body: { pt: '<script>alert(1)</script>', en: '', fr: '' } }, 400],
      [{ ...news(), slug: 'Com Espaços' }, 400],
      [{ ...news(), status: 'live' }, 400],
      [{ ...news(), publishedAt: 'yesterday' }, 400],
      [{ ...news(), coverImage: { imageId: '00000000-0000-4000-8000-000000000000' } }, 400],
      [{ ...news(), title: { pt: 'x'.repeat(201), en: '', fr: '' } }, 400],
      [[], 400],
    ];
    for (const [body, status] of cases) {
      const response = await send(admin, 'POST', '/content/news', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().error).toBeDefined();
    }
    expect(await countOf('news')).toBe(before);

    // A stale version and an unknown id leave the item as it was.
    const stale = await send(admin, 'PUT', `/content/news/${created.id}`, {
      ...news({ slug: 'kept' }),
      version: 9,
    });
    expect(stale.statusCode).toBe(409);
    expect((await send(admin, 'PUT', '/content/news/not-an-id', { ...news(), version: 1 })).statusCode).toBe(
      400,
    );
    expect(
      (await send(admin, 'DELETE', '/content/news/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect((await get(admin, `/content/news/${created.id}`)).json()).toMatchObject({
      version: 1,
      slug: 'kept',
    });
  });

  it('updates and deletes with an audit row each', async () => {
    const created = (await send(admin, 'POST', '/content/news', news({ slug: 'edited' }))).json();
    const updated = await send(admin, 'PUT', `/content/news/${created.id}`, {
      ...news({ slug: 'edited', title: { pt: 'Novo título', en: 'New title', fr: 'Nouveau titre' } }),
      body: { pt: '<p>pt</p>', en: '<p>en</p>', fr: '<p>fr</p>' },
      summary: { pt: 's', en: 's', fr: 's' },
      version: 1,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      version: 2,
      missingLanguages: [],
      title: { fr: 'Nouveau titre' },
    });
    expect(updated.json().publishedAt).toBe(created.publishedAt);
    expect((await send(admin, 'DELETE', `/content/news/${created.id}`)).statusCode).toBe(204);
    expect((await get(admin, `/content/news/${created.id}`)).statusCode).toBe(404);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'content/news'), eq(auditLog.entityId, created.id)));
    expect(audit.map((row) => row.action).sort()).toEqual(['create', 'delete', 'update']);
  });
});

describe('rich text cleaning through the API', () => {
  it('stores and serves the XSS corpus without a script, event attribute, javascript: URL, style or iframe', async () => {
    const answer = `<p>Resposta.</p>${XSS_VECTORS.join('')}`;
    const created = await send(admin, 'POST', '/content/faq', {
      question: { pt: 'É seguro?', en: 'Is it safe?', fr: '' },
      answer: { pt: answer, en: answer, fr: '' },
      status: 'published',
    });
    expect(created.statusCode).toBe(201);
    const stored = created.json().answer.pt as string;
    const served = (await get(null, `/public/content/faq/${created.json().id}?language=en`)).json()
      .answer as string;
    for (const html of [stored, served]) {
      expect(html.startsWith('<p>Resposta.</p>')).toBe(true);
      expect(html).not.toMatch(/<(script|iframe|style|object|embed|svg|form|meta|base|link)\b/i);
      expect(html).not.toMatch(/<[^>]*\son[a-z]+\s*=/i);
      expect(html).not.toMatch(/<[^>]*\bstyle\s*=/i);
      expect(html).not.toMatch(/(href|src)="\s*(javascript|vbscript|data):/i);
      expect(html).not.toMatch(/<a [^>]*href="\/\//i);
    }
  });
});

describe('GET /app/api/v1/public/content/faq?q=', () => {
  it('finds questions and answers in any language, accents ignored', async () => {
    await send(admin, 'POST', '/content/faq', {
      question: { pt: 'Quanto custa a candidatura?', en: 'How much does applying cost?', fr: '' },
      answer: { pt: '<p>Nada: é gratuita.</p>', en: '<p>Nothing.</p>', fr: '' },
      category: { pt: 'Candidaturas', en: 'Applications', fr: '' },
      order: 1,
      status: 'published',
    });
    const found = (await get(null, '/public/content/faq?q=GRATUITA&language=en')).json();
    expect(found.items.map((i: { question: string }) => i.question)).toEqual([
      'How much does applying cost?',
    ]);
    expect((await get(null, '/public/content/faq?q=candidatura')).json().items).toHaveLength(1);
    expect((await get(null, '/public/content/faq?q=inexistente')).json().items).toHaveLength(0);
  });
});

describe('gallery videos', () => {
  it('keeps a YouTube short link in the long form and embeds it from youtube-nocookie', async () => {
    const created = await send(admin, 'POST', '/content/gallery', {
      title: { pt: 'Gala 2026', en: 'Gala 2026', fr: 'Gala 2026' },
      media: [
        {
          kind: 'video',
          videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
          caption: { pt: 'Cerimónia', en: '', fr: '' },
        },
      ],
      status: 'published',
    });
    expect(created.statusCode).toBe(201);
    const album = (await get(null, `/public/content/gallery/${created.json().slug}?language=en`)).json();
    expect(album.media).toEqual([
      expect.objectContaining({
        kind: 'video',
        videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        embedUrl: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
        caption: 'Cerimónia',
      }),
    ]);
    expect(album.fallbackLanguages).toEqual(['pt']);
    const vimeo = await send(admin, 'POST', '/content/gallery', {
      title: { pt: 'Outro', en: '', fr: '' },
      media: [{ kind: 'video', videoUrl: 'https://vimeo.com/1' }],
    });
    expect(vimeo.statusCode).toBe(400);
  });
});

describe('POST /app/api/v1/content/images', () => {
  it('re-encodes to WebP at the widths below the original, without the bytes appended to it', async () => {
    const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#0a5' } })
      .png()
      .toBuffer();
    const polyglot = Buffer.concat([png, Buffer.from('<html><script>alert(1)</script></html>')]);
    const response = await upload(admin, '/content/images', polyglot, 'foto.png', 'image/png');
    expect(response.statusCode).toBe(201);
    const image = response.json();
    expect(image).toMatchObject({ width: 800, height: 400 });
    expect(image.srcset.map((s: { width: number }) => s.width)).toEqual([320, 640, 800]);

    for (const { width, url } of image.srcset as { width: number; url: string }[]) {
      const served = await ctx.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const bytes = served.rawPayload;
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
      expect(bytes.includes(Buffer.from('<html'))).toBe(false);
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
      expect(meta.exif).toBeUndefined();
    }

    // The image can then be a news item's cover, in the public answer with its srcset.
    const created = await send(admin, 'POST', '/content/news', {
      ...news({ slug: 'with-cover' }),
      coverImage: { imageId: image.id, alt: { pt: 'Foto', en: 'Photo', fr: '' } },
    });
    expect(created.statusCode).toBe(201);
    const cover = (await get(null, '/public/content/news/with-cover?language=en')).json().coverImage;
    expect(cover).toMatchObject({ id: image.id, alt: 'Photo', width: 800 });
  });

  it('does not upscale a small image, strips its EXIF, refuses what is not an image, and answers 403 to a company', async () => {
    const small = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#fff' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'Secret camera owner', Artist: 'Secret camera owner' } })
      .toBuffer();
    expect((await sharp(small).metadata()).exif).toBeDefined();
    const response = await upload(admin, '/content/images', small, 'small.jpg', 'image/jpeg');
    expect(response.json().srcset.map((s: { width: number }) => s.width)).toEqual([200]);
    const served = await ctx.app.inject({ method: 'GET', url: response.json().url });
    expect(served.rawPayload.includes(Buffer.from('Secret camera owner'))).toBe(false);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    const html = await upload(admin, '/content/images', Buffer.from('<html></html>'), 'x.png', 'image/png');
    expect(html.statusCode).toBe(400);
    expect(html.json().error.code).toBe('not_an_image');
    const member = await upload(company, '/content/images', small, 'small.jpg', 'image/jpeg');
    expect(member.statusCode).toBe(403);
  });
});

describe('regulations and guides', () => {
  it('uploads a PDF to a document, downloaded and viewed once published', async () => {
    const created = await send(admin, 'POST', '/content/documents', {
      title: { pt: 'Regulamento 2026', en: 'Regulation 2026', fr: 'Règlement 2026' },
      category: 'regulation',
      articles: { pt: 'Artigos 3.º, 4.º e 6.º', en: 'Articles 3, 4 and 6', fr: '' },
      status: 'draft',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    const notPdf = await upload(
      admin,
      `/content/documents/${id}/file`,
      Buffer.from('<html>'),
      'r.pdf',
      'application/pdf',
    );
    expect(notPdf.statusCode).toBe(400);
    const stored = await upload(
      admin,
      `/content/documents/${id}/file`,
      pdf,
      'regulamento.pdf',
      'application/pdf',
    );
    expect(stored.statusCode).toBe(200);
    expect(stored.json().file).toMatchObject({ fileName: 'regulamento-2026.pdf', size: pdf.length });

    // A draft's PDF is not public.
    expect((await get(null, '/public/content/documents/regulamento-2026/download')).statusCode).toBe(404);
    await send(admin, 'PUT', `/content/documents/${id}`, {
      title: { pt: 'Regulamento 2026', en: 'Regulation 2026', fr: 'Règlement 2026' },
      category: 'regulation',
      status: 'published',
      version: stored.json().version,
    });
    const item = (await get(null, '/public/content/documents/regulamento-2026?language=en')).json();
    expect(item.file).toMatchObject({
      downloadUrl: `${API_PREFIX}/public/content/documents/regulamento-2026/download`,
      viewUrl: `${API_PREFIX}/public/content/documents/regulamento-2026/view`,
    });
    const download = await ctx.app.inject({ method: 'GET', url: item.file.downloadUrl });
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="regulamento-2026.pdf"/);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    const view = await ctx.app.inject({ method: 'GET', url: item.file.viewUrl });
    expect(view.headers['content-disposition']).toMatch(/^inline;/);
  });
});

describe('the eligibility page', () => {
  it('shows the thresholds of the application criteria as the reference data has them', async () => {
    const created = await send(admin, 'POST', '/content/pages', {
      key: 'eligibility',
      title: { pt: 'Critérios de elegibilidade', en: 'Eligibility criteria', fr: '' },
      body: { pt: '<p>As metas:</p>', en: '<p>The targets:</p>', fr: '' },
      status: 'published',
    });
    expect(created.statusCode).toBe(201);
    const again = await send(admin, 'POST', '/content/pages', {
      key: 'eligibility',
      title: { pt: 'Outra', en: '', fr: '' },
    });
    expect(again.statusCode).toBe(409);

    const page = (await get(null, '/public/content/pages/eligibility?language=en')).json();
    const applicationCriteria = await ctx.db
      .select()
      .from(criteria)
      .where(and(eq(criteria.isApplicationCriterion, true), eq(criteria.isActive, true)));
    expect(page.thresholds.length).toBe(applicationCriteria.length);
    expect(page.thresholds.length).toBeGreaterThan(0);
    const one = applicationCriteria[0] as (typeof applicationCriteria)[number];
    await ctx.db.update(criteria).set({ targetValue: '0.123' }).where(eq(criteria.id, one.id));
    const after = (await get(null, '/public/content/pages/eligibility?language=en')).json();
    expect(after.thresholds.find((t: { code: string }) => t.code === one.code)).toMatchObject({
      targetValue: '0.123',
      targetComparison: one.targetComparison,
    });
  });
});

import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { caeDivisions, caeSections, cities, islands, pendingRegistrations } from '../src/db/schema/index.ts';
import { testConfig } from './support/config.ts';
import { createTestContext, type SignedIn, type TestContext, type TestUser } from './support/context.ts';
import { API_PREFIX, apiCalls } from './support/http.ts';

/**
 * Text PostgreSQL cannot store (U+0000 in text, `\u0000` in jsonb) and other control characters or lone
 * surrogates, sent in a query, a path or a JSON body: 400 with the field and a translated message, before any
 * side effect; never a 500.
 */

const INVALID_CHARACTERS = {
  pt: 'Contém caracteres inválidos',
  en: 'Contains invalid characters',
  fr: 'Contient des caractères non valides',
};

let ctx: TestContext;
let adminUser: TestUser;
let admin: SignedIn;

const { get } = apiCalls(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestContext();
});

beforeEach(async () => {
  await ctx.reset();
  adminUser = await ctx.createUser({ email: 'gestor@teste.cv', roles: ['admin'] });
  admin = await ctx.signIn(adminUser.email, adminUser.password);
});

afterAll(async () => {
  await ctx?.close();
});

async function count(table: string): Promise<number> {
  const result = await ctx.db.execute<{ n: string }>(sql.raw(`select count(*)::text as n from ${table}`));
  const rows = Array.isArray(result) ? result : (result as unknown as { rows: { n: string }[] }).rows;
  return Number(rows[0]?.n);
}

function postJson(url: string, body: string, headers: Record<string, string> = admin.headers) {
  return ctx.app.inject({
    method: 'POST',
    url: `${API_PREFIX}/${url}`,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: body,
  });
}

describe('list searches', () => {
  it('answers the public directory searched with U+0000 with 400 and the field, in the caller’s language', async () => {
    for (const language of ['pt', 'en', 'fr'] as const) {
      const res = await get(null, `/public/companies?search=a%00b`, { language });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'validation',
        key: 'errors:validation',
        details: [{ path: 'search', message: INVALID_CHARACTERS[language] }],
      });
    }
  });

  it('refuses other control characters in a reference list search, and keeps tab and line breaks', async () => {
    for (const search of ['%00', 'x%01', '%1B%5B31m', '%0B', '%7F%00']) {
      const res = await get(admin, `/islands?search=${search}`);
      expect(res.statusCode, `${search}: ${res.body}`).toBe(400);
      expect(res.json().error.details).toEqual([{ path: 'search', message: INVALID_CHARACTERS.pt }]);
    }
    for (const search of ['Santiago%09', '%0D%0ASal', 'S%C3%A3o']) {
      const res = await get(admin, `/islands?search=${search}`);
      expect(res.statusCode, `${search}: ${res.body}`).toBe(200);
    }
  });

  it('refuses U+0000 in a path parameter', async () => {
    const res = await get(admin, `/islands/%00`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([{ path: 'id', message: INVALID_CHARACTERS.pt }]);
  });
});

describe('reference data', () => {
  it('creates nothing from a description with U+0000 (stored as jsonb), and names the field', async () => {
    const audit = await count('audit_log');
    const res = await postJson(
      'islands',
      JSON.stringify({ code: 'ST', description: { pt: 'Santi\u0000ago', en: '', fr: '' } }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'validation',
      details: [{ path: 'description.pt', message: INVALID_CHARACTERS.pt }],
    });
    expect(await count('islands')).toBe(0);
    expect(await count('audit_log')).toBe(audit);

    // The same record without it is taken.
    const ok = await postJson(
      'islands',
      JSON.stringify({ code: 'ST', description: { pt: 'Santiago', en: '', fr: '' } }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('refuses a lone surrogate, a control character in a key and in an update, changing nothing', async () => {
    const created = await postJson(
      'islands',
      JSON.stringify({ code: 'ST', description: { pt: 'Santiago', en: '', fr: '' } }),
    );
    const island = created.json();

    // JSON.stringify writes a lone surrogate as the escape \ud800; parsed, it is half a character.
    const surrogate = await postJson(
      'islands',
      JSON.stringify({ code: 'FG', description: { pt: 'Fogo\ud800', en: '', fr: '' } }),
    );
    expect(surrogate.statusCode, surrogate.body).toBe(400);
    expect(surrogate.json().error.details).toEqual([
      { path: 'description.pt', message: INVALID_CHARACTERS.pt },
    ]);

    const key = await postJson(
      'islands',
      JSON.stringify({ code: 'FG', description: { pt: 'Fogo', en: '', fr: '', 'x\u0000': 'y' } }),
    );
    expect(key.statusCode, key.body).toBe(400);
    expect(key.json().error.details).toEqual([{ path: 'description', message: INVALID_CHARACTERS.pt }]);

    const update = await ctx.app.inject({
      method: 'PUT',
      url: `${API_PREFIX}/islands/${island.id}`,
      headers: { ...admin.headers, 'content-type': 'application/json', 'x-language': 'en' },
      payload: JSON.stringify({
        code: 'ST',
        description: { pt: 'Santiago', en: 'Saint\u0007James', fr: '' },
        version: island.version,
      }),
    });
    expect(update.statusCode, update.body).toBe(400);
    expect(update.json().error.details).toEqual([{ path: 'description.en', message: INVALID_CHARACTERS.en }]);
    const after = await get(admin, `/islands/${island.id}`);
    expect(after.json()).toEqual(island);
    expect(await count('islands')).toBe(1);
  });

  it('answers a body nested a hundred thousand levels deep with a 4xx, not a 500', async () => {
    const depth = 100_000;
    const res = await postJson('islands', `${'['.repeat(depth)}"\u0000"${']'.repeat(depth)}`);
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
  });
});

describe('registration', () => {
  async function referenceData() {
    const text = (pt: string) => ({ pt, en: pt, fr: pt });
    const [section] = await ctx.db
      .insert(caeSections)
      .values({ code: 'G', description: text('Comércio') })
      .returning();
    const [division] = await ctx.db
      .insert(caeDivisions)
      .values({ code: '47', description: text('Retalho'), sectionId: section?.id as string })
      .returning();
    const [island] = await ctx.db
      .insert(islands)
      .values({ code: 'ST', description: text('Santiago') })
      .returning();
    const [city] = await ctx.db
      .insert(cities)
      .values({ code: 'PR', description: text('Praia'), islandId: island?.id as string })
      .returning();
    return {
      caeSectionId: section?.id,
      caeDivisionId: division?.id,
      islandId: island?.id,
      cityId: city?.id,
    };
  }

  it('refuses a company name with U+0000 with 400: no registration waits and no provider user exists', async () => {
    const reference = await referenceData();
    const remoteAddress = '10.1.2.3';
    const csrf = (await ctx.app.inject({ url: '/auth/csrf', remoteAddress })).json().csrfToken;
    const visitor = { cookie: `portal_csrf=${csrf}`, 'x-csrf-token': csrf };
    const form = (email: string, companyName: string) =>
      JSON.stringify({
        companyName,
        responsibleName: 'Maria Lopes',
        email,
        phone: '+238 991 23 45',
        nif: '123456789',
        password: 'Registo!Seguro-2026',
        confirmPassword: 'Registo!Seguro-2026',
        ...reference,
        acceptedTerms: true,
        language: 'pt',
      });
    const register = (email: string, companyName: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `${API_PREFIX}/registrations`,
        remoteAddress,
        headers: { ...visitor, 'content-type': 'application/json', 'x-language': 'fr' },
        payload: form(email, companyName),
      });

    const refused = await register('nul@empresa.cv', 'Pastelaria\u0000 Boa Vista');
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'validation',
      details: [{ path: 'companyName', message: INVALID_CHARACTERS.fr }],
    });
    expect(await ctx.db.select().from(pendingRegistrations)).toEqual([]);
    expect(await ctx.identity.findUserByEmail('nul@empresa.cv')).toBeNull();

    // The same form without it is taken (so it was the character that was refused).
    const taken = await register('sem.nul@empresa.cv', 'Pastelaria Boa Vista');
    expect(taken.statusCode, taken.body).toBe(202);
  });
});

describe('user names and profiles', () => {
  it('refuses a control character in the own name, keeping the name here and at the provider', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `${API_PREFIX}/me/profile`,
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Gestor\u0000', language: 'pt' }),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.details).toEqual([{ path: 'name', message: INVALID_CHARACTERS.pt }]);
    const profile = await get(admin, `/me/profile`);
    expect(profile.json().name).toBe(adminUser.name);
    expect((await ctx.identity.findUserByEmail(adminUser.email))?.name).toBe(adminUser.name);
  });

  it('stores a profile picture whose file name holds U+0000, without it', async () => {
    // A real image: the portal decodes and re-encodes every profile picture.
    const png = await sharp({
      create: { width: 2, height: 2, channels: 3, background: { r: 1, g: 2, b: 3 } },
    })
      .png()
      .toBuffer();
    const boundary = '----nulboundary';
    for (const disposition of ['filename="me\u0000.png"', "filename*=UTF-8''me%00%01.png"]) {
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; ${disposition}\r\n` +
            'Content-Type: image/png\r\n\r\n',
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `${API_PREFIX}/me/profile-picture`,
        headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(res.statusCode, `${disposition}: ${res.body}`).toBe(200);
    }
    const names = await ctx.db.execute<{ name: string }>(
      sql`select original_name as name from files where kind = 'profile-picture'`,
    );
    const rows = Array.isArray(names) ? names : (names as unknown as { rows: { name: string }[] }).rows;
    expect(rows.map((row) => row.name)).toEqual(['me.png', 'me.png']);
  });
});

describe('the database refusing text (backstop)', () => {
  it('answers 400 with the translated message when U+0000 reaches PostgreSQL in text or jsonb', async () => {
    const app = await buildApp({ config: testConfig(), database: ctx.database.handle });
    try {
      // Routes outside /app/api that take the text from a header, past the request check.
      app.get('/test/text', async (request) => {
        await ctx.db.execute(sql`select ${String(request.headers['x-text']).replace('~', '\u0000')}::text`);
        return { ok: true };
      });
      app.get('/test/jsonb', async () => {
        await ctx.db.execute(sql`select ${JSON.stringify({ pt: 'a\u0000' })}::jsonb`);
        return { ok: true };
      });
      await app.ready();
      for (const url of ['/test/text', '/test/jsonb']) {
        const res = await app.inject({ url, headers: { 'x-text': 'a~b', 'x-language': 'en' } });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
        expect(res.json().error).toEqual({
          code: 'validation',
          key: 'errors:validation',
          message: 'The data sent is not valid.',
          details: [{ path: '', message: INVALID_CHARACTERS.en }],
        });
      }
    } finally {
      await app.close();
    }
  });
});

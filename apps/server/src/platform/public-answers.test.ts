import { brotliDecompressSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerPublicAnswers } from './public-answers.ts';

/**
 * A small portal: the session is the `x-test-roles` header (as the guard would resolve a cookie), `/news` a public
 * answer that depends on the language and counts how often it is made, `/mine` a public route not kept.
 */
async function portal(options: { ttlMs?: number; now?: () => number } = {}) {
  const app = Fastify();
  const made: Record<string, number> = {};
  let news = 'first';
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const roles = request.headers['x-test-roles'];
    request.auth =
      typeof roles === 'string' ? ({ roles: roles.split(',') } as unknown as FastifyRequest['auth']) : null;
  });
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'] });
  registerPublicAnswers(app, { ttlMs: options.ttlMs ?? 5000, now: options.now });
  const count = (name: string) => {
    made[name] = (made[name] ?? 0) + 1;
  };
  app.get('/news', { config: { publicAnswer: true } }, async (request) => {
    count('news');
    const language = request.headers['x-language'] ?? 'pt';
    // Long enough to be compressed (over @fastify/compress's 1 KB threshold).
    return { language, news, items: Array.from({ length: 200 }, (_, i) => `${news}: item ${i} of the news`) };
  });
  app.get('/yearly', { config: { publicAnswer: true } }, async (_request, reply) => {
    count('yearly');
    reply.header('cache-control', 'public, max-age=300');
    return { news };
  });
  app.get<{ Querystring: { id?: string } }>(
    '/item',
    { config: { publicAnswer: true } },
    async (request, reply) => {
      count('item');
      if (request.query.id !== '1') return reply.code(404).send({ error: 'not found' });
      return { id: 1, news };
    },
  );
  app.get('/big', { config: { publicAnswer: true } }, async () => {
    count('big');
    return { text: 'x'.repeat(70 * 1024) };
  });
  app.get('/mine', async () => {
    count('mine');
    return { news };
  });
  app.post('/news', async (request) => {
    news = String((request.body as { news: string }).news);
    return { news };
  });
  await app.ready();
  return {
    app,
    made,
    set(value: string) {
      news = value;
    },
  };
}

let opened: Awaited<ReturnType<typeof portal>> | undefined;
async function open(options?: Parameters<typeof portal>[0]) {
  opened = await portal(options);
  return opened;
}
afterEach(async () => {
  await opened?.app.close();
  opened = undefined;
});

describe('public answers kept for a few seconds', () => {
  it("answers the next visitors with the first visitor's answer, byte for byte, until it expires", async () => {
    let clock = 0;
    const { app, made, set } = await open({ now: () => clock });
    const first = await app.inject({ method: 'GET', url: '/news' });
    expect(first.statusCode).toBe(200);
    set('second');
    clock = 4999;
    const again = await app.inject({ method: 'GET', url: '/news' });
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(made.news).toBe(1);
    clock = 5000;
    const later = await app.inject({ method: 'GET', url: '/news' });
    expect(later.json().news).toBe('second');
    expect(made.news).toBe(2);
  });

  it('keeps the compressed answer apart from the plain one, and sends it compressed', async () => {
    const { app, made } = await open();
    const plain = await app.inject({ method: 'GET', url: '/news' });
    const headers = { 'accept-encoding': 'br, gzip' };
    const compressed = await app.inject({ method: 'GET', url: '/news', headers });
    const kept = await app.inject({ method: 'GET', url: '/news', headers });
    expect(made.news).toBe(2);
    expect(kept.headers['content-encoding']).toBe('br');
    expect(kept.headers.vary).toContain('accept-encoding');
    expect(kept.rawPayload.equals(compressed.rawPayload)).toBe(true);
    expect(kept.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(kept.rawPayload).toString())).toEqual(plain.json());
  });

  it("sends a kept answer with the route's own cache-control", async () => {
    const { app, made } = await open();
    const answers = [await app.inject({ url: '/yearly' }), await app.inject({ url: '/yearly' })];
    expect(answers.map((answer) => answer.headers['cache-control'])).toEqual([
      'public, max-age=300',
      'public, max-age=300',
    ]);
    expect(made.yearly).toBe(1);
  });

  it('keeps each language apart', async () => {
    const { app, made } = await open();
    const en = await app.inject({ method: 'GET', url: '/news', headers: { 'x-language': 'en' } });
    const fr = await app.inject({ method: 'GET', url: '/news', headers: { 'x-language': 'fr' } });
    const enAgain = await app.inject({
      method: 'GET',
      url: '/news',
      headers: { 'accept-language': 'en-GB' },
    });
    expect([en.json().language, fr.json().language, enAgain.json().language]).toEqual(['en', 'fr', 'en']);
    expect(made.news).toBe(2);
  });

  it('never keeps nor serves a kept answer to a signed-in caller or one with a token', async () => {
    const { app, made, set } = await open();
    await app.inject({ method: 'GET', url: '/news' });
    set('changed');
    const signedIn = await app.inject({
      method: 'GET',
      url: '/news',
      headers: { 'x-test-roles': 'company' },
    });
    const token = await app.inject({ method: 'GET', url: '/news', headers: { authorization: 'Bearer x' } });
    const visitor = await app.inject({ method: 'GET', url: '/news' });
    expect([signedIn.json().news, token.json().news, visitor.json().news]).toEqual([
      'changed',
      'changed',
      'first',
    ]);
    expect(made.news).toBe(3);
  });

  it('does not keep an error, an answer over 64 KiB, nor the answers of routes that are not marked', async () => {
    const { app, made, set } = await open();
    expect((await app.inject({ method: 'GET', url: '/item?id=2' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/item?id=2' })).statusCode).toBe(404);
    expect(made.item).toBe(2);
    for (let i = 0; i < 2; i++)
      expect((await app.inject({ method: 'GET', url: '/big' })).json().text).toHaveLength(70 * 1024);
    expect(made.big).toBe(2);
    await app.inject({ method: 'GET', url: '/mine' });
    set('changed');
    expect((await app.inject({ method: 'GET', url: '/mine' })).json().news).toBe('changed');
  });

  it('makes an answer once for visitors who ask for it at the same time', async () => {
    const { app, made } = await open();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => app.inject({ method: 'GET', url: '/news' })),
    );
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(made.news).toBe(1);
  });

  it("forgets every kept answer when an admin's change succeeds, and not for a company's", async () => {
    const { app } = await open();
    const read = async () => (await app.inject({ method: 'GET', url: '/news' })).json().news;
    expect(await read()).toBe('first');
    const change = (news: string, roles: string) =>
      app.inject({ method: 'POST', url: '/news', payload: { news }, headers: { 'x-test-roles': roles } });
    await change('by a company', 'company');
    expect(await read()).toBe('first');
    await change('by an admin', 'admin');
    expect(await read()).toBe('by an admin');
  });

  it('keeps nothing with a time to live of 0', async () => {
    const { app, made } = await open({ ttlMs: 0 });
    await app.inject({ method: 'GET', url: '/news' });
    await app.inject({ method: 'GET', url: '/news' });
    expect(made.news).toBe(2);
  });

  it('answers HEAD as it answers GET, without keeping it', async () => {
    const { app, made } = await open();
    const head = await app.inject({ method: 'HEAD', url: '/news' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    await app.inject({ method: 'GET', url: '/news' });
    await app.inject({ method: 'GET', url: '/news' });
    expect(made.news).toBe(2);
  });
});

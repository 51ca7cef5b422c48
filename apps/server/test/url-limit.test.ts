import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { testConfig } from './support/config.ts';
import { openTestDatabase, type TestDatabase } from './support/database.ts';

/**
 * Requests the router or Node refuse before any route runs (a path parameter over the length limit, a malformed
 * escape, a request line over the header size limit), sent over a real socket: answered in the one error shape
 * with a translated message, never with Fastify's raw body echoing the URL.
 */

let database: TestDatabase;
let app: App;
let port: number;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ config: testConfig(), database: database.handle });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
});

afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

function send(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; contentType: string; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type']), body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const MARK = 'probe';

describe('URL limits', () => {
  it('a path parameter over the limit: 414 in the error shape, translated, without the URL', async () => {
    const path = `/app/api/v1/companies/${MARK}${'a'.repeat(300)}`;
    const messages = {
      pt: 'O endereço pedido é demasiado longo.',
      en: 'The requested address is too long.',
      fr: "L'adresse demandée est trop longue.",
    };
    for (const [language, message] of Object.entries(messages)) {
      const res = await send(path, { 'x-language': language, accept: 'application/json' });
      expect(res.status).toBe(414);
      expect(res.contentType).toContain('application/json');
      expect(JSON.parse(res.body)).toEqual({
        error: { code: 'uri_too_long', key: 'errors:uriTooLong', message },
      });
      expect(res.body).not.toContain(MARK);
    }
  });

  it('a malformed escape in a path parameter: 400 in the error shape, without the URL', async () => {
    const res = await send(`/app/api/v1/companies/${MARK}%zz`, { 'x-language': 'en' });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({
      error: { code: 'bad_request', key: 'errors:badRequest', message: 'The request is not valid.' },
    });
    expect(res.body).not.toContain(MARK);
  });

  it('a request line over the header size limit: 431 in the error shape (default language), without the URL', async () => {
    const res = await send(`/app/api/v1/${MARK}${'a'.repeat(20_000)}`, { 'x-language': 'en' });
    expect(res.status).toBe(431);
    expect(res.contentType).toContain('application/json');
    expect(JSON.parse(res.body)).toEqual({
      error: {
        code: 'headers_too_large',
        key: 'errors:headersTooLarge',
        message: 'Os cabeçalhos do pedido são demasiado grandes.',
      },
    });
    expect(res.body).not.toContain(MARK);
  });

  it('the server keeps answering afterwards', async () => {
    const res = await send('/app/api/v1/health');
    expect(res.status).toBe(200);
  });
});

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { testConfig } from './support/config.ts';
import { openTestDatabase, type TestDatabase } from './support/database.ts';

let database: TestDatabase;
let app: App;

const HTML = `<!doctype html><html lang="pt"><head><title>Portal</title></head><body>${'<p>Excelência</p>'.repeat(200)}</body></html>`;
const SCRIPT = `export const words = ${JSON.stringify('palavra '.repeat(500))};`;
/** Different from SCRIPT on purpose: only a response read from the .br or .gz file carries these words. */
const PRECOMPRESSED_SCRIPT = `export const words = ${JSON.stringify('comprimido '.repeat(500))};`;
const SPREADSHEET = Buffer.alloc(4096, 'x');

beforeAll(async () => {
  database = await openTestDatabase();
  const config = testConfig();
  const assets = join(config.webDistDir, 'assets');
  mkdirSync(assets, { recursive: true });
  // The HTML shell without precompressed copies, so that it is compressed on the fly.
  writeFileSync(join(config.webDistDir, 'index.html'), HTML);
  writeFileSync(join(assets, 'index-AbC123.js'), SCRIPT);
  writeFileSync(join(assets, 'index-AbC123.js.br'), brotliCompressSync(PRECOMPRESSED_SCRIPT));
  writeFileSync(join(assets, 'index-AbC123.js.gz'), gzipSync(PRECOMPRESSED_SCRIPT));
  writeFileSync(join(assets, 'model-AbC123.xlsx'), SPREADSHEET);
  app = await buildApp({ config, database: database.handle });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describe('compressed responses', () => {
  it('compresses a JSON answer of the API with brotli or gzip as asked, and not without asking', async () => {
    const url = '/app/api/v1/docs/json';
    const plain = await app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const expected = plain.json();
    for (const [accept, encoding] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br', 'br'],
    ] as const) {
      const res = await app.inject({ url, headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decode(encoding, res.rawPayload))).toEqual(expected);
    }
    const identity = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.json()).toEqual(expected);
  });

  it('compresses the HTML shell and keeps it out of the browser cache', async () => {
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await app.inject({
        url: '/pt/public/faqs',
        headers: { accept: 'text/html', 'accept-encoding': encoding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
      expect(decode(encoding, res.rawPayload)).toBe(HTML);
    }
    const plain = await app.inject({ url: '/pt/public/faqs', headers: { accept: 'text/html' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(HTML);
  });

  it('serves a hashed asset from its precompressed file with the year-long immutable cache', async () => {
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await app.inject({
        url: '/assets/index-AbC123.js',
        headers: { 'accept-encoding': encoding },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toContain('javascript');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toContain('accept-encoding');
      expect(decode(encoding, res.rawPayload)).toBe(PRECOMPRESSED_SCRIPT);
    }
    const plain = await app.inject({ url: '/assets/index-AbC123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toBe(SCRIPT);
  });

  it('leaves files of a compressed format as they are', async () => {
    const res = await app.inject({
      url: '/assets/model-AbC123.xlsx',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(SPREADSHEET)).toBe(true);
  });
});

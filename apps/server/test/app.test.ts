import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp, rateLimitKey } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { testConfig } from './support/config.ts';
import { openTestDatabase, type TestDatabase } from './support/database.ts';

let database: TestDatabase;
let app: App;

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ config: testConfig(), database: database.handle });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

describe('security headers', () => {
  it('sends a strict CSP, nosniff and no HSTS on localhost', async () => {
    const res = await app.inject({ method: 'GET', url: '/app/api/v1/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    // The gallery's videos: frames from youtube-nocookie and nothing else.
    expect(csp).toContain('frame-src https://www.youtube-nocookie.com;');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('sends HSTS when the public address is https', async () => {
    const https = await buildApp({
      config: testConfig({ PUBLIC_URL: 'https://portal.example.cv' }),
      database: database.handle,
    });
    try {
      const res = await https.inject({ method: 'GET', url: '/app/api/v1/health' });
      expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
      expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await https.close();
    }
  });

  it('keeps a well-formed incoming x-request-id and replaces a malformed one', async () => {
    const kept = await app.inject({ url: '/app/api/v1/health', headers: { 'x-request-id': 'abc-123' } });
    expect(kept.headers['x-request-id']).toBe('abc-123');
    const replaced = await app.inject({ url: '/app/api/v1/health', headers: { 'x-request-id': 'a b<c>' } });
    expect(replaced.headers['x-request-id']).not.toBe('a b<c>');
  });
});

describe('not found', () => {
  it('answers unknown API paths with a JSON 404 that does not echo the path', async () => {
    const res = await app.inject({ method: 'GET', url: '/app/api/v1/no-such-thing-<script>' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'not_found', key: 'errors:notFound', message: 'Não encontrado.' },
    });
    expect(res.body).not.toContain('no-such-thing');
  });

  it('translates the message by x-language, then Accept-Language', async () => {
    const en = await app.inject({ url: '/app/api/v1/nope', headers: { 'x-language': 'en' } });
    expect(en.json().error.message).toBe('Not found.');
    const fr = await app.inject({
      url: '/auth/nope',
      headers: { 'accept-language': 'de, fr-CV;q=0.8, en;q=0.5' },
    });
    expect(fr.json().error.message).toBe('Introuvable.');
  });

  it('tells the developer to build the web app when a page is asked for and none is built', async () => {
    const res = await app.inject({ url: '/pt/company/dashboard', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('npm run build');
  });
});

describe('single-page app', () => {
  it('serves the built files and falls back to index.html for page paths, not for the API', async () => {
    const config = testConfig();
    mkdirSync(join(config.webDistDir, 'assets'), { recursive: true });
    writeFileSync(join(config.webDistDir, 'index.html'), '<!doctype html><title>SPA</title>');
    writeFileSync(join(config.webDistDir, 'assets', 'app-123.js'), 'console.log(1)');
    const web = await buildApp({ config, database: database.handle });
    try {
      const page = await web.inject({ url: '/en/public/faqs', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>SPA</title>');
      const root = await web.inject({ url: '/', headers: { accept: 'text/html' } });
      expect(root.body).toContain('<title>SPA</title>');
      const asset = await web.inject({ url: '/assets/app-123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      const api = await web.inject({ url: '/app/api/v1/unknown', headers: { accept: 'text/html' } });
      expect(api.statusCode).toBe(404);
      expect(api.headers['content-type']).toContain('application/json');
    } finally {
      await web.close();
    }
  });
});

describe('API docs', () => {
  it('publishes the OpenAPI document with the API routes', async () => {
    const res = await app.inject({ url: '/app/api/v1/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/app/api/v1/health', '/app/api/v1/accounts/by-email/{email}']),
    );
    expect(doc.paths['/app/api/v1/me/companies'].get.description).toContain('with one of company');
    expect(doc.paths['/app/api/v1/health'].get.description).toContain('Roles: public.');
    const ui = await app.inject({ url: '/app/api/v1/docs/', headers: { accept: 'text/html' } });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).not.toMatch(/<script>(?!\s*<)/);
  });
});

describe('route roles', () => {
  it('refuses to start when an API route does not declare its roles', async () => {
    const bare = await buildApp({ config: testConfig(), database: database.handle });
    try {
      expect(() => bare.get('/app/api/v1/forgotten', async () => 'open')).toThrow(
        /must declare config.roles/,
      );
    } finally {
      await bare.close();
    }
  });
});

describe('rate limit keys', () => {
  it('key a request by its address, an IPv6 one by its /64, and one whose client has hung up without throwing', () => {
    expect(rateLimitKey({ ip: '10.0.0.7' })).toBe('10.0.0.7');
    expect(rateLimitKey({ ip: '::ffff:10.0.0.7' })).toBe('10.0.0.7');
    expect(rateLimitKey({ ip: '2001:db8:0:12::1' })).toBe(rateLimitKey({ ip: '2001:db8:0:12:abcd::9' }));
    expect(rateLimitKey({ ip: '2001:db8:0:13::1' })).not.toBe(rateLimitKey({ ip: '2001:db8:0:12::1' }));
    // Node clears a socket's address once the client has gone; the library's own key threw a TypeError (a 500).
    expect(rateLimitKey({ ip: undefined })).toBe('no-address');
  });
});

describe('sign-in without a reachable identity provider', () => {
  it('answers 503 with a translated message, not a 500', async () => {
    const res = await app.inject({ url: '/auth/login?callbackUrl=/pt/', headers: { 'x-language': 'en' } });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('identity_provider_unavailable');
  });
});

describe('GET /app/api/v1/health', () => {
  it('answers 200 while the database is up, then 503 after it is closed', async () => {
    const up = await app.inject({ url: '/app/api/v1/health' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ status: 'ok', database: 'up' });
    await database.dispose();
    const down = await app.inject({ url: '/app/api/v1/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'error', database: 'down' });
    // A monitor (or a signed-in browser) sending a session cookie gets the same answer, not a 500.
    const withCookie = await app.inject({
      url: '/app/api/v1/health',
      headers: { cookie: 'portal_session=0123456789abcdef0123456789abcdef' },
    });
    expect(withCookie.statusCode).toBe(503);
    expect(withCookie.json()).toEqual({ status: 'error', database: 'down' });
  });
});

describe('loadConfig', () => {
  const production = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://portal.example.cv',
    ISSUER_URL: 'https://id.example.cv/realms/excelencia',
    CLIENT_SECRET: 'a-real-secret',
    SESSION_SECRET: 'x'.repeat(40),
  };

  it('derives the admin address from the issuer and the defaults', () => {
    const config = loadConfig(production);
    expect(config.idpAdminUrl).toBe('https://id.example.cv/admin/realms/excelencia');
    expect(config.port).toBe(3000);
    expect(config.builtInIdp).toBe(false);
    expect(config.demoData).toBe(false);
    expect(config.isHttps).toBe(true);
  });

  it('refuses production with dev defaults', () => {
    expect(() => loadConfig({ ...production, SESSION_SECRET: undefined })).toThrow(/SESSION_SECRET/);
    expect(() => loadConfig({ ...production, CLIENT_SECRET: undefined })).toThrow(/CLIENT_SECRET/);
    expect(() => loadConfig({ ...production, PUBLIC_URL: 'http://portal.example.cv' })).toThrow(/https/);
    expect(() => loadConfig({ ...production, DEMO_DATA: 'true' })).toThrow(/DEMO_DATA/);
    expect(loadConfig({ ...production, PUBLIC_URL: 'http://localhost:3000' }).isHttps).toBe(false);
  });
});

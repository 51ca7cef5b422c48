import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EMBLEM_SVG } from '@excelencia/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { composePage } from '../src/modules/site/page-renderer.ts';
import {
  createPageShell,
  PUBLIC_ROUTE_MODULES,
  routeModuleFor,
  SIGNED_IN_ROUTE_MODULES,
} from '../src/modules/site/page-shell.ts';
import { PUBLIC_PAGES, webPageStatus } from '../src/modules/site/web-pages.ts';
import { TEST_PUBLIC_URL, testConfig } from './support/config.ts';
import { openTestDatabase, type TestDatabase } from './support/database.ts';

let database: TestDatabase;
let app: App;
const SHELL = '<!doctype html><title>SPA</title><div id="root"></div>';

beforeAll(async () => {
  database = await openTestDatabase();
  const config = testConfig();
  mkdirSync(config.webDistDir, { recursive: true });
  writeFileSync(join(config.webDistDir, 'index.html'), SHELL);
  app = await buildApp({ config, database: database.handle });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.dispose();
});

/** Whether robots.txt keeps crawlers off a path: the longest matching rule wins, Allow on a tie (RFC 9309). */
function disallowed(robots: string, path: string): boolean {
  let best: { length: number; allow: boolean } = { length: -1, allow: true };
  for (const line of robots.split('\n')) {
    const rule = /^(Allow|Disallow):\s*(\S+)$/.exec(line.trim());
    if (!rule?.[2]) continue;
    const pattern = new RegExp(`^${rule[2].replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}`);
    if (!pattern.test(path)) continue;
    const allow = rule[1] === 'Allow';
    if (rule[2].length > best.length || (rule[2].length === best.length && allow)) {
      best = { length: rule[2].length, allow };
    }
  }
  return !best.allow;
}

describe('robots.txt', () => {
  it('opens the public site and closes the API, sign-in, developer tools and signed-in areas', async () => {
    const res = await app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const robots = res.body;
    expect(robots).toContain(`Sitemap: ${TEST_PUBLIC_URL}/sitemap.xml`);
    for (const path of [
      '/',
      '/pt/',
      '/en/public/faqs',
      '/fr/public/sobre',
      '/pt/public/companies',
      '/pt/public/companies/42',
      '/pt/public/distinguidas',
      '/favicon.svg',
    ]) {
      expect(disallowed(robots, path), path).toBe(false);
    }
    for (const path of [
      '/app/api/v1/health',
      '/auth/login',
      '/dev/mail',
      '/pt/admin/dashboard',
      '/en/company/dashboard',
      '/fr/partner/dashboard',
      '/pt/users/profile',
    ]) {
      expect(disallowed(robots, path), path).toBe(true);
    }
  });
});

describe('sitemap.xml', () => {
  it('lists every public page in pt, en and fr at absolute addresses, each with its hreflang alternates', async () => {
    const res = await app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const xml = res.body;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((match) => match[1] ?? '');
    const locs = urls.map((url) => /<loc>(.*?)<\/loc>/.exec(url)?.[1]);
    const expected = [
      '/pt/',
      '/en/',
      '/fr/',
      '/pt/public/sobre',
      '/en/public/candidaturas',
      '/fr/public/autodiagnostico',
      '/pt/public/faqs',
      '/en/public/companies',
      '/fr/public/balance-sheet-template',
      '/pt/public/privacy',
      '/en/public/regulation',
      '/fr/public/distinguidas',
    ];
    for (const path of expected) expect(locs).toContain(`${TEST_PUBLIC_URL}${path}`);
    expect(locs).toHaveLength(PUBLIC_PAGES.length * 3);
    const faqs = urls.find((url) => url.includes(`<loc>${TEST_PUBLIC_URL}/en/public/faqs</loc>`)) ?? '';
    for (const language of ['pt', 'en', 'fr']) {
      expect(faqs).toContain(
        `<xhtml:link rel="alternate" hreflang="${language}" href="${TEST_PUBLIC_URL}/${language}/public/faqs"/>`,
      );
    }
    expect(faqs).toContain(`hreflang="x-default" href="${TEST_PUBLIC_URL}/pt/public/faqs"`);
  });
});

describe('page status', () => {
  async function page(url: string) {
    return app.inject({ url, headers: { accept: 'text/html' } });
  }

  it('answers /404 and unknown public paths with status 404 and the app, which shows its not-found page', async () => {
    for (const url of [
      '/404',
      '/pt/404',
      '/en/404',
      '/fr/404',
      '/pt/public/nope',
      '/en/no-such-page',
      '/nope',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(SHELL);
    }
  });

  it('answers known pages with 200', async () => {
    for (const url of [
      '/',
      '/pt',
      '/pt/',
      '/fr/public/faqs',
      '/en/public/faqs/',
      '/pt/public/companies/0b7b6f0e-1',
      '/pt/public/selo/ABC123',
      '/pt/register',
      '/public/sobre',
      '/pt/company/dashboard',
      '/en/admin/reference/sectors',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(SHELL);
    }
  });

  it('answers a client that does not ask for JSON with the page: curl, link checkers, uptime monitors', async () => {
    for (const accept of ['*/*', undefined, 'text/plain, */*;q=0.1']) {
      for (const [url, status] of [
        ['/pt/', 200],
        ['/fr/public/faqs', 200],
        ['/pt/public/nope', 404],
      ] as const) {
        const res = await app.inject({ url, headers: accept ? { accept } : {} });
        expect(res.statusCode, `${url} ${accept}`).toBe(status);
        expect(res.headers['content-type'], `${url} ${accept}`).toContain('text/html');
        expect(res.body, `${url} ${accept}`).toBe(SHELL);
      }
    }
    // Asking for JSON, a missing asset, and the API keep the JSON 404.
    for (const [url, accept] of [
      ['/pt/public/nope', 'application/json'],
      ['/assets/missing.js', '*/*'],
      ['/app/api/v1/nope', '*/*'],
      ['/app/api/v1/nope', 'text/html'],
    ] as const) {
      const res = await app.inject({ url, headers: { accept } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code, url).toBe('not_found');
    }
  });

  it('knows every public route of the web router', () => {
    const router = readFileSync(new URL('../../web/src/app/router.tsx', import.meta.url), 'utf8');
    const paths = [...router.matchAll(/path: '((?:public|register)[^']*)'/g)].map((match) => match[1] ?? '');
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) expect(webPageStatus(`/pt/${path.replace(/:\w+/g, 'x')}`), path).toBe(200);
    for (const path of PUBLIC_PAGES) {
      if (path !== '') expect(paths).toContain(path);
    }
  });
});

describe('page shell', () => {
  const ROUTER = readFileSync(new URL('../../web/src/app/router.tsx', import.meta.url), 'utf8');

  it('knows the lazy module of every public route of the web router', () => {
    const modules = new Map(
      [...ROUTER.matchAll(/const (\w+) = \(\) => import\('\.\.\/([^']+)'\)/g)].map((match) => [
        match[1] ?? '',
        `src/${match[2]}`,
      ]),
    );
    const routes = [
      ...ROUTER.matchAll(
        /path: '(public\/[^']*)',\s*lazy: lazyComponent\(\s*(?:(\w+)|\(\) => import\('\.\.\/([^']+)'\))/g,
      ),
    ].map((match) => [match[1] ?? '', match[2] ? modules.get(match[2]) : `src/${match[3]}`] as const);
    const home = /index: true, lazy: lazyComponent\((\w+)/.exec(ROUTER)?.[1] ?? '';
    routes.push(['', modules.get(home)]);
    expect(routes.length).toBeGreaterThan(10);
    expect(new Map(PUBLIC_ROUTE_MODULES)).toEqual(new Map(routes));
  });

  it('preloads, for a signed-in page, a module that the router loads for that page', () => {
    const NAVIGATION = readFileSync(new URL('../../web/src/app/navigation.ts', import.meta.url), 'utf8');
    for (const [path, module] of SIGNED_IN_ROUTE_MODULES) {
      const [area, page] = path.split('/');
      expect(ROUTER, module).toContain(`import('../${module.slice('src/'.length)}')`);
      // The menu has the page (an area's dashboard is its `admin('dashboard', …)`, the others `item(area, page, …)`).
      expect(NAVIGATION, path).toMatch(new RegExp(`(${area}\\('${page}'|item\\('${area}', '${page}')`));
      // The module's name tells its page: a dashboard's module is its area's dashboard.
      if (page === 'dashboard') expect(module, path).toMatch(new RegExp(`${area}-dashboard-page\\.tsx$`));
    }
  });

  it("preloads the route chunk of the page asked for and its imports, beside the entry's, with their styles", () => {
    const config = testConfig();
    mkdirSync(join(config.webDistDir, '.vite'), { recursive: true });
    writeFileSync(
      join(config.webDistDir, 'index.html'),
      '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-1.js"></script>\n' +
        '<link rel="modulepreload" crossorigin href="/assets/vendor-2.js">\n</head><body></body></html>',
    );
    writeFileSync(
      join(config.webDistDir, '.vite/manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', imports: ['_vendor-2.js'] },
        '_vendor-2.js': { file: 'assets/vendor-2.js' },
        'src/features/site/pages/public-pages.tsx': {
          file: 'assets/public-pages-3.js',
          imports: ['index.html', '_vendor-2.js', '_Accordion-4.js'],
          css: ['assets/public-pages-7.css'],
        },
        '_Accordion-4.js': {
          file: 'assets/Accordion-4.js',
          imports: ['_vendor-2.js'],
          css: ['assets/Accordion-8.css'],
        },
        'virtual:messages/pt/start': { file: 'assets/start-10.js' },
        'virtual:messages/pt/public': { file: 'assets/public-5.js' },
        'src/app/layouts/public-layout.tsx': {
          file: 'assets/public-layout-11.js',
          imports: ['index.html', '_vendor-2.js'],
          css: ['assets/public-layout-12.css'],
        },
        'virtual:messages/en/public': { file: 'assets/public-6.js' },
        'src/app/layouts/signed-in-layout.tsx': {
          file: 'assets/signed-in-layout-13.js',
          imports: ['index.html', '_vendor-2.js', '_Accordion-4.js'],
        },
        'virtual:messages/pt/signedIn': { file: 'assets/signed-in-14.js' },
        'src/features/companies/pages/company-dashboard-page.tsx': {
          file: 'assets/company-dashboard-page-15.js',
          imports: ['index.html', '_Accordion-4.js'],
        },
      }),
    );
    const shell = createPageShell(config.webDistDir);
    const faqs = shell('/pt/public/faqs');
    expect(faqs).toContain('<link rel="modulepreload" crossorigin href="/assets/public-pages-3.js">');
    expect(faqs).toContain('<link rel="modulepreload" crossorigin href="/assets/Accordion-4.js">');
    expect(faqs.match(/vendor-2\.js/g)).toHaveLength(1);
    expect(faqs.indexOf('public-pages-3.js')).toBeLessThan(faqs.indexOf('</head>'));
    expect(faqs).toContain('<link rel="modulepreload" crossorigin href="/assets/start-10.js">');
    expect(faqs).toContain('<link rel="modulepreload" crossorigin href="/assets/public-5.js">');
    expect(faqs).not.toContain('public-6.js');
    // The route's styles and those of its imports come with the page, before the end of its head.
    expect(faqs).toContain('<link rel="stylesheet" crossorigin href="/assets/public-pages-7.css">');
    expect(faqs).toContain('<link rel="stylesheet" crossorigin href="/assets/Accordion-8.css">');
    expect(faqs.indexOf('Accordion-8.css')).toBeLessThan(faqs.indexOf('</head>'));
    const home = shell('/en/');
    expect(home).toContain('public-pages-3.js');
    expect(home).toContain('public-6.js');
    expect(home).not.toContain('public-5.js');
    expect(shell('/pt/company/dashboard')).not.toContain('public-pages-3.js');
    expect(shell('/pt/public/nope')).not.toContain('public-pages-3.js');
    expect(routeModuleFor('/fr/public/companies/abc')).toBe(
      'src/features/companies/pages/public-company-page.tsx',
    );

    // A page the server renders keeps its styles but runs no script of the app: without an islands build it
    // has none; with one, /boot.js starts the islands after load (docs/adr/0014).
    const rendered = shell('/pt/public/faqs', true);
    expect(rendered).toContain('<link rel="stylesheet" crossorigin href="/assets/public-pages-7.css">');
    // The public layout is a chunk of its own: its header's and footer's styles come with the page too.
    expect(rendered).toContain('<link rel="stylesheet" crossorigin href="/assets/public-layout-12.css">');
    expect(rendered).not.toContain('modulepreload');
    expect(rendered).not.toContain('<script');
    writeFileSync(
      join(config.webDistDir, '.vite/islands-manifest.json'),
      JSON.stringify({ 'src/islands.tsx': { file: 'assets/islands-9.js', isEntry: true } }),
    );
    // The shell is read again when the build changes (index.html's time).
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(config.webDistDir, 'index.html'), later, later);
    const withIslands = createPageShell(config.webDistDir)('/pt/public/faqs', true);
    expect(withIslands).toContain(
      '<script type="module" src="/boot.js" data-entry="/assets/islands-9.js"></script>',
    );
    expect(withIslands).not.toContain('index-1.js');

    // A signed-in page the server renders starts the app the same way, once the page has loaded, with nothing
    // preloaded and no loading text (its content is in its place, docs/adr/0037). Its script lists the files of
    // the layout, the texts and the page's route that the entry does not load already, each once, for the app to
    // ask for a few at a time (docs/adr/0039).
    const signedIn = createPageShell(config.webDistDir)('/pt/company/dashboard', true);
    expect(signedIn).toContain(
      '<script type="module" src="/boot.js" data-entry="/assets/index-1.js" data-preload="' +
        '/assets/signed-in-layout-13.js /assets/Accordion-4.js /assets/start-10.js /assets/public-5.js ' +
        '/assets/signed-in-14.js /assets/company-dashboard-page-15.js"></script>',
    );
    expect(signedIn).not.toContain('modulepreload');
    expect(signedIn).not.toContain('role="status"');
  });
});

/** The images of an ICO file: size and PNG bytes of each directory entry. */
function icoImages(ico: Buffer): { size: number; png: Buffer }[] {
  expect(ico.readUInt16LE(0)).toBe(0);
  expect(ico.readUInt16LE(2)).toBe(1);
  return Array.from({ length: ico.readUInt16LE(4) }, (_, index) => {
    const entry = 6 + 16 * index;
    const length = ico.readUInt32LE(entry + 8);
    const offset = ico.readUInt32LE(entry + 12);
    return { size: ico.readUInt8(entry) || 256, png: ico.subarray(offset, offset + length) };
  });
}

describe('the site icon', () => {
  const WEB = new URL('../../web/', import.meta.url);

  it('is the web favicon.svg’s design, kept once in the domain', () => {
    expect(readFileSync(new URL('public/favicon.svg', WEB), 'utf8')).toBe(EMBLEM_SVG);
  });

  it('answers /favicon.ico: the emblem at 16, 32 and 48 px, cached by browsers', async () => {
    const res = await app.inject({ url: '/favicon.ico' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/x-icon');
    expect(res.headers['cache-control']).toContain('max-age=');
    const images = icoImages(res.rawPayload);
    expect(images.map((image) => image.size)).toEqual([16, 32, 48]);
    for (const { size, png } of images) {
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
    }
    // The 32 px image is the SVG drawn at 32 px: the blue tile, the gold star in its middle.
    const png = images[1]?.png ?? Buffer.alloc(0);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => {
      const at = (y * info.width + x) * info.channels;
      return [data[at], data[at + 1], data[at + 2]];
    };
    expect(pixel(4, 16)).toEqual([0x00, 0x32, 0xad]);
    expect(pixel(16, 12)).toEqual([0xf7, 0xd1, 0x16]);
    // The same drawing a second time: nothing differs between requests.
    expect((await app.inject({ url: '/favicon.ico' })).rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('is named by the app shell and the pages the server renders from it', () => {
    const index = readFileSync(new URL('index.html', WEB), 'utf8');
    expect(index).toContain('<link rel="icon" href="/favicon.ico" sizes="32x32" />');
    expect(index).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg" />');
    const rendered = composePage(index, {
      language: 'fr',
      head: '<title>FAQ</title>',
      html: '<p>x</p>',
      data: '{}',
    });
    expect(rendered).toContain('href="/favicon.ico"');
    expect(rendered).toContain('href="/favicon.svg"');
  });
});

describe('the pages the server answers itself', () => {
  it('give the newsletter’s links a page in the visitor’s language with the site’s look and icons', async () => {
    for (const [language, title, home] of [
      ['fr', 'Lien invalide', 'Retour au site'],
      ['en', 'Invalid link', 'Back to the site'],
      ['pt', 'Ligação inválida', 'Voltar ao site'],
    ] as const) {
      for (const url of [
        '/app/api/v1/public/newsletter/confirm/nope',
        '/app/api/v1/public/newsletter/unsubscribe/nope',
      ]) {
        const res = await app.inject({
          url,
          headers: { 'x-language': language },
          remoteAddress: '10.20.0.1',
        });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type']).toContain('text/html');
        const page = res.body;
        expect(page).toContain(`<html lang="${language}">`);
        expect(page).toContain(`<h1>${title}</h1>`);
        expect(page).toContain('<link rel="icon" href="/favicon.ico" sizes="32x32">');
        expect(page).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
        // The emblem and the site's name, leading home; a link back to the site in words.
        expect(page).toMatch(
          new RegExp(`<a class="brand" href="/${language}/"><svg [^>]*aria-hidden="true"`),
        );
        expect(page).toContain('fill="#f7d116"');
        expect(page).toContain(`<a href="${TEST_PUBLIC_URL}/${language}">${home}</a>`);
      }
    }
  });
});

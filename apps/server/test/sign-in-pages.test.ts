import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from './support/context.ts';

let ctx: TestContext;
let company: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

beforeEach(async () => {
  await ctx.reset();
  company = await ctx.createUser({ email: 'ana@empresa.cv', name: 'Ana Tavares', roles: ['company'] });
});

/** The hidden CSRF field of the sign-out page's form. */
function formToken(html: string): string {
  return /name="csrfToken" value="([^"]+)"/.exec(html)?.[1] ?? '';
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('GET /login and /:lang/login (public screens)', () => {
  it('starts the sign-in in the path language and returns to its home page', async () => {
    for (const language of ['pt', 'en', 'fr']) {
      const res = await ctx.app.inject({ url: `/${language}/login`, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(302);
      const next = new URL(String(res.headers.location), 'http://portal.invalid');
      expect(next.pathname).toBe('/auth/login');
      expect(next.searchParams.get('lang')).toBe(language);
      expect(next.searchParams.get('callbackUrl')).toBe(`/${language}/`);
    }
  });

  it("without a language takes the browser's, keeps a same-origin callbackUrl and drops an off-site one", async () => {
    const res = await ctx.app.inject({
      url: '/login?callbackUrl=/en/company/balances',
      headers: { 'accept-language': 'en-GB' },
    });
    const next = new URL(String(res.headers.location), 'http://portal.invalid');
    expect(next.searchParams.get('lang')).toBe('en');
    expect(next.searchParams.get('callbackUrl')).toBe('/en/company/balances');
    const evil = await ctx.app.inject({ url: '/fr/login?callbackUrl=//evil.example/x' });
    expect(new URL(String(evil.headers.location), 'http://p.invalid').searchParams.get('callbackUrl')).toBe(
      '/fr/',
    );
  });

  it('leads to the provider through /auth/login', async () => {
    const first = await ctx.app.inject({ url: '/pt/login' });
    const login = await ctx.app.inject({ url: String(first.headers.location) });
    expect(login.statusCode).toBe(302);
    expect(String(login.headers.location).startsWith(ctx.idp.issuer)).toBe(true);
  });
});

describe('GET /logout and /:lang/logout, POST /auth/sign-out', () => {
  it('sends a visitor to the home page of the language', async () => {
    const res = await ctx.app.inject({ url: '/en/logout' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/en/');
  });

  it('asks a signed-in user to confirm, in the language, and its form signs out here and at the provider', async () => {
    const { cookie } = await ctx.signIn(company.email, company.password);
    const page = await ctx.app.inject({ url: '/fr/logout', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<html lang="fr">');
    expect(page.body).toContain('Connecté en tant que Ana Tavares');
    expect(page.body).toContain('<button type="submit">Se déconnecter</button>');
    // The site's look: its icons, the emblem and name leading home.
    expect(page.body).toContain('<link rel="icon" href="/favicon.ico" sizes="32x32">');
    expect(page.body).toContain('<a class="brand" href="/fr/">');
    // Still signed in until the form is sent.
    expect((await ctx.app.inject({ url: '/auth/session', headers: { cookie } })).json().status).toBe(
      'authenticated',
    );

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/sign-out',
      headers: { cookie, ...FORM },
      payload: form({ csrfToken: formToken(page.body), lang: 'fr' }),
    });
    expect(res.statusCode).toBe(303);
    const next = new URL(String(res.headers.location));
    expect(next.href.startsWith(`${ctx.idp.issuer}/protocol/openid-connect/logout`)).toBe(true);
    expect(next.searchParams.get('post_logout_redirect_uri')).toBe('http://localhost:4200/fr/');
    expect(String(res.headers['set-cookie'])).toMatch(/portal_session=;/);
    expect((await ctx.app.inject({ url: '/auth/session', headers: { cookie } })).json().status).toBe(
      'unauthenticated',
    );
  });

  it('changes nothing for a form without the session token (another site cannot sign a user out)', async () => {
    const { cookie } = await ctx.signIn(company.email, company.password);
    for (const fields of [{}, { csrfToken: 'forged-token-forged-token-forged-token-0' }] as Record<
      string,
      string
    >[]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/auth/sign-out',
        headers: { cookie, ...FORM },
        payload: form({ ...fields, lang: 'pt' }),
      });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/pt/logout');
    }
    expect((await ctx.app.inject({ url: '/auth/session', headers: { cookie } })).json().status).toBe(
      'authenticated',
    );
  });

  it('without a language uses the account language', async () => {
    const { cookie } = await ctx.signIn(company.email, company.password);
    const page = await ctx.app.inject({ url: '/logout', headers: { cookie } });
    expect(page.body).toContain('<html lang="pt">');
    expect(page.body).toContain('Terminar a sessão');
  });
});

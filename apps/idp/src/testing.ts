/**
 * Test and automation helpers that drive the idp's real pages over HTTP as a browser would: cookies are
 * kept (by host, path and expiry), redirects are followed by hand, forms are read from the HTML and
 * submitted, and a form a page submits by script is submitted. Nothing here reaches into the idp's internals.
 */
import { generateSync } from 'otplib';

interface StoredCookie {
  name: string;
  value: string;
  hostname: string;
  path: string;
  expiresAt: number | undefined;
}

interface ParsedForm {
  action: string;
  method: string;
  id: string | undefined;
  fields: Map<string, string>;
}

const MAX_STEPS = 20;

function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(Number.parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function attributes(tag: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const match of tag.matchAll(
    /([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g,
  )) {
    const name = match[1]?.toLowerCase();
    if (name) out.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return out;
}

/** The forms of a page, with their hidden and pre-filled fields. */
export function parseForms(page: string, pageUrl: string): ParsedForm[] {
  const forms: ParsedForm[] = [];
  for (const match of page.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const attrs = attributes(match[1] ?? '');
    const fields = new Map<string, string>();
    for (const input of (match[2] ?? '').matchAll(/<input\b([^>]*)>/gi)) {
      const inputAttrs = attributes(input[1] ?? '');
      const name = inputAttrs.get('name');
      if (name) fields.set(name, inputAttrs.get('value') ?? '');
    }
    forms.push({
      action: new URL(attrs.get('action') ?? pageUrl, pageUrl).href,
      method: (attrs.get('method') ?? 'get').toLowerCase(),
      id: attrs.get('id'),
      fields,
    });
  }
  return forms;
}

/** The text a user would read as the page's error: the alert, else the main content. */
export function pageErrorText(page: string): string {
  const alert = /<[^>]+role="alert"[^>]*>([\s\S]*?)<\/[a-z]+>/i.exec(page)?.[1];
  const main = /<main\b[^>]*>([\s\S]*?)<\/main>/i.exec(page)?.[1];
  const text = (alert ?? main ?? page).replace(/<[^>]*>/g, ' ');
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

export class IdpTestBrowser {
  readonly #cookies: StoredCookie[] = [];
  readonly #acceptLanguage: string | undefined;
  readonly #headers: Record<string, string>;

  /** `headers` go with every request (e.g. X-Forwarded-For, as a proxy in front would add it). */
  constructor(options: { acceptLanguage?: string; headers?: Record<string, string> } = {}) {
    this.#acceptLanguage = options.acceptLanguage;
    this.#headers = options.headers ?? {};
  }

  /** The Cookie header a browser would send to this URL (cookies ignore ports, as browsers do). */
  cookieHeader(url: string): string {
    const { hostname, pathname } = new URL(url);
    const now = Date.now();
    return this.#cookies
      .filter((c) => c.hostname === hostname && (c.expiresAt === undefined || c.expiresAt > now))
      .filter((c) => pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  #store(url: string, response: Response): void {
    const { hostname, pathname } = new URL(url);
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...params] = header.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const cookie: StoredCookie = {
        name: pair.slice(0, eq).trim(),
        value: pair.slice(eq + 1).trim(),
        hostname,
        path: pathname.slice(0, pathname.lastIndexOf('/') + 1) || '/',
        expiresAt: undefined,
      };
      for (const param of params) {
        const [key = '', ...rest] = param.split('=');
        const value = rest.join('=').trim();
        switch (key.trim().toLowerCase()) {
          case 'path':
            cookie.path = value || '/';
            break;
          case 'max-age':
            cookie.expiresAt = Date.now() + Number(value) * 1000;
            break;
          case 'expires':
            cookie.expiresAt ??= Date.parse(value);
            break;
        }
      }
      const index = this.#cookies.findIndex(
        (c) => c.name === cookie.name && c.hostname === cookie.hostname && c.path === cookie.path,
      );
      if (index >= 0) this.#cookies.splice(index, 1);
      if (cookie.expiresAt === undefined || cookie.expiresAt > Date.now()) this.#cookies.push(cookie);
    }
  }

  /** One request with the jar's cookies; redirects are not followed. */
  async request(
    url: string,
    init: { method?: string; form?: Record<string, string> } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { ...this.#headers };
    const cookie = this.cookieHeader(url);
    if (cookie) headers.cookie = cookie;
    if (this.#acceptLanguage) headers['accept-language'] = this.#acceptLanguage;
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(url, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      headers,
      redirect: 'manual',
      ...(body === undefined ? {} : { body }),
    });
    this.#store(url, response);
    return response;
  }

  /**
   * Follows redirects (and forms that submit themselves by script) from `url` while they stay on its
   * origin; returns the first address outside it (the client's redirect_uri or post-logout address) or
   * the page where the chain stops.
   */
  async follow(
    url: string,
    init: { method?: string; form?: Record<string, string> } = {},
  ): Promise<{ url: string; left: boolean; status: number; page: string }> {
    const origin = new URL(url).origin;
    let current = url;
    let next: { method?: string; form?: Record<string, string> } = init;
    for (let step = 0; step < MAX_STEPS; step++) {
      const response = await this.request(current, next);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        const target = new URL(location, current).href;
        if (new URL(target).origin !== origin)
          return { url: target, left: true, status: response.status, page: '' };
        current = target;
        next = {};
        continue;
      }
      const page = await response.text();
      // A page that submits its form by script at once (form_post, sign-out) is submitted, as a browser would.
      const autoSubmitted = /<script\b[^>]*>[^<]*\.submit\(\)/i.test(page)
        ? parseForms(page, current).filter((f) => f.method === 'post')
        : [];
      const form = autoSubmitted.length === 1 ? autoSubmitted[0] : undefined;
      if (form && new URL(form.action).origin === origin) {
        current = form.action;
        next = { form: Object.fromEntries(form.fields) };
        continue;
      }
      return { url: current, left: false, status: response.status, page };
    }
    throw new Error(`More than ${MAX_STEPS} redirects from ${url}`);
  }

  /**
   * Opens an authorization URL, fills the real login form with the credentials and submits it; when the account
   * has two-factor sign-in on and `code` is given, fills the code page with it too. Returns the redirect to the
   * client's redirect_uri (with code and state, or an OAuth error), or throws with the text the page shows (wrong
   * password, a wait, disabled, expired request, a code asked for but not given...).
   */
  async signIn(
    authorizationUrl: string,
    email: string,
    password: string,
    options: { code?: string } = {},
  ): Promise<string> {
    const opened = await this.follow(authorizationUrl);
    if (opened.left) return opened.url;
    const form = parseForms(opened.page, opened.url).find((f) => f.fields.has('password'));
    if (!form) throw new Error(`No login form at ${opened.url}: ${pageErrorText(opened.page)}`);
    const fields = Object.fromEntries(form.fields);
    const submitted = await this.follow(form.action, { form: { ...fields, email, password } });
    if (submitted.left) return submitted.url;
    const codeForm = parseForms(submitted.page, submitted.url).find((f) => f.fields.has('code'));
    if (codeForm && options.code !== undefined && submitted.status === 200) {
      const coded = await this.follow(codeForm.action, {
        form: { ...Object.fromEntries(codeForm.fields), code: options.code },
      });
      if (coded.left) return coded.url;
      throw new Error(pageErrorText(coded.page));
    }
    throw new Error(pageErrorText(submitted.page));
  }

  /**
   * Opens an end-session URL; its page submits the sign-out form by script, which follow() does here.
   * Returns the address the provider sends the browser to (post_logout_redirect_uri with state), or the
   * URL of the provider's own "signed out" page.
   */
  async signOut(endSessionUrl: string): Promise<string> {
    const done = await this.follow(endSessionUrl);
    if (done.left || done.status < 400) return done.url;
    throw new Error(pageErrorText(done.page));
  }
}

/** Follows an authorization URL through the real login form with the given credentials, keeping cookies, and
 *  returns the final redirect URL to the client's redirect_uri (with code and state), or throws with the page's error text. */
export async function signInThroughLoginPage(
  authorizationUrl: string,
  email: string,
  password: string,
  options: { code?: string } = {},
): Promise<string> {
  return new IdpTestBrowser().signIn(authorizationUrl, email, password, options);
}

/** The code an authenticator app shows for `secret` (base32) at `atMs`, as a person would type it. */
export function totpCodeOf(secret: string, atMs: number = Date.now()): string {
  return generateSync({ secret: secret.replace(/\s+/g, ''), epoch: Math.floor(atMs / 1000) });
}

/** The key the enrolment page shows as text, without its spaces. */
export function enrolmentSecretOf(page: string): string {
  const shown = /<code class="secret" id="secret">([^<]+)<\/code>/.exec(page)?.[1];
  if (!shown) throw new Error(`No key on the page: ${pageErrorText(page)}`);
  return shown.replace(/\s+/g, '');
}

/** The recovery codes the page after enrolment shows (once). */
export function recoveryCodesOf(page: string): string[] {
  return [...page.matchAll(/<li><code>([^<]+)<\/code><\/li>/g)].map((match) => match[1] as string);
}

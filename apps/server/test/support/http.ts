import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/app.ts';
import { API_PREFIX, CSRF_HEADER, VISITOR_CSRF_COOKIE } from '../../src/auth/guard.ts';
import type { SignedIn } from './context.ts';

/**
 * Calls to the API through `app.inject()` as a signed-in user or a visitor, the one request helper of the
 * server tests. URLs are relative to the API prefix (`/companies/…`; the leading slash may be left out).
 *
 *   const { get, send } = apiCalls(() => ctx.app, { language: 'en' });
 *   await get(admin, '/editions');                      // GET with admin's session cookie
 *   await send(member, 'PUT', '/companies/1', { … });   // cookie and CSRF header, JSON body
 *   const asAdmin = as(() => admin);                    // callers bound to one user
 *   await asAdmin.post('/islands', { … });
 */

export { API_PREFIX };

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who calls: a signed-in user (`ctx.signIn`), a visitor holding the CSRF cookie (`visitorCsrf`), or null for a
 * visitor without cookies.
 */
export type Who = Pick<SignedIn, 'headers'> | null;

export interface CallOptions {
  /** Sent as x-language. */
  language?: string;
  /** More headers (they win over the session's). */
  headers?: Record<string, string>;
  /** The payload is sent as is (a multipart body, raw text) with this content type instead of as JSON. */
  contentType?: string;
  /** The client address the app sees (per-address rate limits). */
  remoteAddress?: string;
}

export type Response = LightMyRequestResponse;

export interface Caller {
  get(url: string, options?: CallOptions): Promise<Response>;
  post(url: string, payload?: unknown, options?: CallOptions): Promise<Response>;
  put(url: string, payload?: unknown, options?: CallOptions): Promise<Response>;
  patch(url: string, payload?: unknown, options?: CallOptions): Promise<Response>;
  delete(url: string, payload?: unknown, options?: CallOptions): Promise<Response>;
}

export interface ApiCalls {
  /** GET with the caller's cookie only. */
  get(who: Who, url: string, options?: CallOptions): Promise<Response>;
  /** Any method; a state-changing one carries the cookie and the CSRF header; the payload goes as JSON. */
  send(who: Who, method: Method, url: string, payload?: unknown, options?: CallOptions): Promise<Response>;
  /**
   * The callers of one user; `who` may be a function, read at each call (sessions made in a beforeAll);
   * `options` apply to each of its calls (e.g. the visitor's `remoteAddress`).
   */
  as(who: Who | (() => Who), options?: CallOptions): Caller;
}

/** The URL of an API path: `/companies` or `companies` → `/app/api/v1/companies`. */
export function apiUrl(path: string): string {
  return `${API_PREFIX}${path.startsWith('/') ? '' : '/'}${path}`;
}

/**
 * The request helpers for one app. `app` may be a function (the test context is made in a beforeAll);
 * `defaults` apply to every call (e.g. `{ language: 'en' }`), a call's options win over them.
 */
export function apiCalls(app: App | (() => App), defaults: CallOptions = {}): ApiCalls {
  const appOf = typeof app === 'function' ? app : () => app;

  function send(who: Who, method: Method, url: string, payload?: unknown, options: CallOptions = {}) {
    const merged = { ...defaults, ...options, headers: { ...defaults.headers, ...options.headers } };
    const headers: Record<string, string> = {};
    if (who) Object.assign(headers, method === 'GET' ? { cookie: who.headers.cookie } : who.headers);
    if (merged.language) headers['x-language'] = merged.language;
    if (payload !== undefined) headers['content-type'] = merged.contentType ?? 'application/json';
    Object.assign(headers, merged.headers);
    const body =
      payload === undefined
        ? {}
        : { payload: merged.contentType ? (payload as string | Buffer) : JSON.stringify(payload) };
    return appOf().inject({
      method,
      url: apiUrl(url),
      headers,
      ...body,
      ...(merged.remoteAddress ? { remoteAddress: merged.remoteAddress } : {}),
    });
  }

  const get = (who: Who, url: string, options?: CallOptions) => send(who, 'GET', url, undefined, options);

  function as(who: Who | (() => Who), bound: CallOptions = {}): Caller {
    const whoNow = typeof who === 'function' ? who : () => who;
    const withBound = (options: CallOptions = {}) => ({
      ...bound,
      ...options,
      headers: { ...bound.headers, ...options.headers },
    });
    return {
      get: (url, options) => get(whoNow(), url, withBound(options)),
      post: (url, payload, options) => send(whoNow(), 'POST', url, payload, withBound(options)),
      put: (url, payload, options) => send(whoNow(), 'PUT', url, payload, withBound(options)),
      patch: (url, payload, options) => send(whoNow(), 'PATCH', url, payload, withBound(options)),
      delete: (url, payload, options) => send(whoNow(), 'DELETE', url, payload, withBound(options)),
    };
  }

  return { get, send, as };
}

/**
 * A visitor as a browser is before signing in: the CSRF cookie /auth/csrf set and its header, for the calls a
 * visitor may make (registration, newsletter). `remoteAddress` is the address it calls from.
 */
export async function visitorCsrf(app: App, remoteAddress?: string): Promise<SignedIn> {
  const res = await app.inject({
    method: 'GET',
    url: '/auth/csrf',
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  const csrf: string = res.json().csrfToken;
  const cookie = `${VISITOR_CSRF_COOKIE}=${csrf}`;
  return { cookie, csrf, headers: { cookie, [CSRF_HEADER]: csrf } as SignedIn['headers'] };
}

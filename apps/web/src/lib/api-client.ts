import type { CsrfResponse, ErrorResponse } from '@excelencia/domain';
import { takeFirstAnswer } from './first-answers.ts';
import { currentLanguage, i18n } from './i18n.ts';

/** An API answer other than 2xx: the server's error body (message already in the user's language). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly key: string;
  readonly details: ReadonlyArray<{ path: string; message: string }>;

  constructor(status: number, body: { code: string; key: string; message: string; details?: unknown }) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.key = body.key;
    this.details = Array.isArray(body.details) ? body.details : [];
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Transport = (path: string, init: RequestInit) => Promise<Response>;

let transport: Transport = (path, init) => fetch(path, init);

/**
 * Where calls go: the browser's fetch, or, while the server renders a public page, the server's own routes
 * (apps/web/src/entry-server.tsx).
 */
export function setApiTransport(next: Transport): void {
  transport = next;
}

let csrfToken: Promise<string> | null = null;
let unauthorizedHandler: (() => void) | null = null;

/** Called on any 401: the app signs the user out locally; the call still rejects (docs/adr/0004). */
export function onUnauthorized(handler: (() => void) | null): void {
  unauthorizedHandler = handler;
}

/** The 401 rule for calls made outside apiJson (uploads with progress): the same handler signs the user out. */
export function reportUnauthorized(): void {
  unauthorizedHandler?.();
}

export function forgetCsrfToken(): void {
  csrfToken = null;
}

async function fetchCsrfToken(): Promise<string> {
  const response = await fetch('/auth/csrf', {
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'x-language': currentLanguage() },
  });
  if (!response.ok) throw await toApiError(response);
  const token = ((await response.json()) as Partial<CsrfResponse> | null)?.csrfToken;
  if (typeof token !== 'string') {
    throw new ApiError(response.status, {
      code: 'invalid_answer',
      key: 'errors:internal',
      message: i18n.t('errors:internal'),
    });
  }
  return token;
}

/** The CSRF token of this session (double-submit), for calls made outside apiJson (uploads with progress). */
export function getCsrfToken(): Promise<string> {
  if (!csrfToken) {
    csrfToken = fetchCsrfToken();
    csrfToken.catch(() => {
      csrfToken = null;
    });
  }
  return csrfToken;
}

/**
 * The error of an answer's body (the domain's ErrorResponse), checked field by field rather than with its
 * schema: this client also runs in the islands of visitors' pages, which carry no validation library
 * (docs/adr/0014). `details` is checked by ApiError.
 */
function errorOf(body: unknown): ErrorResponse['error'] | null {
  const error = (body as { error?: Partial<Record<keyof ErrorResponse['error'], unknown>> } | null)?.error;
  if (typeof error?.code !== 'string' || typeof error.key !== 'string' || typeof error.message !== 'string') {
    return null;
  }
  return {
    code: error.code,
    key: error.key,
    message: error.message,
    details: error.details as [] | undefined,
  };
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // Not JSON (a proxy's page, an empty body): fall back to the status line below.
  }
  const error = errorOf(body);
  if (error) return new ApiError(response.status, error);
  return new ApiError(response.status, {
    code: `http_${response.status}`,
    key: 'errors:internal',
    message: response.statusText || `HTTP ${response.status}`,
  });
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

async function send(path: string, options: RequestOptions, retriedCsrf = false): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = {
    accept: 'application/json',
    'x-language': currentLanguage(),
  };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (UNSAFE_METHODS.has(method)) headers['x-csrf-token'] = await getCsrfToken();

  const response = await transport(path, {
    method,
    headers,
    body,
    credentials: 'same-origin',
    signal: options.signal,
  });
  if (response.ok) return response;

  const error = await toApiError(response);
  if (response.status === 401) {
    unauthorizedHandler?.();
    throw error;
  }
  if (response.status === 403 && error.code === 'csrf' && !retriedCsrf && UNSAFE_METHODS.has(method)) {
    forgetCsrfToken();
    return send(path, options, true);
  }
  throw error;
}

/**
 * A JSON call to the portal server (same origin); rejects with ApiError. A GET whose answer came with the page
 * (lib/first-answers.ts) is answered from it the first time.
 */
export async function apiJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  if ((options.method ?? 'GET') === 'GET') {
    const first = takeFirstAnswer(path);
    if (first !== undefined) return first as T;
  }
  const response = await send(path, options);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The raw answer of a successful call (streamed downloads); rejects with ApiError like the others. */
export function apiResponse(path: string, options: RequestOptions = {}): Promise<Response> {
  return send(path, options);
}

/** A binary download (images, files). */
export async function apiBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  const response = await send(path, options);
  return response.blob();
}

/** The versioned REST API base (docs/architecture.md, 2.3). */
export const API_BASE = '/app/api/v1';

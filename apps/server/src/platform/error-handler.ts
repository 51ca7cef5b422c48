import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  DEFAULT_LANGUAGE,
  type ErrorResponse,
  formatDisplayDate,
  isCatalogKey,
  type Language,
  translate,
} from '@excelencia/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, sqlState } from './database-errors.ts';
import { AppError, type ErrorDetail, type ErrorParams } from './errors.ts';
import { invalidCharacters } from './input-characters.ts';
import { sendRateLimitedPage, wantsPage } from './rate-limited-page.ts';
import { requestLanguage } from './request-language.ts';

/** Fastify's own client errors, mapped to our codes and catalog keys. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: string; key: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'malformed_json', key: 'errors:malformedJson' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'malformed_json', key: 'errors:malformedJson' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large', key: 'errors:payloadTooLarge' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'bad_request', key: 'errors:badRequest' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type', key: 'errors:badRequest' },
  // The router's own refusals (frameworkErrors): a malformed escape in the path, a path parameter over
  // maxParamLength. Fastify's raw answers echo the path; ours never do.
  FST_ERR_BAD_URL: { status: 400, code: 'bad_request', key: 'errors:badRequest' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'uri_too_long', key: 'errors:uriTooLong' },
};

/**
 * The catalog key of one schema issue: the schema's own message when it is a key ('validation:tooLong'), else
 * a key chosen by the kind of issue (missing field → Mandatory Field), so every message can be translated.
 */
function issueMessage(issue: {
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}): Pick<ErrorDetail, 'message' | 'params'> {
  const params: Record<string, string | number> = {};
  const { maximum, minimum, origin } = issue.params as {
    maximum?: unknown;
    minimum?: unknown;
    origin?: unknown;
  };
  if (typeof maximum === 'number' || typeof maximum === 'bigint') params.max = Number(maximum);
  if (typeof minimum === 'number' || typeof minimum === 'bigint') params.min = Number(minimum);
  const message = issue.message ?? '';
  if (isCatalogKey(message)) return { message, params };
  if (issue.keyword === 'invalid_type' && message.endsWith('received undefined')) {
    return { message: 'common:mandatoryField' };
  }
  if (origin === 'string' && issue.keyword === 'too_big') return { message: 'validation:tooLong', params };
  if (origin === 'string' && issue.keyword === 'too_small') return { message: 'validation:tooShort', params };
  return { message: 'validation:invalid' };
}

/**
 * The message in the language when it is a catalog key (params that are keys translated too, dates written in
 * the same language), else as is.
 */
function translateMessage(language: Language, message: string, params: ErrorParams | undefined): string {
  if (!isCatalogKey(message)) return message;
  const translatedParams: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params ?? {})) {
    translatedParams[name] =
      value instanceof Date
        ? formatDisplayDate(value, language)
        : typeof value === 'string' && isCatalogKey(value)
          ? translate(language, value)
          : value;
  }
  return translate(language, message, translatedParams);
}

/**
 * SQLSTATEs of text PostgreSQL cannot store: 22021 character_not_in_repertoire (U+0000 in a text parameter),
 * 22P05 untranslatable_character (`\u0000` in jsonb).
 */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

/** True when the error is the database refusing such text. */
export function isUnstorableTextError(error: unknown): boolean {
  const state = sqlState(error);
  return state !== undefined && UNSTORABLE_TEXT.has(state);
}

/** Turns any thrown value into the AppError the client sees (unknown errors become a bare 500). */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  // Backstop of the request check (input-characters.ts): text that reached the database all the same.
  if (isUnstorableTextError(error)) return invalidCharacters(['']);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details: ErrorDetail[] = error.validation.map((issue) => ({
      path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      ...issueMessage(issue),
    }));
    return new AppError(400, 'validation', 'errors:validation', { details });
  }
  // The database restarting or failing over: the request may be tried again (the pool reconnects by itself).
  if (isDatabaseUnavailable(error)) {
    return new AppError(503, 'database_unavailable', 'errors:databaseUnavailable', { cause: error });
  }
  if (isResponseSerializationError(error)) {
    return new AppError(500, 'internal', 'errors:internal', { cause: error });
  }
  const fastifyError = error as Partial<FastifyError>;
  const known = fastifyError.code ? FASTIFY_CLIENT_ERRORS[fastifyError.code] : undefined;
  if (known) return new AppError(known.status, known.code, known.key);
  if (fastifyError.validation) {
    return new AppError(400, 'validation', 'errors:validation');
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    if (status === 429) return new AppError(429, 'rate_limited', 'errors:rateLimited');
    if (status === 404) return new AppError(404, 'not_found', 'errors:notFound');
    return new AppError(status, 'bad_request', 'errors:badRequest');
  }
  return new AppError(500, 'internal', 'errors:internal', { cause: error });
}

/** The one error body: the domain's ErrorResponse, message in the caller's language. */
export function errorBody(request: FastifyRequest, error: AppError): ErrorResponse {
  const language = requestLanguage(request);
  return {
    error: {
      code: error.code,
      key: error.key,
      message: translateMessage(language, error.key, error.params),
      ...(error.details
        ? {
            details: error.details.map((detail) => ({
              path: detail.path,
              message: translateMessage(language, detail.message, detail.params),
            })),
          }
        : {}),
    },
  };
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  return reply.code(error.status).type('application/json; charset=utf-8').send(errorBody(request, error));
}

/** Logs a failed request by its severity and answers it in the one error shape. */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const appError = toAppError(error);
  if (isUnstorableTextError(error)) {
    // Input the request check let through: worth a look, so with the database's own message.
    request.log.warn({ err: error, reqId: request.id }, 'the database refused characters of the input');
  } else if (appError.status >= 500) {
    request.log.error({ err: error, reqId: request.id }, 'request failed');
  } else {
    const level = appError.status === 401 || appError.status === 404 ? 'info' : 'warn';
    request.log[level](
      { reqId: request.id, status: appError.status, code: appError.code },
      `client error ${appError.status} ${appError.code}`,
    );
  }
  if (appError.status === 429 && wantsPage(request)) return sendRateLimitedPage(request, reply);
  return sendError(request, reply, appError);
}

/** Registers the one error handler of the application. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => handleError(error, request, reply));
}

/**
 * Fastify's `clientErrorHandler`: what Node refuses before any request exists (request line and headers over
 * the header size limit, a malformed request) answered in the one error shape, in the default language (no
 * header can be read), without echoing the request.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const appError =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new AppError(431, 'headers_too_large', 'errors:headersTooLarge')
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new AppError(408, 'request_timeout', 'errors:badRequest')
        : new AppError(400, 'bad_request', 'errors:badRequest');
  const { status } = appError;
  if (socket.writable) {
    const body = JSON.stringify({
      error: {
        code: appError.code,
        key: appError.key,
        message: translate(DEFAULT_LANGUAGE, appError.key),
      },
    } satisfies ErrorResponse);
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, type ErrorDetail } from './errors.ts';

/**
 * Characters no field of the portal takes: the C0 control characters other than tab, line feed and carriage
 * return (PostgreSQL refuses U+0000 in text and `\u0000` in jsonb; the others only hide text), and UTF-16
 * surrogate halves without their pair (not characters at all: text columns would store U+FFFD, jsonb refuses
 * them).
 */
const INVALID_CHARACTERS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** At most this many fields are named in one answer. */
const MAX_DETAILS = 20;

export function hasInvalidCharacters(text: string): boolean {
  return INVALID_CHARACTERS.test(text);
}

/** The text without the characters `hasInvalidCharacters` finds (for names the user does not type: file names). */
export function withoutInvalidCharacters(text: string): string {
  return text.replace(new RegExp(INVALID_CHARACTERS.source, 'g'), '');
}

/**
 * An object of parsed data: JSON objects, and the query's and params' objects (fast-querystring builds them on
 * a null-prototype prototype of its own). Buffers, dates and class instances are left alone.
 */
function isDataObject(value: object): value is Record<string, unknown> {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null || Object.getPrototypeOf(prototype) === null;
}

/**
 * Dotted paths ('description.pt', 'accountCodes.0'; '' for the value itself) of the strings in a parsed value
 * that hold invalid characters; an object key holding them names the object. Iterative, so a deeply nested
 * JSON body cannot overflow the stack.
 */
export function invalidCharacterPaths(value: unknown, limit = MAX_DETAILS): string[] {
  const found: string[] = [];
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  const join = (path: string, key: string) => (path ? `${path}.${key}` : key);
  while (pending.length > 0 && found.length < limit) {
    const { value: current, path } = pending.pop() as { value: unknown; path: string };
    if (typeof current === 'string') {
      if (hasInvalidCharacters(current)) found.push(path);
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) {
        pending.push({ value: current[index], path: join(path, String(index)) });
      }
    } else if (current !== null && typeof current === 'object' && isDataObject(current)) {
      const entries = Object.entries(current);
      if (entries.some(([key]) => hasInvalidCharacters(key))) {
        found.push(path);
        continue;
      }
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index] as [string, unknown];
        pending.push({ value: item, path: join(path, key) });
      }
    }
  }
  return found;
}

/** 400 validation, one detail per field, the same shape as a schema's validation errors. */
export function invalidCharacters(paths: readonly string[]): AppError {
  const details: ErrorDetail[] = paths.map((path) => ({ path, message: 'validation:invalidCharacters' }));
  return new AppError(400, 'validation', 'errors:validation', { details });
}

function checkRequest(request: FastifyRequest): void {
  const paths = [
    ...invalidCharacterPaths(request.params),
    ...invalidCharacterPaths(request.query),
    ...invalidCharacterPaths(request.body),
  ];
  if (paths.length > 0) throw invalidCharacters(paths.slice(0, MAX_DETAILS));
}

/**
 * Refuses, for every route and before its schema validation and handler run (so before any side effect), a
 * request whose path parameters, query or parsed JSON body hold invalid characters. Multipart bodies are read
 * by their handlers; the names they keep go through `withoutInvalidCharacters`.
 */
export function registerInputCharacterCheck(app: FastifyInstance): void {
  // A callback hook, not an async one: no promise per request for a check that never waits.
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      checkRequest(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}

/** One detail of a validation failure: the field path and what is wrong with it. */
export interface ErrorDetail {
  /** Dotted field path of the payload ('description.pt'); '' for the payload as a whole. */
  path: string;
  /** A catalog key ('validation:required') or a text; keys are translated into the caller's language. */
  message: string;
  /** Values for the message's {{placeholders}}; values that are catalog keys are translated too. */
  params?: ErrorParams;
}

/**
 * Values for a message's {{placeholders}}: catalog keys are translated, and dates written as the site writes
 * them (docs/adr/0023), both in the language the message is answered in.
 */
export type ErrorParams = Record<string, string | number | Date>;

/**
 * The one error type services throw. `key` is a message-catalog key ('errors:forbidden'); the error
 * handler translates it into the caller's language. `code` is stable for API clients.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly key: string;
  readonly details: ErrorDetail[] | undefined;
  readonly params: ErrorParams | undefined;

  constructor(
    status: number,
    code: string,
    key: string,
    options: { details?: ErrorDetail[]; params?: ErrorParams; cause?: unknown } = {},
  ) {
    super(`${code} (${key})`, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.key = key;
    this.details = options.details;
    this.params = options.params;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

export const badRequest = (key = 'errors:badRequest', details?: ErrorDetail[]) =>
  new AppError(400, 'bad_request', key, details ? { details } : {});
export const unauthorized = (key = 'errors:unauthorized') => new AppError(401, 'unauthorized', key);
export const forbidden = (key = 'errors:forbidden') => new AppError(403, 'forbidden', key);
export const notFound = (key = 'errors:notFound') => new AppError(404, 'not_found', key);
export const conflict = (key = 'errors:conflict') => new AppError(409, 'conflict', key);
/** The row changed since the caller read it: the `version` sent is not the stored one. */
export const staleVersion = () => new AppError(409, 'stale_version', 'errors:staleVersion');
/** The id in `field` names no row of the table it refers to. */
export const parentNotFound = (field: string) =>
  new AppError(400, 'validation', 'errors:parentNotFound', {
    details: [{ path: field, message: 'errors:parentNotFound' }],
  });

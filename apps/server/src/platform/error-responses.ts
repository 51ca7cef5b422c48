import { ErrorResponse } from '@excelencia/domain';

/** The error answers of a route's OpenAPI description, all in the one ErrorResponse shape. */
export const errorResponses = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};

/**
 * errorResponses and the rarer answers a route may give: 410 (a link used or expired), 413 (an upload too large),
 * 429 (too many requests), 503 (the identity provider unavailable).
 */
export function errorResponsesWith(...statuses: (410 | 413 | 429 | 503)[]) {
  return { ...errorResponses, ...Object.fromEntries(statuses.map((status) => [status, ErrorResponse])) };
}

import { ErrorResponse } from '@excelencia/domain';

/** The error answers of a route's OpenAPI description, all in the one ErrorResponse shape. */
export const errorResponses = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
};

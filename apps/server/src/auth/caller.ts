import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../platform/errors.ts';
import type { AuthContext } from './types.ts';

/** The signed-in caller of a route whose roles the guard already checked (401 if there is none). */
export function caller(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

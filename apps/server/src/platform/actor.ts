import type { FastifyRequest } from 'fastify';
import { unauthorized } from './errors.ts';

/** Who makes a change (the audit row's actor) and under which request; a null account is the system itself. */
export interface Actor {
  accountId: string | null;
  requestId?: string | null;
}

/** The actor of a request on a route that needs a caller (the guard has checked it). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.auth) throw unauthorized();
  return { accountId: request.auth.accountId, requestId: request.id };
}

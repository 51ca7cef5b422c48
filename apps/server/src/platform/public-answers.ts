import { hasRole } from '@excelencia/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UNSAFE_METHODS } from './http-methods.ts';
import { requestLanguage } from './request-language.ts';
import { shortLivedCache } from './short-lived-cache.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * true: a GET whose answer to a visitor (no session, no token) depends on its URL and language alone; the
     * answer as sent (serialized, compressed) is shared for a few seconds (platform/public-answers.ts).
     */
    publicAnswer?: true;
  }
}

/**
 * The headers that belong to a kept answer (its bytes, and how long browsers may keep it: the barometer says 5
 * minutes, the others no-store); every other header is set again for each request.
 */
const KEPT_HEADERS = ['content-type', 'content-encoding', 'vary', 'cache-control'] as const;

interface KeptAnswer {
  body: Buffer;
  headers: Array<[string, string]>;
}

interface Loading {
  resolve(answer: KeptAnswer): void;
  reject(reason: Error): void;
}

const NOT_KEPT = new Error('not kept');
/** A larger answer is sent but not kept: at most 500 × 64 KiB held, whatever URLs visitors make up. */
const MAX_KEPT_BYTES = 64 * 1024;

/**
 * The public answers every visitor asks for (the directory, the edition, the news, the options of the forms), kept
 * as they were sent for `ttlMs` (docs/adr/0040-public-answers-kept-for-a-few-seconds.md): a visitor's request
 * for a kept answer runs no query, no serialization and no compression. Concurrent requests for an answer being
 * made wait for it. Only 200 answers to requests without a session are kept, by URL, language and
 * Accept-Encoding; an admin's successful change forgets them all. Register after @fastify/compress, so that what
 * is kept is the compressed answer. ttlMs 0 keeps nothing.
 */
export function registerPublicAnswers(
  app: FastifyInstance,
  options: { ttlMs: number; now?: () => number },
): void {
  if (options.ttlMs <= 0) return;
  const cache = shortLivedCache<KeptAnswer>({
    ttlMs: options.ttlMs,
    maxEntries: 500,
    now: options.now,
  });
  const loading = new WeakMap<FastifyRequest, Loading>();
  const settle = (request: FastifyRequest, answer?: KeptAnswer) => {
    const load = loading.get(request);
    if (!load) return;
    loading.delete(request);
    if (answer) load.resolve(answer);
    else load.reject(NOT_KEPT);
  };

  app.addHook('onRoute', (route) => {
    if (route.method !== 'GET' || route.config?.publicAnswer !== true) return;
    const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
      // HEAD is answered by a route of its own, made from this one's options.
      if (request.method !== 'GET' || request.auth || request.headers.authorization) return;
      const key = `${request.url}\n${requestLanguage(request)}\n${request.headers['accept-encoding'] ?? ''}`;
      let mine = false;
      const answer = cache.get(
        key,
        () =>
          new Promise<KeptAnswer>((resolve, reject) => {
            mine = true;
            loading.set(request, { resolve, reject });
          }),
      );
      if (mine) return;
      let kept: KeptAnswer;
      try {
        kept = await answer;
      } catch {
        return; // the request that was making it got no answer to keep: this one makes its own
      }
      for (const [name, value] of kept.headers) reply.header(name, value);
      return reply.send(kept.body);
    };
    // Last of the route's onSend hooks (after @fastify/compress's): the payload as it goes out.
    const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      if (!loading.has(request)) return payload;
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      if (reply.statusCode !== 200 || !Buffer.isBuffer(body) || body.length > MAX_KEPT_BYTES) {
        settle(request);
        return payload;
      }
      const headers: Array<[string, string]> = [];
      for (const name of KEPT_HEADERS) {
        const value = reply.getHeader(name);
        if (value !== undefined) headers.push([name, String(value)]);
      }
      settle(request, { body, headers });
      return payload;
    };
    const unsettled = async (request: FastifyRequest) => settle(request);
    route.preHandler = [route.preHandler ?? [], preHandler].flat();
    route.onSend = [route.onSend ?? [], onSend].flat();
    route.onResponse = [route.onResponse ?? [], unsettled].flat();
    route.onRequestAbort = [route.onRequestAbort ?? [], unsettled].flat();
  });

  // An admin's change (news, an edition, results, reference data) is seen by the next visitor.
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      UNSAFE_METHODS.has(request.method) &&
      reply.statusCode < 400 &&
      hasRole(request.auth?.roles ?? [], 'admin')
    ) {
      cache.clear();
    }
    return payload;
  });
}

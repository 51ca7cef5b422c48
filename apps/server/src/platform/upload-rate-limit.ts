import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/** Uploads one user may send a minute, over every upload route together (sheets, pictures, PDFs, images). */
export const UPLOADS_PER_MINUTE = 30;

export const uploadRateLimited = () =>
  new AppError(429, 'rate_limited', 'errors:uploadRateLimited', { params: { max: UPLOADS_PER_MINUTE } });

function isUpload(method: string, contentType: string | undefined): boolean {
  return method !== 'GET' && method !== 'HEAD' && (contentType ?? '').toLowerCase().startsWith('multipart/');
}

/**
 * One bucket per signed-in account (per address for a visitor) for every multipart request to the API: every
 * upload route takes multipart/form-data and no other route does, so a new upload route is limited without
 * saying so. Runs on onRequest after the auth guard (the caller is known, the body not read yet) and answers
 * 429 with Retry-After and a translated message. @fastify/rate-limit's per-request mark means a multipart route
 * that declares its own config.rateLimit would be counted here only.
 */
export function registerUploadRateLimit(app: FastifyInstance): void {
  const limit = app.rateLimit({
    max: UPLOADS_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (request) => `upload:${request.auth?.accountId ?? request.ip}`,
    errorResponseBuilder: () => uploadRateLimited(),
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!(request.routeOptions.url ?? '').startsWith('/app/api/')) return;
    if (!isUpload(request.method, request.headers['content-type'])) return;
    await limit.call(app, request, reply);
  });
}

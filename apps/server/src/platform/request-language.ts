import { acceptLanguageTags, DEFAULT_LANGUAGE, type Language, languageFromTag } from '@excelencia/domain';
import type { FastifyRequest } from 'fastify';

/**
 * The caller's language for messages: the `x-language` header, else the signed-in account's language,
 * else Accept-Language, else pt.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers['x-language'];
  const explicit = languageFromTag(Array.isArray(header) ? header[0] : header);
  if (explicit) return explicit;
  if (request.auth?.language) return request.auth.language;
  for (const tag of acceptLanguageTags(request.headers['accept-language'])) {
    const language = languageFromTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

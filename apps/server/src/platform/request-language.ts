import { DEFAULT_LANGUAGE, type Language, languageFromTag } from '@excelencia/domain';
import type { FastifyRequest } from 'fastify';

/** Browser languages of an Accept-Language header, best first. */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

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

import { hasRole, isLanguage } from '@excelencia/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../auth/guard.ts';

/**
 * The answers a signed-in page needs before it can show anything, sent with its HTML (docs/adr/0025): the
 * session, and a company user's companies (the company selector and every company page start from them). On a
 * phone each of these was a round trip after the scripts had run, one after the other.
 */

/** The signed-in areas (apps/web/src/lib/access.ts areaOfPath). */
const SIGNED_IN_AREAS = new Set(['admin', 'company', 'partner', 'users']);

const SESSION_PATH = '/auth/session';
const MY_COMPANIES_PATH = '/app/api/v1/me/companies';

/** Whether a page path (with its language) is a page of a signed-in area. */
export function isSignedInPagePath(path: string): boolean {
  const [, language, area] = path.split('/');
  return isLanguage(language) && SIGNED_IN_AREAS.has(area ?? '');
}

/**
 * The answers of the page's first GET calls, by path, as the app would get them from the API (the same
 * routes, through app.inject with the request's cookie, address and language); empty without a valid session.
 */
export async function firstAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  path: string,
): Promise<Record<string, unknown>> {
  if (!request.cookies[SESSION_COOKIE] || !isSignedInPagePath(path)) return {};
  const get = async (url: string): Promise<unknown> => {
    const response = await app.inject({
      method: 'GET',
      url,
      headers: {
        cookie: request.headers.cookie ?? '',
        accept: 'application/json',
        'x-language': path.split('/')[1] ?? '',
      },
      remoteAddress: request.ip,
    });
    return response.statusCode === 200 ? response.json() : undefined;
  };
  const session = (await get(SESSION_PATH)) as { status?: string; roles?: string[] } | undefined;
  if (session?.status !== 'authenticated') return {};
  const answers: Record<string, unknown> = { [SESSION_PATH]: session };
  if (hasRole(session.roles ?? [], 'company')) {
    const companies = await get(MY_COMPANIES_PATH);
    if (companies !== undefined) answers[MY_COMPANIES_PATH] = companies;
  }
  return answers;
}

/**
 * The answers as a data block of the page (`<script type="application/json" id="first-answers">`, read by
 * apps/web/src/lib/first-answers.ts): not executed, so the CSP's `script-src 'self'` holds. `<` is escaped so
 * that no text in the answers can close the block.
 */
export function withFirstAnswers(html: string, answers: Record<string, unknown>): string {
  if (Object.keys(answers).length === 0) return html;
  const json = JSON.stringify(answers).replace(/</g, '\\u003c');
  return html.replace(
    '</body>',
    `<script type="application/json" id="first-answers">${json}</script>\n  </body>`,
  );
}

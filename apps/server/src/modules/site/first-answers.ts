import { hasRole, isLanguage } from '@excelencia/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../auth/guard.ts';

/**
 * The answers a signed-in page needs before it can show anything, sent with its HTML (docs/adr/0025): the
 * session, a company user's companies (the company selector and every company page start from them), and the
 * first calls of the pages people open most (PAGE_CALLS). On a phone each of these was a round trip after the
 * scripts had run, one after the other.
 */

/** The signed-in areas (apps/web/src/lib/access.ts areaOfPath). */
const SIGNED_IN_AREAS = new Set(['admin', 'company', 'partner', 'users']);

const SESSION_PATH = '/auth/session';
const API = '/app/api/v1';
export const MY_COMPANIES_PATH = `${API}/me/companies`;
const CURRENT_EDITION_PATH = `${API}/editions/current`;

/** What a page's first calls are made of: the signed-in user, and a company user's one company. */
interface Caller {
  email: string;
  /** The company of a company user with exactly one (the one every company page shows from its first render). */
  companyId?: string;
  /** Whether the page's address has a query (a list's page or filter): its list calls are then the page's own. */
  hasQuery: boolean;
}

/** A call of a page's first wave (known from the caller), or of its second (known from the first's answers). */
type Calls = (caller: Caller, answers: Record<string, unknown>) => Array<string | undefined>;

const account = ({ email }: Caller) => `${API}/accounts/by-email/${encodeURIComponent(email)}`;
const ofCompany = ({ companyId }: Caller, rest: string) =>
  companyId ? `${API}/companies/${encodeURIComponent(companyId)}/${rest}` : undefined;
/** A field of the current edition's answer (first wave). */
const currentEdition = (answers: Record<string, unknown>, field: 'id' | 'indicatorYear') =>
  (answers[CURRENT_EDITION_PATH] as { id?: string; indicatorYear?: number } | undefined)?.[field];

/**
 * The GETs that the pages people open most make as they first render (the web's pages and their queries, with
 * the same paths and query strings), by page path without the language, in waves: each wave's calls are made
 * together; a later wave reads the earlier answers. The app takes each answer once instead of calling
 * (apps/web/src/lib/first-answers.ts); a call the app makes differently is simply made by the app.
 */
const PAGE_CALLS: Record<string, Calls[]> = {
  'company/dashboard': [
    (caller) => [
      account(caller),
      ofCompany(caller, 'balance-sheets'),
      ofCompany(caller, 'diagnoses'),
      ofCompany(caller, 'applications'),
      ofCompany(caller, 'eligibility'),
      CURRENT_EDITION_PATH,
    ],
  ],
  'company/balance-sheet': [(caller) => [account(caller), ofCompany(caller, 'balance-sheets')]],
  'company/diagnosis': [
    (caller) => [account(caller), ofCompany(caller, 'balance-sheets'), ofCompany(caller, 'diagnoses')],
  ],
  'company/application': [
    (caller) => [
      account(caller),
      ofCompany(caller, 'applications'),
      ofCompany(caller, 'diagnoses'),
      CURRENT_EDITION_PATH,
    ],
    (caller, answers) => {
      const year = currentEdition(answers, 'indicatorYear');
      return [year === undefined ? undefined : ofCompany(caller, `eligibility?year=${year}`)];
    },
  ],
  'company/esg': [(caller) => [account(caller), ofCompany(caller, 'esg')]],
  'admin/dashboard': [
    () => [`${API}/editions`, CURRENT_EDITION_PATH, `${API}/admin/overview`, `${API}/admin/visits`],
    (_caller, answers) => {
      const editionId = currentEdition(answers, 'id');
      return [
        editionId === undefined
          ? undefined
          : `${API}/editions/${encodeURIComponent(editionId)}/funnel?by=island`,
      ];
    },
  ],
  'admin/application': [
    () => [
      `${API}/editions`,
      CURRENT_EDITION_PATH,
      `${API}/public/options/islands`,
      `${API}/public/options/cae-sections`,
    ],
    // The list's first page, as the page asks for it without a query: the current edition's, newest first.
    ({ hasQuery }, answers) => {
      const editionId = currentEdition(answers, 'id');
      return [
        hasQuery || editionId === undefined
          ? undefined
          : `${API}/applications?page=1&pageSize=20&sort=submittedAt&order=desc&editionId=${encodeURIComponent(editionId)}`,
      ];
    },
  ],
  'partner/dashboard': [(caller) => [account(caller), `${API}/partner/dashboard`]],
};

/** Whether a page path (with its language) is a page of a signed-in area. */
export function isSignedInPagePath(path: string): boolean {
  const [, language, area] = path.split('/');
  return isLanguage(language) && SIGNED_IN_AREAS.has(area ?? '');
}

/**
 * The answers of the page's first GET calls, by path, as the app would get them from the API (the same
 * routes, through app.inject with the request's cookie, address and language); empty without a valid session.
 * A call the caller may not make (403) or that fails is left out: the app makes it and shows its error.
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
  const session = (await get(SESSION_PATH)) as
    | { status?: string; roles?: string[]; user?: { email?: string } }
    | undefined;
  if (session?.status !== 'authenticated') return {};
  const answers: Record<string, unknown> = { [SESSION_PATH]: session };
  let companies: Array<{ id: string }> | undefined;
  if (hasRole(session.roles ?? [], 'company')) {
    companies = (await get(MY_COMPANIES_PATH)) as Array<{ id: string }> | undefined;
    if (companies !== undefined) answers[MY_COMPANIES_PATH] = companies;
  }
  const caller: Caller = {
    email: session.user?.email ?? '',
    companyId: companies?.length === 1 ? companies[0]?.id : undefined,
    hasQuery: request.url.includes('?'),
  };
  for (const wave of PAGE_CALLS[path.split('/').slice(2).join('/')] ?? []) {
    const calls = [...new Set(wave(caller, answers))].filter(
      (call): call is string => call !== undefined && !(call in answers),
    );
    const bodies = await Promise.all(calls.map(get));
    calls.forEach((call, index) => {
      if (bodies[index] !== undefined) answers[call] = bodies[index];
    });
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

import { buildBalanceTree, treeLeaves } from '@excelencia/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, VISITOR_CSRF_COOKIE } from '../src/auth/guard.ts';
import {
  companyMembers,
  partnerAssistedCompanies,
  partnerConsents,
  partnerEntities,
  partners,
} from '../src/db/schema/index.ts';
import { tokenAllows } from '../src/modules/partners/api-tokens.service.ts';
import { selfDiagnosisTree } from '../src/modules/reference/self-diagnosis-tree.ts';
import { dataDirFileStore } from '../src/platform/files/file-store.ts';
import { DEMO_ACCOUNTS, seedDemoData } from '../src/seed/seed.ts';
import { seedReferenceData } from '../src/seed/seed-reference.ts';
import { type Actor, AUTHORIZATION_TABLE, type Outcome } from './authorization-table.ts';
import { bigTrialBalance, multipart } from './support/balance-sheets.ts';
import { cookieValue, createTestContext, type TestContext } from './support/context.ts';
import { documentFields } from './support/documents.ts';
import { SHEET_2024 } from './support/eligible-sheets.ts';
import { API_PREFIX } from './support/http.ts';

/**
 * The authorization table (authorization-table.ts) against the real app: every operation of the OpenAPI
 * document, called by a visitor, two companies (company A by its owner, its accountant and its viewer), two
 * partner entities' users and an admin, with path parameters naming company A's data. Then every operation's
 * declared request (path, query, body) fuzzed with fast-check: never a 5xx, company B's and entity Y's rows
 * unchanged, and no unknown field stored.
 */

const DOCS = `${API_PREFIX}/docs/json`;

let ctx: TestContext;

interface Caller {
  /** Headers of a GET; `write` adds the CSRF token. */
  read: Record<string, string>;
  write: Record<string, string>;
}
const callers = {} as Record<Actor, Caller>;
const emails = {} as Record<Actor, string>;

/** Ids the rows' requests name: company A's data, entity X's, and spare rows an admin may change or delete. */
const f: Record<string, string> = {};

interface Operation {
  key: string;
  method: string;
  path: string;
  parameters: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  body?: JsonSchema;
  bodyType?: string;
}
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  maxLength?: number;
};
let operations: Operation[] = [];

// ---------------------------------------------------------------------------------------------- requests

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

interface Request {
  url: string;
  query?: Record<string, string>;
  body?: unknown;
  multipart?: {
    fields: Record<string, string>;
    file: { data: Buffer; filename: string; type?: string } | null;
  };
}
interface RequestSpec {
  /** Values of path parameters other than the usual ones (paramValue). */
  params?: () => Record<string, string>;
  query?: () => Record<string, string>;
  body?: () => unknown;
  multipart?: () => NonNullable<Request['multipart']>;
  /** Run before each caller that the table lets through, for requests that use something up (a delete). */
  fresh?: (actor: Actor) => Promise<Record<string, string>>;
  /** A session of its own for each caller (sign-out ends it). */
  ownSession?: boolean;
}

const files: { sheet: Buffer; png: Buffer } = { sheet: Buffer.alloc(0), png: Buffer.alloc(0) };

const CAMPAIGN = {
  subject: { pt: 'Assunto', en: 'Subject', fr: 'Sujet' },
  body: { pt: '<p>Olá</p>', en: '<p>Hello</p>', fr: '<p>Bonjour</p>' },
};

/** A published item of each kind of the public site (the pages' key is the one the demo content leaves free). */
const text = (pt: string) => ({ pt, en: '', fr: '' });
const CONTENT: Record<string, Record<string, unknown>> = {
  news: { title: text('Notícia'), summary: text('Resumo'), body: text('<p>Corpo</p>'), status: 'published' },
  faq: { question: text('Pergunta?'), answer: text('<p>Resposta</p>'), status: 'published' },
  testimonies: { person: 'Ana', quote: text('Citação'), status: 'published' },
  gallery: { title: text('Galeria'), status: 'published' },
  events: {
    title: text('Evento'),
    date: '2026-12-01',
    place: text('Praia'),
    description: text('<p>Evento</p>'),
    status: 'published',
  },
  pages: { key: 'sustainability-survey', title: text('Inquérito'), status: 'published' },
  documents: { title: text('Regulamento'), category: 'guide', status: 'published' },
};

const year = (y: number) => ({ startDate: `${y}-01-01`, endDate: `${y}-12-31`, typeFrequence: 'annual' });

/** The id of no closure request (the closure-requests routes' test calls). */
const UNKNOWN_CLOSURE_REQUEST = '00000000-0000-4000-8000-00000000c105';

/** The id of no data export (the owner's download of an export). */
const UNKNOWN_EXPORT = '00000000-0000-4000-8000-0000000e4907';

/** The id of no broadcast (the admin's read of one broadcast). */
const UNKNOWN_BROADCAST = '00000000-0000-4000-8000-0000000b7ca5';

/** The ids of no member and no invitation (the team routes' test calls: removing a real member would change A). */
const UNKNOWN_MEMBER = '00000000-0000-4000-8000-0000000a11ce';
const UNKNOWN_INVITATION = '00000000-0000-4000-8000-00000000b0b0';

/** The id of no appeal (the admins' appeal routes' test calls). */
const UNKNOWN_APPEAL = '00000000-0000-4000-8000-0000000a99ea';

/** Requests beyond the bare path: bodies, files, queries, and ids used up by the call. */
const REQUESTS: Record<string, RequestSpec> = {
  'POST /app/api/v1/companies/{companyId}/members': {
    body: () => ({ email: 'convite@autorizacao.cv', role: 'viewer', language: 'pt' }),
  },
  'PUT /app/api/v1/companies/{companyId}/members/{accountId}': {
    params: () => ({ accountId: UNKNOWN_MEMBER }),
    body: () => ({ role: 'viewer' }),
  },
  'DELETE /app/api/v1/companies/{companyId}/members/{accountId}': {
    params: () => ({ accountId: UNKNOWN_MEMBER }),
  },
  'DELETE /app/api/v1/companies/{companyId}/invitations/{id}': { params: () => ({ id: UNKNOWN_INVITATION }) },
  'POST /app/api/v1/companies/{companyId}/invitations/{id}/resend': {
    params: () => ({ id: UNKNOWN_INVITATION }),
  },
  'PUT /app/api/v1/me/language': { body: () => ({ language: 'pt' }) },
  // An unknown request: approving a real one would erase company A.
  'GET /app/api/v1/companies/{companyId}/exports/{id}/file': { params: () => ({ id: UNKNOWN_EXPORT }) },
  'GET /app/api/v1/broadcasts/{id}': { params: () => ({ id: UNKNOWN_BROADCAST }) },
  'POST /app/api/v1/closure-requests/{id}/approve': { params: () => ({ id: UNKNOWN_CLOSURE_REQUEST }) },
  'POST /app/api/v1/closure-requests/{id}/refuse': {
    params: () => ({ id: UNKNOWN_CLOSURE_REQUEST }),
    body: () => ({ reason: 'Motivo' }),
  },
  'PUT /app/api/v1/me/profile': { body: () => ({ name: 'Nome Teste', language: 'pt' }) },
  'GET /auth/two-factor/remove': { query: () => ({ credentialId: 'any-credential' }) },
  'PUT /app/api/v1/companies/{id}': {
    fresh: async () => {
      const { id: _id, ...company } = (
        await send('companyA', 'GET', `${API_PREFIX}/companies/${f.companyA}`)
      ).json();
      f.companyABody = JSON.stringify(company);
      return {};
    },
    body: () => JSON.parse(f.companyABody ?? '{}'),
  },
  // The directory shows listed companies only (the demo company is not): B, a listed peer, is public data.
  'GET /app/api/v1/public/companies/{id}': { params: () => ({ id: f.companyB as string }) },
  'GET /app/api/v1/balance-sheets/compare': { query: () => ({ left: f.sheetA, right: f.sheetA2 }) },
  'POST /app/api/v1/companies/{companyId}/balance-sheets/entries': {
    body: () => ({ ...year(2019), values: JSON.parse(f.sheetValues ?? '{}') }),
    fresh: async () => {
      await deleteSheetOf(2019);
      f.sheetValues = JSON.stringify(await sheetValues());
      return {};
    },
  },
  'PUT /app/api/v1/companies/{companyId}/balance-sheets/{id}/entries': {
    body: () => ({ ...year(2021), values: JSON.parse(f.sheetValues ?? '{}'), version: 1 }),
    fresh: async () => {
      const id = await newSheet(2021);
      f.sheetValues = JSON.stringify(await sheetValues());
      return { id };
    },
  },
  'DELETE /app/api/v1/companies/{companyId}/balance-sheets/{id}': {
    fresh: async () => ({ id: await newSheet(2017) }),
  },
  'POST /app/api/v1/companies/{companyId}/balance-sheets': {
    fresh: () => deleteSheetOf(2016).then(() => ({})),
    multipart: () => ({ fields: { ...year(2016) }, file: { data: files.sheet, filename: 'b.xlsx' } }),
  },
  'POST /app/api/v1/companies/{companyId}/diagnoses': { body: () => ({ balanceSheetId: f.sheetA }) },
  'DELETE /app/api/v1/companies/{companyId}/diagnoses/{id}': {
    fresh: async () => ({ id: await newDiagnosis() }),
  },
  'POST /app/api/v1/companies/{companyId}/applications': { body: () => ({ editionId: f.edition }) },
  'POST /app/api/v1/companies/{companyId}/applications/{id}/messages': {
    body: () => ({ body: 'Uma pergunta à avaliação.' }),
  },
  'POST /app/api/v1/applications/{id}/messages': { body: () => ({ body: 'Uma resposta da avaliação.' }) },
  'POST /app/api/v1/companies/{companyId}/applications/{id}/files': {
    fresh: () => freeSlot(1).then(() => ({})),
    multipart: () => ({
      fields: documentFields(1),
      file: { data: PDF, filename: 'a.pdf', type: 'application/pdf' },
    }),
  },
  'PUT /app/api/v1/companies/{companyId}/applications/{id}/files/{fileId}': {
    fresh: async () => ({ fileId: await newApplicationFile(3) }),
    multipart: () => ({
      fields: { issuedAt: documentFields(3).issuedAt as string },
      file: { data: PDF, filename: 'b.pdf', type: 'application/pdf' },
    }),
  },
  'DELETE /app/api/v1/companies/{companyId}/applications/{id}/files/{fileId}': {
    fresh: async () => ({ fileId: await newApplicationFile(4) }),
  },
  'POST /app/api/v1/companies/{companyId}/applications/{id}/appeal': {
    body: () => ({ reason: 'A decisão leu mal os rácios de 2024.' }),
  },
  'POST /app/api/v1/companies/{companyId}/applications/{id}/appeal/files': {
    multipart: () => ({
      fields: { fileType: '5' },
      file: { data: PDF, filename: 'recurso.pdf', type: 'application/pdf' },
    }),
  },
  'POST /app/api/v1/appeals/{id}/decision': { params: () => ({ id: UNKNOWN_APPEAL }) },
  'POST /app/api/v1/appeals/{id}/confirmation': { params: () => ({ id: UNKNOWN_APPEAL }) },
  'PUT /app/api/v1/companies/{companyId}/esg/forms/{formId}/answers': { body: () => ({ answers: {} }) },
  'PUT /app/api/v1/companies/{companyId}/statistics-consent': { body: () => ({ allowed: true }) },
  'PUT /app/api/v1/companies/{companyId}/partner-consents/{partnerEntityId}': {
    body: () => ({ status: true, diagnosis: true }),
  },
  'POST /app/api/v1/users/profile/api-tokens': { body: () => ({ name: 'Token', days: 30 }) },
  'POST /app/api/v1/companies/{companyId}/follow-requests/{id}/decision': {
    params: () => ({ id: '00000000-0000-4000-8000-0000000000f1' }),
    body: () => ({ accept: true }),
  },
  'DELETE /app/api/v1/users/profile/api-tokens/{id}': {
    fresh: async () => ({ id: await newApiToken() }),
  },
  'POST /app/api/v1/partner/companies': {
    body: () => ({
      companyName: 'Assistida, Lda',
      nif: '200000091',
      email: 'assistida@example.cv',
      responsibleName: 'Rita',
    }),
  },
  'POST /auth/logout': { ownSession: true },
  'PUT /app/api/v1/editions/{id}/automations/{kind}': { params: () => ({ kind: 'registrationCloses7d' }) },
  'GET /app/api/v1/reminders/opt-out': { query: () => ({ token: 'no-such-token' }) },
  'POST /app/api/v1/reminders/opt-out': { query: () => ({ token: 'no-such-token' }) },
  'PUT /app/api/v1/me/reminders': { body: () => ({ enabled: true }) },
  'PUT /app/api/v1/me/profile-picture': {
    multipart: () => ({ fields: {}, file: { data: files.png, filename: 'me.png', type: 'image/png' } }),
  },
  'POST /app/api/v1/content/images': {
    multipart: () => ({ fields: {}, file: { data: files.png, filename: 'c.png', type: 'image/png' } }),
  },
  'PUT /app/api/v1/content/documents/{id}/file': {
    multipart: () => ({ fields: {}, file: { data: PDF, filename: 'd.pdf', type: 'application/pdf' } }),
  },
  // Publishing closes an edition's applications, and company A's application to the current edition is used by
  // the rows after this one: each publication is of a past edition of its own, and the results are read from one
  // published at the start. Junk aims at that published one too (409), never at the current edition, whose
  // publication would close company B's draft as it closes every draft (docs/adr/0022).
  'POST /app/api/v1/editions/{id}/results/publish': {
    fresh: async () => ({ id: await newPastEdition() }),
    params: () => ({ id: f.publishedEdition as string }),
  },
  'GET /app/api/v1/editions/{id}/results': { params: () => ({ id: f.publishedEdition as string }) },
  'GET /app/api/v1/editions/{id}/results/report.pdf': {
    params: () => ({ id: f.publishedEdition as string }),
  },
  'GET /app/api/v1/editions/{id}/results/report.xlsx': {
    params: () => ({ id: f.publishedEdition as string }),
  },
  'GET /app/api/v1/partner/results/{editionId}/report.xlsx': {
    params: () => ({ editionId: f.publishedEdition as string }),
  },
  'POST /app/api/v1/editions/{id}/regulation': {
    multipart: () => ({ fields: {}, file: { data: PDF, filename: 'r.pdf', type: 'application/pdf' } }),
  },
  'GET /app/api/v1/public/content/images/{id}/{file}': {
    params: () => ({ id: f.contentImage as string, file: f.contentImageFile as string }),
  },
  'POST /app/api/v1/public/newsletter/subscriptions': { body: () => ({ email: 'leitor@example.cv' }) },
  'POST /app/api/v1/newsletter/campaigns': { body: () => CAMPAIGN },
  'PUT /app/api/v1/newsletter/campaigns/{id}': { body: () => ({ ...CAMPAIGN, version: 1 }) },
  'DELETE /app/api/v1/newsletter/campaigns/{id}': { fresh: async () => ({ id: await newCampaign() }) },
  ...Object.fromEntries(
    Object.keys(CONTENT).flatMap((kind) => [
      [`POST /app/api/v1/content/${kind}`, { body: () => CONTENT[kind] }],
      [
        `DELETE /app/api/v1/content/${kind}/{id}`,
        { fresh: async () => ({ id: (await newContent(kind, 'eligibility')).id }) },
      ],
      [`GET /app/api/v1/content/${kind}/{id}/preview`, { query: () => ({ language: 'pt' }) }],
    ]),
  ),
};

async function newContent(kind: string, pageKey?: string): Promise<{ id: string; slug: string }> {
  const body = { ...CONTENT[kind], ...(pageKey ? { key: pageKey } : {}) } as Record<string, unknown>;
  if (kind === 'pages')
    await ctx.db.execute(
      sql`delete from content_items where kind = 'pages' and slug = ${body.key as string}`,
    );
  const res = await send('admin', 'POST', `${API_PREFIX}/content/${kind}`, { body });
  if (res.statusCode >= 300) throw new Error(`content ${kind}: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function newCampaign(): Promise<string> {
  const res = await send('admin', 'POST', `${API_PREFIX}/newsletter/campaigns`, { body: CAMPAIGN });
  if (res.statusCode >= 300) throw new Error(`campaign: ${res.statusCode} ${res.body}`);
  return res.json().id;
}

function deleteSheetOf(y: number): Promise<void> {
  return ctx.db
    .execute(
      sql`delete from balance_sheets where company_id = ${f.companyA} and start_date = ${`${y}-01-01`}`,
    )
    .then(() => undefined);
}

/** A whole sheet by hand: every leaf of the tree as it is now 0, but the figures of SHEET_2024. */
async function sheetValues(): Promise<Record<string, string>> {
  const leaves = treeLeaves(buildBalanceTree(await selfDiagnosisTree(ctx.db)));
  return { ...Object.fromEntries(leaves.map((leaf) => [leaf.code, '0'])), ...SHEET_2024 };
}

async function newSheet(y: number): Promise<string> {
  await deleteSheetOf(y);
  const res = await send('companyA', 'POST', `${API_PREFIX}/companies/${f.companyA}/balance-sheets/entries`, {
    body: { ...year(y), values: await sheetValues() },
  });
  if (res.statusCode !== 201 && res.statusCode !== 200)
    throw new Error(`sheet: ${res.statusCode} ${res.body}`);
  return res.json().id;
}

async function newDiagnosis(): Promise<string> {
  const res = await send('companyA', 'POST', `${API_PREFIX}/companies/${f.companyA}/diagnoses`, {
    body: { balanceSheetId: f.sheetA },
  });
  if (res.statusCode >= 300) throw new Error(`diagnosis: ${res.statusCode} ${res.body}`);
  return res.json().id;
}

/** Frees a document slot of company A's application (a slot takes one file). */
function freeSlot(fileType: number): Promise<void> {
  return ctx.db
    .execute(
      sql`delete from application_files where application_id = ${f.applicationA} and file_type = ${fileType}`,
    )
    .then(() => undefined);
}

async function newApplicationFile(slot = 2): Promise<string> {
  await freeSlot(slot);
  const res = await send(
    'companyA',
    'POST',
    `${API_PREFIX}/companies/${f.companyA}/applications/${f.applicationA}/files`,
    {
      multipart: {
        fields: documentFields(slot),
        file: { data: PDF, filename: 'c.pdf', type: 'application/pdf' },
      },
    },
  );
  if (res.statusCode >= 300) throw new Error(`file: ${res.statusCode} ${res.body}`);
  return one(
    sql`select id from application_files where application_id = ${f.applicationA} and file_type = ${slot}`,
  );
}

async function newApiToken(): Promise<string> {
  const res = await send('partnerX', 'POST', `${API_PREFIX}/users/profile/api-tokens`, {
    body: { name: 'Spare', days: 30 },
  });
  if (res.statusCode >= 300) throw new Error(`token: ${res.statusCode} ${res.body}`);
  return res.json().id;
}

/** The value of a path parameter: company A's data, entity X's, or a spare row of the resource. */
function paramValue(path: string, name: string): string {
  const rest = path.startsWith(API_PREFIX) ? path.slice(API_PREFIX.length) : path;
  const resource = rest.split('/')[1] ?? '';
  switch (name) {
    case 'companyId':
      return f.companyA as string;
    case 'email':
      return emails.companyA;
    case 'partnerEntityId':
      return f.entityX as string;
    case 'formId':
      return f.esgForm as string;
    case 'responseId':
      return f.esgResponseA as string;
    case 'sealId':
      return f.sealA as string;
    case 'editionId':
      return f.edition as string;
    case 'fileId':
      return f.applicationFileA as string;
    case 'token':
      return 'no-such-token-0123456789abcdef0123456789';
    case 'code':
      return 'NOSUCHCODE';
    case 'language':
      return 'pt';
    case 'file':
      return f.contentImageFile as string;
    case 'slugOrId':
      return f[`slug:${rest.split('/')[3]}`] as string;
  }
  if (name !== 'id') throw new Error(`No value for {${name}} of ${path}`);
  if (rest.startsWith('/companies/{companyId}/')) {
    const area = rest.split('/')[3];
    const ids: Record<string, string | undefined> = {
      'balance-sheets': f.sheetA,
      diagnoses: f.diagnosisA,
      applications: f.applicationA,
    };
    const id = area ? ids[area] : undefined;
    if (!id) throw new Error(`No {id} for ${path}`);
    return id;
  }
  if (rest.startsWith('/companies/pre-registrations/')) return f.preRegistration as string;
  if (rest.startsWith('/content/') || rest.startsWith('/public/content/')) {
    const kind = rest.split('/')[rest.startsWith('/public/') ? 3 : 2] as string;
    return f[`content:${kind}`] as string;
  }
  if (rest.startsWith('/self-diagnosis/')) return f[`ref:${rest.split('/')[2]}`] as string;
  if (rest.startsWith('/esg/forms/')) return f.esgForm as string;
  if (rest.startsWith('/esg/responses/')) return f.esgResponseA as string;
  if (rest.startsWith('/users/profile/api-tokens/')) return f.apiTokenX as string;
  const byResource: Record<string, string | undefined> = {
    accounts: f.accountA,
    users: f.spareUser,
    partners: f.sparePartner,
    companies: f.companyA,
    public: f.companyA,
    applications: f.applicationA,
    editions: f.edition,
    seals: f.sealA,
    newsletter: f.campaign,
  };
  const id = byResource[resource] ?? f[`ref:${resource}`];
  if (!id) throw new Error(`No {id} for ${path}`);
  return id;
}

function fill(path: string, overrides: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(overrides[name] ?? paramValue(path, name)),
  );
}

// ---------------------------------------------------------------------------------------------- calling

async function send(
  actor: Actor,
  method: string,
  url: string,
  request: Omit<Request, 'url'> = {},
  session?: Caller,
): Promise<LightMyRequestResponse> {
  const who = session ?? callers[actor];
  const headers: Record<string, string> = { ...(method === 'GET' ? who.read : who.write) };
  let payload: string | Buffer | undefined;
  if (request.multipart) {
    const body = multipart(request.multipart.fields, request.multipart.file);
    headers['content-type'] = body.contentType;
    payload = body.payload;
  } else if (request.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(request.body);
  }
  const query = request.query ? `?${new URLSearchParams(request.query)}` : '';
  return ctx.app.inject({ method: method as 'GET', url: `${url}${query}`, headers, payload });
}

function outcomeOf(status: number): Outcome | `status ${number}` {
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status < 400) return 'ok';
  if (status < 500) return 'allowed';
  return `status ${status}`;
}

function matches(expected: Outcome, status: number): boolean {
  if (expected === 'allowed') return status < 500 && status !== 401 && status !== 403;
  return outcomeOf(status) === expected;
}

/**
 * Whether a 403 to this caller is company A's role refusal: its accountant or viewer, on a `companies/{…}` route
 * company A's owner may call (docs/adr/0028-company-teams.md). Other 403s are the route's roles (admins only…).
 */
function isRoleRefusal(op: Operation, actor: Actor): boolean {
  if (actor !== 'companyAAccountant' && actor !== 'companyAViewer') return false;
  const owner = AUTHORIZATION_TABLE[op.key]?.companyA;
  return (
    op.path.startsWith(`${API_PREFIX}/companies/{`) && owner !== 'forbidden' && owner !== 'unauthenticated'
  );
}

async function sessionOf(email: string, password: string): Promise<Caller> {
  const signed = await ctx.signIn(email, password);
  return { read: { cookie: signed.cookie }, write: signed.headers };
}

async function visitorSession(): Promise<Caller> {
  const res = await ctx.app.inject({ method: 'GET', url: '/auth/csrf' });
  const token = res.json().csrfToken as string;
  const cookie = `${VISITOR_CSRF_COOKIE}=${cookieValue(res.headers['set-cookie'], VISITOR_CSRF_COOKIE) ?? token}`;
  return { read: {}, write: { cookie, [CSRF_HEADER]: token } };
}

// ---------------------------------------------------------------------------------------------- fixtures

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await ctx.db.execute(query);
  return (Array.isArray(result) ? result : (result as unknown as { rows: T[] }).rows) as T[];
}
let pastEditions = 0;
/**
 * An edition whose windows all lie years back, with no application: ready to publish. Numbered after the highest,
 * as the admin's copy of an edition (POST editions/{id}/copy) numbers its own.
 */
async function newPastEdition(): Promise<string> {
  pastEditions += 1;
  const year = 2000 + pastEditions;
  const at = (month: number) => `${year}-${String(month).padStart(2, '0')}-01T00:00:00Z`;
  return one(sql`
    insert into editions (number, year, indicator_year, registration_opens_at, registration_closes_at,
      application_opens_at, application_closes_at, evaluation_starts_at, evaluation_ends_at, results_at)
    values ((select coalesce(max(number), 0) + 1 from editions), ${year}, ${year - 1}, ${at(1)}, ${at(2)}, ${at(3)}, ${at(4)}, ${at(5)}, ${at(6)}, ${at(7)})
    returning id`);
}

async function one(query: ReturnType<typeof sql>): Promise<string> {
  const [row] = await rows<{ id: string }>(query);
  if (!row) throw new Error('fixture missing');
  return row.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  await seedReferenceData(ctx.db);
  await seedDemoData(ctx.db, ctx.identity, dataDirFileStore(ctx.config.dataDir));
  const demo = (role: string) => DEMO_ACCOUNTS.find((a) => a.role === role) as (typeof DEMO_ACCOUNTS)[number];
  // Company A: the demo company (two annual sheets); entity X: the demo bank; B: a peer the bank does not assist.
  f.companyA = await one(sql`select id from companies where nif = '200000001'`);
  f.companyB = await one(sql`select id from companies where nif = '200000005'`);
  f.entityX = await one(sql`select id from partner_entities where code = 'BDEMO'`);
  const bank = await one(sql`select id from partner_types where code = 'BANCO'`);
  const [entityY] = await ctx.db
    .insert(partnerEntities)
    .values({
      code: 'BY',
      name: 'Banco Y',
      description: { pt: 'Banco Y', en: '', fr: '' },
      partnerTypeId: bank,
    })
    .returning({ id: partnerEntities.id });
  f.entityY = entityY?.id as string;
  const userB = await ctx.createUser({ email: 'b@empresa-b.cv', roles: ['company'] });
  await ctx.linkCompany(userB.accountId, { companyName: 'ignored', nif: '200000005' });
  const partnerY = await ctx.createUser({ email: 'y@banco-y.cv', roles: ['partner'] });
  // Company A's accountant and viewer: accounts of the company role linked to company A with those roles.
  const accountantA = await ctx.createUser({ email: 'contabilista@empresa-a.cv', roles: ['company'] });
  const viewerA = await ctx.createUser({ email: 'leitor@empresa-a.cv', roles: ['company'] });
  await ctx.db.insert(companyMembers).values([
    { companyId: f.companyA, accountId: accountantA.accountId, role: 'accountant' },
    { companyId: f.companyA, accountId: viewerA.accountId, role: 'viewer' },
  ]);
  await ctx.db.insert(partners).values({ accountId: partnerY.accountId, partnerEntityId: f.entityY });
  await ctx.db.insert(partnerAssistedCompanies).values([
    { partnerEntityId: f.entityX, companyId: f.companyA },
    { partnerEntityId: f.entityY, companyId: f.companyB },
  ]);
  await ctx.db.insert(partnerConsents).values([
    { companyId: f.companyA, partnerEntityId: f.entityX, seesStatus: true, seesDiagnosis: true },
    { companyId: f.companyB, partnerEntityId: f.entityY, seesStatus: true, seesDiagnosis: true },
  ]);
  emails.companyA = demo('company').email;
  emails.companyB = userB.email;
  emails.companyAAccountant = accountantA.email;
  emails.companyAViewer = viewerA.email;
  emails.partnerX = demo('partner').email;
  emails.partnerY = partnerY.email;
  emails.admin = demo('admin').email;
  f.accountA = await one(sql`select id from accounts where email = ${emails.companyA}`);
  const [aRow] = await rows<{ nif: string; company_name: string }>(
    sql`select nif, company_name from companies where id = ${f.companyA}`,
  );
  f.companyANif = aRow?.nif as string;
  f.companyAName = aRow?.company_name as string;

  const [visitor, companyA, companyAAccountant, companyAViewer, companyB, partnerX, partnerYSession, admin] =
    await Promise.all([
      visitorSession(),
      sessionOf(demo('company').email, demo('company').password),
      sessionOf(accountantA.email, accountantA.password),
      sessionOf(viewerA.email, viewerA.password),
      sessionOf(userB.email, userB.password),
      sessionOf(demo('partner').email, demo('partner').password),
      sessionOf(partnerY.email, partnerY.password),
      sessionOf(demo('admin').email, demo('admin').password),
    ]);
  Object.assign(callers, {
    visitor,
    companyA,
    companyAAccountant,
    companyAViewer,
    companyB,
    partnerX,
    partnerY: partnerYSession,
    admin,
  });

  files.sheet = await bigTrialBalance(2);
  files.png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#0a5' } })
    .png()
    .toBuffer();
  const doc = (await ctx.app.inject({ url: DOCS })).json();
  operations = readOperations(doc);

  // Company A's data.
  const sheets = await rows<{ id: string }>(
    sql`select id from balance_sheets where company_id = ${f.companyA} order by start_date desc`,
  );
  f.sheetA = sheets[0]?.id as string;
  f.sheetA2 = sheets[1]?.id as string;
  f.diagnosisA = await newDiagnosis();
  f.sheetValues = JSON.stringify(await sheetValues());
  f.edition = await one(sql`select id from editions order by year desc limit 1`);
  f.publishedEdition = await newPastEdition();
  const published = await send(
    'admin',
    'POST',
    `${API_PREFIX}/editions/${f.publishedEdition}/results/publish`,
  );
  if (published.statusCode !== 200) throw new Error(`publish: ${published.statusCode} ${published.body}`);
  const opened = await send('companyA', 'POST', `${API_PREFIX}/companies/${f.companyA}/applications`, {
    body: { editionId: f.edition },
  });
  f.applicationA = opened.json().id;
  f.applicationFileA = await newApplicationFile();
  f.esgForm = await one(sql`select id from esg_forms order by created_at limit 1`);
  const answered = await send(
    'companyA',
    'PUT',
    `${API_PREFIX}/companies/${f.companyA}/esg/forms/${f.esgForm}/answers`,
    {
      body: { answers: {} },
    },
  );
  f.esgResponseA =
    answered.json().id ?? (await one(sql`select id from esg_responses where company_id = ${f.companyA}`));
  // Company A has been granted no seal: its certificate answers 404 to A's members and admins
  // (COMPANY_A_STATE).
  f.sealA = '00000000-0000-4000-8000-000000000001';
  f.apiTokenX = await newApiToken();
  // Company A's profile as a valid body (company B sends it too, to reach the route's own check); the row's
  // `fresh` reads it again before each caller let through, with its current version.
  const { id: _id, ...profileA } = (
    await send('companyA', 'GET', `${API_PREFIX}/companies/${f.companyA}`)
  ).json();
  f.companyABody = JSON.stringify(profileA);
  const tokenY = await send('partnerY', 'POST', `${API_PREFIX}/users/profile/api-tokens`, {
    body: { name: 'Y', days: 30 },
  });
  f.apiTokenY = tokenY.json().token;

  // Company B's own data, to show that nothing touches it.
  const appliedB = await send('companyB', 'POST', `${API_PREFIX}/companies/${f.companyB}/applications`, {
    body: { editionId: f.edition },
  });
  f.applicationB = appliedB.json().id;
  f.sheetB = await one(sql`select id from balance_sheets where company_id = ${f.companyB} limit 1`);
  f.accountB = userB.accountId;
  f.accountY = partnerY.accountId;
  f.accountX = await one(sql`select id from accounts where email = ${emails.partnerX}`);
  await send('companyB', 'PUT', `${API_PREFIX}/companies/${f.companyB}/esg/forms/${f.esgForm}/answers`, {
    body: { answers: {} },
  });

  // Spare rows an admin may change or delete.
  for (const table of [
    'company_types',
    'employee_ranges',
    'cae_sections',
    'cae_divisions',
    'islands',
    'cities',
    'criterion_types',
    'criteria',
    'company_situations',
    'partner_types',
  ]) {
    f[`ref:${table.replace('_', '-').replace('_', '-')}`] = await one(
      sql.raw(`select id from ${table} order by code desc limit 1`),
    );
  }
  const [spareEntity] = await ctx.db
    .insert(partnerEntities)
    .values({
      code: 'BZ',
      name: 'Banco Z',
      description: { pt: 'Banco Z', en: '', fr: '' },
      partnerTypeId: bank,
    })
    .returning({ id: partnerEntities.id });
  f['ref:partner-entities'] = spareEntity?.id as string;
  for (const [resource, table] of [
    ['headings', 'sd_headings'],
    ['sub-headings', 'sd_sub_headings'],
    ['categories', 'sd_categories'],
    ['sub-categories', 'sd_sub_categories'],
  ] as const) {
    f[`ref:${resource}`] = await one(sql.raw(`select id from ${table} order by code desc limit 1`));
  }
  const spare = await ctx.createUser({ email: 'spare@excelencia.cv', roles: ['company'] });
  f.spareUser = spare.accountId;
  const sparePartner = await ctx.createUser({ email: 'spare@banco-y.cv', roles: ['partner'] });
  const [sp] = await ctx.db
    .insert(partners)
    .values({ accountId: sparePartner.accountId, partnerEntityId: f.entityX })
    .returning({ id: partners.id });
  f.sparePartner = sp?.id as string;
  for (const kind of Object.keys(CONTENT)) {
    const item = await newContent(kind);
    f[`content:${kind}`] = item.id;
    f[`slug:${kind}`] = item.slug;
  }
  const document = await send(
    'admin',
    'PUT',
    `${API_PREFIX}/content/documents/${f['content:documents']}/file`,
    {
      multipart: { fields: {}, file: { data: PDF, filename: 'd.pdf', type: 'application/pdf' } },
    },
  );
  expect(document.statusCode, document.body).toBeLessThan(300);
  const image = await send('admin', 'POST', `${API_PREFIX}/content/images`, {
    multipart: { fields: {}, file: { data: files.png, filename: 'c.png', type: 'image/png' } },
  });
  expect(image.statusCode, image.body).toBeLessThan(300);
  f.contentImage = image.json().id;
  f.contentImageFile = '640.webp';
  const picture = await send('companyA', 'PUT', `${API_PREFIX}/me/profile-picture`, {
    multipart: { fields: {}, file: { data: files.png, filename: 'me.png', type: 'image/png' } },
  });
  expect(picture.statusCode, picture.body).toBeLessThan(300);
  const regulation = await send('admin', 'POST', `${API_PREFIX}/editions/${f.edition}/regulation`, {
    multipart: { fields: {}, file: { data: PDF, filename: 'r.pdf', type: 'application/pdf' } },
  });
  expect(regulation.statusCode, regulation.body).toBeLessThan(300);
  f.campaign = await newCampaign();
  const pre = await send('admin', 'POST', `${API_PREFIX}/companies/pre-registrations`, {
    body: { companyName: 'Pré, Lda', nif: '200000092', email: 'pre@example.cv', responsibleName: 'Pré' },
  });
  f.preRegistration = pre.json().id ?? '00000000-0000-4000-8000-000000000005';
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

function readOperations(doc: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): Operation[] {
  const found: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)
        ?.content;
      const bodyType = content ? Object.keys(content)[0] : undefined;
      found.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters as Operation['parameters']) ?? [],
        ...(bodyType && content ? { body: content[bodyType]?.schema, bodyType } : {}),
      });
    }
  }
  return found;
}

function requestFor(op: Operation, overrides: Record<string, string> = {}): Request {
  const spec = REQUESTS[op.key] ?? {};
  const request: Request = { url: fill(op.path, { ...spec.params?.(), ...overrides }) };
  if (spec.query) request.query = spec.query();
  if (spec.multipart) request.multipart = spec.multipart();
  else if (spec.body) request.body = spec.body();
  else if (op.body && op.bodyType === 'application/json') request.body = {};
  return request;
}

// ---------------------------------------------------------------------------------------------- the table

describe('the authorization table', () => {
  it('lists every operation of the OpenAPI document, and only those', () => {
    const documented = new Set(operations.map((op) => op.key));
    const listed = new Set(Object.keys(AUTHORIZATION_TABLE));
    expect(
      [...documented].filter((key) => !listed.has(key)),
      'operations missing from the table',
    ).toEqual([]);
    expect(
      [...listed].filter((key) => !documented.has(key)),
      'table rows for routes that are gone',
    ).toEqual([]);
  });

  it('holds for every operation and caller', async () => {
    const wrong: string[] = [];
    const actors: Actor[] = [
      'visitor',
      'companyB',
      'partnerY',
      'partnerX',
      'companyA',
      'companyAAccountant',
      'companyAViewer',
      'admin',
    ];
    const isRefused = (outcome: Outcome) =>
      outcome === 'unauthenticated' || outcome === 'forbidden' || outcome === 'not-found';
    for (const op of operations) {
      const expected = AUTHORIZATION_TABLE[op.key];
      if (!expected) continue;
      const spec = REQUESTS[op.key] ?? {};
      // The callers the table refuses first. A write refused by a route's own check (another company's id, 404)
      // must leave the database as it was; a refusal by role (401, 403) comes before any route runs.
      const refusedCallers = actors.filter((actor) => isRefused(expected[actor]));
      const order = [...refusedCallers, ...actors.filter((actor) => !isRefused(expected[actor]))];
      const writes = op.method !== 'GET' && refusedCallers.some((actor) => expected[actor] === 'not-found');
      let before = writes ? await databaseHash() : '';
      for (const actor of order) {
        const outcome = expected[actor];
        const refused = isRefused(outcome);
        if (writes && !refused && before) {
          const after = await databaseHash();
          if (after !== before)
            wrong.push(`${op.key}: a refused call changed ${changedTables(before, after)}`);
          before = '';
        }
        const overrides = !refused && spec.fresh ? await spec.fresh(actor) : {};
        const request = requestFor(op, overrides);
        const session =
          spec.ownSession && actor !== 'visitor'
            ? await sessionOf(emails[actor], demoPassword(actor))
            : undefined;
        const res = await send(actor, op.method, request.url, request, session);
        if (!matches(outcome, res.statusCode)) {
          wrong.push(
            `${op.key} as ${actor}: expected ${outcome}, got ${res.statusCode} ${res.body.slice(0, 160)}`,
          );
        } else if (res.statusCode === 403 && isRoleRefusal(op, actor)) {
          // Company A's accountant or viewer refused what its owner may do: the role error, naming the role.
          const code = (res.json() as { error?: { code?: string } }).error?.code;
          if (code !== 'company_role')
            wrong.push(`${op.key} as ${actor}: a 403 with code ${code}, not the role error company_role`);
        }
        // What a visitor, company B and entity Y's user are let read never names company A (not in the directory).
        if ((actor === 'visitor' || actor === 'companyB' || actor === 'partnerY') && res.statusCode < 300) {
          const seen = companyAMarks().filter((mark) => res.body.includes(mark));
          if (seen.length > 0)
            wrong.push(`${op.key} as ${actor}: the answer names company A (${seen.join(', ')})`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});

/**
 * Tables the app writes in the background or on every request: sessions (touched by each request with one), the
 * indicator values (rebuilt after a criterion changes), the mail outbox and deliveries (marked as sent), the jobs,
 * the page-view counts (added every few seconds from memory). Balance-sheet lines and values change with their
 * sheet's row, which is compared.
 */
const UNCOMPARED = [
  'sessions',
  'indicator_values',
  'mail_outbox',
  'newsletter_deliveries',
  'jobs',
  'page_views',
  'balance_sheet_lines',
  'balance_sheet_values',
];

/** A digest of each table but the uncompared ones, computed by the database. */
async function databaseHash(): Promise<string> {
  const tables = (
    await rows<{ tablename: string }>(
      sql`select tablename from pg_tables where schemaname = current_schema() order by 1`,
    )
  ).filter(({ tablename }) => !UNCOMPARED.includes(tablename));
  const query = tables
    .map(
      ({ tablename }) =>
        `select '${tablename}' as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${tablename}" t`,
    )
    .join(' union all ');
  const digests = await rows<{ name: string; digest: string }>(sql.raw(query));
  return digests.map(({ name, digest }) => `${name}=${digest}`).join(' ');
}

function changedTables(before: string, after: string): string {
  const old = new Set(before.split(' '));
  return after
    .split(' ')
    .filter((entry) => !old.has(entry))
    .map((entry) => entry.split('=')[0])
    .join(', ');
}

/** What identifies company A in an answer: its id, NIF, name and its user's id and e-mail. */
function companyAMarks(): string[] {
  return [f.companyA, f.accountA, f.companyANif, f.companyAName, emails.companyA].filter(
    (mark): mark is string => Boolean(mark),
  );
}

/**
 * The same refusals for API clients: company B's user with the identity provider's access token, entity Y with
 * one of its own API tokens (exp_…), on every API operation the table refuses them and every read it lets through.
 */
describe('the authorization table with bearer tokens', () => {
  it('holds for company B and entity Y calling as API clients', async () => {
    const tokens: Partial<Record<Actor, string>> = {
      companyB: await ctx.bearer(emails.companyB, demoPassword('companyB')),
      partnerY: f.apiTokenY,
    };
    const wrong: string[] = [];
    for (const op of operations) {
      const expected = AUTHORIZATION_TABLE[op.key];
      if (!expected || !op.path.startsWith(API_PREFIX)) continue;
      for (const actor of ['companyB', 'partnerY'] as const) {
        const outcome = expected[actor];
        const refused = outcome === 'unauthenticated' || outcome === 'forbidden' || outcome === 'not-found';
        if (!refused && op.method !== 'GET') continue;
        const request = requestFor(op);
        const bearer = { authorization: `Bearer ${tokens[actor]}` };
        const res = await send(actor, op.method, request.url, request, { read: bearer, write: bearer });
        // A partner API token reads the partner area only: every other route but the public ones answers 403
        // (docs/adr/0016).
        const isPublic = expected.visitor === 'ok' || expected.visitor === 'allowed';
        const sessionOnly =
          actor === 'partnerY'
            ? !isPublic && !tokenAllows(op.method, op.path)
            : op.path.startsWith(`${API_PREFIX}/users/profile/api-tokens`);
        if (sessionOnly ? res.statusCode !== 403 : !matches(outcome, res.statusCode)) {
          wrong.push(
            `${op.key} as ${actor} (bearer): expected ${outcome}, got ${res.statusCode} ${res.body.slice(0, 160)}`,
          );
        }
        if (res.statusCode < 300) {
          const seen = companyAMarks().filter((mark) => res.body.includes(mark));
          if (seen.length > 0)
            wrong.push(`${op.key} as ${actor} (bearer): the answer names company A (${seen.join(', ')})`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});

function demoPassword(actor: Actor): string {
  const demo = DEMO_ACCOUNTS.find((a) => a.email === emails[actor]);
  return demo?.password ?? 'Test!Password-2026';
}

// ---------------------------------------------------------------------------------------------- fuzzing

/** The text an unknown field carries: found anywhere in the database afterwards, the field was stored. */
const MARKER = 'zzunknownfieldmarker';
/** Random requests per operation, besides the two fixed ones (AUTHZ_RUNS=30 for a longer hunt). */
const RUNS_PER_OPERATION = Number(process.env.AUTHZ_RUNS ?? 3);

/** Tables of a tenant's data: company B's and entity Y's rows there must not change. */
const TENANT_TABLES = [
  'accounts',
  'companies',
  'company_members',
  'balance_sheets',
  'balance_sheet_lines',
  'balance_sheet_values',
  'diagnoses',
  'applications',
  'application_files',
  'esg_responses',
  'partner_entities',
  'partners',
  'partner_assisted_companies',
  'partner_consents',
  'partner_access_log',
  'partner_api_tokens',
];

async function tableRows(table: string): Promise<string[]> {
  return (await rows<{ row: string }>(sql.raw(`select t::text as row from "${table}" t`))).map((r) => r.row);
}

/**
 * Company B's and entity Y's rows: those naming B, its user, Y or Y's user, and the rows naming those (a sheet's
 * lines), but none naming company A or entity X (A's consent to Y is A's).
 */
async function otherTenantsRows(): Promise<string> {
  const theirs = new Set([f.companyB, f.accountB, f.entityY, f.accountY] as string[]);
  const ours = [f.companyA, f.accountA, f.entityX, f.accountX] as string[];
  const tables = new Map<string, string[]>();
  for (const table of TENANT_TABLES) tables.set(table, await tableRows(table));
  const picked = new Set<string>();
  for (let pass = 0; pass < 2; pass += 1) {
    for (const [table, list] of tables) {
      for (const row of list) {
        if (ours.some((id) => row.includes(id)) || ![...theirs].some((id) => row.includes(id))) continue;
        picked.add(`${table} ${row}`);
        const id = /^\(([0-9a-f-]{36}),/.exec(row)?.[1];
        if (id) theirs.add(id);
      }
    }
  }
  return [...picked].sort().join('\n');
}

/** Every row of the database whose text holds the marker (searched by the database, one query in all). */
async function rowsWithMarker(): Promise<string> {
  const tables = await rows<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = current_schema()`,
  );
  const query = tables
    .map(
      ({ tablename }) =>
        `select '${tablename}' as name, t::text as row from "${tablename}" t where strpos(t::text, '${MARKER}') > 0`,
    )
    .join(' union all ');
  const found = await rows<{ name: string; row: string }>(sql.raw(query));
  return found.map(({ name, row }) => `${name}: ${row}`).join('\n');
}

const hugeString = fc.constant('x'.repeat(20_000));
/** A value of any JSON shape, or a huge string, or another tenant's id. */
function junkValue(actor: Actor): fc.Arbitrary<unknown> {
  const theirs = [f.companyB, f.sheetB, f.applicationB, f.entityY, f.accountB] as string[];
  return fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.string({ maxLength: 40 }),
    fc.integer(),
    fc.constantFrom(null, true, -1, 1e300, '', '0'),
    hugeString,
    actor === 'admin' ? fc.uuid() : fc.constantFrom(...theirs),
  );
}

/** The other tenant's value of a path parameter: company B's id, its sheet, its application, entity Y. */
function theirValue(path: string, name: string): string {
  const rest = path.slice(API_PREFIX.length);
  if (name === 'companyId') return f.companyB as string;
  if (name === 'partnerEntityId') return f.entityY as string;
  if (name === 'email') return emails.companyB;
  if (rest.includes('/balance-sheets/')) return f.sheetB as string;
  if (rest.includes('/applications/')) return f.applicationB as string;
  if (rest.startsWith('/accounts/')) return f.accountB as string;
  return f.companyB as string;
}

function pathArbitrary(op: Operation, actor: Actor, own: Record<string, string>): fc.Arbitrary<string> {
  const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  const values = names.map((name) => {
    const mine = own[name] ?? paramValue(op.path, name);
    const choices: fc.Arbitrary<string>[] = [
      fc.constant(mine),
      fc.constant(mine),
      fc.uuid(),
      fc.string({ maxLength: 40 }),
      fc.constant('x'.repeat(3000)),
    ];
    if (actor !== 'admin') choices.push(fc.constant(theirValue(op.path, name)));
    return fc.oneof(...choices).map((value) => [name, value] as const);
  });
  return fc
    .tuple(...values)
    .map((pairs) =>
      op.path.replace(/\{(\w+)\}/g, (_, name) =>
        encodeURIComponent(pairs.find(([n]) => n === name)?.[1] ?? ''),
      ),
    );
}

function queryValue(schema: JsonSchema | undefined, actor: Actor): fc.Arbitrary<string> {
  const valid: fc.Arbitrary<string>[] = [fc.string({ maxLength: 20 })];
  if (schema?.enum) valid.push(fc.constantFrom(...schema.enum.map(String)));
  if (schema?.type === 'integer' || schema?.type === 'number') valid.push(fc.integer().map(String));
  if (schema?.format === 'uuid') valid.push(fc.constant(f.companyA as string), fc.uuid());
  if (actor !== 'admin') valid.push(fc.constant(f.companyB as string));
  return fc.oneof(...valid, fc.constant('x'.repeat(5000)), fc.constantFrom('true', '-1', '1e999', '[]'));
}

function queryArbitrary(
  op: Operation,
  actor: Actor,
  base: Record<string, string>,
): fc.Arbitrary<Record<string, string>> {
  const declared = op.parameters.filter((p) => p.in === 'query');
  const fields = Object.fromEntries(
    declared.map((p) => [p.name, fc.option(queryValue(p.schema, actor), { nil: undefined })]),
  );
  return fc.record({ ...fields, extra: fc.option(fc.constant(MARKER), { nil: undefined }) }).map((chosen) => {
    const query: Record<string, string> = { ...base };
    for (const [name, value] of Object.entries(chosen)) {
      if (value === undefined) continue;
      query[name === 'extra' ? `${MARKER}_field` : name] = value;
    }
    return query;
  });
}

/** The row's body with up to three declared fields set to junk or dropped, plus an unknown field (the marker). */
function bodyArbitrary(op: Operation, actor: Actor, base: unknown): fc.Arbitrary<unknown> {
  const names = Object.keys(op.body?.properties ?? {});
  const start =
    base !== null && typeof base === 'object' && !Array.isArray(base)
      ? (base as Record<string, unknown>)
      : {};
  const edit =
    names.length === 0
      ? fc.constant([] as { name: string; value: unknown; drop: boolean }[])
      : fc.array(
          fc.record({ name: fc.constantFrom(...names), value: junkValue(actor), drop: fc.boolean() }),
          { maxLength: 3 },
        );
  const edited = (marked: boolean) =>
    edit.map((edits) => {
      const body = marked ? withUnknownFields(structuredClone(start)) : structuredClone(start);
      for (const { name, value, drop } of edits) {
        if (drop) delete body[name];
        else body[name] = value;
      }
      return body;
    });
  return fc.oneof(
    // The request as declared with unknown fields: they must be dropped or refused, never stored.
    { weight: 3, arbitrary: fc.constant(null).map(() => withUnknownFields(structuredClone(start))) },
    // Up to three declared fields of the wrong type, huge, another tenant's id or left out, without unknown fields
    // (strict schemas refuse those first) or with them.
    { weight: 3, arbitrary: edited(false) },
    { weight: 2, arbitrary: edited(true) },
    { weight: 1, arbitrary: junkValue(actor) },
  );
}

/** Ids a body's fields name, by the field's name; any other uuid field gets company A's id. */
function idFor(field: string): string {
  const byField: Record<string, string | undefined> = {
    sectionId: f['ref:cae-sections'],
    caeSectionId: f['ref:cae-sections'],
    caeDivisionId: f['ref:cae-divisions'],
    islandId: f['ref:islands'],
    cityId: f['ref:cities'],
    companyTypeId: f['ref:company-types'],
    companySituationId: f['ref:company-situations'],
    criterionTypeId: f['ref:criterion-types'],
    partnerTypeId: f['ref:partner-types'],
    partnerEntityId: f.entityX,
    headingId: f['ref:headings'],
    subHeadingId: f['ref:sub-headings'],
    categoryId: f['ref:categories'],
    editionId: f.edition,
    balanceSheetId: f.sheetA,
    previousBalanceSheetId: f.sheetA2,
  };
  return byField[field] ?? (f.companyA as string);
}

let sampleCounter = 0;
/** A value the schema accepts, as far as its JSON Schema says (required fields only; a unique suffix on codes). */
function sampleOf(schema: JsonSchema | undefined, field = ''): unknown {
  if (!schema) return null;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return sampleOf(variants.find((v) => v.type !== 'null') ?? variants[0], field);
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  const s = schema as JsonSchema & {
    minimum?: number;
    minLength?: number;
    pattern?: string;
    minItems?: number;
  };
  switch (type) {
    case 'object': {
      const body: Record<string, unknown> = {};
      for (const name of schema.required ?? []) body[name] = sampleOf(schema.properties?.[name], name);
      return body;
    }
    case 'array':
      return s.minItems ? Array.from({ length: s.minItems }, () => sampleOf(schema.items, field)) : [];
    case 'integer':
    case 'number':
      return field === 'version' ? 1 : Math.max(s.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'string': {
      sampleCounter += 1;
      if (schema.format === 'uuid') return idFor(field);
      if (schema.format === 'date') return '2026-06-01';
      if (schema.format === 'date-time') return '2026-06-01T10:00:00.000Z';
      if (schema.format === 'email' || /email/i.test(field)) return `fuzz${sampleCounter}@example.cv`;
      if (s.pattern === '^\\d{9}$') return String(290000000 + sampleCounter);
      if (/password/i.test(field)) return 'Fuzz!Password-2026';
      const text = `${field || 'x'}${sampleCounter}`;
      return text.length >= (s.minLength ?? 0) ? text : text.padEnd(s.minLength ?? 0, 'x');
    }
    default:
      return null;
  }
}

/** Adds the unknown field at the top and inside each object-valued field (one level down). */
function withUnknownFields(body: Record<string, unknown>): Record<string, unknown> {
  const marked: Record<string, unknown> = { ...body, [`${MARKER}_field`]: MARKER };
  for (const [name, value] of Object.entries(body)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      marked[name] = { ...(value as Record<string, unknown>), [`${MARKER}_field`]: MARKER };
    }
  }
  return marked;
}

/** The row's request, with a body the schema accepts where the row has none. */
function baseRequest(op: Operation): Request {
  const base = requestFor(op);
  if (!REQUESTS[op.key]?.body && op.body && op.bodyType === 'application/json') base.body = sampleOf(op.body);
  return base;
}

/**
 * Two requests every operation gets, besides the random ones: the request as declared with unknown fields (top
 * level and one level down in the body, in the query, in a multipart form), and the request as declared naming
 * the other tenant in every path parameter (company B's id, its sheet, its application, entity Y).
 */
function fixedRequests(op: Operation, actor: Actor): Request[] {
  const base = baseRequest(op);
  const marked: Request = {
    ...base,
    query: { ...base.query, [`${MARKER}_field`]: MARKER },
    ...(base.multipart
      ? {
          multipart: { ...base.multipart, fields: { ...base.multipart.fields, [`${MARKER}_field`]: MARKER } },
        }
      : {}),
    ...(base.body !== null && typeof base.body === 'object' && !Array.isArray(base.body)
      ? { body: withUnknownFields(base.body as Record<string, unknown>) }
      : {}),
  };
  const requests = [marked];
  if (actor !== 'admin' && op.path.includes('{')) {
    const theirs = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      encodeURIComponent(theirValue(op.path, name)),
    );
    requests.push({ ...base, url: theirs });
  }
  return requests;
}

function requestArbitrary(op: Operation, actor: Actor): fc.Arbitrary<Request> {
  const own = REQUESTS[op.key]?.params?.() ?? {};
  const base = baseRequest(op);
  const multipartBase = base.multipart;
  return fc
    .record({
      url: pathArbitrary(op, actor, own),
      query: queryArbitrary(op, actor, base.query ?? {}),
      body:
        op.body && op.bodyType === 'application/json'
          ? bodyArbitrary(op, actor, base.body)
          : fc.constant(undefined),
    })
    .map(({ url, query, body }) => ({
      url,
      query,
      ...(multipartBase
        ? {
            multipart: { ...multipartBase, fields: { ...multipartBase.fields, [`${MARKER}_field`]: MARKER } },
          }
        : body === undefined
          ? {}
          : { body }),
    }));
}

function hasInputs(op: Operation): boolean {
  return op.parameters.length > 0 || op.body !== undefined || REQUESTS[op.key]?.multipart !== undefined;
}

/** Who fuzzes an operation: company A where it may call it, else entity X's user, else an admin, else a visitor. */
function fuzzer(op: Operation): Actor {
  const expected = AUTHORIZATION_TABLE[op.key];
  if (!expected || REQUESTS[op.key]?.ownSession) return 'visitor';
  const mayCall = (actor: Actor) => expected[actor] === 'ok' || expected[actor] === 'allowed';
  return (['companyA', 'partnerX', 'admin'] as Actor[]).find(mayCall) ?? 'visitor';
}

describe('every operation under junk (fast-check)', () => {
  it(
    'answers no 5xx, leaves company B and entity Y untouched, and stores no unknown field',
    async () => {
      const problems: string[] = [];
      const before = await otherTenantsRows();
      // Deletions last, so that the other operations meet company A's data.
      const ordered = [...operations].sort(
        (a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'),
      );
      for (const [index, op] of ordered.entries()) {
        const actor = fuzzer(op);
        for (const request of fixedRequests(op, actor)) {
          const res = await send(actor, op.method, request.url, request);
          if (res.statusCode >= 500) {
            problems.push(
              `${op.key} as ${actor} at ${request.url}: ${res.statusCode} ${res.body.slice(0, 300)}`,
            );
          }
        }
        try {
          await fc.assert(
            fc.asyncProperty(requestArbitrary(op, actor), async (request) => {
              const res = await send(actor, op.method, request.url, request);
              if (res.statusCode >= 500) {
                throw new Error(`${res.statusCode} ${res.body.slice(0, 300)}`);
              }
            }),
            // An operation without parameters or body gets one run (the unknown query field).
            { numRuns: hasInputs(op) ? RUNS_PER_OPERATION : 1, endOnFailure: true },
          );
        } catch (error) {
          const message = (error as Error).message.split('\n').slice(0, 6).join(' | ');
          problems.push(`${op.key} as ${actor}: ${message.slice(0, 1500)}`);
        }
        if (index % 40 === 39 || index === ordered.length - 1) {
          const stored = await rowsWithMarker();
          if (stored)
            problems.push(
              `unknown field stored (after ${op.key} and the 39 before it):\n${stored.slice(0, 2000)}`,
            );
        }
      }
      const after = await otherTenantsRows();
      expect(problems).toEqual([]);
      expect(after, "company B's and entity Y's rows").toBe(before);
    },
    30_000 * RUNS_PER_OPERATION,
  );
});

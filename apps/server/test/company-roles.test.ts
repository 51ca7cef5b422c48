import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceSheets, companyMembers, editions } from '../src/db/schema/index.ts';
import { seedReferenceData } from '../src/seed/seed-reference.ts';
import { HEADER, multipart, xlsx } from './support/balance-sheets.ts';
import { createTestContext, type SignedIn, type TestContext } from './support/context.ts';
import { openEditionInput } from './support/editions.ts';
import { apiCalls } from './support/http.ts';

/**
 * A company's team at work (docs/adr/0028-company-teams.md): its accountant prepares the figures but does not
 * submit the application, its viewer reads what the dashboard shows and changes nothing. Each refusal is a 403
 * naming the caller's role in its language. The authorization table (authorization.test.ts) holds every route
 * against the three roles; these are the stories behind it.
 */

let ctx: TestContext;
let admin: SignedIn;
let owner: SignedIn;
let accountant: SignedIn;
let viewer: SignedIn;
let ownerAccountId: string;
let accountantAccountId: string;
let viewerAccountId: string;

const { get, send } = apiCalls(() => ctx.app, { language: 'pt' });

/** A balanced trial balance: cash, deposits, capital, sales and external supplies. */
const CLEAN_ROWS = [
  HEADER,
  ['11', 'Caixa', 1000.1, 0],
  ['12', 'Depósitos à ordem', 2000.2, 0],
  ['51', 'Capital', 0, 2500.3],
  ['71', 'Vendas', 0, 800],
  ['62', 'Fornecimentos e serviços externos', 300, 0],
];

async function uploadSheet(session: SignedIn, companyId: string, year: number) {
  const body = multipart(
    { startDate: `${year}-01-01`, endDate: `${year}-12-31`, typeFrequence: 'annual' },
    { data: await xlsx(CLEAN_ROWS), filename: `balancete-${year}.xlsx` },
  );
  return send(session, 'POST', `/companies/${companyId}/balance-sheets`, body.payload, {
    contentType: body.contentType,
  });
}

let lastNif = 200000300;
/** A company of its own: the owner registered it, the accountant and the viewer were added with their roles. */
async function team(): Promise<string> {
  lastNif += 1;
  const companyId = await ctx.linkCompany(ownerAccountId, {
    companyName: `Equipa ${lastNif}, Lda`,
    nif: String(lastNif),
  });
  await ctx.db.insert(companyMembers).values([
    { companyId, accountId: accountantAccountId, role: 'accountant' },
    { companyId, accountId: viewerAccountId, role: 'viewer' },
  ]);
  return companyId;
}

async function sheetsOf(companyId: string): Promise<number> {
  const [row] = await ctx.db
    .select({ n: count() })
    .from(balanceSheets)
    .where(and(eq(balanceSheets.companyId, companyId), isNull(balanceSheets.deletedAt)));
  return Number(row?.n ?? 0);
}

/** An edition whose application window is open now: the one there, else created by the admin. */
async function openEdition(): Promise<string> {
  const [row] = await ctx.db.select({ id: editions.id }).from(editions).where(eq(editions.number, 2));
  if (row) return row.id;
  const created = await send(admin, 'POST', '/editions', openEditionInput());
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  await seedReferenceData(ctx.db);
  const [adminUser, ownerUser, accountantUser, viewerUser] = await Promise.all([
    ctx.createUser({ email: 'admin@roles.cv', roles: ['admin'] }),
    ctx.createUser({ email: 'dona@roles.cv', roles: ['company'] }),
    ctx.createUser({ email: 'contabilista@roles.cv', roles: ['company'] }),
    ctx.createUser({ email: 'leitor@roles.cv', roles: ['company'] }),
  ]);
  ownerAccountId = ownerUser.accountId;
  accountantAccountId = accountantUser.accountId;
  viewerAccountId = viewerUser.accountId;
  [admin, owner, accountant, viewer] = await Promise.all([
    ctx.signIn(adminUser.email, adminUser.password),
    ctx.signIn(ownerUser.email, ownerUser.password),
    ctx.signIn(accountantUser.email, accountantUser.password),
    ctx.signIn(viewerUser.email, viewerUser.password),
  ]);
});

afterAll(async () => {
  await ctx?.close();
});

describe("the company's accountant", () => {
  it('uploads a trial balance: stored for the company and listed to its owner', async () => {
    const companyId = await team();
    const uploaded = await uploadSheet(accountant, companyId, 2024);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json()).toMatchObject({ companyId, startDate: '2024-01-01', source: 'upload' });
    const listed = await get(owner, `/companies/${companyId}/balance-sheets`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().map((sheet: { id: string }) => sheet.id)).toEqual([uploaded.json().id]);
  });

  it('cannot submit the application: 403 naming its role (Contabilista), the application stays a draft', async () => {
    const companyId = await team();
    const editionId = await openEdition();
    // The accountant prepares the application: opening it is part of that.
    const opened = await send(accountant, 'POST', `/companies/${companyId}/applications`, { editionId });
    expect(opened.statusCode, opened.body).toBe(201);
    const url = `/companies/${companyId}/applications/${opened.json().id}`;

    const refused = await send(accountant, 'POST', `${url}/submit`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('company_role');
    expect(refused.json().error.message).toBe(
      'O seu papel nesta empresa é Contabilista: só um proprietário pode fazer isto.',
    );
    expect((await get(owner, url)).json().status).toBe('draft');

    // The owner gets past the role: its submission is refused only because the documents are missing.
    const byOwner = await send(owner, 'POST', `${url}/submit`);
    expect(byOwner.statusCode, byOwner.body).toBe(409);
    expect(byOwner.json().error.code).toBe('application_incomplete');
  });
});

describe("the company's viewer", () => {
  it('reads what the dashboard shows: the sheets, diagnoses, application and profile', async () => {
    const companyId = await team();
    const uploaded = await uploadSheet(owner, companyId, 2024);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const sheets = await get(viewer, `/companies/${companyId}/balance-sheets`);
    expect(sheets.statusCode, sheets.body).toBe(200);
    expect(sheets.json().map((sheet: { id: string }) => sheet.id)).toEqual([uploaded.json().id]);
    const sheet = await get(viewer, `/companies/${companyId}/balance-sheets/${uploaded.json().id}`);
    expect(sheet.statusCode, sheet.body).toBe(200);
    for (const path of ['diagnoses', 'applications', 'eligibility']) {
      const read = await get(viewer, `/companies/${companyId}/${path}`);
      expect(read.statusCode, `${path}: ${read.body}`).toBe(200);
    }
    const profile = await get(viewer, `/companies/${companyId}`);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().nif).toBe(String(lastNif));
  });

  it('cannot upload a trial balance: 403 naming its role (Leitor), nothing stored', async () => {
    const companyId = await team();
    const refused = await uploadSheet(viewer, companyId, 2024);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('company_role');
    expect(refused.json().error.message).toBe(
      'O seu papel nesta empresa é Leitor: só um proprietário ou um contabilista pode fazer isto.',
    );
    expect(await sheetsOf(companyId)).toBe(0);
  });
});

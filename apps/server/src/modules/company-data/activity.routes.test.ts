import { buildBalanceTree, ESG_SAMPLE_DEFINITION, searchText, treeLeaves } from '@excelencia/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER, multipart, xlsx } from '../../../test/support/balance-sheets.ts';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { documentFields } from '../../../test/support/documents.ts';
import { openEditionInput } from '../../../test/support/editions.ts';
import { SHEET_2023, SHEET_2024 } from '../../../test/support/eligible-sheets.ts';
import { apiCalls } from '../../../test/support/http.ts';
import {
  caeDivisions,
  cities,
  companies,
  partnerAssistedCompanies,
  partnerEntities,
  partners,
  partnerTypes,
} from '../../db/schema/index.ts';
import { seedReferenceData } from '../../seed/seed-reference.ts';
import { selfDiagnosisTree } from '../reference/index.ts';

const PDF = (label: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${label}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );

let ctx: TestContext;
let admin: SignedIn;
let owner: SignedIn;
let stranger: SignedIn;
let reader: SignedIn;
let companyId: string;
let strangerCompanyId: string;
let entityId: string;
let leafCodes: string[];

const { get, send } = apiCalls(() => ctx.app, { language: 'en' });

type Item = {
  id: string;
  at: string;
  actorKind: string;
  actorName: string | null;
  entity: string;
  action: string;
  entityId: string | null;
  summary: string | null;
};

/** Every item of the company's activity, page after page of `limit`, as `who` reads it. */
async function wholeActivity(who: SignedIn, limit = 100, language = 'en'): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await get(who, `/companies/${companyId}/activity?${query}`, { language });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { items: Item[]; nextCursor: string | null };
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

async function enterSheet(year: number, values: Record<string, string>): Promise<string> {
  const response = await send(owner, 'POST', `/companies/${companyId}/balance-sheets/entries`, {
    startDate: `${year}-01-01`,
    endDate: `${year}-12-31`,
    typeFrequence: 'annual',
    values: { ...Object.fromEntries(leafCodes.map((code) => [code, '0'])), ...values },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

function consent(status: boolean) {
  return send(owner, 'PUT', `/companies/${companyId}/partner-consents/${entityId}`, {
    status,
    diagnosis: false,
  });
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  await seedReferenceData(ctx.db);
  leafCodes = treeLeaves(buildBalanceTree(await selfDiagnosisTree(ctx.db))).map((leaf) => leaf.code);
  const adminUser = await ctx.createUser({ email: 'admin@act.cv', roles: ['admin'], name: 'Ana Admin' });
  const ownerUser = await ctx.createUser({ email: 'owner@act.cv', roles: ['company'], name: 'Olga Dona' });
  const strangerUser = await ctx.createUser({ email: 'other@act.cv', roles: ['company'], name: 'Outro' });
  const readerUser = await ctx.createUser({ email: 'rui@banco.cv', roles: ['partner'], name: 'Rui Leitor' });
  companyId = await ctx.linkCompany(ownerUser.accountId, { companyName: 'Atividade, Lda', nif: '200000031' });
  strangerCompanyId = await ctx.linkCompany(strangerUser.accountId, {
    companyName: 'Alheia, Lda',
    nif: '200000032',
  });
  const [division] = await ctx.db.select().from(caeDivisions).where(eq(caeDivisions.code, '47'));
  const [city] = await ctx.db.select().from(cities).limit(1);
  await ctx.db
    .update(companies)
    .set({ caeDivisionId: division?.id ?? null, cityId: city?.id ?? null, responsibleName: 'Olga Dona' })
    .where(eq(companies.id, companyId));
  const [type] = await ctx.db
    .insert(partnerTypes)
    .values({ code: 'BANK', description: { pt: 'Banco', en: 'Bank', fr: 'Banque' } })
    .returning({ id: partnerTypes.id });
  const [entity] = await ctx.db
    .insert(partnerEntities)
    .values({
      code: 'BL',
      name: 'Banco Leitor',
      description: { pt: 'Banco Leitor', en: '', fr: '' },
      partnerTypeId: type?.id ?? '',
      searchText: searchText('BL', 'Banco Leitor'),
    })
    .returning({ id: partnerEntities.id });
  entityId = entity?.id ?? '';
  // The entity assists the company, so the company may consent to it.
  await ctx.db.insert(partnerAssistedCompanies).values({ partnerEntityId: entityId, companyId });
  await ctx.db
    .insert(partners)
    .values({ accountId: readerUser.accountId, partnerEntityId: entityId, searchText: 'rui' });
  [admin, owner, stranger, reader] = await Promise.all([
    ctx.signIn(adminUser.email, adminUser.password),
    ctx.signIn(ownerUser.email, ownerUser.password),
    ctx.signIn(strangerUser.email, strangerUser.password),
    ctx.signIn(readerUser.email, readerUser.password),
  ]);
});

afterAll(async () => {
  await ctx?.close();
});

describe('GET companies/{companyId}/activity', () => {
  it('shows each kind of change to the company, with who made it, in the caller language', async () => {
    // Balance sheets: entered, corrected, deleted; a diagnosis of one.
    await enterSheet(2023, SHEET_2023);
    const sheet2024 = await enterSheet(2024, SHEET_2024);
    const detail = (await get(owner, `/companies/${companyId}/balance-sheets/${sheet2024}`)).json();
    const corrected = await send(
      owner,
      'PUT',
      `/companies/${companyId}/balance-sheets/${sheet2024}/entries`,
      {
        startDate: '2024-01-01',
        endDate: '2024-12-31',
        typeFrequence: 'annual',
        version: detail.version,
        values: { ...Object.fromEntries(leafCodes.map((code) => [code, '0'])), ...SHEET_2024 },
      },
    );
    expect(corrected.statusCode, corrected.body).toBe(200);
    const spare = await enterSheet(2022, SHEET_2023);
    expect((await send(owner, 'DELETE', `/companies/${companyId}/balance-sheets/${spare}`)).statusCode).toBe(
      204,
    );
    const diagnosis = await send(owner, 'POST', `/companies/${companyId}/diagnoses`, {
      balanceSheetId: sheet2024,
    });
    expect(diagnosis.statusCode, diagnosis.body).toBe(201);

    // The application: opened, a document uploaded, submitted, decided by an admin.
    const edition = await send(admin, 'POST', '/editions', openEditionInput());
    expect(edition.statusCode, edition.body).toBe(201);
    const opened = await send(owner, 'POST', `/companies/${companyId}/applications`, {
      editionId: edition.json().id,
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const applicationUrl = `/companies/${companyId}/applications/${opened.json().id}`;
    for (let type = 0; type < 8; type += 1) {
      const body = multipart(documentFields(type), {
        data: PDF(`doc ${type}`),
        filename: `doc_${type}.pdf`,
        type: 'application/pdf',
      });
      const uploaded = await send(owner, 'POST', `${applicationUrl}/files`, body.payload, {
        contentType: body.contentType,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
    }
    const submitted = await send(owner, 'POST', `${applicationUrl}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const decided = await send(admin, 'POST', `/applications/${opened.json().id}/evaluation`, {
      decision: 'evaluated',
      version: submitted.json().version,
    });
    expect(decided.statusCode, decided.body).toBe(200);

    // The profile and the name (the company holds no status: renamed at once); a consent.
    const profile = (await get(owner, `/companies/${companyId}`)).json();
    const saved = await send(owner, 'PUT', `/companies/${companyId}`, {
      version: profile.version,
      companyName: 'Atividade Nova, Lda',
      responsibleName: 'Olga Dona',
      email: profile.email,
      phone: '+238 260 10 10',
      nif: profile.nif,
      caeDivisionId: profile.caeDivisionId ?? profile.caeDivision?.id,
      cityId: profile.cityId ?? profile.city?.id,
      website: 'https://atividade.cv',
      isListed: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await consent(true)).statusCode).toBe(200);

    // A trial balance uploaded; the team: an invitation sent.
    const sheetFile = multipart(
      { startDate: '2025-01-01', endDate: '2025-03-31', typeFrequence: 'quarterly' },
      {
        data: await xlsx([HEADER, ['11', 'Caixa', 1000, 0], ['51', 'Capital', 0, 1000]]),
        filename: 'balancete-q1.xlsx',
      },
    );
    const uploaded = await send(owner, 'POST', `/companies/${companyId}/balance-sheets`, sheetFile.payload, {
      contentType: sheetFile.contentType,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const invited = await send(owner, 'POST', `/companies/${companyId}/members`, {
      email: 'contabilista@act.cv',
      role: 'accountant',
      language: 'pt',
    });
    expect(invited.statusCode, invited.body).toBe(201);

    // ESG answers saved as a draft.
    const form = await send(admin, 'POST', '/esg/forms', {
      title: { pt: 'ESG 2026', en: 'ESG 2026', fr: 'ESG 2026' },
      description: { pt: 'Questionário', en: 'Survey', fr: 'Questionnaire' },
      period: 2026,
      editionId: null,
      status: 'open',
      definition: ESG_SAMPLE_DEFINITION,
    });
    expect(form.statusCode, form.body).toBe(201);
    const draft = await send(owner, 'PUT', `/companies/${companyId}/esg/forms/${form.json().id}/answers`, {
      answers: { energy: 'some' },
    });
    expect(draft.statusCode, draft.body).toBe(200);

    const items = await wholeActivity(owner);
    const kinds = new Set(items.map((item) => `${item.entity}:${item.action}`));
    for (const kind of [
      'balance-sheets:create',
      'balance-sheets:update',
      'balance-sheets:delete',
      'diagnoses:create',
      'applications:create',
      'applications:uploadFile',
      'applications:submit',
      'applications:evaluate',
      'companies:update',
      'partners/consents:update',
      'balance-sheets:upload',
      'company_invitations:invite',
      'esg_responses:startDraft',
      'company_name_changes:rename',
    ]) {
      expect(kinds, kind).toContain(kind);
    }
    const entered = items.find(
      (item) => item.entity === 'balance-sheets' && item.action === 'create' && item.entityId === sheet2024,
    );
    expect(entered).toMatchObject({
      actorKind: 'member',
      actorName: 'Olga Dona',
      summary: 'Trial balance for 1 January 2024 – 31 December 2024 entered in the form',
    });
    expect(items.find((item) => item.action === 'evaluate')).toMatchObject({
      actorKind: 'admin',
      actorName: 'Ana Admin',
      summary: 'Decision on the application recorded',
    });
    expect(items.find((item) => item.action === 'rename')?.summary).toBe("Company's name changed");
    expect(items.find((item) => item.action === 'upload')?.summary).toBe(
      'Trial balance for 1 January 2025 – 31 March 2025 uploaded',
    );
    expect(items.find((item) => item.action === 'invite')?.summary).toBe(
      'Invitation sent to contabilista@act.cv',
    );
    // Newest first.
    const times = items.map((item) => Date.parse(item.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // In Portuguese for a Portuguese caller.
    const inPt = await wholeActivity(owner, 100, 'pt');
    expect(inPt.find((item) => item.entityId === sheet2024 && item.action === 'create')?.summary).toBe(
      'Balancete de 1 - janeiro - 2024 a 31 - dezembro - 2024 preenchido no formulário',
    );
    // The other company's changes are not there.
    expect(items.every((item) => item.entityId !== strangerCompanyId)).toBe(true);
  });

  it("shows the partners' reads of the company, naming the reader and the entity", async () => {
    expect((await consent(true)).statusCode).toBe(200);
    const read = await get(reader, `/partner/companies/${companyId}`);
    expect(read.statusCode, read.body).toBe(200);
    const [latest] = (await get(owner, `/companies/${companyId}/activity?limit=1`)).json().items;
    expect(latest).toMatchObject({
      actorKind: 'partner',
      actorName: 'Rui Leitor (Banco Leitor)',
      entity: 'partner_reads',
      action: 'read',
      entityId,
      summary: "Read the company's status",
    });
  });

  it('pages with an opaque cursor: each item once, in order, the last page without a cursor', async () => {
    // Reads and changes interleaved, so both sources span the pages.
    for (let i = 0; i < 3; i += 1) {
      expect((await consent(i % 2 === 0)).statusCode).toBe(200);
      expect((await consent(true)).statusCode).toBe(200);
      expect((await get(reader, `/partner/companies/${companyId}`)).statusCode).toBe(200);
    }
    const all = await wholeActivity(owner, 100);
    expect(all.length).toBeGreaterThan(6);
    const first = (await get(owner, `/companies/${companyId}/activity?limit=4`)).json();
    expect(first.items).toHaveLength(4);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (
      await get(
        owner,
        `/companies/${companyId}/activity?limit=4&cursor=${encodeURIComponent(first.nextCursor)}`,
      )
    ).json();
    expect(second.items).toHaveLength(4);
    expect([...first.items, ...second.items]).toEqual(all.slice(0, 8));
    // Page by page in small pages gives the same list as one big page.
    const paged = await wholeActivity(owner, 3);
    expect(paged).toEqual(all);
    expect(new Set(paged.map((item) => item.id)).size).toBe(paged.length);
  });

  it('answers 400 with a message for a malformed cursor', async () => {
    const json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const cursor of [
      'not a cursor',
      json({ x: 1 }),
      json({ a: 'x', p: null }),
      json({ a: null, p: ['yesterday', '00000000-0000-4000-8000-000000000000'] }),
      json({ a: null, p: ['2026-13-45 25:61:00.123456+00', '00000000-0000-4000-8000-000000000000'] }),
    ]) {
      const res = await get(owner, `/companies/${companyId}/activity?cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().error.message).toBe(
        'The activity page cursor is not valid: ask for the first page again.',
      );
    }
  });

  it("is any member's and the admins'; another company's activity is 404", async () => {
    expect((await get(admin, `/companies/${companyId}/activity`)).statusCode).toBe(200);
    expect((await get(stranger, `/companies/${companyId}/activity`)).statusCode).toBe(404);
    expect((await get(owner, `/companies/${strangerCompanyId}/activity`)).statusCode).toBe(404);
    expect((await get(reader, `/companies/${companyId}/activity`)).statusCode).toBe(403);
    expect((await get(null, `/companies/${companyId}/activity`)).statusCode).toBe(401);
  });
});

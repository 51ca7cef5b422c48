import { buildBalanceTree, treeLeaves } from '@excelencia/domain';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER, multipart, xlsx } from '../../../test/support/balance-sheets.ts';
import {
  createTestContext,
  type SignedIn,
  type TestContext,
  type TestUser,
} from '../../../test/support/context.ts';
import { SHEET_2023, SHEET_2024 } from '../../../test/support/eligible-sheets.ts';
import { apiCalls } from '../../../test/support/http.ts';
import {
  accounts,
  applicationFiles,
  applicationMessages,
  applications,
  auditLog,
  balanceSheetLines,
  balanceSheets,
  caeDivisions,
  cities,
  companies,
  companyExports,
  companyInvitations,
  companyMembers,
  companyNameChanges,
  diagnoses,
  editions,
  esgForms,
  esgFormVersions,
  esgResponses,
  files,
  indicatorValues,
  mailOutbox,
  newsletterSubscribers,
  partnerConsents,
  partnerEntities,
  partnerFollowRequests,
  partnerTypes,
  seals,
} from '../../db/schema/index.ts';
import { fileStoreFor } from '../../platform/files/configured-store.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { seedReferenceData } from '../../seed/seed-reference.ts';
import { selfDiagnosisTree } from '../reference/index.ts';
import { enforceRetention } from '../retention/index.ts';

let ctx: TestContext;
let store: FileStore;
let admin: SignedIn;
let adminUser: TestUser;
let leafCodes: string[];
let nextNif = 200_000_500;

const { get, send } = apiCalls(() => ctx.app, { language: 'en' });

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  await seedReferenceData(ctx.db);
  store = fileStoreFor(ctx.config);
  leafCodes = treeLeaves(buildBalanceTree(await selfDiagnosisTree(ctx.db))).map((leaf) => leaf.code);
  adminUser = await ctx.createUser({ email: 'admin@closure.cv', roles: ['admin'], name: 'Ana Admin' });
  admin = await ctx.signIn(adminUser.email, adminUser.password);
});

afterAll(async () => {
  await ctx?.close();
});

type Member = TestUser & { session: SignedIn };

/**
 * A company of its own with its team: an owner (pt), a second owner (fr), an accountant who also keeps the books of
 * another company, and a viewer. Each test that closes or asks builds one, so it runs alone with -t.
 */
async function team(label: string) {
  nextNif += 1;
  const nif = String(nextNif);
  const companyName = `${label}, Lda`;
  const user = async (role: 'owner' | 'accountant' | 'viewer', who: string, language: 'pt' | 'fr' = 'pt') => {
    const created = await ctx.createUser({
      email: `${who}.${nif}@closure.cv`,
      roles: ['company'],
      name: `${who} ${label}`,
    });
    await ctx.db.update(accounts).set({ language }).where(eq(accounts.id, created.accountId));
    const companyId = await ctx.linkCompany(created.accountId, { companyName, nif });
    await ctx.db
      .update(companyMembers)
      .set({ role })
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.accountId, created.accountId)));
    return { ...created, companyId, session: await ctx.signIn(created.email, created.password) };
  };
  const owner = await user('owner', 'owner');
  const coOwner = await user('owner', 'coowner', 'fr');
  const accountant = await user('accountant', 'accountant');
  const viewer = await user('viewer', 'viewer');
  // The accountant keeps the books of another company too: that account stays when this one closes.
  const otherCompany = await ctx.linkCompany(accountant.accountId, {
    companyName: `Cliente de ${label}, Lda`,
    nif: String(nextNif + 5000),
  });
  return {
    companyId: owner.companyId,
    companyName,
    nif,
    otherCompany,
    owner: owner as Member,
    coOwner: coOwner as Member,
    accountant: accountant as Member,
    viewer: viewer as Member,
  };
}

type Team = Awaited<ReturnType<typeof team>>;

/** The mails to an address whose subject contains `subject`. */
async function mailsTo(address: string, subject: string) {
  const rows = await ctx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, address))
    .orderBy(asc(mailOutbox.createdAt));
  return rows.filter((row) => row.subject.includes(subject));
}

async function ask(company: Team, reason = 'Cessámos a atividade.') {
  const response = await send(company.owner.session, 'POST', `/companies/${company.companyId}/closure`, {
    reason,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; status: string };
}

describe('asking to close a company account', () => {
  it('the owner asks: every member reads the request, the owners and the admins are mailed in their language, audited', async () => {
    const company = await team('Pedido');
    expect((await get(company.viewer.session, `/companies/${company.companyId}/closure`)).json()).toBeNull();

    const asked = await ask(company);
    expect(asked).toMatchObject({
      companyId: company.companyId,
      companyName: company.companyName,
      nif: company.nif,
      status: 'pending',
      reason: 'Cessámos a atividade.',
      requestedByName: company.owner.name,
      decidedAt: null,
    });
    for (const member of [company.owner, company.coOwner, company.accountant, company.viewer]) {
      const read = await get(member.session, `/companies/${company.companyId}/closure`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ id: asked.id, status: 'pending' });
    }
    expect((await get(admin, `/companies/${company.companyId}/closure`)).json()).toMatchObject({
      id: asked.id,
    });

    const [toOwner] = await mailsTo(company.owner.email, 'Pedido de encerramento da conta');
    expect(toOwner?.textBody).toContain(`${company.owner.name} pediu`);
    expect(toOwner?.textBody).toContain('/pt/company/data');
    const [toCoOwner] = await mailsTo(company.coOwner.email, 'Demande de fermeture du compte');
    expect(toCoOwner?.language).toBe('fr');
    const [toAdmin] = await mailsTo(
      adminUser.email,
      `Pedido de encerramento da conta — ${company.companyName}`,
    );
    expect(toAdmin?.textBody).toContain(`NIF ${company.nif}`);
    expect(toAdmin?.textBody).toContain('Cessámos a atividade.');
    expect(toAdmin?.textBody).toContain('/pt/admin/company');
    // Neither the accountant nor the viewer is mailed.
    expect(await mailsTo(company.accountant.email, 'encerramento')).toEqual([]);
    expect(await mailsTo(company.viewer.email, 'encerramento')).toEqual([]);

    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'company_closure_requests'), eq(auditLog.entityId, asked.id)));
    expect(audit.map((row) => [row.action, row.companyId, row.actorAccountId])).toEqual([
      ['request', company.companyId, company.owner.accountId],
    ]);
  });

  it('one request waits at a time (409 closure_pending); the admins list it', async () => {
    const company = await team('Repetido');
    const asked = await ask(company);
    const again = await send(company.coOwner.session, 'POST', `/companies/${company.companyId}/closure`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('closure_pending');
    const pending = await get(admin, '/closure-requests?status=pending');
    expect(pending.statusCode).toBe(200);
    expect(pending.json().map((row: { id: string }) => row.id)).toContain(asked.id);
    const refused = await get(admin, '/closure-requests?status=refused');
    expect(refused.json().map((row: { id: string }) => row.id)).not.toContain(asked.id);
  });

  it('an accountant or a viewer cannot ask (403 naming its role); another company learns nothing (404); an admin decides, it does not ask', async () => {
    const company = await team('Papéis');
    const byAccountant = await send(
      company.accountant.session,
      'POST',
      `/companies/${company.companyId}/closure`,
      {},
    );
    expect(byAccountant.statusCode).toBe(403);
    expect(byAccountant.json().error).toMatchObject({
      code: 'company_role',
      message: 'Your role in this company is Accountant: only an owner can do this.',
    });
    const byViewer = await send(
      company.viewer.session,
      'POST',
      `/companies/${company.companyId}/closure`,
      {},
    );
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json().error.message).toContain('Viewer');
    const stranger = await team('Estranha');
    const byStranger = await send(
      stranger.owner.session,
      'POST',
      `/companies/${company.companyId}/closure`,
      {},
    );
    expect(byStranger.statusCode).toBe(404);
    expect((await get(stranger.owner.session, `/companies/${company.companyId}/closure`)).statusCode).toBe(
      404,
    );
    expect((await send(admin, 'POST', `/companies/${company.companyId}/closure`, {})).statusCode).toBe(403);
    expect((await get(company.owner.session, `/companies/${company.companyId}/closure`)).json()).toBeNull();
  });

  it('an owner withdraws the pending request: the owners are mailed; nothing left to withdraw is a 404', async () => {
    const company = await team('Retirado');
    const asked = await ask(company);
    const byViewer = await send(company.viewer.session, 'DELETE', `/companies/${company.companyId}/closure`);
    expect(byViewer.statusCode).toBe(403);
    const withdrawn = await send(
      company.coOwner.session,
      'DELETE',
      `/companies/${company.companyId}/closure`,
    );
    expect(withdrawn.statusCode, withdrawn.body).toBe(204);
    const read = await get(company.owner.session, `/companies/${company.companyId}/closure`);
    expect(read.json()).toMatchObject({
      id: asked.id,
      status: 'withdrawn',
      decidedByName: company.coOwner.name,
    });
    const [toOwner] = await mailsTo(company.owner.email, 'Pedido de encerramento da conta retirado');
    expect(toOwner?.textBody).toContain(`${company.coOwner.name} retirou`);
    expect(await mailsTo(company.coOwner.email, 'Demande de fermeture du compte retirée')).toHaveLength(1);
    expect(await mailsTo(adminUser.email, `retirado — ${company.companyName}`)).toEqual([]);
    const again = await send(company.owner.session, 'DELETE', `/companies/${company.companyId}/closure`);
    expect(again.statusCode).toBe(404);
    // A new request may follow.
    await ask(company, '');
  });
});

describe('an admin refuses', () => {
  it('with a reason: the owners are mailed it; the company stays as it was; a second decision is a 409', async () => {
    const company = await team('Recusada');
    const asked = await ask(company);
    const noReason = await send(admin, 'POST', `/closure-requests/${asked.id}/refuse`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const refused = await send(admin, 'POST', `/closure-requests/${asked.id}/refuse`, {
      reason: 'Há uma candidatura em avaliação.',
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({
      status: 'refused',
      decisionReason: 'Há uma candidatura em avaliação.',
      decidedByName: adminUser.name,
    });
    const [toOwner] = await mailsTo(company.owner.email, 'Pedido de encerramento da conta recusado');
    expect(toOwner?.textBody).toContain('Motivo: Há uma candidatura em avaliação.');
    const [toCoOwner] = await mailsTo(company.coOwner.email, 'Demande de fermeture du compte refusée');
    expect(toCoOwner?.textBody).toContain('Motif : Há uma candidatura em avaliação.');
    const [row] = await ctx.db.select().from(companies).where(eq(companies.id, company.companyId));
    expect(row?.closedAt).toBeNull();
    expect((await get(company.viewer.session, `/companies/${company.companyId}`)).statusCode).toBe(200);

    const twice = await send(admin, 'POST', `/closure-requests/${asked.id}/refuse`, { reason: 'Outra vez' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('closure_decided');
    const approveRefused = await send(admin, 'POST', `/closure-requests/${asked.id}/approve`);
    expect(approveRefused.statusCode).toBe(409);
    const audit = await ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'company_closure_requests'), eq(auditLog.entityId, asked.id)));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['refuse', 'request']);
  });
});

// ---------------------------------------------------------------------------------------------- the erasure

/** Every leaf 0 but the given ones. */
const leafValues = (values: Record<string, string>) => ({
  ...Object.fromEntries(leafCodes.map((code) => [code, '0'])),
  ...values,
});

/**
 * Company data of every kind for the erasure: a trial balance uploaded (its file in the store), two sheets entered
 * (their indicator values feed the statistics), a diagnosis, ESG answers, a published edition where the company
 * holds the status (its application decided, a document in the store, a seal), a partner's consent and follow
 * request, a pending invitation, a data export (its zip in the store), the newsletter at the company's address,
 * the owner's picture, personal fields.
 */
async function companyWithData(company: Team) {
  const { companyId } = company;
  const [city] = await ctx.db.select().from(cities).limit(1);
  const [division] = await ctx.db.select().from(caeDivisions).where(eq(caeDivisions.code, '47'));
  await ctx.db
    .update(companies)
    .set({
      email: `geral.${company.nif}@closure.cv`,
      phone: '+238 260 00 00',
      contactPhone: '+238 990 00 00',
      contactEmail: `contacto.${company.nif}@closure.cv`,
      responsibleName: 'Maria Responsável',
      ownerName: 'João Dono',
      managerName: 'Rita Gerente',
      website: 'https://exemplo.cv',
      isListed: true,
      cityId: city?.id ?? null,
      caeDivisionId: division?.id ?? null,
    })
    .where(eq(companies.id, companyId));

  const trialBalance = await xlsx([
    HEADER,
    ['11', 'Caixa', 1000.1, 0],
    ['12', 'Depósitos à ordem', 2000.2, 0],
    ['51', 'Capital', 0, 2500.3],
    ['71', 'Vendas', 0, 800],
    ['62', 'Fornecimentos e serviços externos', 300, 0],
  ]);
  const body = multipart(
    { startDate: '2022-01-01', endDate: '2022-12-31', typeFrequence: 'annual' },
    { data: trialBalance, filename: 'balancete.xlsx' },
  );
  const uploaded = await send(
    company.accountant.session,
    'POST',
    `/companies/${companyId}/balance-sheets`,
    body.payload,
    {
      contentType: body.contentType,
    },
  );
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  for (const [year, values] of [
    ['2023', SHEET_2023],
    ['2024', SHEET_2024],
  ] as const) {
    const entered = await send(
      company.accountant.session,
      'POST',
      `/companies/${companyId}/balance-sheets/entries`,
      {
        startDate: `${year}-01-01`,
        endDate: `${year}-12-31`,
        typeFrequence: 'annual',
        values: leafValues(values),
      },
    );
    expect(entered.statusCode, entered.body).toBe(201);
  }
  const [sheet2024] = await ctx.db
    .select({ id: balanceSheets.id })
    .from(balanceSheets)
    .where(and(eq(balanceSheets.companyId, companyId), eq(balanceSheets.startDate, '2024-01-01')));
  const diagnosis = await send(company.accountant.session, 'POST', `/companies/${companyId}/diagnoses`, {
    balanceSheetId: sheet2024?.id,
  });
  expect(diagnosis.statusCode, diagnosis.body).toBe(201);

  const [form] = await ctx.db.select().from(esgForms).where(eq(esgForms.code, 'ESG-STARTER'));
  const [formVersion] = await ctx.db
    .select()
    .from(esgFormVersions)
    .where(eq(esgFormVersions.formId, form?.id ?? ''));
  await ctx.db.insert(esgResponses).values({
    formId: form?.id ?? '',
    formVersionId: formVersion?.id ?? '',
    companyId,
    answers: {},
  });

  // A published edition where the company holds the status.
  nextEdition += 1;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000);
  const [edition] = await ctx.db
    .insert(editions)
    .values({
      number: nextEdition,
      year: 2000 + nextEdition,
      indicatorYear: 1999 + nextEdition,
      registrationOpensAt: day(-90),
      registrationClosesAt: day(-80),
      applicationOpensAt: day(-70),
      applicationClosesAt: day(-60),
      evaluationStartsAt: day(-50),
      evaluationEndsAt: day(-40),
      resultsAt: day(-30),
      resultsPublishedAt: day(-30),
    })
    .returning();
  const [application] = await ctx.db
    .insert(applications)
    .values({
      editionId: edition?.id ?? '',
      companyId,
      status: 'evaluated',
      eligibility: {},
      eligible: true,
      submittedAt: day(-65),
      decisionReason: 'Cumpre os oito critérios.',
      decidedAt: day(-45),
      confirmedAt: day(-44),
    })
    .returning();
  const document = await store.put(ctx.db, {
    data: Buffer.from(`%PDF-1.4 declaração ${company.nif}\n%%EOF`),
    originalName: 'declaracao.pdf',
    mime: 'application/pdf',
    kind: 'application',
  });
  await ctx.db.insert(applicationMessages).values({
    applicationId: application?.id ?? '',
    side: 'company',
    body: 'Uma pergunta à avaliação.',
  });
  await ctx.db.insert(applicationFiles).values({
    applicationId: application?.id ?? '',
    fileType: 1,
    fileId: document.id,
    fileName: `${company.nif}_1_declaracao.pdf`,
    size: document.size,
  });
  const sealCode = `cl${company.nif}x`.slice(0, 12);
  await ctx.db.insert(seals).values({
    code: sealCode,
    applicationId: application?.id ?? '',
    companyId,
    editionId: edition?.id ?? '',
    companyName: company.companyName,
    nif: company.nif,
    issuedAt: day(-30),
    validUntil: day(335),
  });

  const [partnerType] = await ctx.db.select().from(partnerTypes).limit(1);
  const [entity] = await ctx.db
    .insert(partnerEntities)
    .values({
      code: `B${company.nif}`,
      name: `Banco ${company.nif}`,
      description: { pt: 'Banco', en: 'Bank', fr: 'Banque' },
      partnerTypeId: partnerType?.id ?? '',
    })
    .returning();
  await ctx.db
    .insert(partnerConsents)
    .values({ companyId, partnerEntityId: entity?.id ?? '', seesStatus: true, seesDiagnosis: true });
  await ctx.db.insert(partnerFollowRequests).values({ companyId, partnerEntityId: entity?.id ?? '' });
  await ctx.db.insert(companyInvitations).values({
    companyId,
    email: `convidado.${company.nif}@closure.cv`,
    name: 'Pessoa Convidada',
    role: 'viewer',
    tokenHash: `hash-${company.nif}`,
    expiresAt: day(7),
  });
  // A rename the company asked for while holding the status, waiting for an admin.
  await ctx.db.insert(companyNameChanges).values({
    companyId,
    fromCompanyName: company.companyName,
    toCompanyName: `${company.companyName} Novo`,
    requestedBy: company.owner.accountId,
  });
  await ctx.db.insert(newsletterSubscribers).values({
    email: `geral.${company.nif}@closure.cv`,
    status: 'confirmed',
    unsubscribeToken: `unsub-${company.nif}`,
  });
  const picture = await store.put(ctx.db, {
    data: Buffer.from(`retrato de ${company.owner.email}`),
    originalName: 'eu.webp',
    mime: 'image/webp',
    kind: 'profile-picture',
    ownerAccountId: company.owner.accountId,
  });
  await ctx.db
    .update(accounts)
    .set({ profilePictureFileId: picture.id })
    .where(eq(accounts.id, company.owner.accountId));

  const zip = await store.put(ctx.db, {
    data: Buffer.from(`PK exportação de ${company.nif}`),
    originalName: `dados-${company.nif}.zip`,
    mime: 'application/zip',
    kind: 'company-export',
    ownerAccountId: company.owner.accountId,
  });
  await ctx.db.insert(companyExports).values({
    companyId,
    requestedBy: company.owner.accountId,
    state: 'ready',
    progress: 100,
    fileId: zip.id,
    sizeBytes: zip.size,
    tokenHash: `export-${company.nif}`,
    readyAt: day(-1),
    expiresAt: day(6),
  });

  const sheetFiles = await ctx.db
    .select({ id: files.id, sha256: files.sha256 })
    .from(balanceSheets)
    .innerJoin(files, eq(files.id, balanceSheets.fileId))
    .where(eq(balanceSheets.companyId, companyId));
  expect(sheetFiles).toHaveLength(1);
  const stored = [
    ...sheetFiles,
    { id: document.id, sha256: document.sha256 },
    { id: picture.id, sha256: picture.sha256 },
    { id: zip.id, sha256: zip.sha256 },
  ];
  for (const file of stored) expect(await store.driver.exists(file.sha256)).toBe(true);
  return { editionId: edition?.id ?? '', applicationId: application?.id ?? '', sealCode, stored };
}
let nextEdition = 100;

async function indicatorRows(companyId: string) {
  return ctx.db
    .select()
    .from(indicatorValues)
    .where(eq(indicatorValues.companyId, companyId))
    .orderBy(asc(indicatorValues.balanceSheetId), asc(indicatorValues.criterionId));
}

async function rowsOf(
  table: typeof diagnoses | typeof esgResponses | typeof partnerConsents,
  companyId: string,
) {
  const [row] = await ctx.db.select({ n: count() }).from(table).where(eq(table.companyId, companyId));
  return Number(row?.n ?? 0);
}

describe('an admin approves: the erasure', () => {
  it('erases the personal data, members, sheets, files and answers; keeps the results, the seal check and the statistics', async () => {
    const company = await team('Encerrada');
    const kept = await companyWithData(company);
    const ownerEmail = company.owner.email;
    const coOwnerEmail = company.coOwner.email;
    await ctx.app.indicators.idle();
    const indicatorsBefore = await indicatorRows(company.companyId);
    expect(indicatorsBefore.length).toBeGreaterThan(0);
    const sealBefore = await get(null, `/public/seals/${kept.sealCode}`);
    expect(sealBefore.statusCode).toBe(200);
    const distinguishedBefore = await get(null, `/public/editions/${kept.editionId}/distinguished`);
    expect(distinguishedBefore.json()).toHaveLength(1);
    const directoryBefore = await get(null, `/public/companies?search=${encodeURIComponent(company.nif)}`);
    expect(JSON.stringify(directoryBefore.json())).toContain(company.nif);

    const asked = await ask(company);
    const approved = await send(admin, 'POST', `/closure-requests/${asked.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      id: asked.id,
      status: 'approved',
      companyName: company.companyName,
      nif: company.nif,
      decidedByName: adminUser.name,
      // The owner who asked is erased: no name is left to show.
      requestedByName: null,
    });

    // The owners are mailed at the addresses they had, in their languages.
    const [toOwner] = await mailsTo(ownerEmail, `Conta encerrada — ${company.companyName}`);
    expect(toOwner?.textBody).toContain('/pt/public/privacy');
    expect(await mailsTo(coOwnerEmail, `Compte fermé — ${company.companyName}`)).toHaveLength(1);
    expect(await mailsTo(company.accountant.email, 'Conta encerrada')).toEqual([]);

    // The company row: its name and NIF, closed, nothing personal, out of the directory.
    const [row] = await ctx.db.select().from(companies).where(eq(companies.id, company.companyId));
    expect(row).toMatchObject({
      companyName: company.companyName,
      nif: company.nif,
      email: '',
      phone: null,
      contactPhone: null,
      contactEmail: null,
      responsibleName: null,
      ownerName: null,
      managerName: null,
      website: null,
      isListed: false,
    });
    expect(row?.closedAt).toBeInstanceOf(Date);
    const directoryAfter = await get(null, `/public/companies?search=${encodeURIComponent(company.nif)}`);
    expect(directoryAfter.statusCode).toBe(200);
    expect(JSON.stringify(directoryAfter.json())).not.toContain(company.nif);

    // The members are gone; accounts left with nothing are disabled at the provider and anonymised.
    expect(
      await ctx.db.select().from(companyMembers).where(eq(companyMembers.companyId, company.companyId)),
    ).toEqual([]);
    for (const erased of [company.owner, company.coOwner, company.viewer]) {
      const [account] = await ctx.db.select().from(accounts).where(eq(accounts.id, erased.accountId));
      expect(account).toMatchObject({ name: '', isActive: false, subject: null, profilePictureFileId: null });
      expect(account?.email).toBe(`erased-${erased.accountId}@erased.invalid`);
      expect((await ctx.identity.findUserByEmail(erased.email))?.enabled).toBe(false);
      // Its session ended with it.
      expect((await get(erased.session, '/me')).statusCode).toBe(401);
    }
    const [accountant] = await ctx.db
      .select()
      .from(accounts)
      .where(eq(accounts.id, company.accountant.accountId));
    expect(accountant).toMatchObject({ isActive: true, email: company.accountant.email });
    expect((await ctx.identity.findUserByEmail(company.accountant.email))?.enabled).toBe(true);
    const accountantCompanies = await get(company.accountant.session, '/me/companies');
    expect(accountantCompanies.json().map((c: { id: string }) => c.id)).toEqual([company.otherCompany]);
    expect((await get(company.accountant.session, `/companies/${company.companyId}`)).statusCode).toBe(404);
    expect(
      (await get(company.accountant.session, `/companies/${company.companyId}/closure`)).statusCode,
    ).toBe(404);

    // Sheets, their lines and files, diagnoses, ESG answers, documents, consents, invitations, newsletter: gone.
    const sheets = await ctx.db
      .select()
      .from(balanceSheets)
      .where(eq(balanceSheets.companyId, company.companyId));
    expect(
      sheets.every((sheet) => sheet.deletedAt !== null && sheet.fileId === null && sheet.fileName === null),
    ).toBe(true);
    const lines = await ctx.db
      .select({ n: count() })
      .from(balanceSheetLines)
      .where(
        inArray(
          balanceSheetLines.balanceSheetId,
          sheets.map((sheet) => sheet.id),
        ),
      );
    expect(Number(lines[0]?.n)).toBe(0);
    expect(await rowsOf(diagnoses, company.companyId)).toBe(0);
    expect(await rowsOf(esgResponses, company.companyId)).toBe(0);
    expect(await rowsOf(partnerConsents, company.companyId)).toBe(0);
    expect(
      await ctx.db
        .select()
        .from(partnerFollowRequests)
        .where(eq(partnerFollowRequests.companyId, company.companyId)),
    ).toEqual([]);
    expect(
      await ctx.db
        .select()
        .from(companyInvitations)
        .where(eq(companyInvitations.companyId, company.companyId)),
    ).toEqual([]);
    const renames = await ctx.db
      .select({ status: companyNameChanges.status })
      .from(companyNameChanges)
      .where(eq(companyNameChanges.companyId, company.companyId));
    expect(renames).toEqual([{ status: 'cancelled' }]);
    expect(
      await ctx.db.select().from(companyExports).where(eq(companyExports.companyId, company.companyId)),
    ).toEqual([]);
    expect(
      await ctx.db
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, `geral.${company.nif}@closure.cv`)),
    ).toEqual([]);
    expect(
      await ctx.db
        .select()
        .from(applicationFiles)
        .where(eq(applicationFiles.applicationId, kept.applicationId)),
    ).toEqual([]);
    expect(
      await ctx.db
        .select()
        .from(applicationMessages)
        .where(eq(applicationMessages.applicationId, kept.applicationId)),
    ).toEqual([]);
    const fileIds = kept.stored.map((file) => file.id);
    expect(await ctx.db.select().from(files).where(inArray(files.id, fileIds))).toEqual([]);
    for (const file of kept.stored) expect(await store.driver.exists(file.sha256)).toBe(false);

    // What the programme keeps: the decided application, the seal and its public check, the published results,
    // the indicator values of the statistics.
    const [application] = await ctx.db
      .select()
      .from(applications)
      .where(eq(applications.id, kept.applicationId));
    expect(application).toMatchObject({ status: 'evaluated', decisionReason: 'Cumpre os oito critérios.' });
    const sealAfter = await get(null, `/public/seals/${kept.sealCode}`);
    expect(sealAfter.statusCode).toBe(200);
    expect(sealAfter.json()).toEqual(sealBefore.json());
    expect((await get(null, `/public/editions/${kept.editionId}/distinguished`)).json()).toEqual(
      distinguishedBefore.json(),
    );
    expect(await indicatorRows(company.companyId)).toEqual(indicatorsBefore);

    // An admin still reads what stays, and changes nothing (410).
    expect((await get(admin, `/companies/${company.companyId}/closure`)).json()).toMatchObject({
      status: 'approved',
    });
    const profile = await get(admin, `/companies/${company.companyId}`);
    expect(profile.statusCode).toBe(200);
    const change = await send(admin, 'POST', `/companies/${company.companyId}/balance-sheets/entries`, {
      startDate: '2025-01-01',
      endDate: '2025-12-31',
      typeFrequence: 'annual',
      values: leafValues(SHEET_2024),
    });
    expect(change.statusCode).toBe(410);
    expect(change.json().error.code).toBe('company_closed');

    // Every step is in the audit log, with the company.
    const audit = await ctx.db
      .select({ action: auditLog.action, entity: auditLog.entity })
      .from(auditLog)
      .where(eq(auditLog.companyId, company.companyId));
    const actions = audit.map((entry) => `${entry.entity}:${entry.action}`);
    expect(actions).toEqual(
      expect.arrayContaining([
        'company_closure_requests:request',
        'company_closure_requests:approve',
        'companies:close',
        'users:erase',
      ]),
    );

    // The closure's own audit rows name what was erased, not the erased values.
    const closing = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, company.companyId), eq(auditLog.action, 'close')));
    expect(closing).toHaveLength(1);
    expect(JSON.stringify(closing)).not.toContain(`geral.${company.nif}@closure.cv`);
    expect(JSON.stringify(closing)).not.toContain('+238');
    expect(closing[0]?.after).toMatchObject({ erasedFields: expect.arrayContaining(['contactEmail']) });

    // A second approval is a 409, and changes nothing.
    const twice = await send(admin, 'POST', `/closure-requests/${asked.id}/approve`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('closure_decided');

    // The retention sweep, past the 30 days of deleted sheets, leaves the closed company's emptied sheets and so
    // the indicator values they carry.
    await enforceRetention(ctx.db, new Date(Date.now() + 40 * 86_400_000));
    expect(
      await ctx.db.select().from(balanceSheets).where(eq(balanceSheets.companyId, company.companyId)),
    ).toHaveLength(sheets.length);
    expect(await indicatorRows(company.companyId)).toEqual(indicatorsBefore);
  });

  it('an unknown request is a 404; company users cannot decide (403)', async () => {
    const company = await team('Sem decisão');
    const asked = await ask(company);
    // Signed in here: the retention sweep of the test before ended the sessions of its day.
    const admin = await ctx.signIn(adminUser.email, adminUser.password);
    expect(
      (await send(admin, 'POST', '/closure-requests/00000000-0000-4000-8000-000000000001/approve'))
        .statusCode,
    ).toBe(404);
    expect(
      (await send(company.owner.session, 'POST', `/closure-requests/${asked.id}/approve`)).statusCode,
    ).toBe(403);
    expect((await get(company.owner.session, '/closure-requests')).statusCode).toBe(403);
    const [row] = await ctx.db.select().from(companies).where(eq(companies.id, company.companyId));
    expect(row?.closedAt).toBeNull();
  });
});

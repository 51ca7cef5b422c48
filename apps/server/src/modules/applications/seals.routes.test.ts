import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { apiCalls } from '../../../test/support/http.ts';
import { pdfTexts } from '../../../test/support/pdf-text.ts';
import {
  accounts,
  applications,
  caeDivisions,
  caeSections,
  cities,
  companies,
  companyNameChanges,
  editions,
  islands,
  mailOutbox,
} from '../../db/schema/index.ts';
import { listAudit } from '../../platform/audit/audit.ts';

/**
 * The status keeps the name and NIF it was issued to (docs/adr/0017-seal-keeps-issued-names.md): a company holding
 * it asks for a new name and an admin decides; its NIF does not change; a suspended or withdrawn status has no
 * certificate, and the public check says what the status is now.
 */

const ISSUED_NAME = 'Mercearia Boa Esperança, Lda';
const ISSUED_NIF = '200000031';
const NEW_NAME = 'Banco Comercial do Atlântico, SA';

let ctx: TestContext;
let admin: SignedIn;
let member: SignedIn;
let otherMember: SignedIn;
let companyId: string;
let otherCompanyId: string;
let editionId: string;
let sealCode: string;
let sealId: string;
const reference = {} as Record<'cityId' | 'caeDivisionId', string>;

const text = (pt: string) => ({ pt, en: pt, fr: pt });

const { get, send } = apiCalls(() => ctx.app, { language: 'en' });

/** The profile as the form sends it back: what GET answered, with `changes`. */
async function editProfile(session: SignedIn, id: string, changes: Record<string, unknown>) {
  const { id: _id, ...profile } = (await get(session, `/companies/${id}`)).json();
  return send(session, 'PUT', `/companies/${id}`, { ...profile, ...changes });
}

async function first<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error('no row');
  return row;
}

/** The company's application to a past edition, decided and confirmed, published by the admin: the seal. */
async function grantSeal(id: string): Promise<{ editionId: string; code: string; sealId: string }> {
  const at = (month: number) => new Date(Date.UTC(2024, month - 1, 1));
  const edition = await first(
    ctx.db
      .insert(editions)
      .values({
        number: 31,
        year: 2024,
        indicatorYear: 2023,
        registrationOpensAt: at(1),
        registrationClosesAt: at(2),
        applicationOpensAt: at(3),
        applicationClosesAt: at(4),
        evaluationStartsAt: at(5),
        evaluationEndsAt: at(6),
        resultsAt: at(7),
      })
      .returning(),
  );
  await ctx.db.insert(applications).values({
    editionId: edition.id,
    companyId: id,
    status: 'evaluated',
    eligibility: {},
    eligible: true,
    submittedAt: at(4),
    decidedAt: at(5),
    confirmedAt: at(6),
  });
  const published = await send(admin, 'POST', `/editions/${edition.id}/results/publish`, {});
  expect(published.statusCode, published.body).toBe(200);
  const [seal] = (await get(member, `/companies/${id}/seals`)).json();
  return { editionId: edition.id, code: seal.code, sealId: seal.id };
}

/** The newest mail sent to an address. */
async function lastMailTo(address: string) {
  return first(
    ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, address))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1),
  );
}

const certificateText = async (session: SignedIn) => {
  const pdf = await get(session, `/companies/${companyId}/seals/${sealId}/certificate.pdf?lang=en`);
  expect(pdf.statusCode, pdf.body.slice(0, 300)).toBe(200);
  return pdfTexts(pdf.rawPayload).join('\n');
};

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  const island = await first(
    ctx.db
      .insert(islands)
      .values({ code: 'ST', description: text('Santiago') })
      .returning(),
  );
  const city = await first(
    ctx.db
      .insert(cities)
      .values({ code: 'PR', description: text('Praia'), islandId: island.id })
      .returning(),
  );
  const section = await first(
    ctx.db
      .insert(caeSections)
      .values({ code: 'G', description: text('Comércio') })
      .returning(),
  );
  const division = await first(
    ctx.db
      .insert(caeDivisions)
      .values({ code: '47', description: text('Comércio a retalho'), sectionId: section.id })
      .returning(),
  );
  reference.cityId = city.id;
  reference.caeDivisionId = division.id;
  const adminUser = await ctx.createUser({ email: 'admin@seals.cv', roles: ['admin'], name: 'Ana Admin' });
  const memberUser = await ctx.createUser({ email: 'member@seals.cv', roles: ['company'], name: 'Maria' });
  const otherUser = await ctx.createUser({ email: 'other@seals.cv', roles: ['company'], name: 'Outro' });
  companyId = await ctx.linkCompany(memberUser.accountId, { companyName: ISSUED_NAME, nif: ISSUED_NIF });
  otherCompanyId = await ctx.linkCompany(otherUser.accountId, {
    companyName: 'Outra, Lda',
    nif: '200000032',
  });
  await ctx.db.update(accounts).set({ language: 'pt' }).where(eq(accounts.id, memberUser.accountId));
  await ctx.db
    .update(companies)
    .set({ ...reference, phone: '+238 260 10 10', responsibleName: 'Maria' })
    .where(eq(companies.id, companyId));
  await ctx.db
    .update(companies)
    .set({ ...reference, phone: '+238 260 10 11', responsibleName: 'Outro' })
    .where(eq(companies.id, otherCompanyId));
  [admin, member, otherMember] = await Promise.all([
    ctx.signIn(adminUser.email, adminUser.password),
    ctx.signIn(memberUser.email, memberUser.password),
    ctx.signIn(otherUser.email, otherUser.password),
  ]);
  ({ editionId, code: sealCode, sealId } = await grantSeal(companyId));
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('PUT /app/api/v1/companies/{id} while the company holds the status', () => {
  let requestId: string;

  it('a rename becomes a request: the profile keeps its name, the public check the issued one', async () => {
    const saved = await editProfile(member, companyId, { companyName: NEW_NAME, website: 'https://bca.cv' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      companyName: ISSUED_NAME,
      website: 'https://bca.cv',
      holdsSeal: true,
      pendingNameChange: {
        status: 'pending',
        fromCompanyName: ISSUED_NAME,
        toCompanyName: NEW_NAME,
        requestedBy: 'Maria',
      },
    });
    requestId = saved.json().pendingNameChange.id;
    expect((await get(member, `/companies/${companyId}`)).json().pendingNameChange.id).toBe(requestId);

    const check = (await get(null, `/public/seals/${sealCode}`)).json();
    expect(check).toMatchObject({
      status: 'valid',
      companyName: ISSUED_NAME,
      nif: ISSUED_NIF,
      editionYear: 2024,
      currentName: null,
      renamedAt: null,
    });
    const [listed] = (await get(null, `/public/editions/${editionId}/distinguished`)).json();
    expect(listed).toMatchObject({ companyName: ISSUED_NAME, nif: ISSUED_NIF, currentName: null });

    const queue = (await get(admin, '/companies/name-changes')).json();
    expect(queue.map((change: { id: string }) => change.id)).toEqual([requestId]);
    expect((await get(member, `/companies/${companyId}/name-changes`)).json()[0]).toMatchObject({
      id: requestId,
      status: 'pending',
    });
    const audit = await listAudit(ctx.db, { entity: 'company_name_changes', entityId: requestId });
    expect(audit.map((row) => row.action)).toEqual(['request']);
  });

  it('only an admin decides: the company cannot approve its own rename, another company sees nothing', async () => {
    const body = { approve: true, version: 1 };
    const own = await send(member, 'POST', `/companies/name-changes/${requestId}/decision`, body);
    expect(own.statusCode).toBe(403);
    expect((await get(member, '/companies/name-changes')).statusCode).toBe(403);
    const other = await send(otherMember, 'POST', `/companies/name-changes/${requestId}/decision`, body);
    expect(other.statusCode).toBe(403);
    expect((await get(otherMember, `/companies/${companyId}/name-changes`)).statusCode).toBe(404);
    expect((await get(otherMember, `/companies/${otherCompanyId}/name-changes`)).json()).toEqual([]);
    expect((await get(member, `/companies/${companyId}`)).json().companyName).toBe(ISSUED_NAME);
  });

  it('the NIF does not change, not even by an admin', async () => {
    const byAdmin = await editProfile(admin, companyId, { nif: '200000039' });
    expect(byAdmin.statusCode).toBe(409);
    expect(byAdmin.json().error).toMatchObject({
      code: 'nif_locked_by_seal',
      message: 'The company holds the Excelência status: its NIF cannot change while the status is in force.',
    });
    const byMember = await editProfile(member, companyId, { nif: '200000039' });
    expect(byMember.statusCode).toBe(400);
    expect((await get(admin, `/companies/${companyId}`)).json().nif).toBe(ISSUED_NIF);
  });

  it('approved: the company is renamed; the check shows both names and the date; the certificate the issued one', async () => {
    const before = Date.now();
    const approved = await send(admin, 'POST', `/companies/name-changes/${requestId}/decision`, {
      approve: true,
      version: 1,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', decidedBy: 'Ana Admin' });
    const again = await send(admin, 'POST', `/companies/name-changes/${requestId}/decision`, {
      approve: false,
      reason: 'Não',
      version: 2,
    });
    expect(again.json().error.code).toBe('name_change_decided');

    const profile = (await get(member, `/companies/${companyId}`)).json();
    expect(profile).toMatchObject({ companyName: NEW_NAME, pendingNameChange: null, holdsSeal: true });

    const check = (await get(null, `/public/seals/${sealCode}`)).json();
    expect(check).toMatchObject({
      status: 'valid',
      companyName: ISSUED_NAME,
      nif: ISSUED_NIF,
      currentName: NEW_NAME,
    });
    expect(Date.parse(check.renamedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(check.renamedAt)).toBeLessThanOrEqual(Date.now());
    const [listed] = (await get(null, `/public/editions/${editionId}/distinguished`)).json();
    expect(listed).toMatchObject({
      companyName: ISSUED_NAME,
      currentName: NEW_NAME,
      renamedAt: check.renamedAt,
    });
    const [seal] = (await get(member, `/companies/${companyId}/seals`)).json();
    expect(seal).toMatchObject({ companyName: ISSUED_NAME, nif: ISSUED_NIF, currentName: NEW_NAME });

    const certificate = await certificateText(member);
    expect(certificate).toContain(ISSUED_NAME);
    expect(certificate).not.toContain(NEW_NAME);

    // The member reads pt.
    const mail = await lastMailTo('member@seals.cv');
    expect(mail.subject).toBe(`Alteração do nome aprovada — ${NEW_NAME}`);
    expect(mail.textBody).toContain(`de ${ISSUED_NAME} para ${NEW_NAME} foi aprovado`);
    const audit = await listAudit(ctx.db, { entity: 'companies', entityId: companyId });
    expect(audit.map((row) => row.action)).toContain('approveNameChange');
  });

  it('refused with a reason: the name stays, the company reads why', async () => {
    const asked = await editProfile(member, companyId, {
      companyName: 'BCA Holding, SA',
      legalName: 'BCA, SA',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const change = asked.json().pendingNameChange;
    expect(change).toMatchObject({ toCompanyName: 'BCA Holding, SA', toLegalName: 'BCA, SA' });
    expect(asked.json()).toMatchObject({ companyName: NEW_NAME, legalName: null });
    const url = `/companies/name-changes/${change.id}/decision`;
    const noReason = await send(admin, 'POST', url, { approve: false, version: change.version });
    expect(noReason.statusCode).toBe(400);
    const refused = await send(admin, 'POST', url, {
      approve: false,
      reason: 'Falta a certidão comercial.',
      version: change.version,
    });
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json()).toMatchObject({ status: 'refused', reason: 'Falta a certidão comercial.' });
    expect((await get(member, `/companies/${companyId}`)).json()).toMatchObject({
      companyName: NEW_NAME,
      legalName: null,
      pendingNameChange: null,
    });
    const mail = await lastMailTo('member@seals.cv');
    expect(mail.subject).toBe(`Alteração do nome recusada — ${NEW_NAME}`);
    expect(mail.textBody).toContain('Motivo: Falta a certidão comercial.');
  });

  it('a company without the status renames itself as before', async () => {
    const saved = await editProfile(otherMember, otherCompanyId, { companyName: 'Outra Nova, Lda' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      companyName: 'Outra Nova, Lda',
      holdsSeal: false,
      pendingNameChange: null,
    });
  });
});

describe('GET /app/api/v1/companies/{companyId}/seals/{sealId}/certificate.pdf of a suspended or withdrawn status', () => {
  const certificateUrl = () => `/companies/${companyId}/seals/${sealId}/certificate.pdf`;
  const act = async (action: 'suspend' | 'reinstate' | 'withdraw', reason: string) => {
    const [seal] = (await get(admin, `/seals?editionId=${editionId}`)).json();
    const response = await send(admin, 'POST', `/seals/${seal.id}/actions`, {
      action,
      reason,
      version: seal.version,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const refusal = {
    code: 'seal_not_valid',
    message:
      'The certificate cannot be downloaded while the status is suspended or withdrawn; the public check shows its current state.',
  };

  it('suspended: 409 for the company and admins; the public check says suspended and since when', async () => {
    const suspended = await act('suspend', 'Dívida à Segurança Social');
    for (const session of [member, admin]) {
      const pdf = await get(session, certificateUrl());
      expect(pdf.statusCode).toBe(409);
      expect(pdf.json().error).toMatchObject(refusal);
    }
    const check = (await get(null, `/public/seals/${sealCode}`)).json();
    expect(check).toMatchObject({ status: 'suspended', statusSince: suspended.statusSince });
    expect(JSON.stringify(check)).not.toContain('Segurança Social');
    // A suspended status is still held: the NIF stays and a rename still waits for an admin.
    expect((await get(member, `/companies/${companyId}`)).json().holdsSeal).toBe(true);
  });

  it('reinstated: the certificate downloads again', async () => {
    await act('reinstate', 'Regularizada');
    expect((await get(member, certificateUrl())).statusCode).toBe(200);
    expect((await get(null, `/public/seals/${sealCode}`)).json().status).toBe('valid');
  });

  it('withdrawn: 409; the check says withdrawn; the company renames itself again', async () => {
    const withdrawn = await act('withdraw', 'Fraude');
    const pdf = await get(admin, certificateUrl());
    expect(pdf.statusCode).toBe(409);
    expect(pdf.json().error).toMatchObject(refusal);
    expect((await get(null, `/public/seals/${sealCode}`)).json()).toMatchObject({
      status: 'withdrawn',
      statusSince: withdrawn.statusSince,
    });
    const saved = await editProfile(member, companyId, { companyName: 'BCA Depois, SA' });
    expect(saved.json()).toMatchObject({ companyName: 'BCA Depois, SA', holdsSeal: false });
    const changes = await ctx.db
      .select()
      .from(companyNameChanges)
      .where(and(eq(companyNameChanges.companyId, companyId), eq(companyNameChanges.status, 'approved')));
    expect(changes.map((c) => c.toCompanyName).sort()).toEqual(['BCA Depois, SA', NEW_NAME].sort());
  });
});

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
const NEW_NAME = 'Banco Comercial do Atlântico, SA';

let ctx: TestContext;
let admin: SignedIn;
let otherMember: SignedIn;
let otherCompanyId: string;
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

/** The company's application to a past edition of its own, decided and confirmed, published by the admin: the seal. */
async function grantSeal(
  id: string,
  session: SignedIn,
  number: number,
): Promise<{ editionId: string; code: string; sealId: string }> {
  const at = (month: number) => new Date(Date.UTC(2024, month - 1, 1));
  const edition = await first(
    ctx.db
      .insert(editions)
      .values({
        number,
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
  const [seal] = (await get(session, `/companies/${id}/seals`)).json();
  return { editionId: edition.id, code: seal.code, sealId: seal.id };
}

interface Member {
  email: string;
  nif: string;
  companyId: string;
  session: SignedIn;
}

interface Holder extends Member {
  editionId: string;
  sealCode: string;
  sealId: string;
}

let made = 0;

/** A company of its own (a new NIF), complete enough to save its profile, and its member signed in (reads pt). */
async function companyMember(companyName: string): Promise<Member & { serial: number }> {
  made += 1;
  const email = `member${made}@seals.cv`;
  const nif = String(200000100 + made);
  const user = await ctx.createUser({ email, roles: ['company'], name: 'Maria' });
  const companyId = await ctx.linkCompany(user.accountId, { companyName, nif });
  await ctx.db.update(accounts).set({ language: 'pt' }).where(eq(accounts.id, user.accountId));
  await ctx.db
    .update(companies)
    .set({ ...reference, phone: '+238 260 10 10', responsibleName: 'Maria' })
    .where(eq(companies.id, companyId));
  const session = await ctx.signIn(user.email, user.password);
  return { email: user.email, nif, companyId, session, serial: made };
}

/** A company named ISSUED_NAME holding the status of an edition of its own (2024), no rename asked. */
async function sealHolder(): Promise<Holder> {
  const { serial, ...member } = await companyMember(ISSUED_NAME);
  const seal = await grantSeal(member.companyId, member.session, 30 + serial);
  return { ...member, editionId: seal.editionId, sealCode: seal.code, sealId: seal.sealId };
}

/** The holder asks to be renamed to `name`: the pending request. */
async function askRename(holder: Holder, name: string): Promise<{ id: string; version: number }> {
  const saved = await editProfile(holder.session, holder.companyId, { companyName: name });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json().pendingNameChange;
}

/** The holder renamed to `name`, asked and approved by the admin. */
async function renamedHolder(name: string): Promise<Holder> {
  const holder = await sealHolder();
  const change = await askRename(holder, name);
  const approved = await send(admin, 'POST', `/companies/name-changes/${change.id}/decision`, {
    approve: true,
    version: change.version,
  });
  expect(approved.statusCode, approved.body).toBe(200);
  return holder;
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

const certificateText = async (session: SignedIn, { companyId, sealId }: Holder) => {
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
  const otherUser = await ctx.createUser({ email: 'other@seals.cv', roles: ['company'], name: 'Outro' });
  otherCompanyId = await ctx.linkCompany(otherUser.accountId, {
    companyName: 'Outra, Lda',
    nif: '200000032',
  });
  await ctx.db
    .update(companies)
    .set({ ...reference, phone: '+238 260 10 11', responsibleName: 'Outro' })
    .where(eq(companies.id, otherCompanyId));
  [admin, otherMember] = await Promise.all([
    ctx.signIn(adminUser.email, adminUser.password),
    ctx.signIn(otherUser.email, otherUser.password),
  ]);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe('PUT /app/api/v1/companies/{id} while the company holds the status', () => {
  it('a rename becomes a request: the profile keeps its name, the public check the issued one', async () => {
    const { session: member, companyId, nif, sealCode, editionId } = await sealHolder();
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
    const requestId = saved.json().pendingNameChange.id;
    expect((await get(member, `/companies/${companyId}`)).json().pendingNameChange.id).toBe(requestId);

    const check = (await get(null, `/public/seals/${sealCode}`)).json();
    expect(check).toMatchObject({
      status: 'valid',
      companyName: ISSUED_NAME,
      nif,
      editionYear: 2024,
      currentName: null,
      renamedAt: null,
    });
    const [listed] = (await get(null, `/public/editions/${editionId}/distinguished`)).json();
    expect(listed).toMatchObject({ companyName: ISSUED_NAME, nif, currentName: null });

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
    const holder = await sealHolder();
    const { session: member, companyId } = holder;
    const { id: requestId } = await askRename(holder, NEW_NAME);
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
    const { session: member, companyId, nif } = await sealHolder();
    const byAdmin = await editProfile(admin, companyId, { nif: '200000039' });
    expect(byAdmin.statusCode).toBe(409);
    expect(byAdmin.json().error).toMatchObject({
      code: 'nif_locked_by_seal',
      message: 'The company holds the Excelência status: its NIF cannot change while the status is in force.',
    });
    const byMember = await editProfile(member, companyId, { nif: '200000039' });
    expect(byMember.statusCode).toBe(400);
    expect((await get(admin, `/companies/${companyId}`)).json().nif).toBe(nif);
  });

  it('approved: the company is renamed; the check shows both names and the date; the certificate the issued one', async () => {
    const holder = await sealHolder();
    const { session: member, companyId, nif, sealCode, editionId } = holder;
    const { id: requestId } = await askRename(holder, NEW_NAME);
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
      nif,
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
    expect(seal).toMatchObject({ companyName: ISSUED_NAME, nif, currentName: NEW_NAME });

    const certificate = await certificateText(member, holder);
    expect(certificate).toContain(ISSUED_NAME);
    expect(certificate).not.toContain(NEW_NAME);

    // The member reads pt.
    const mail = await lastMailTo(holder.email);
    expect(mail.subject).toBe(`Alteração do nome aprovada — ${NEW_NAME}`);
    expect(mail.textBody).toContain(`de ${ISSUED_NAME} para ${NEW_NAME} foi aprovado`);
    const audit = await listAudit(ctx.db, { entity: 'companies', entityId: companyId });
    expect(audit.map((row) => row.action)).toContain('approveNameChange');
  });

  it('refused with a reason: the name stays, the company reads why', async () => {
    const { session: member, companyId, email } = await renamedHolder(NEW_NAME);
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
    const mail = await lastMailTo(email);
    expect(mail.subject).toBe(`Alteração do nome recusada — ${NEW_NAME}`);
    expect(mail.textBody).toContain('Motivo: Falta a certidão comercial.');
  });

  it('a company without the status renames itself as before', async () => {
    const { session, companyId } = await companyMember('Outra, Lda');
    const saved = await editProfile(session, companyId, { companyName: 'Outra Nova, Lda' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      companyName: 'Outra Nova, Lda',
      holdsSeal: false,
      pendingNameChange: null,
    });
  });
});

describe('GET /app/api/v1/companies/{companyId}/seals/{sealId}/certificate.pdf of a suspended or withdrawn status', () => {
  const certificateUrl = ({ companyId, sealId }: Holder) =>
    `/companies/${companyId}/seals/${sealId}/certificate.pdf`;
  const act = async ({ editionId }: Holder, action: 'suspend' | 'reinstate' | 'withdraw', reason: string) => {
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
    const holder = await sealHolder();
    const { session: member, companyId, sealCode } = holder;
    const suspended = await act(holder, 'suspend', 'Dívida à Segurança Social');
    for (const session of [member, admin]) {
      const pdf = await get(session, certificateUrl(holder));
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
    const holder = await sealHolder();
    await act(holder, 'suspend', 'Dívida à Segurança Social');
    const { session: member, sealCode } = holder;
    await act(holder, 'reinstate', 'Regularizada');
    expect((await get(member, certificateUrl(holder))).statusCode).toBe(200);
    expect((await get(null, `/public/seals/${sealCode}`)).json().status).toBe('valid');
  });

  it('withdrawn: 409; the check says withdrawn; the company renames itself again', async () => {
    const holder = await renamedHolder(NEW_NAME);
    const { session: member, companyId, sealCode } = holder;
    const withdrawn = await act(holder, 'withdraw', 'Fraude');
    const pdf = await get(admin, certificateUrl(holder));
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

import { buildBalanceTree, formatDisplayDate, portalDay, treeLeaves } from '@excelencia/domain';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import pino from 'pino';
import PostalMime, { type Email } from 'postal-mime';
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/support/balance-sheets.ts';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { SHEET_2023, SHEET_2024 } from '../../../test/support/eligible-sheets.ts';
import { startReceiver, stopReceiver } from '../../../test/support/smtp.ts';
import {
  accounts,
  applications,
  caeDivisions,
  cities,
  companies,
  editions,
  mailOutbox,
} from '../../db/schema/index.ts';
import { createMailWorker } from '../../platform/mail/outbox.ts';
import { seedReferenceData } from '../../seed/seed-reference.ts';
import { selfDiagnosisTree } from '../reference/index.ts';

const DAY = 24 * 60 * 60 * 1000;

let ctx: TestContext;
let admin: SignedIn;
let secondAdmin: SignedIn;
let member: SignedIn;
let otherMember: SignedIn;
let partner: SignedIn;
let ownCompany: string;
let otherCompany: string;
let leafCodes: string[];
let received: string[];
let receiver: { server: SMTPServer; port: number };
let worker: ReturnType<typeof createMailWorker>;

// The sheets of test/support/eligible-sheets.ts, taken before closing, meet the eight application criteria:
//   RLP = REND − GAST = 825 000 − 775 000 = 50 000 > 0
//   EBITDA = REXP − GEXP = 820 000 − 700 000 = 120 000 > 0; both years: min(120 000, 90 000) = 90 000 > 0
//   DFL / EBITDA = (250 000 + 50 000 − 100 000) / 120 000 = 1.666… ≤ 3
//   RCP = 50 000 / (350 000 + 50 000) = 0.125 ≥ 0.1; AF = 400 000 / 1 000 000 = 0.4 ≥ 0.375
//   EBITDA / AT = 120 000 / 1 000 000 = 0.12 ≥ 0.1; EBITDA / VN = 120 000 / 800 000 = 0.15 ≥ 0.075

const PDF = (label: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${label}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );

import { openEditionInput } from '../../../test/support/editions.ts';
import { apiCalls } from '../../../test/support/http.ts';

const { get, send } = apiCalls(() => ctx.app, { language: 'en' });

function upload(
  session: SignedIn,
  url: string,
  fields: Record<string, string>,
  data: Buffer,
  filename: string,
  method: 'POST' | 'PUT' = 'POST',
) {
  // Each document carries an issue date of today, valid under any validity (document-validity.routes.test.ts).
  const body = multipart(
    { issuedAt: portalDay(new Date()), ...fields },
    { data, filename, type: 'application/pdf' },
  );
  return send(session, method, url, body.payload, { contentType: body.contentType });
}

async function enterSheet(
  session: SignedIn,
  companyId: string,
  year: number,
  values: Record<string, string>,
) {
  const response = await send(session, 'POST', `/companies/${companyId}/balance-sheets/entries`, {
    startDate: `${year}-01-01`,
    endDate: `${year}-12-31`,
    typeFrequence: 'annual',
    values: { ...Object.fromEntries(leafCodes.map((code) => [code, '0'])), ...values },
  });
  expect(response.statusCode, response.body).toBe(201);
}

/** An edition whose application window is open now (or starts `offsetDays` from now). */
async function deliver(): Promise<Email[]> {
  const before = received.length;
  await worker.runOnce();
  return Promise.all(received.slice(before).map((raw) => PostalMime.parse(Buffer.from(raw, 'latin1'))));
}

type Edition = { id: string; version: number };

/** The 2nd edition (2024 indicators), its application window open now: the one there, else created now. */
async function editionTwo(): Promise<Edition> {
  const [row] = await ctx.db.select().from(editions).where(eq(editions.number, 2));
  if (row) return row;
  const created = await send(admin, 'POST', '/editions', openEditionInput(2));
  expect(created.statusCode, created.body).toBe(201);
  return created.json();
}

/** How far the company's application to the 2nd edition has come, each stage the one before and a step more. */
const STAGES = ['draft', 'inps', 'complete', 'submitted', 'decided', 'confirmed', 'published'] as const;
type Stage = (typeof STAGES)[number];

/**
 * The company's application to the 2nd edition brought through the API to `stage` (from wherever it is):
 * opened (draft); with the INPS declaration (inps); with the 8 documents (complete); submitted, its receipt
 * delivered (submitted); qualified by an admin (decided); confirmed by the other admin (confirmed); the
 * results published, the other company's draft opened before (published). Its id, version and edition.
 */
async function ownApplication(stage: Stage): Promise<{ id: string; version: number; edition: Edition }> {
  const edition = await editionTwo();
  const reached = (at: Stage) => STAGES.indexOf(stage) >= STAGES.indexOf(at);
  const url = (id: string) => `/companies/${ownCompany}/applications/${id}`;
  const [existing] = await ctx.db
    .select()
    .from(applications)
    .where(and(eq(applications.companyId, ownCompany), eq(applications.editionId, edition.id)));
  let id = existing?.id;
  if (!id) {
    const opened = await send(member, 'POST', `/companies/${ownCompany}/applications`, {
      editionId: edition.id,
    });
    expect(opened.statusCode, opened.body).toBe(201);
    id = opened.json().id as string;
  }
  let body = (await get(member, url(id))).json();
  if (body.status === 'draft' && reached('inps')) {
    const has = (type: number) => body.files.some((f: { fileType: number }) => f.fileType === type);
    const files: [number, string, string][] = [[0, 'inps', 'INPS declaração.pdf']];
    if (reached('complete'))
      for (let type = 1; type < 8; type += 1) files.push([type, `doc ${type}`, `doc_${type}.pdf`]);
    for (const [type, label, name] of files) {
      if (has(type)) continue;
      const uploaded = await upload(member, `${url(id)}/files`, { fileType: String(type) }, PDF(label), name);
      expect(uploaded.statusCode, uploaded.body).toBe(201);
    }
    if (reached('submitted')) {
      const submitted = await send(member, 'POST', `${url(id)}/submit`);
      expect(submitted.statusCode, submitted.body).toBe(200);
      await deliver();
    }
  }
  body = (await get(admin, `/applications/${id}`)).json();
  if (reached('decided') && !body.decision) {
    const decided = await send(admin, 'POST', `/applications/${id}/evaluation`, {
      decision: 'evaluated',
      version: body.version,
    });
    expect(decided.statusCode, decided.body).toBe(200);
    body = decided.json();
  }
  if (reached('confirmed') && !body.decision.confirmedAt) {
    const other = body.decision.decidedBy === 'Ana Admin' ? secondAdmin : admin;
    const confirmed = await send(other, 'POST', `/applications/${id}/confirmation`, {
      version: body.version,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    body = confirmed.json();
  }
  if (reached('published')) {
    const [row] = await ctx.db.select().from(editions).where(eq(editions.id, edition.id));
    if (!row?.resultsPublishedAt) {
      await otherDraft();
      const published = await send(admin, 'POST', `/editions/${edition.id}/results/publish`);
      expect(published.statusCode, published.body).toBe(200);
      await deliver();
      body = (await get(admin, `/applications/${id}`)).json();
    }
  }
  return { id, version: body.version, edition };
}

/** The other company's application to the 2nd edition, opened (without its sheets) and never submitted. */
async function otherDraft(): Promise<void> {
  const edition = await editionTwo();
  const opened = await send(otherMember, 'POST', `/companies/${otherCompany}/applications`, {
    editionId: edition.id,
  });
  expect([200, 201], opened.body).toContain(opened.statusCode);
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  await seedReferenceData(ctx.db);
  leafCodes = treeLeaves(buildBalanceTree(await selfDiagnosisTree(ctx.db))).map((leaf) => leaf.code);
  received = [];
  receiver = await startReceiver(received);
  worker = createMailWorker({
    db: ctx.db,
    smtpUrl: `smtp://127.0.0.1:${receiver.port}`,
    from: 'Excelência <no-reply@excelencia.test>',
    logger: pino({ level: 'silent' }),
  });
  const adminUser = await ctx.createUser({ email: 'admin@ap.cv', roles: ['admin'], name: 'Ana Admin' });
  const secondUser = await ctx.createUser({ email: 'admin2@ap.cv', roles: ['admin'], name: 'Bruno Admin' });
  const memberUser = await ctx.createUser({ email: 'member@ap.cv', roles: ['company'], name: 'Maria' });
  const otherUser = await ctx.createUser({ email: 'other@ap.cv', roles: ['company'], name: 'Outro' });
  const partnerUser = await ctx.createUser({ email: 'partner@ap.cv', roles: ['partner'] });
  ownCompany = await ctx.linkCompany(memberUser.accountId, {
    companyName: 'Boa Vista, Lda',
    nif: '200000021',
  });
  otherCompany = await ctx.linkCompany(otherUser.accountId, { companyName: 'Outra, Lda', nif: '200000022' });
  await ctx.db.update(accounts).set({ language: 'pt' }).where(eq(accounts.id, memberUser.accountId));
  const [division] = await ctx.db.select().from(caeDivisions).where(eq(caeDivisions.code, '47'));
  const [city] = await ctx.db.select().from(cities).limit(1);
  await ctx.db
    .update(companies)
    .set({ caeDivisionId: division?.id ?? null, cityId: city?.id ?? null })
    .where(eq(companies.id, ownCompany));
  [admin, secondAdmin, member, otherMember, partner] = await Promise.all([
    ctx.signIn(adminUser.email, adminUser.password),
    ctx.signIn(secondUser.email, secondUser.password),
    ctx.signIn(memberUser.email, memberUser.password),
    ctx.signIn(otherUser.email, otherUser.password),
    ctx.signIn(partnerUser.email, partnerUser.password),
  ]);
  await enterSheet(member, ownCompany, 2023, SHEET_2023);
  await enterSheet(member, ownCompany, 2024, SHEET_2024);
});

afterAll(async () => {
  await worker?.stop?.();
  if (receiver) await stopReceiver(receiver.server);
  await ctx?.close();
});

describe('editions', () => {
  it('GET editions/current answers 404 while no edition is announced, to anyone', async () => {
    const response = await get(null, '/editions/current');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('No edition has been announced.');
  });

  it('POST editions refuses an end before its start with its message, and the wrong order of windows', async () => {
    const input = openEditionInput(2);
    const response = await send(admin, 'POST', '/editions', {
      ...input,
      registrationClosesAt: new Date(Date.parse(input.registrationOpensAt) - DAY).toISOString(),
      indicatorYear: input.year,
    });
    expect(response.statusCode).toBe(400);
    const details = response.json().error.details as Array<{ path: string; message: string }>;
    expect(details).toContainEqual({
      path: 'registrationClosesAt',
      message: 'End date cannot be before the Start Date!',
    });
    expect(details).toContainEqual({
      path: 'indicatorYear',
      message: "The indicator year must come before the edition's year",
    });
    expect((await get(admin, '/editions')).json()).toEqual([]);
  });

  it('POST editions is for admins only', async () => {
    expect((await send(member, 'POST', '/editions', openEditionInput(2))).statusCode).toBe(403);
    expect((await send(partner, 'POST', '/editions', openEditionInput(2))).statusCode).toBe(403);
  });

  it('creates the 2nd edition (2024 indicators) and shows it publicly as the current one', async () => {
    const response = await send(admin, 'POST', '/editions', openEditionInput(2));
    expect(response.statusCode, response.body).toBe(201);
    const edition = response.json();
    expect(edition).toMatchObject({ number: 2, year: 2025, indicatorYear: 2024, resultsPublishedAt: null });
    const current = await get(null, '/editions/current');
    expect(current.statusCode).toBe(200);
    expect(current.json().id).toBe(edition.id);
  });

  it('refuses a second edition whose application window overlaps (at most one takes applications)', async () => {
    await editionTwo();
    const response = await send(admin, 'POST', '/editions', openEditionInput(3, 5));
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('edition_overlap');
    const taken = await send(admin, 'POST', '/editions', openEditionInput(2, 400));
    expect(taken.json().error.code).toBe('edition_number_taken');
  });

  it('stores the regulation PDF and serves it publicly; a non-PDF is refused', async () => {
    let edition = await editionTwo();
    const bad = await upload(
      admin,
      `/editions/${edition.id}/regulation`,
      {},
      Buffer.from('PK\u0003\u0004zip'),
      'r.pdf',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Please select a PDF file.');
    const ok = await upload(
      admin,
      `/editions/${edition.id}/regulation`,
      {},
      PDF('regulation'),
      'Regulamento 2025.pdf',
    );
    expect(ok.statusCode, ok.body).toBe(200);
    edition = ok.json();
    const file = await get(null, `/editions/${edition.id}/regulation`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.body).toContain('regulation');
  });
});

describe('the company application', () => {
  it('refuses to open an application outside the window', async () => {
    const later = await send(admin, 'POST', '/editions', openEditionInput(3, 60));
    expect(later.statusCode, later.body).toBe(201);
    const response = await send(member, 'POST', `/companies/${ownCompany}/applications`, {
      editionId: later.json().id,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('application_window_closed');
  });

  it('opens the application: the eight criteria in their fixed order, computed on the 2024 and 2023 sheets', async () => {
    const edition = await editionTwo();
    // A double click on Apply: two POSTs at once open one application, and both answer it (201, then 200).
    const pair = await Promise.all([
      send(member, 'POST', `/companies/${ownCompany}/applications`, { editionId: edition.id }),
      send(member, 'POST', `/companies/${ownCompany}/applications`, { editionId: edition.id }),
    ]);
    expect(pair.map((r) => r.statusCode).sort(), pair[0]?.body).toEqual([200, 201]);
    const response = pair.find((r) => r.statusCode === 201) ?? pair[0];
    if (!response) throw new Error('no answer');
    expect(pair.map((r) => r.json().id)).toEqual([response.json().id, response.json().id]);
    const rowsOfCompany = await ctx.db
      .select()
      .from(applications)
      .where(eq(applications.companyId, ownCompany));
    expect(rowsOfCompany).toHaveLength(1);
    const body = response.json();
    expect(body).toMatchObject({
      status: 'draft',
      complete: false,
      eligible: true,
      indicatorYear: 2024,
      files: [],
    });
    const rows = body.applicationFinancialIndicators as Array<{
      criterionRatioDetails: { code: string };
      value: string;
      passed: boolean;
      gap: string;
    }>;
    expect(rows.map((r) => r.criterionRatioDetails.code)).toEqual([
      'RLP',
      'EBITDA',
      'EBITDA_2A',
      'DFL_EBITDA',
      'RCP',
      'AF',
      'EBITDA_AT',
      'EBITDA_VN',
    ]);
    expect(rows.every((r) => r.passed)).toBe(true);
    // RCP = 50 000 / 400 000 = 0.125; gap to ≥ 0.1 = 0.025. AF = 0.4; gap to ≥ 0.375 = 0.025.
    expect(rows[4]).toMatchObject({ value: '0.125', gap: '0.025' });
    expect(rows[5]).toMatchObject({ value: '0.4', gap: '0.025' });
    // DFL/EBITDA = 1.666…; gap to ≤ 3 = 3 − 1.666… = 1.333…
    expect(rows[3]?.gap).toBe('1.33333333333333333333');
    const again = await send(member, 'POST', `/companies/${ownCompany}/applications`, {
      editionId: edition.id,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: body.id, status: 'draft' });
  });

  it("hides the application from another company's user (404) and from partners (403)", async () => {
    const application = await ownApplication('draft');
    expect(
      (await get(otherMember, `/companies/${ownCompany}/applications/${application.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await get(otherMember, `/companies/${otherCompany}/applications/${application.id}`)).statusCode,
    ).toBe(404);
    const foreign = await upload(
      otherMember,
      `/companies/${ownCompany}/applications/${application.id}/files`,
      { fileType: '0' },
      PDF('x'),
      'x.pdf',
    );
    expect(foreign.statusCode).toBe(404);
    expect((await get(partner, `/companies/${ownCompany}/applications`)).statusCode).toBe(403);
  });

  it('refuses a non-PDF and a file type outside 0-7, and keeps nothing', async () => {
    const application = await ownApplication('draft');
    const url = `/companies/${ownCompany}/applications/${application.id}/files`;
    const html = await upload(
      member,
      url,
      { fileType: '0' },
      Buffer.from('<html>%PDF-</html>'.repeat(100)),
      'fake.pdf',
    );
    expect(html.statusCode).toBe(400);
    expect(html.json().error.message).toBe('Please select a PDF file.');
    const png = await upload(
      member,
      url,
      { fileType: '0' },
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]),
      'a.pdf',
    );
    expect(png.statusCode).toBe(400);
    const eighth = await upload(member, url, { fileType: '8' }, PDF('x'), 'x.pdf');
    expect(eighth.statusCode).toBe(400);
    expect(eighth.json().error.message).toBe('Choose one of the 8 documents');
    expect(
      (await get(member, `/companies/${ownCompany}/applications/${application.id}`)).json().files,
    ).toEqual([]);
  });

  it('cannot be submitted while incomplete', async () => {
    const application = await ownApplication('draft');
    await upload(
      member,
      `/companies/${ownCompany}/applications/${application.id}/files`,
      { fileType: '0' },
      PDF('inps'),
      'INPS declaração.pdf',
    );
    const response = await send(
      member,
      'POST',
      `/companies/${ownCompany}/applications/${application.id}/submit`,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'application_incomplete',
      message: 'The application is incomplete. Documents missing: 7.',
    });
  });

  it('takes the 8 documents, names them {NIF}_{type}_{name}.pdf, refuses a 9th and allows replace and remove', async () => {
    const application = await ownApplication('inps');
    const url = `/companies/${ownCompany}/applications/${application.id}/files`;
    for (let type = 1; type < 8; type += 1) {
      const response = await upload(
        member,
        url,
        { fileType: String(type) },
        PDF(`doc ${type}`),
        `doc_${type}.pdf`,
      );
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({
        fileType: type,
        fileName: `200000021_${type}_doc-${type}.pdf`,
      });
    }
    const ninth = await upload(member, url, { fileType: '3' }, PDF('ninth'), 'ninth.pdf');
    expect(ninth.statusCode).toBe(409);
    expect(ninth.json().error.code).toBe('application_files_full');
    const body = (await get(member, `/companies/${ownCompany}/applications/${application.id}`)).json();
    expect(body.complete).toBe(true);
    expect(body.files.map((f: { fileType: number }) => f.fileType)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(body.files[0].fileName).toBe('200000021_0_INPS-declaração.pdf');
    const replaced = await upload(
      member,
      `${url}/${body.files[2].id}`,
      {},
      PDF('new certificate'),
      'certidão.pdf',
      'PUT',
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ fileType: 2, fileName: '200000021_2_certidão.pdf' });
    const removed = await send(member, 'DELETE', `${url}/${body.files[7].id}`);
    expect(removed.statusCode).toBe(204);
    const slotTaken = await upload(member, url, { fileType: '2' }, PDF('again'), 'again.pdf');
    expect(slotTaken.json().error.code).toBe('slot_taken');
    expect((await upload(member, url, { fileType: '7' }, PDF('model 1b'), 'model1b.pdf')).statusCode).toBe(
      201,
    );
    const view = await get(member, `${url}/${replaced.json().id}`);
    expect(view.headers['content-disposition']).toMatch(/^inline/);
    expect(view.body).toContain('new certificate');
  });

  it('submits: pending, locked, and a receipt e-mailed through the outbox in the user’s language', async () => {
    let application = await ownApplication('complete');
    const response = await send(
      member,
      'POST',
      `/companies/${ownCompany}/applications/${application.id}/submit`,
    );
    expect(response.statusCode, response.body).toBe(200);
    application = response.json();
    expect(application).toMatchObject({ status: 'pending', complete: true, eligible: true });
    const mails = await deliver();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to?.[0]?.address).toBe('member@ap.cv');
    // In the account's language (pt), whatever the request's.
    expect(mails[0]?.subject).toBe('Candidatura recebida — 2.ª edição (2025)');
    const locked = await upload(
      member,
      `/companies/${ownCompany}/applications/${application.id}/files`,
      { fileType: '0' },
      PDF('late'),
      'late.pdf',
    );
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.code).toBe('application_locked');
  });

  it('an application without the sheets says which years to upload and cannot be submitted', async () => {
    const edition = await editionTwo();
    const response = await send(otherMember, 'POST', `/companies/${otherCompany}/applications`, {
      editionId: edition.id,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ eligible: false, missingYears: [2023, 2024] });
    const submit = await send(
      otherMember,
      'POST',
      `/companies/${otherCompany}/applications/${response.json().id}/submit`,
    );
    expect(submit.statusCode).toBe(409);
  });
});

describe('evaluation, confirmation and publication', () => {
  it('lists the edition’s applications for admins with filters', async () => {
    const { edition } = await ownApplication('submitted');
    await otherDraft();
    const all = await get(admin, `/applications?editionId=${edition.id}`);
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(2);
    const pending = (
      await get(admin, `/applications?editionId=${edition.id}&status=pending&complete=true`)
    ).json();
    expect(pending.items.map((i: { companyName: string }) => i.companyName)).toEqual(['Boa Vista, Lda']);
    expect((await get(member, '/applications')).statusCode).toBe(403);
  });

  it('exports the list as filtered as XLSX, in the admin’s language', async () => {
    const { edition } = await ownApplication('submitted');
    await otherDraft();
    const response = await get(admin, `/applications/export?editionId=${edition.id}&status=pending`, {
      language: 'pt',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="applications-.*\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Empresa',
      'NIF',
      'Ilha',
      'Secção CAE',
      'Estado',
      'Documentos',
      'Completa',
      'Elegível',
      'Submetida em',
      'Decidida em',
      'Confirmada',
      'Renovação',
    ]);
    expect(sheet.actualRowCount).toBe(2);
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(row.slice(0, 2)).toEqual(['Boa Vista, Lda', '200000021']);
    expect(row.slice(4, 8)).toEqual(['Pendente', 8, 'Sim', 'Sim']);
    const all = await get(admin, `/applications/export?editionId=${edition.id}`);
    const both = new ExcelJS.Workbook();
    await both.xlsx.load(all.rawPayload as unknown as ArrayBuffer);
    expect((both.worksheets[0] as ExcelJS.Worksheet).actualRowCount).toBe(3);
    expect((await get(member, '/applications/export')).statusCode).toBe(403);
  });

  it('two admins deciding at once: one wins, the other gets 409 Already Evaluated!', async () => {
    const { id: applicationId, version } = await ownApplication('submitted');
    // Both qualify it (the later tests need a distinguished company), so whichever the database lets in first,
    // the outcome is the same; the loser's own decision must not overwrite the winner's.
    const [a, b] = await Promise.all([
      send(admin, 'POST', `/applications/${applicationId}/evaluation`, { decision: 'evaluated', version }),
      send(secondAdmin, 'POST', `/applications/${applicationId}/evaluation`, {
        decision: 'evaluated',
        reason: 'Segunda avaliação',
        version,
      }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const [winner, loser] = a.statusCode === 200 ? [a, b] : [b, a];
    expect(loser.json().error).toMatchObject({ code: 'already_evaluated', message: 'Already Evaluated!' });
    const stored = (await get(admin, `/applications/${applicationId}`)).json();
    expect(stored.decision).toMatchObject({
      decidedBy: winner.json().decision.decidedBy,
      reason: winner.json().decision.reason,
    });
    const again = await send(admin, 'POST', `/applications/${applicationId}/evaluation`, {
      decision: 'evaluated',
      version: version + 1,
    });
    expect(again.json().error.code).toBe('already_evaluated');
  });

  it('an admin cannot confirm their own decision; the other admin can, and results cannot be published before', async () => {
    const { id: applicationId, edition } = await ownApplication('decided');
    const current = (await get(admin, `/applications/${applicationId}`)).json();
    const decidedByFirst = current.decision.decidedBy === 'Ana Admin';
    const [own, other] = decidedByFirst ? [admin, secondAdmin] : [secondAdmin, admin];
    // The decision is not confirmed yet (the other company's draft, never submitted, does not count).
    const notReady = await send(admin, 'POST', `/editions/${edition.id}/results/publish`);
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json().error.code).toBe('results_not_ready');
    const self = await send(own, 'POST', `/applications/${applicationId}/confirmation`, {
      version: current.version,
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().error).toMatchObject({
      code: 'own_decision',
      message: 'The decision must be confirmed by another administrator.',
    });
    const confirmed = await send(other, 'POST', `/applications/${applicationId}/confirmation`, {
      version: current.version,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().decision.confirmedAt).not.toBeNull();
  });

  it('the company still sees pending until the results are published', async () => {
    const { id: applicationId } = await ownApplication('confirmed');
    const body = (await get(member, `/companies/${ownCompany}/applications/${applicationId}`)).json();
    expect(body.decision).toBeNull();
    expect(['pending']).toContain(body.status);
  });

  it('keeps the history: who, when, from which state to which', async () => {
    const { id: applicationId } = await ownApplication('confirmed');
    const history = (await get(admin, `/applications/${applicationId}/history`)).json() as Array<{
      action: string;
      actor: string;
      fromStatus: string | null;
      toStatus: string | null;
    }>;
    const actions = history.map((h) => h.action);
    expect(actions[0]).toBe('create');
    expect(actions).toContain('submit');
    expect(actions.slice(-2)).toEqual(['evaluate', 'confirm']);
    expect(history.find((h) => h.action === 'submit')).toMatchObject({
      actor: 'Maria',
      fromStatus: 'draft',
      toStatus: 'pending',
    });
  });

  it('names before publishing the drafts never submitted that publishing will close', async () => {
    await otherDraft();
    const { edition } = await ownApplication('confirmed');
    const readiness = await get(admin, `/editions/${edition.id}/results/readiness`);
    expect(readiness.statusCode).toBe(200);
    expect(readiness.json()).toMatchObject({
      ready: true,
      toClose: [{ companyName: 'Outra, Lda', nif: '200000022', files: 0, complete: false }],
    });
  });

  it('publishes once (two at once: one 200, one 409), grants the status for one year and tells every applicant', async () => {
    await otherDraft();
    const { id: applicationId, edition } = await ownApplication('confirmed');
    const [a, b] = await Promise.all([
      send(admin, 'POST', `/editions/${edition.id}/results/publish`),
      send(secondAdmin, 'POST', `/editions/${edition.id}/results/publish`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const ok = a.statusCode === 200 ? a : b;
    expect(ok.json()).toMatchObject({ distinguished: 1, notified: 1, closed: 1 });
    expect((a.statusCode === 409 ? a : b).json().error.code).toBe('results_already_published');
    const mails = await deliver();
    expect(mails).toHaveLength(2);
    // The member's language is pt.
    const results = mails.find((mail) => mail.to?.[0]?.address === 'member@ap.cv');
    expect(results?.subject).toBe('Resultados da 2.ª edição (2025)');
    expect(results?.text).toContain('Parabéns! A empresa Boa Vista, Lda obteve o estatuto Excelência');
    const body = (await get(member, `/companies/${ownCompany}/applications/${applicationId}`)).json();
    expect(body).toMatchObject({
      status: 'evaluated',
      resultsPublished: true,
      seal: { status: 'valid', companyName: 'Boa Vista, Lda' },
    });
    const until = Date.parse(body.seal.validUntil) - Date.parse(body.seal.issuedAt);
    expect(until).toBeGreaterThanOrEqual(365 * DAY);
    expect(until).toBeLessThanOrEqual(366 * DAY);
  });

  it('publishing closed the application window, though its dates are still open: a draft can no longer be submitted', async () => {
    const { edition } = await ownApplication('published');
    const [row] = await ctx.db.select().from(editions).where(eq(editions.id, edition.id));
    expect(row?.applicationClosesAt.getTime()).toBeGreaterThan(Date.now());
    // The day applications actually closed is kept: the publication's.
    expect(row?.applicationsClosedAt?.toISOString()).toBe(row?.resultsPublishedAt?.toISOString());
    const closedOn = formatDisplayDate(row?.applicationsClosedAt ?? new Date(), 'en');
    const [draft] = await ctx.db.select().from(applications).where(eq(applications.companyId, otherCompany));
    // Closed, kept for history, not a draft any more.
    expect(draft?.status).toBe('closed');
    const url = `/companies/${otherCompany}/applications/${draft?.id}`;
    const seen = (await get(otherMember, url)).json();
    expect(seen).toMatchObject({
      status: 'closed',
      applicationsClosedAt: row?.applicationsClosedAt?.toISOString(),
    });
    const submit = await send(otherMember, 'POST', `${url}/submit`);
    expect(submit.statusCode).toBe(409);
    expect(submit.json().error.code).toBe('application_window_closed');
    // The refusal names the day applications closed, not a window today is still inside.
    const message = `This edition's applications closed on ${closedOn}, when the results were published.`;
    expect(submit.json().error.message).toBe(message);
    const uploaded = await upload(otherMember, `${url}/files`, { fileType: '0' }, PDF('late'), 'late.pdf');
    expect(uploaded.statusCode).toBe(409);
    expect(uploaded.json().error).toMatchObject({ code: 'application_window_closed', message });
    // A company applying now is told the same.
    const third = await ctx.createUser({ email: 'third@ap.cv', roles: ['company'], name: 'Terceira' });
    const thirdCompany = await ctx.linkCompany(third.accountId, {
      companyName: 'Terceira, Lda',
      nif: '200000023',
    });
    const late = await send(
      await ctx.signIn(third.email, third.password),
      'POST',
      `/companies/${thirdCompany}/applications`,
      {
        editionId: edition.id,
      },
    );
    expect(late.json().error).toMatchObject({ code: 'application_window_closed', message });
    // Audited: who closed it and when, from draft to closed.
    const history = (await get(admin, `/applications/${draft?.id}/history`)).json();
    expect(history.at(-1)).toMatchObject({ action: 'close', fromStatus: 'draft', toStatus: 'closed' });
    // The company was told, in its member's language (pt), on which day and with how many documents.
    const [closedMail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'other@ap.cv'));
    expect(closedMail?.subject).toBe('Candidatura fechada sem submissão — 2.ª edição (2025)');
    expect(closedMail?.textBody).toContain(
      `fecharam a ${formatDisplayDate(row?.applicationsClosedAt ?? new Date(), 'pt')}`,
    );
    expect(closedMail?.textBody).toContain('Documentos carregados: nenhum de 8.');
    // Not counted among the applicants.
    expect((await get(admin, `/editions/${edition.id}/results`)).json().applicants).toBe(1);
  });

  it('the next edition can open once results closed the applications early; the calendar follows the window as it ran', async () => {
    await ownApplication('published');
    const at = (days: number) => new Date(Date.now() + days * DAY).toISOString();
    // Inside edition 2's scheduled window (until +10 days), after the day its applications closed.
    const next = {
      number: 5,
      year: 2026,
      indicatorYear: 2025,
      registrationOpensAt: at(0.5),
      registrationClosesAt: at(1),
      applicationOpensAt: at(1),
      applicationClosesAt: at(8),
      evaluationStartsAt: at(9),
      evaluationEndsAt: at(12),
      resultsAt: at(14),
    };
    const created = await send(admin, 'POST', '/editions', next);
    expect(created.statusCode, created.body).toBe(201);
    // The public site now speaks of the next edition, not of the one published.
    expect((await get(null, '/editions/current')).json().id).toBe(created.json().id);
    // A window reaching back into the time edition 2 took applications still overlaps it.
    const overlapping = await send(admin, 'POST', '/editions', {
      ...next,
      number: 6,
      registrationOpensAt: at(-3),
      registrationClosesAt: at(-2.5),
      applicationOpensAt: at(-2),
    });
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json().error.code).toBe('edition_overlap');
    await ctx.db.delete(editions).where(eq(editions.id, created.json().id));
  });

  it('shows the distinguished companies publicly and to partners; a visitor verifies the seal live', async () => {
    const { edition } = await ownApplication('published');
    const list = await get(null, `/public/editions/${edition.id}/distinguished`);
    expect(list.statusCode).toBe(200);
    const [company] = list.json();
    expect(company).toMatchObject({ companyName: 'Boa Vista, Lda', nif: '200000021', status: 'valid' });
    const results = await get(partner, `/editions/${edition.id}/results`);
    expect(results.statusCode).toBe(200);
    expect(results.json()).toMatchObject({ applicants: 1, distinguished: 1, unqualified: 0 });
    expect((await get(member, `/editions/${edition.id}/results`)).statusCode).toBe(403);
    const seal = await get(null, `/public/seals/${company.sealCode}`);
    expect(seal.json()).toMatchObject({ status: 'valid', companyName: 'Boa Vista, Lda', editionYear: 2025 });
    expect((await get(null, '/public/seals/000000000000')).statusCode).toBe(404);
    expect((await get(null, '/public/seals/not-a-code')).statusCode).toBe(400);
  });

  it('an admin suspends the status with a reason; the public check says so at once; reinstating restores it', async () => {
    const { edition } = await ownApplication('published');
    const [seal] = (await get(admin, `/seals?editionId=${edition.id}`)).json();
    const noReason = await send(admin, 'POST', `/seals/${seal.id}/actions`, {
      action: 'suspend',
      reason: '',
      version: seal.version,
    });
    expect(noReason.statusCode).toBe(400);
    const suspended = await send(admin, 'POST', `/seals/${seal.id}/actions`, {
      action: 'suspend',
      reason: 'Dívida à Segurança Social',
      version: seal.version,
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect((await get(null, `/public/seals/${seal.code}`)).json().status).toBe('suspended');
    const reinstated = await send(admin, 'POST', `/seals/${seal.id}/actions`, {
      action: 'reinstate',
      reason: 'Regularizada',
      version: seal.version + 1,
    });
    expect(reinstated.json().status).toBe('valid');
  });

  it('the company downloads its certificate PDF; another company cannot', async () => {
    await ownApplication('published');
    const [seal] = (await get(member, `/companies/${ownCompany}/seals`)).json();
    const pdf = await get(member, `/companies/${ownCompany}/seals/${seal.id}/certificate.pdf?lang=pt`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      (await get(otherMember, `/companies/${ownCompany}/seals/${seal.id}/certificate.pdf`)).statusCode,
    ).toBe(404);
    expect(
      (await get(otherMember, `/companies/${otherCompany}/seals/${seal.id}/certificate.pdf`)).statusCode,
    ).toBe(404);
  });

  it('no decision changes after publication', async () => {
    const { id: applicationId } = await ownApplication('published');
    const body = (await get(admin, `/applications/${applicationId}`)).json();
    const response = await send(admin, 'POST', `/applications/${applicationId}/evaluation`, {
      decision: 'unqualified',
      reason: 'late',
      version: body.version,
    });
    expect(response.statusCode).toBe(409);
  });

  it('results reports download as PDF and XLSX', async () => {
    const { edition } = await ownApplication('published');
    const pdf = await get(admin, `/editions/${edition.id}/results/report.pdf?lang=fr`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const xlsx = await get(partner, `/editions/${edition.id}/results/report.xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('sending a document back', () => {
  it('reopens that slot only, mails the company, and the company resubmits', async () => {
    // A fresh edition: the 2nd is published. Its window is open now, after the 2nd's window moved to the past.
    await ctx.db.execute(
      sql`update editions set application_opens_at = now() - interval '40 days', application_closes_at = now() - interval '30 days', applications_closed_at = now() - interval '30 days' where number = 2`,
    );
    await ctx.db.execute(sql`delete from editions where number = 3`);
    const created = await send(admin, 'POST', '/editions', {
      ...openEditionInput(4),
      indicatorYear: 2024,
      year: 2025,
    });
    expect(created.statusCode, created.body).toBe(201);
    const opened = await send(member, 'POST', `/companies/${ownCompany}/applications`, {
      editionId: created.json().id,
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const id = opened.json().id as string;
    const url = `/companies/${ownCompany}/applications/${id}`;
    for (let type = 0; type < 8; type += 1) {
      expect(
        (await upload(member, `${url}/files`, { fileType: String(type) }, PDF(`d${type}`), `d${type}.pdf`))
          .statusCode,
      ).toBe(201);
    }
    const submitted = await send(member, 'POST', `${url}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    await deliver();
    const returned = await send(admin, 'POST', `/applications/${id}/return`, {
      fileType: 5,
      reason: 'A DAICF não está assinada.',
      version: submitted.json().version,
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json()).toMatchObject({
      status: 'draft',
      reopenedFileType: 5,
      returnReason: 'A DAICF não está assinada.',
    });
    const mails = await deliver();
    expect(mails[0]?.text).toContain('DAICF');
    expect(mails[0]?.text).toContain('A DAICF não está assinada.');
    const body = (await get(member, url)).json();
    const other = body.files.find((f: { fileType: number }) => f.fileType === 1);
    const daicf = body.files.find((f: { fileType: number }) => f.fileType === 5);
    const blocked = await upload(member, `${url}/files/${other.id}`, {}, PDF('no'), 'no.pdf', 'PUT');
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error.message).toBe('Only the document sent back by the evaluator can change.');
    const fixed = await upload(
      member,
      `${url}/files/${daicf.id}`,
      {},
      PDF('signed'),
      'daicf assinada.pdf',
      'PUT',
    );
    expect(fixed.statusCode, fixed.body).toBe(200);
    const resubmitted = await send(member, 'POST', `${url}/submit`);
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    expect(resubmitted.json()).toMatchObject({ status: 'pending', reopenedFileType: null });
    const zip = await get(admin, `/applications/${id}/files.zip`);
    expect(zip.statusCode).toBe(200);
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const outbox = await ctx.db.select().from(mailOutbox);
    expect(outbox.length).toBeGreaterThan(0);
  });
});

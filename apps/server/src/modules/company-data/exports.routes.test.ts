import { buildBalanceTree, treeLeaves } from '@excelencia/domain';
import { and, eq, sql } from 'drizzle-orm';
import JSZip from 'jszip';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER, multipart, xlsx } from '../../../test/support/balance-sheets.ts';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { documentFields } from '../../../test/support/documents.ts';
import { openEditionInput } from '../../../test/support/editions.ts';
import { SHEET_2023, SHEET_2024 } from '../../../test/support/eligible-sheets.ts';
import { API_PREFIX, apiCalls } from '../../../test/support/http.ts';
import { companyExports, companyMembers, mailOutbox } from '../../db/schema/index.ts';
import { createFileStore, localDiskDriver } from '../../platform/files/file-store.ts';
import { seedReferenceData } from '../../seed/seed-reference.ts';
import { selfDiagnosisTree } from '../reference/index.ts';
import { createExportsService } from './exports.service.ts';

const DAY = 24 * 60 * 60 * 1000;
const PDF = (label: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${label}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );

let ctx: TestContext;
let admin: SignedIn;
let owner: SignedIn;
let accountant: SignedIn;
let stranger: SignedIn;
let companyId: string;
let strangerCompanyId: string;
let leafCodes: string[];

const { get, send } = apiCalls(() => ctx.app, { language: 'en' });

type DataExport = {
  id: string;
  state: string;
  progress: number;
  requestedByName: string | null;
  readyAt: string | null;
  expiresAt: string | null;
  sizeBytes: number | null;
  downloadUrl: string | null;
};

/** The mailed links' tokens to the owner, oldest first. */
async function mailedTokens(): Promise<string[]> {
  const mails = await ctx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, 'owner@exp.cv'))
    .orderBy(mailOutbox.createdAt);
  return mails.flatMap((mail) => {
    const token = /data-exports\/([\w-]+)/.exec(mail.textBody)?.[1];
    return token ? [token] : [];
  });
}

/** Asks for an export as the owner, runs the job worker until it is ready; the export as listed. */
async function readyExport(): Promise<DataExport> {
  const asked = await send(owner, 'POST', `/companies/${companyId}/exports`);
  expect(asked.statusCode, asked.body).toBe(202);
  expect(asked.json()).toMatchObject({ state: 'queued', progress: 0, requestedByName: 'Olga Dona' });
  await ctx.app.jobs.runOnce(new Date());
  const list = (await get(owner, `/companies/${companyId}/exports`)).json() as DataExport[];
  const found = list.find((item) => item.id === asked.json().id);
  expect(found).toMatchObject({ state: 'ready', progress: 100 });
  return found as DataExport;
}

/** The link's GET as a visitor (no session, no CSRF). */
function openLink(token: string) {
  return ctx.app.inject({
    method: 'GET',
    url: `${API_PREFIX}/data-exports/${token}`,
    headers: { 'x-language': 'en' },
  });
}

const jsonOf = async (zip: JSZip, name: string) =>
  JSON.parse((await zip.file(name)?.async('string')) ?? 'null');

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  await seedReferenceData(ctx.db);
  leafCodes = treeLeaves(buildBalanceTree(await selfDiagnosisTree(ctx.db))).map((leaf) => leaf.code);
  const adminUser = await ctx.createUser({ email: 'admin@exp.cv', roles: ['admin'], name: 'Ana Admin' });
  const ownerUser = await ctx.createUser({ email: 'owner@exp.cv', roles: ['company'], name: 'Olga Dona' });
  const accountantUser = await ctx.createUser({ email: 'conta@exp.cv', roles: ['company'], name: 'Carlos' });
  const strangerUser = await ctx.createUser({ email: 'other@exp.cv', roles: ['company'], name: 'Outro' });
  companyId = await ctx.linkCompany(ownerUser.accountId, { companyName: 'Exporta, Lda', nif: '200000041' });
  // The accountant joins a minute after the owner: members are listed oldest first, and two rows written in the same
  // millisecond would fall back to the order of their account ids.
  await ctx.db.insert(companyMembers).values({
    companyId,
    accountId: accountantUser.accountId,
    role: 'accountant',
    createdAt: sql`now() + interval '1 minute'`,
  });
  strangerCompanyId = await ctx.linkCompany(strangerUser.accountId, {
    companyName: 'Alheia, Lda',
    nif: '200000042',
  });
  [admin, owner, accountant, stranger] = await Promise.all([
    ctx.signIn(adminUser.email, adminUser.password),
    ctx.signIn(ownerUser.email, ownerUser.password),
    ctx.signIn(accountantUser.email, accountantUser.password),
    ctx.signIn(strangerUser.email, strangerUser.password),
  ]);

  // What the company keeps: sheets entered and uploaded, a diagnosis, an application with a document, a picture.
  for (const [year, values] of [
    [2023, SHEET_2023],
    [2024, SHEET_2024],
  ] as const) {
    const entered = await send(owner, 'POST', `/companies/${companyId}/balance-sheets/entries`, {
      startDate: `${year}-01-01`,
      endDate: `${year}-12-31`,
      typeFrequence: 'annual',
      values: { ...Object.fromEntries(leafCodes.map((code) => [code, '0'])), ...values },
    });
    expect(entered.statusCode, entered.body).toBe(201);
  }
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
  const sheets = (await get(owner, `/companies/${companyId}/balance-sheets`)).json();
  const sheet2024 = sheets.find((s: { startDate: string }) => s.startDate === '2024-01-01');
  const diagnosis = await send(owner, 'POST', `/companies/${companyId}/diagnoses`, {
    balanceSheetId: sheet2024.id,
  });
  expect(diagnosis.statusCode, diagnosis.body).toBe(201);
  const edition = await send(admin, 'POST', '/editions', openEditionInput());
  expect(edition.statusCode, edition.body).toBe(201);
  const opened = await send(owner, 'POST', `/companies/${companyId}/applications`, {
    editionId: edition.json().id,
  });
  expect(opened.statusCode, opened.body).toBe(201);
  const document = multipart(documentFields(0), {
    data: PDF('inps'),
    filename: 'inps.pdf',
    type: 'application/pdf',
  });
  const stored = await send(
    owner,
    'POST',
    `/companies/${companyId}/applications/${opened.json().id}/files`,
    document.payload,
    { contentType: document.contentType },
  );
  expect(stored.statusCode, stored.body).toBe(201);
  const png = await sharp({ create: { width: 3, height: 2, channels: 3, background: '#08f' } })
    .png()
    .toBuffer();
  const picture = multipart({}, { data: png, filename: 'me.png', type: 'image/png' });
  const pictured = await send(owner, 'PUT', '/me/profile-picture', picture.payload, {
    contentType: picture.contentType,
  });
  expect(pictured.statusCode, pictured.body).toBe(200);
});

afterAll(async () => {
  await ctx?.close();
});

describe('company data exports', () => {
  it('builds one zip of every record and file of the company, the same the API answers, and mails the owner a link', async () => {
    const ready = await readyExport();
    expect(ready.downloadUrl).toBe(`${API_PREFIX}/companies/${companyId}/exports/${ready.id}/file`);
    expect(ready.sizeBytes).toBeGreaterThan(0);
    expect(Date.parse(ready.expiresAt ?? '') - Date.parse(ready.readyAt ?? '')).toBe(7 * DAY);

    const [token] = (await mailedTokens()).slice(-1);
    expect(token).toBeDefined();
    const [mail] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, 'owner@exp.cv')));
    expect(mail?.subject).toBe('Os dados da empresa Exporta, Lda estão prontos — Excelência Empresarial');

    const res = await openLink(token ?? '');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('dados-200000041-');
    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files);
    for (const name of [
      'company.json',
      'members.json',
      'balance-sheets.json',
      'diagnoses.json',
      'applications.json',
      'seals.json',
      'esg-responses.json',
      'partners.json',
      'partner-reads.json',
      'activity.json',
      'name-changes.json',
    ]) {
      expect(names).toContain(name);
    }

    // The JSON holds what the API answers.
    const apiSheets = (await get(owner, `/companies/${companyId}/balance-sheets`)).json();
    const sheets = await jsonOf(zip, 'balance-sheets.json');
    expect(sheets.map((s: { id: string }) => s.id).sort()).toEqual(
      apiSheets.map((s: { id: string }) => s.id).sort(),
    );
    for (const apiSheet of apiSheets) {
      const exported = sheets.find((s: { id: string }) => s.id === apiSheet.id);
      expect(exported).toMatchObject({
        startDate: apiSheet.startDate,
        endDate: apiSheet.endDate,
        typeFrequence: apiSheet.typeFrequence,
        source: apiSheet.source,
        version: apiSheet.version,
      });
      if (apiSheet.source === 'upload') {
        const lines = (
          await get(owner, `/companies/${companyId}/balance-sheets/${apiSheet.id}/lines`)
        ).json();
        expect(
          exported.lines.map((l: { rowNumber: number; account: string; debit: string }) => [
            l.rowNumber,
            l.account,
            Number(l.debit),
          ]),
        ).toEqual(
          lines.items.map((l: { row: number; account: string; debit: string }) => [
            l.row,
            l.account,
            Number(l.debit),
          ]),
        );
      } else {
        expect(exported.values.length).toBeGreaterThan(0);
      }
    }
    const apiDiagnoses = (await get(owner, `/companies/${companyId}/diagnoses`)).json();
    const diagnoses = await jsonOf(zip, 'diagnoses.json');
    const diagnosisIds = (Array.isArray(apiDiagnoses) ? apiDiagnoses : apiDiagnoses.items).map(
      (d: { id: string }) => d.id,
    );
    expect(diagnoses.map((d: { id: string }) => d.id)).toEqual(diagnosisIds);
    const apiApplications = (await get(owner, `/companies/${companyId}/applications`)).json();
    const exportedApplications = await jsonOf(zip, 'applications.json');
    expect(
      exportedApplications.map((a: { id: string; status: string; files: unknown[] }) => [
        a.id,
        a.status,
        a.files.length,
      ]),
    ).toEqual(apiApplications.map((a: { id: string; status: string }) => [a.id, a.status, 1]));
    expect(await jsonOf(zip, 'company.json')).toMatchObject({ id: companyId, nif: '200000041' });
    const members = await jsonOf(zip, 'members.json');
    expect(members.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ['owner@exp.cv', 'owner'],
      ['conta@exp.cv', 'accountant'],
    ]);
    const activity = await jsonOf(zip, 'activity.json');
    expect(activity.some((row: { entity: string }) => row.entity === 'balance-sheets')).toBe(true);

    // The uploaded files themselves.
    const uploadedSheet = names.find(
      (name) => name.startsWith('files/balance-sheets/') && name.endsWith('.xlsx'),
    );
    expect(uploadedSheet).toBeDefined();
    const pdf = names.find((name) => name.startsWith('files/applications/edition-2/'));
    expect(await zip.file(pdf ?? '')?.async('string')).toContain('% inps');
    expect(names.some((name) => name.startsWith('files/members/'))).toBe(true);

    // The signed-in owner downloads the same zip.
    const own = await get(owner, ready.downloadUrl?.slice(API_PREFIX.length) ?? '');
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it("is the owner's: one at a time (409), a few a day (429); admins list them; another company learns nothing", async () => {
    const asked = await send(owner, 'POST', `/companies/${companyId}/exports`);
    expect(asked.statusCode, asked.body).toBe(202);
    const again = await send(owner, 'POST', `/companies/${companyId}/exports`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      "An export of this company's data is already being prepared: wait until it ends.",
    );
    await ctx.app.jobs.runOnce(new Date());
    const listed = (await get(admin, `/companies/${companyId}/exports`)).json() as DataExport[];
    expect(listed.length).toBeGreaterThanOrEqual(1);
    expect(listed.every((item) => item.downloadUrl === null)).toBe(true);
    // Past the day's limit of 3.
    const count = (await get(owner, `/companies/${companyId}/exports`)).json().length;
    for (let i = count; i < 3; i += 1) await readyExport();
    const tooMany = await send(owner, 'POST', `/companies/${companyId}/exports`);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json().error.message).toBe(
      'This company already asked for 3 exports in the last 24 hours: try again later.',
    );

    expect((await send(accountant, 'POST', `/companies/${companyId}/exports`)).statusCode).toBe(403);
    expect((await get(accountant, `/companies/${companyId}/exports`)).statusCode).toBe(403);
    const id = listed[0]?.id;
    expect((await get(accountant, `/companies/${companyId}/exports/${id}/file`)).statusCode).toBe(403);
    expect((await get(stranger, `/companies/${companyId}/exports`)).statusCode).toBe(404);
    expect((await send(stranger, 'POST', `/companies/${companyId}/exports`)).statusCode).toBe(404);
    expect((await get(stranger, `/companies/${companyId}/exports/${id}/file`)).statusCode).toBe(404);
    // Another company's owner cannot reach this export through their own company either.
    expect((await get(stranger, `/companies/${strangerCompanyId}/exports/${id}/file`)).statusCode).toBe(404);
  });

  it('opens through a link only its own export, for 7 days, then answers 410', async () => {
    while ((await mailedTokens()).length < 2) await readyExport();
    const tokens = await mailedTokens();
    const [first, second] = tokens;
    const exports = await ctx.db
      .select()
      .from(companyExports)
      .where(eq(companyExports.companyId, companyId))
      .orderBy(companyExports.createdAt);
    const [one, two] = exports;
    const byOwner = async (id: string | undefined) =>
      (await get(owner, `/companies/${companyId}/exports/${id}/file`)).rawPayload;
    const firstZip = (await openLink(first ?? '')).rawPayload;
    const secondZip = (await openLink(second ?? '')).rawPayload;
    expect(firstZip.equals(await byOwner(one?.id))).toBe(true);
    expect(secondZip.equals(await byOwner(two?.id))).toBe(true);
    expect(firstZip.equals(secondZip)).toBe(false);
    expect((await openLink('not-a-token')).statusCode).toBe(404);

    // The service's clock 7 days on: the link has ended, before any sweep.
    const readyAt = one?.readyAt ?? new Date();
    const later = new Date(readyAt.getTime() + 7 * DAY + 60_000);
    const service = createExportsService({
      db: ctx.db,
      fileStore: createFileStore(localDiskDriver(`${ctx.config.dataDir}/files`)),
      publicUrl: ctx.config.publicUrl,
      now: () => later,
    });
    await expect(service.linkFile(first ?? '')).rejects.toMatchObject({ status: 410 });
    await expect(service.linkFile(first ?? '')).rejects.toMatchObject({ status: 410 });
    // A day before, it still opens.
    const before = createExportsService({
      db: ctx.db,
      fileStore: createFileStore(localDiskDriver(`${ctx.config.dataDir}/files`)),
      publicUrl: ctx.config.publicUrl,
      now: () => new Date(readyAt.getTime() + 6 * DAY),
    });
    expect((await before.linkFile(first ?? '')).size).toBeGreaterThan(0);

    // The hourly job, 7 days on, ends every link and lets go of the zips.
    await ctx.app.jobs.runOnce(later);
    const expired = await openLink(first ?? '');
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.message).toBe(
      "This download link has expired. Ask for a new export on the company's data page.",
    );
    const list = (await get(owner, `/companies/${companyId}/exports`)).json() as DataExport[];
    expect(list.every((item) => item.state === 'expired' && item.downloadUrl === null)).toBe(true);
    expect((await get(owner, `/companies/${companyId}/exports/${one?.id}/file`)).statusCode).toBe(410);
    const rows = await ctx.db.select().from(companyExports).where(eq(companyExports.companyId, companyId));
    expect(rows.every((row) => row.fileId === null)).toBe(true);
  });
});

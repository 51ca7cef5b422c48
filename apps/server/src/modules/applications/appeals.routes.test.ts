import { appealPeriod, formatDisplayDate } from '@excelencia/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/support/balance-sheets.ts';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { apiCalls } from '../../../test/support/http.ts';
import { pdfTexts } from '../../../test/support/pdf-text.ts';
import type { AuthContext } from '../../auth/types.ts';
import {
  accounts,
  applicationAppeals,
  applicationFiles,
  applications,
  auditLog,
  companyMembers,
  editions,
  files,
  mailOutbox,
} from '../../db/schema/index.ts';
import { createFileStore, localDiskDriver } from '../../platform/files/file-store.ts';
import { createAppealsService } from './appeals.service.ts';
import { createApplicationsService } from './applications.service.ts';

/**
 * Appeals of refused applications (docs/adr/0031-appeals.md): the owner appeals within the edition's appeal period,
 * one admin proposes, a second confirms; upheld issues the seal valid to the edition's other seals' day, and both
 * outcomes are mailed to the company's members in their languages and audited on the application.
 */

let ctx: TestContext;
let admin: SignedIn;
let secondAdmin: SignedIn;
let owner: SignedIn;
let accountant: SignedIn;
let viewer: SignedIn;
let stranger: SignedIn;
let ownerAccountId: string;
let accountantAccountId: string;
let viewerAccountId: string;
let strangerAccountId: string;

const { get, send } = apiCalls(() => ctx.app, { language: 'en' });
const DAY = 86_400_000;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const REASON = 'Os rácios de 2024 foram mal lidos: a autonomia financeira é 0,41, não 0,31.';

/** The snapshot a submitted application keeps (no criteria here: the decision is the admins'). */
const JUDGED = {
  indicatorYear: 2023,
  eligible: true,
  applicationFinancialIndicators: [],
  sheets: { current: null, previous: null },
  missingYears: [],
};

let editionNumber = 40;
let nif = 200000700;

/** A company of its own whose owner (reads fr), accountant (pt) and viewer are the test's. */
async function team(): Promise<string> {
  nif += 1;
  const companyId = await ctx.linkCompany(ownerAccountId, {
    companyName: `Recurso ${nif}, Lda`,
    nif: String(nif),
  });
  await ctx.db.insert(companyMembers).values([
    { companyId, accountId: accountantAccountId, role: 'accountant' },
    { companyId, accountId: viewerAccountId, role: 'viewer' },
  ]);
  return companyId;
}

/** The first day of `month` of 2024: the past editions' dates. */
const at = (month: number) => new Date(Date.UTC(2024, month - 1, 1));

/** An edition of its own, every date past (2024: applications March to April, evaluation May to June, results July). */
async function pastEdition() {
  editionNumber += 1;
  const [edition] = await ctx.db
    .insert(editions)
    .values({
      number: editionNumber,
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
    .returning();
  if (!edition) throw new Error('no edition');
  return edition;
}

/**
 * An edition of its own (past dates) with the company refused and, when `qualified` names another company, that
 * one distinguished; published by the admin now, then its publication moved `publishedDaysAgo` days back.
 */
async function refused(
  companyId: string,
  options: { publishedDaysAgo?: number; qualified?: string; status?: 'unqualified' | 'evaluated' } = {},
) {
  const edition = await pastEdition();
  const decided = {
    eligibility: JUDGED,
    eligible: true,
    submittedAt: at(4),
    decidedAt: at(5),
    confirmedAt: at(6),
  };
  const [application] = await ctx.db
    .insert(applications)
    .values({
      editionId: edition.id,
      companyId,
      status: options.status ?? 'unqualified',
      decisionReason: 'Autonomia financeira abaixo do limiar.',
      ...decided,
    })
    .returning();
  if (!application) throw new Error('no application');
  if (options.qualified) {
    await ctx.db
      .insert(applications)
      .values({ editionId: edition.id, companyId: options.qualified, status: 'evaluated', ...decided });
  }
  const published = await send(admin, 'POST', `/editions/${edition.id}/results/publish`, {});
  expect(published.statusCode, published.body).toBe(200);
  if (options.publishedDaysAgo) {
    const [row] = await ctx.db.select().from(editions).where(eq(editions.id, edition.id));
    await ctx.db
      .update(editions)
      .set({
        resultsPublishedAt: new Date(
          (row?.resultsPublishedAt?.getTime() ?? 0) - options.publishedDaysAgo * DAY,
        ),
      })
      .where(eq(editions.id, edition.id));
  }
  return { editionId: edition.id, applicationId: application.id };
}

const appealPath = (companyId: string, applicationId: string) =>
  `/companies/${companyId}/applications/${applicationId}/appeal`;

async function appealed(companyId: string, applicationId: string) {
  const made = await send(owner, 'POST', appealPath(companyId, applicationId), { reason: REASON });
  expect(made.statusCode, made.body).toBe(201);
  return made.json() as { id: string; version: number; status: string };
}

async function mailsTo(address: string) {
  return ctx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, address))
    .orderBy(desc(mailOutbox.createdAt));
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  const [adminUser, secondUser, ownerUser, accountantUser, viewerUser, strangerUser] = await Promise.all([
    ctx.createUser({ email: 'admin@appeals.cv', roles: ['admin'], name: 'Ana Admin' }),
    ctx.createUser({ email: 'admin2@appeals.cv', roles: ['admin'], name: 'Bruno Admin' }),
    ctx.createUser({ email: 'dona@appeals.cv', roles: ['company'], name: 'Dona' }),
    ctx.createUser({ email: 'conta@appeals.cv', roles: ['company'], name: 'Carlos' }),
    ctx.createUser({ email: 'leitor@appeals.cv', roles: ['company'], name: 'Lia' }),
    ctx.createUser({ email: 'outro@appeals.cv', roles: ['company'], name: 'Outro' }),
  ]);
  ownerAccountId = ownerUser.accountId;
  accountantAccountId = accountantUser.accountId;
  viewerAccountId = viewerUser.accountId;
  strangerAccountId = strangerUser.accountId;
  await ctx.db.update(accounts).set({ language: 'fr' }).where(eq(accounts.id, ownerAccountId));
  await ctx.db.update(accounts).set({ language: 'pt' }).where(eq(accounts.id, accountantAccountId));
  [admin, secondAdmin, owner, accountant, viewer, stranger] = await Promise.all([
    ctx.signIn(adminUser.email, adminUser.password),
    ctx.signIn(secondUser.email, secondUser.password),
    ctx.signIn(ownerUser.email, ownerUser.password),
    ctx.signIn(accountantUser.email, accountantUser.password),
    ctx.signIn(viewerUser.email, viewerUser.password),
    ctx.signIn(strangerUser.email, strangerUser.password),
  ]);
  await ctx.linkCompany(strangerAccountId, { companyName: 'Outra, Lda', nif: '200000699' });
});

afterAll(async () => {
  await ctx?.close();
});

describe('the appeal period', () => {
  it('ends with the Cabo Verde day appeal_days after the day of publication, accepted whole', () => {
    // Published 1 November 2026 at 23:30 in Cabo Verde (2 November 00:30 UTC): 10 days end on 11 November.
    const { lastDay, closesAt } = appealPeriod(new Date('2026-11-02T00:30:00Z'), 10);
    expect(lastDay).toBe('2026-11-11');
    // The last day's last instant in Cabo Verde (UTC−1) is accepted, the next day's first is not.
    expect(closesAt.toISOString()).toBe('2026-11-12T01:00:00.000Z');
  });

  it("accepts an appeal on the period's last day", async () => {
    const companyId = await team();
    // Published 10 days ago (today's Cabo Verde day is the last one).
    const { applicationId } = await refused(companyId, { publishedDaysAgo: 10 });
    const state = await get(owner, appealPath(companyId, applicationId));
    expect(state.statusCode, state.body).toBe(200);
    expect(state.json()).toMatchObject({ appealable: true, open: true, appeal: null });
    const made = await send(owner, 'POST', appealPath(companyId, applicationId), { reason: REASON });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({
      status: 'pending',
      reason: REASON,
      proposedOutcome: null,
      files: [],
    });
  });

  it('refuses it the day after, naming the last day', async () => {
    const companyId = await team();
    const { editionId, applicationId } = await refused(companyId, { publishedDaysAgo: 11 });
    const [edition] = await ctx.db.select().from(editions).where(eq(editions.id, editionId));
    const { lastDay } = appealPeriod(edition?.resultsPublishedAt ?? new Date(), 10);
    const late = await send(owner, 'POST', appealPath(companyId, applicationId), { reason: REASON });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().error.code).toBe('appeal_closed');
    const [year, month, day] = lastDay.split('-').map(Number);
    const written = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day)));
    expect(late.json().error.message).toBe(`This application's appeal period ended on ${written}.`);
    expect((await get(owner, appealPath(companyId, applicationId))).json()).toMatchObject({
      appealable: true,
      lastDay,
      open: false,
    });
  });

  it("with the service's clock set: the last day's last instant is accepted, the next day's first is refused", async () => {
    const companyId = await team();
    const { editionId, applicationId } = await refused(companyId);
    // Published 1 November 2026 at 14:00 in Cabo Verde: the 10 days end with 11 November (UTC−1).
    await ctx.db
      .update(editions)
      .set({ resultsPublishedAt: new Date('2026-11-01T15:00:00Z') })
      .where(eq(editions.id, editionId));
    const fileStore = createFileStore(localDiskDriver(`${ctx.config.dataDir}/files`));
    const at = (iso: string) =>
      createAppealsService({
        db: ctx.db,
        applications: createApplicationsService({ db: ctx.db, fileStore, publicUrl: ctx.config.publicUrl }),
        publicUrl: ctx.config.publicUrl,
        now: () => new Date(iso),
      });
    const caller: AuthContext = {
      accountId: ownerAccountId,
      email: 'dona@appeals.cv',
      name: 'Dona',
      roles: ['company'],
      language: 'en',
      via: 'session',
    };
    const actor = { accountId: ownerAccountId };
    const tooLate = at('2026-11-12T01:00:00.000Z').appeal(caller, actor, companyId, applicationId, {
      reason: REASON,
    });
    await expect(tooLate).rejects.toMatchObject({ status: 409, code: 'appeal_closed' });
    expect(await at('2026-11-12T01:00:00.000Z').state(caller, companyId, applicationId)).toMatchObject({
      lastDay: '2026-11-11',
      open: false,
    });
    const lastInstant = at('2026-11-12T00:59:59.999Z');
    expect(await lastInstant.state(caller, companyId, applicationId)).toMatchObject({ open: true });
    const made = await lastInstant.appeal(caller, actor, companyId, applicationId, { reason: REASON });
    expect(made).toMatchObject({ status: 'pending', createdAt: '2026-11-12T00:59:59.999Z' });
  });

  it("follows the edition's appeal_days", async () => {
    const companyId = await team();
    const { editionId, applicationId } = await refused(companyId, { publishedDaysAgo: 11 });
    await ctx.db.update(editions).set({ appealDays: 11 }).where(eq(editions.id, editionId));
    const made = await send(owner, 'POST', appealPath(companyId, applicationId), { reason: REASON });
    expect(made.statusCode, made.body).toBe(201);
  });
});

describe("the company's appeal", () => {
  it('is refused for an application not refused (409 not_appealable), and a second time (409 appeal_exists)', async () => {
    const companyId = await team();
    const distinguished = await refused(companyId, { status: 'evaluated' });
    const notRefused = await send(owner, 'POST', appealPath(companyId, distinguished.applicationId), {
      reason: REASON,
    });
    expect(notRefused.statusCode, notRefused.body).toBe(409);
    expect(notRefused.json().error.code).toBe('not_appealable');
    expect((await get(owner, appealPath(companyId, distinguished.applicationId))).json()).toMatchObject({
      appealable: false,
      lastDay: null,
      open: false,
    });

    const { applicationId } = await refused(companyId);
    await appealed(companyId, applicationId);
    const twice = await send(owner, 'POST', appealPath(companyId, applicationId), { reason: REASON });
    expect(twice.statusCode, twice.body).toBe(409);
    expect(twice.json().error.code).toBe('appeal_exists');
  });

  it('is refused before the results are out (409 not_appealable)', async () => {
    const companyId = await team();
    const edition = await pastEdition();
    const [application] = await ctx.db
      .insert(applications)
      .values({
        editionId: edition.id,
        companyId,
        status: 'unqualified',
        eligibility: JUDGED,
        decisionReason: 'Não.',
        submittedAt: at(4),
        decidedAt: at(5),
        confirmedAt: at(6),
      })
      .returning();
    const early = await send(owner, 'POST', appealPath(companyId, application?.id ?? ''), { reason: REASON });
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().error.code).toBe('not_appealable');
  });

  it("is the owner's: the accountant and the viewer get 403 company_role, another company 404, an admin 403", async () => {
    const companyId = await team();
    const { applicationId } = await refused(companyId);
    for (const member of [accountant, viewer]) {
      const refusedByRole = await send(member, 'POST', appealPath(companyId, applicationId), {
        reason: REASON,
      });
      expect(refusedByRole.statusCode, refusedByRole.body).toBe(403);
      expect(refusedByRole.json().error.code).toBe('company_role');
      // Reading it is any member's.
      expect((await get(member, appealPath(companyId, applicationId))).statusCode).toBe(200);
    }
    const other = await send(stranger, 'POST', appealPath(companyId, applicationId), { reason: REASON });
    expect(other.statusCode).toBe(404);
    expect((await get(stranger, appealPath(companyId, applicationId))).statusCode).toBe(404);
    expect(
      (await send(admin, 'POST', appealPath(companyId, applicationId), { reason: REASON })).statusCode,
    ).toBe(403);
    const short = await send(owner, 'POST', appealPath(companyId, applicationId), { reason: 'Porque' });
    expect(short.statusCode).toBe(400);
    // The shortest reason is the domain's (MIN_APPEAL_REASON), named in the message.
    expect(short.json().error.details).toEqual([
      expect.objectContaining({ path: 'reason', message: 'Explain the appeal in at least 10 characters.' }),
    ]);
    expect(
      await ctx.db
        .select()
        .from(applicationAppeals)
        .where(eq(applicationAppeals.applicationId, applicationId)),
    ).toEqual([]);
  });

  it('takes a new PDF in place of the application document of its type, marked as the appeal’s', async () => {
    const companyId = await team();
    const { applicationId } = await refused(companyId);
    const appeal = await appealed(companyId, applicationId);
    // A document type without a validity limit (the edition's defaults limit types 0 to 2).
    const body = multipart({ fileType: '5' }, { data: PDF, filename: 'contas.pdf', type: 'application/pdf' });
    const uploaded = await send(
      owner,
      'POST',
      `${appealPath(companyId, applicationId)}/files`,
      body.payload,
      {
        contentType: body.contentType,
      },
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json()).toMatchObject({ fileType: 5 });
    const [row] = await ctx.db
      .select()
      .from(applicationFiles)
      .where(eq(applicationFiles.id, uploaded.json().id));
    expect(row?.appealId).toBe(appeal.id);
    const state = await get(admin, `/applications/${applicationId}/appeal`);
    expect(state.json().appeal.files).toMatchObject([{ id: uploaded.json().id, fileType: 5 }]);
    const application = await get(admin, `/applications/${applicationId}`);
    expect(application.json().files.map((f: { id: string }) => f.id)).toContain(uploaded.json().id);
    const stored = await ctx.db
      .select()
      .from(files)
      .where(eq(files.id, row?.fileId ?? ''));
    expect(stored).toHaveLength(1);
  });
});

describe('the four eyes', () => {
  it('a second admin confirms; the proposer cannot (403 own_decision); dismissed is mailed and audited', async () => {
    const companyId = await team();
    const { applicationId } = await refused(companyId);
    const appeal = await appealed(companyId, applicationId);

    const confirmEarly = await send(secondAdmin, 'POST', `/appeals/${appeal.id}/confirmation`, {
      version: appeal.version,
    });
    expect(confirmEarly.statusCode).toBe(409);
    expect(confirmEarly.json().error.code).toBe('not_decided');

    const proposed = await send(admin, 'POST', `/appeals/${appeal.id}/decision`, {
      outcome: 'dismissed',
      reason: 'Os rácios foram bem lidos.',
      version: appeal.version,
    });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.json()).toMatchObject({
      status: 'pending',
      proposedOutcome: 'dismissed',
      decidedBy: 'Ana Admin',
    });
    // The company sees its appeal pending, not the proposal.
    const seen = (await get(owner, appealPath(companyId, applicationId))).json();
    expect(seen.appeal).toMatchObject({
      status: 'pending',
      proposedOutcome: null,
      decisionReason: null,
      decidedBy: null,
    });

    const own = await send(admin, 'POST', `/appeals/${appeal.id}/confirmation`, {
      version: proposed.json().version,
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().error.code).toBe('own_decision');

    const stale = await send(secondAdmin, 'POST', `/appeals/${appeal.id}/confirmation`, {
      version: appeal.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('stale_version');

    const confirmed = await send(secondAdmin, 'POST', `/appeals/${appeal.id}/confirmation`, {
      version: proposed.json().version,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'dismissed', confirmedBy: 'Bruno Admin' });
    const again = await send(secondAdmin, 'POST', `/appeals/${appeal.id}/confirmation`, {
      version: confirmed.json().version,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_confirmed');

    // Still refused, no seal; the company reads the outcome and its grounds.
    const application = (await get(owner, `/companies/${companyId}/applications/${applicationId}`)).json();
    expect(application).toMatchObject({ status: 'unqualified', seal: null });
    expect((await get(owner, appealPath(companyId, applicationId))).json().appeal).toMatchObject({
      status: 'dismissed',
      decisionReason: 'Os rácios foram bem lidos.',
    });

    // Each member in their language: the owner in fr, the accountant in pt.
    const [french] = await mailsTo('dona@appeals.cv');
    expect(french?.subject).toMatch(/^Recours rejeté/);
    expect(french?.textBody).toContain('Os rácios foram bem lidos.');
    const [portuguese] = await mailsTo('conta@appeals.cv');
    expect(portuguese?.subject).toMatch(/^Recurso indeferido/);

    // Audited on the application, with the company: its history and the company's activity.
    const history = (await get(admin, `/applications/${applicationId}/history`)).json() as {
      action: string;
    }[];
    expect(history.map((h) => h.action)).toEqual(
      expect.arrayContaining(['appeal', 'appealDecision', 'appealConfirm']),
    );
    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, applicationId), eq(auditLog.action, 'appeal')));
    expect(audited[0]?.companyId).toBe(companyId);
    // The company's activity names each step.
    const activity = (await get(owner, `/companies/${companyId}/activity`)).json();
    const summaries = (activity.items as { summary: string | null }[]).map((item) => item.summary);
    expect(summaries).toEqual(
      expect.arrayContaining([
        'Appeal of the decision sent',
        'Decision on the appeal proposed',
        'Appeal decided',
      ]),
    );
    // The company's words stay out of the log.
    expect(JSON.stringify(audited[0]?.after)).not.toContain('rácios de 2024');
  });

  it('a second admin may send the proposal back, to be proposed again', async () => {
    const companyId = await team();
    const { applicationId } = await refused(companyId);
    const appeal = await appealed(companyId, applicationId);
    const proposed = await send(admin, 'POST', `/appeals/${appeal.id}/decision`, {
      outcome: 'upheld',
      reason: 'Erro de leitura.',
      version: appeal.version,
    });
    const back = await send(secondAdmin, 'POST', `/appeals/${appeal.id}/confirmation`, {
      version: proposed.json().version,
      approve: false,
      reason: 'Ver outra vez.',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ status: 'pending', proposedOutcome: null });
    const again = await send(secondAdmin, 'POST', `/appeals/${appeal.id}/decision`, {
      outcome: 'dismissed',
      reason: 'Mantém-se.',
      version: back.json().version,
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('of two decisions at once one wins and the other gets 409; likewise two confirmations', async () => {
    const companyId = await team();
    const { applicationId } = await refused(companyId);
    const appeal = await appealed(companyId, applicationId);
    const decide = (session: SignedIn, outcome: string) =>
      send(session, 'POST', `/appeals/${appeal.id}/decision`, {
        outcome,
        reason: 'Decidido.',
        version: appeal.version,
      });
    const decisions = await Promise.all([decide(admin, 'upheld'), decide(secondAdmin, 'dismissed')]);
    expect(decisions.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(decisions.find((r) => r.statusCode === 409)?.json().error.code).toBe('already_evaluated');
    const winner = decisions.find((r) => r.statusCode === 200)?.json();

    const third = await ctx.createUser({ email: 'admin3@appeals.cv', roles: ['admin'], name: 'Carla Admin' });
    const thirdAdmin = await ctx.signIn(third.email, third.password);
    const confirmers = [admin, secondAdmin, thirdAdmin].filter(
      (_, index) => ['Ana Admin', 'Bruno Admin', 'Carla Admin'][index] !== winner.decidedBy,
    );
    const confirmations = await Promise.all(
      confirmers.map((session) =>
        send(session, 'POST', `/appeals/${appeal.id}/confirmation`, { version: winner.version }),
      ),
    );
    expect(confirmations.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    // One seal at most.
    const sealed = (await get(owner, `/companies/${companyId}/seals`)).json();
    expect(sealed).toHaveLength(winner.proposedOutcome === 'upheld' ? 1 : 0);
  });
});

describe('an upheld appeal', () => {
  it("issues the seal valid to the edition's other seals' day, qualifies the application and mails it", async () => {
    const companyId = await team();
    nif += 1;
    const qualified = await ctx.linkCompany(strangerAccountId, {
      companyName: `Distinta ${nif}, Lda`,
      nif: String(nif),
    });
    const { editionId, applicationId } = await refused(companyId, { qualified });

    const before = (await get(admin, `/editions/${editionId}/results`)).json();
    expect(before).toMatchObject({ distinguished: 1, unqualified: 1 });

    const appeal = await appealed(companyId, applicationId);
    // Pending appeals of the edition, as the results page lists them.
    const pending = await get(admin, `/appeals?editionId=${editionId}&status=pending`);
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json()).toMatchObject([{ id: appeal.id, applicationId, status: 'pending' }]);
    expect((await get(admin, `/appeals?editionId=${editionId}&status=upheld`)).json()).toEqual([]);
    // The admin's results report lists it too: a sheet of the XLSX, a table of the PDF.
    const xlsx = await get(admin, `/editions/${editionId}/results/report.xlsx?lang=en`);
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Pending appeals');
    if (!sheet) throw new Error('no sheet of pending appeals');
    expect(sheet.getRow(1).getCell(1).value).toBe('Pending appeals: 1');
    expect((sheet.getRow(3).values as unknown[]).slice(1, 3)).toEqual([
      pending.json()[0].companyName,
      pending.json()[0].nif,
    ]);
    expect(sheet.getRow(3).getCell(4).value).toBe('Waiting for a proposed decision');
    const pdf = await get(admin, `/editions/${editionId}/results/report.pdf?lang=en`);
    const pdfText = pdfTexts(pdf.rawPayload).join('\n');
    expect(pdfText).toContain('Pending appeals: 1');
    expect(pdfText).toContain(pending.json()[0].companyName);

    const proposed = await send(admin, 'POST', `/appeals/${appeal.id}/decision`, {
      outcome: 'upheld',
      reason: 'A autonomia financeira é 0,41.',
      version: appeal.version,
    });
    const confirmed = await send(secondAdmin, 'POST', `/appeals/${appeal.id}/confirmation`, {
      version: proposed.json().version,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'upheld' });
    expect((await get(admin, `/appeals?editionId=${editionId}&status=pending`)).json()).toEqual([]);

    const [seal] = (await get(owner, `/companies/${companyId}/seals`)).json();
    const [other] = (await get(stranger, `/companies/${qualified}/seals`)).json();
    expect(seal).toMatchObject({ editionId, status: 'valid' });
    expect(seal.validUntil).toBe(other.validUntil);

    // The application is qualified: the company's view, the results, the public list and the public check.
    const application = (await get(owner, `/companies/${companyId}/applications/${applicationId}`)).json();
    expect(application).toMatchObject({ status: 'evaluated', seal: { code: seal.code } });
    expect(application.decision).toMatchObject({
      decision: 'evaluated',
      reason: 'A autonomia financeira é 0,41.',
    });
    const after = (await get(admin, `/editions/${editionId}/results`)).json();
    expect(after).toMatchObject({ distinguished: 2, unqualified: 0 });
    expect(after.companies.map((c: { sealCode: string }) => c.sealCode)).toContain(seal.code);
    const publicList = (await get(null, `/public/editions/${editionId}/distinguished`)).json();
    expect(publicList.map((c: { sealCode: string }) => c.sealCode)).toContain(seal.code);
    expect((await get(null, `/public/seals/${seal.code}`)).json()).toMatchObject({ status: 'valid' });

    const [french] = await mailsTo('dona@appeals.cv');
    expect(french?.subject).toMatch(/^Recours accueilli/);
    const [portuguese] = await mailsTo('conta@appeals.cv');
    expect(portuguese?.subject).toMatch(/^Recurso deferido/);
    expect(portuguese?.textBody).toContain('A autonomia financeira é 0,41.');
  });
});

describe("a company's closure", () => {
  it("blanks its appeals' reasons (its words); the appeal and its outcome stay", async () => {
    const closing = await ctx.createUser({ email: 'fecho@appeals.cv', roles: ['company'], name: 'Fecho' });
    nif += 1;
    const companyId = await ctx.linkCompany(closing.accountId, {
      companyName: `Fecho ${nif}, Lda`,
      nif: String(nif),
    });
    const session = await ctx.signIn(closing.email, closing.password);
    const { applicationId } = await refused(companyId);
    const made = await send(session, 'POST', appealPath(companyId, applicationId), { reason: REASON });
    expect(made.statusCode, made.body).toBe(201);
    const asked = await send(session, 'POST', `/companies/${companyId}/closure`, {
      reason: 'Cessámos a atividade.',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const approved = await send(admin, 'POST', `/closure-requests/${asked.json().id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const [row] = await ctx.db
      .select()
      .from(applicationAppeals)
      .where(eq(applicationAppeals.applicationId, applicationId));
    expect(row).toMatchObject({ reason: '', status: 'pending' });
    expect((await get(admin, `/applications/${applicationId}/appeal`)).json().appeal).toMatchObject({
      reason: '',
    });
  });
});

describe("the appeal's mails", () => {
  /** The outbox's rows written by `act`, and nothing else. */
  async function mailedBy(act: () => Promise<void>) {
    const before = new Set((await ctx.db.select({ id: mailOutbox.id }).from(mailOutbox)).map((r) => r.id));
    await act();
    return (await ctx.db.select().from(mailOutbox)).filter((row) => !before.has(row.id));
  }

  it('tell every active admin in their language (company, edition, the reason escaped and cut at 500 characters, the application) and give each member a receipt in theirs', async () => {
    const [french, english, former] = await Promise.all([
      ctx.createUser({ email: 'admin3@appeals.cv', roles: ['admin'], name: 'Chloé Admin' }),
      ctx.createUser({ email: 'admin4@appeals.cv', roles: ['admin'], name: 'Emma Admin' }),
      ctx.createUser({ email: 'antigo@appeals.cv', roles: ['admin'], name: 'Antigo Admin' }),
    ]);
    await ctx.db.update(accounts).set({ language: 'fr' }).where(eq(accounts.id, french.accountId));
    await ctx.db.update(accounts).set({ language: 'en' }).where(eq(accounts.id, english.accountId));
    await ctx.db.update(accounts).set({ isActive: false }).where(eq(accounts.id, former.accountId));
    await ctx.db.update(accounts).set({ language: 'en' }).where(eq(accounts.id, viewerAccountId));
    const companyId = await team();
    const { editionId, applicationId } = await refused(companyId);
    // Markup the mail must not carry as markup, then more than 500 characters.
    const reason = `<b>Rácios</b> & "autonomia"\n${'x'.repeat(600)}`;
    const mails = await mailedBy(async () => {
      const made = await send(owner, 'POST', appealPath(companyId, applicationId), { reason });
      expect(made.statusCode, made.body).toBe(201);
    });

    const admins = await ctx.db
      .select({ email: accounts.email, language: accounts.language, isActive: accounts.isActive })
      .from(accounts)
      .where(sql`${accounts.roles} @> '["admin"]'::jsonb`);
    const active = admins.filter((a) => a.isActive);
    expect(active.map((a) => a.language)).toEqual(expect.arrayContaining(['fr', 'en']));
    const members = [
      { email: 'dona@appeals.cv', language: 'fr' },
      { email: 'conta@appeals.cv', language: 'pt' },
      { email: 'leitor@appeals.cv', language: 'en' },
    ];
    // One mail per active admin and one per member, each in its reader's language; none to the inactive admin.
    expect(mails.map((m) => `${m.toAddress} ${m.language}`).sort()).toEqual(
      [...active, ...members].map((r) => `${r.email} ${r.language}`).sort(),
    );
    expect(mails.some((m) => m.toAddress === 'antigo@appeals.cv')).toBe(false);

    const [edition] = await ctx.db.select().from(editions).where(eq(editions.id, editionId));
    const companyName = `Recurso ${nif}, Lda`;
    const mailTo = (address: string) => mails.find((m) => m.toAddress === address);
    const quoted = `<b>Rácios</b> & "autonomia"\n${'x'.repeat(500 - 28)}…`;
    const toChloe = mailTo('admin3@appeals.cv');
    expect(toChloe?.subject).toBe(`Nouveau recours : ${companyName}, ${edition?.number}e édition (2024)`);
    expect(toChloe?.textBody).toContain(`L'entreprise ${companyName} (NIF ${nif}) a fait recours`);
    const toEmma = mailTo('admin4@appeals.cv');
    expect(toEmma?.subject).toMatch(/^New appeal: /);
    expect(toEmma?.subject).toContain(companyName);
    for (const mail of [toChloe, toEmma]) {
      // The reason's first 500 characters, cut with '…', never its rest; escaped in the HTML.
      expect(mail?.textBody).toContain(quoted);
      expect(mail?.textBody).not.toContain('x'.repeat(500 - 27));
      expect(mail?.htmlBody).toContain('&lt;b&gt;Rácios&lt;/b&gt; &amp; &quot;autonomia&quot;');
      expect(mail?.htmlBody).not.toContain('<b>Rácios');
      expect(mail?.textBody).toContain(
        `${ctx.config.publicUrl}/${mail?.language}/admin/application?application=${applicationId}`,
      );
    }

    // The receipt: the day it was received, the two evaluators, how the outcome will come; never the reason.
    const today = (language: 'pt' | 'en' | 'fr') => formatDisplayDate(new Date(), language);
    const toOwner = mailTo('dona@appeals.cv');
    expect(toOwner?.subject).toMatch(/^Recours reçu/);
    expect(toOwner?.textBody).toContain(`a été reçu le ${today('fr')}`);
    expect(toOwner?.textBody).toContain('Deux évaluateurs');
    expect(toOwner?.textBody).toContain(`${ctx.config.publicUrl}/fr/company/application`);
    const toAccountant = mailTo('conta@appeals.cv');
    expect(toAccountant?.subject).toMatch(/^Recurso recebido/);
    expect(toAccountant?.textBody).toContain('Dois avaliadores');
    const toViewer = mailTo('leitor@appeals.cv');
    expect(toViewer?.subject).toMatch(/^Appeal received/);
    expect(toViewer?.textBody).toContain(`was received on ${today('en')}`);
    expect(toViewer?.textBody).toContain('you will receive an email with the decision');
    for (const receipt of [toOwner, toAccountant, toViewer]) {
      expect(receipt?.textBody).not.toContain('Rácios');
    }
  });

  it('mail nobody when the appeal is refused (409)', async () => {
    const companyId = await team();
    const { applicationId } = await refused(companyId);
    await appealed(companyId, applicationId);
    const distinguished = await refused(companyId, { status: 'evaluated' });
    const late = await refused(companyId, { publishedDaysAgo: 11 });
    const mails = await mailedBy(async () => {
      for (const [id, code] of [
        [applicationId, 'appeal_exists'],
        [distinguished.applicationId, 'not_appealable'],
        [late.applicationId, 'appeal_closed'],
      ] as const) {
        const refusedAppeal = await send(owner, 'POST', appealPath(companyId, id), { reason: REASON });
        expect(refusedAppeal.statusCode, refusedAppeal.body).toBe(409);
        expect(refusedAppeal.json().error.code).toBe(code);
      }
    });
    expect(mails).toEqual([]);
  });
});

describe("the admin list's appeal filter", () => {
  it('appeal=pending keeps the applications whose appeal waits for its decision, and nothing else', async () => {
    const pendingCompany = await team();
    const otherCompany = await team();
    const decidedCompany = await team();
    const { editionId, applicationId } = await refused(pendingCompany, { qualified: otherCompany });
    await appealed(pendingCompany, applicationId);
    // A refused application of the same edition whose appeal was decided (dismissed): not pending.
    const [decided] = await ctx.db
      .insert(applications)
      .values({
        editionId,
        companyId: decidedCompany,
        status: 'unqualified',
        eligibility: JUDGED,
        decisionReason: 'Não.',
        submittedAt: new Date(Date.UTC(2024, 3, 1)),
        decidedAt: new Date(Date.UTC(2024, 4, 1)),
        confirmedAt: new Date(Date.UTC(2024, 5, 1)),
      })
      .returning();
    await ctx.db
      .insert(applicationAppeals)
      .values({ applicationId: decided?.id ?? '', reason: REASON, status: 'dismissed' });

    const names = async (query: string) => {
      const response = await get(admin, `/applications?editionId=${editionId}${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json() as { total: number; items: { id: string }[] };
      return { total: page.total, ids: page.items.map((item) => item.id) };
    };
    expect((await names('')).total).toBe(3);
    expect(await names('&appeal=pending')).toEqual({ total: 1, ids: [applicationId] });
    // With the other filters: the pending appeal's application is unqualified, not evaluated.
    expect(await names('&appeal=pending&status=unqualified')).toEqual({ total: 1, ids: [applicationId] });
    expect(await names('&appeal=pending&status=evaluated')).toEqual({ total: 0, ids: [] });
    // Confirmed, the appeal is no longer pending.
    await ctx.db
      .update(applicationAppeals)
      .set({ status: 'dismissed' })
      .where(eq(applicationAppeals.applicationId, applicationId));
    expect(await names('&appeal=pending')).toEqual({ total: 0, ids: [] });

    const wrong = await get(admin, `/applications?editionId=${editionId}&appeal=upheld`);
    expect(wrong.statusCode).toBe(400);
    expect((await get(owner, '/applications?appeal=pending')).statusCode).toBe(403);
  });
});

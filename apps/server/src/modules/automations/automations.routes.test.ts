import { type AutomationItem, buildBalanceTree, treeLeaves } from '@excelencia/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { SHEET_2023, SHEET_2024 } from '../../../test/support/eligible-sheets.ts';
import { apiCalls } from '../../../test/support/http.ts';
import { accounts, applications, editions, mailOutbox, seals } from '../../db/schema/index.ts';
import { listAudit } from '../../platform/audit/audit.ts';
import { createJobWorker } from '../../platform/jobs/jobs.ts';
import { seedReferenceData } from '../../seed/seed-reference.ts';
import { selfDiagnosisTree } from '../reference/index.ts';
import { automationsJob } from './automations.job.ts';
import { createAutomationsService } from './automations.service.ts';

/**
 * An edition's automatic mail: the schedule from its dates, the reminders sent through the jobs at a clock the
 * tests set (each person once, even with two workers), the switches, and the one-click opt-out that never stops
 * transactional mail. Each test starts from an empty portal and builds what it reads.
 */

let ctx: TestContext;
let admin: SignedIn;
const { get, send } = apiCalls(() => ctx.app, { language: 'en' });

const DAY = 24 * 60 * 60 * 1000;
const at = (iso: string) => new Date(iso);
const minus = (iso: string, days: number, ms = 0) => new Date(Date.parse(iso) - days * DAY + ms);

/** An edition of `year`: registration closes on 20 February, applications on 15 March, results on 30 April. */
function editionOf(year: number, number = 1) {
  return {
    number,
    year,
    indicatorYear: year - 1,
    registrationOpensAt: `${year}-01-05T09:00:00.000Z`,
    registrationClosesAt: `${year}-02-20T18:00:00.000Z`,
    applicationOpensAt: `${year}-02-01T09:00:00.000Z`,
    applicationClosesAt: `${year}-03-15T23:59:00.000Z`,
    evaluationStartsAt: `${year}-03-16T09:00:00.000Z`,
    evaluationEndsAt: `${year}-04-10T18:00:00.000Z`,
    resultsAt: `${year}-04-30T12:00:00.000Z`,
  };
}

async function createEdition(year: number, number = 1): Promise<{ id: string; version: number }> {
  const created = await send(admin, 'POST', '/editions', editionOf(year, number));
  expect(created.statusCode, created.body).toBe(201);
  return created.json();
}

let made = 0;

/** A company of its own with one member (a company user) reading `language`; its session on request. */
async function company(name: string, language: 'pt' | 'en' | 'fr') {
  made += 1;
  const email = `member${made}@auto.cv`;
  const user = await ctx.createUser({ email, roles: ['company'], name: `Pessoa ${made}` });
  const companyId = await ctx.linkCompany(user.accountId, {
    companyName: name,
    nif: String(250000000 + made),
  });
  await ctx.db.update(accounts).set({ language }).where(eq(accounts.id, user.accountId));
  return { email, companyId, accountId: user.accountId, signIn: () => ctx.signIn(email, user.password) };
}

/** The company's application to the edition, as it stands (draft, or submitted and waiting). */
async function application(editionId: string, companyId: string, status: 'draft' | 'pending' | 'evaluated') {
  const [row] = await ctx.db
    .insert(applications)
    .values({
      editionId,
      companyId,
      status,
      eligibility: {},
      eligible: status !== 'draft',
      ...(status === 'draft' ? {} : { submittedAt: new Date('2024-03-01T00:00:00Z') }),
      ...(status === 'evaluated' ? { decidedAt: new Date('2024-03-20T00:00:00Z') } : {}),
      ...(status === 'evaluated' ? { confirmedAt: new Date('2024-03-21T00:00:00Z') } : {}),
    })
    .returning();
  return row;
}

const mailsTo = (address: string) =>
  ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address)).orderBy(mailOutbox.createdAt);

async function schedule(editionId: string) {
  const list = await get(admin, `/editions/${editionId}/automations`);
  expect(list.statusCode, list.body).toBe(200);
  const items = list.json() as AutomationItem[];
  return Object.fromEntries(items.map((item) => [item.kind, item])) as Record<string, AutomationItem>;
}

/** One pass of the app's job worker at `now` (the recurring automations job is kept enqueued from it). */
const runJobsAt = (now: Date) => ctx.app.jobs.runOnce(now);

beforeAll(async () => {
  ctx = await createTestContext();
});

beforeEach(async () => {
  await ctx.reset();
  const adminUser = await ctx.createUser({ email: 'admin@auto.cv', roles: ['admin'] });
  admin = await ctx.signIn(adminUser.email, adminUser.password);
});

afterAll(() => ctx?.close());

describe('GET editions/{id}/automations', () => {
  it("lists each kind at its moment from the edition's dates; changing a date moves its sends", async () => {
    const edition = await createEdition(2031);
    const noApplication = await company('Alfa, Lda', 'en');
    const draft = await company('Beta, Lda', 'pt');
    const submitted = await company('Gama, SA', 'fr');
    await application(edition.id, draft.companyId, 'draft');
    await application(edition.id, submitted.companyId, 'pending');
    void noApplication;

    const items = await schedule(edition.id);
    expect(Object.keys(items)).toEqual([
      'registrationCloses7d',
      'registrationCloses1d',
      'applicationsClose7d',
      'applicationsClose1d',
      'documentExpiry',
      'sealExpires30d',
      'resultsPublished',
    ]);
    const scheduled = { enabled: true, state: 'scheduled', sent: 0 };
    expect(items.registrationCloses7d).toEqual({
      kind: 'registrationCloses7d',
      sendAt: '2031-02-13T18:00:00.000Z',
      audience: 1,
      switchable: true,
      ...scheduled,
    });
    expect(items.registrationCloses1d).toMatchObject({ sendAt: '2031-02-19T18:00:00.000Z', audience: 1 });
    expect(items.applicationsClose7d).toMatchObject({ sendAt: '2031-03-08T23:59:00.000Z', audience: 1 });
    expect(items.applicationsClose1d).toMatchObject({ sendAt: '2031-03-14T23:59:00.000Z', audience: 1 });
    // A year from the results date, less 30 days; nobody holds the edition's seal yet.
    expect(items.sealExpires30d).toMatchObject({ sendAt: '2032-03-31T12:00:00.000Z', audience: 0 });
    expect(items.resultsPublished).toMatchObject({
      sendAt: '2031-04-30T12:00:00.000Z',
      audience: 1,
      switchable: false,
      ...scheduled,
    });

    const moved = await send(admin, 'PUT', `/editions/${edition.id}`, {
      ...editionOf(2031),
      registrationClosesAt: '2031-02-25T18:00:00.000Z',
      applicationClosesAt: '2031-03-12T23:59:00.000Z',
      version: edition.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await schedule(edition.id);
    expect(after.registrationCloses7d?.sendAt).toBe('2031-02-18T18:00:00.000Z');
    expect(after.registrationCloses1d?.sendAt).toBe('2031-02-24T18:00:00.000Z');
    expect(after.applicationsClose7d?.sendAt).toBe('2031-03-05T23:59:00.000Z');
    expect(after.applicationsClose1d?.sendAt).toBe('2031-03-11T23:59:00.000Z');

    // The job follows the new dates: nothing at the old moment, the reminder at the new one.
    await runJobsAt(at('2031-02-14T00:00:00Z'));
    expect(await mailsTo(noApplication.email)).toHaveLength(0);
    await runJobsAt(at('2031-02-19T00:00:00Z'));
    expect(await mailsTo(noApplication.email)).toHaveLength(1);
  });

  it('answers 404 for an unknown edition, and only to admins', async () => {
    const edition = await createEdition(2031);
    const member = await company('Alfa, Lda', 'en');
    const session = await member.signIn();
    expect((await get(session, `/editions/${edition.id}/automations`)).statusCode).toBe(403);
    expect((await get(null, `/editions/${edition.id}/automations`)).statusCode).toBe(401);
    const unknown = await get(admin, '/editions/00000000-0000-4000-8000-000000000000/automations');
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the reminders job', () => {
  it('registration closing: to the registered companies without an application, in each member’s language, with the opt-out headers', async () => {
    const edition = await createEdition(2031);
    const english = await company('Alfa, Lda', 'en');
    const french = await company('Delta, SARL', 'fr');
    const applied = await company('Beta, Lda', 'pt');
    await application(edition.id, applied.companyId, 'draft');

    // Before its moment nothing goes; at it, each reached member gets one mail.
    // (10 minutes apart: the job runs every 5 minutes.)
    await runJobsAt(minus('2031-02-20T18:00:00.000Z', 7, -10 * 60_000));
    expect(await mailsTo(english.email)).toHaveLength(0);
    await runJobsAt(minus('2031-02-20T18:00:00.000Z', 7, 10 * 60_000));
    const [mail] = await mailsTo(english.email);
    expect(mail?.subject).toBe('Registration for Edition 1 (2031) closes on 20 February 2031');
    expect(mail?.textBody).toContain('Alfa, Lda has no application in this edition yet.');
    expect(mail?.headers).toMatchObject({
      'List-Unsubscribe': expect.stringMatching(
        /^<http:\/\/localhost:4200\/app\/api\/v1\/reminders\/opt-out\?token=[\w.%-]+>$/,
      ),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const [frenchMail] = await mailsTo(french.email);
    expect(frenchMail?.subject).toBe('Les inscriptions à la 1e édition (2031) ferment le 20 février 2031');
    expect(await mailsTo(applied.email)).toHaveLength(0);

    const items = await schedule(edition.id);
    expect(items.registrationCloses7d).toMatchObject({ state: 'sent', sent: 2, audience: 2 });
    expect(items.registrationCloses1d).toMatchObject({ state: 'scheduled', sent: 0 });
  });

  it('applications closing: to the companies whose application is a draft, naming what is missing', async () => {
    const edition = await createEdition(2031);
    const draft = await company('Beta, Lda', 'pt');
    const submitted = await company('Gama, SA', 'en');
    const none = await company('Alfa, Lda', 'en');
    await application(edition.id, draft.companyId, 'draft');
    await application(edition.id, submitted.companyId, 'pending');

    await runJobsAt(minus('2031-03-15T23:59:00.000Z', 1, 60_000));
    const [mail] = await mailsTo(draft.email);
    expect(mail?.subject).toBe('As candidaturas à 1.ª edição (2031) fecham a 15 - março - 2031');
    // Nothing uploaded and no trial balance: every document and both years are named.
    expect(mail?.textBody).toContain(
      'Documentos em falta: Declaração de situação regularizada perante a Segurança Social (INPS);',
    );
    expect(mail?.textBody).toContain('Relatório e contas');
    expect(mail?.textBody).toContain('Balancetes anuais em falta: 2029, 2030.');
    expect(mail?.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(await mailsTo(submitted.email)).toHaveLength(0);
    // The registration reminders had passed when the portal first ran: the company without an application
    // gets none of them now, and they are marked as skipped or past.
    expect(await mailsTo(none.email)).toHaveLength(0);
    const items = await schedule(edition.id);
    expect(items.applicationsClose1d).toMatchObject({ state: 'sent', sent: 1 });
    expect(items.applicationsClose7d).toMatchObject({ state: 'skipped', sent: 0 });
    expect(items.registrationCloses7d?.state).toBe('skipped');
    expect(items.registrationCloses1d?.state).toBe('skipped');
  });

  it('applications closing: names the criteria a draft fails on its trial balances', async () => {
    await seedReferenceData(ctx.db);
    const leafCodes = treeLeaves(buildBalanceTree(await selfDiagnosisTree(ctx.db))).map((leaf) => leaf.code);
    const edition = await createEdition(2031);
    const draft = await company('Beta, Lda', 'en');
    await application(edition.id, draft.companyId, 'draft');
    const session = await draft.signIn();
    const enter = async (year: number, values: Record<string, string>) => {
      const entered = await send(session, 'POST', `/companies/${draft.companyId}/balance-sheets/entries`, {
        startDate: `${year}-01-01`,
        endDate: `${year}-12-31`,
        typeFrequence: 'annual',
        values: { ...Object.fromEntries(leafCodes.map((code) => [code, '0'])), ...values },
      });
      expect(entered.statusCode, entered.body).toBe(201);
    };
    await enter(2029, SHEET_2023);
    // 2030 at a loss: staff costs 100 000 higher, paid with 100 000 more long-term debt (still balanced).
    await enter(2030, { ...SHEET_2024, GP: '200000', DF_NC: '350000' });

    await runJobsAt(minus('2031-03-15T23:59:00.000Z', 1, 60_000));
    const [mail] = await mailsTo(draft.email);
    expect(mail?.textBody).toContain('Missing documents: ');
    expect(mail?.textBody).not.toContain('Missing annual trial balances');
    expect(mail?.textBody).toMatch(
      /Criteria not met yet: Positive net result; [^\n]*Net financial debt \/ EBITDA/,
    );
  });

  it('sends each reminder once, even with two workers at the same moment and a run later', async () => {
    const edition = await createEdition(2031);
    const first = await company('Alfa, Lda', 'en');
    const second = await company('Delta, SARL', 'pt');
    const other = createAutomationsService({
      db: ctx.db,
      publicUrl: ctx.config.publicUrl,
      secret: ctx.config.sessionSecret,
    });
    const job = automationsJob(other);
    const secondWorker = createJobWorker({
      db: ctx.db,
      logger: ctx.app.log,
      handlers: job.handlers,
      recurring: [job.recurring],
    });
    const moment = minus('2031-02-20T18:00:00.000Z', 7, 60_000);
    await Promise.all([runJobsAt(moment), secondWorker.runOnce(moment), other.sendDue(moment)]);
    // Later runs, still before the 1-day moment, send nothing more.
    await Promise.all([
      other.sendDue(new Date(moment.getTime() + DAY)),
      runJobsAt(new Date(moment.getTime() + DAY)),
    ]);
    expect(await mailsTo(first.email)).toHaveLength(1);
    expect(await mailsTo(second.email)).toHaveLength(1);
    expect((await schedule(edition.id)).registrationCloses7d).toMatchObject({ state: 'sent', sent: 2 });
  });

  it('a switched-off item sends nothing; switched back on before its moment has passed, it goes', async () => {
    const edition = await createEdition(2031);
    const member = await company('Alfa, Lda', 'en');
    const off = await send(admin, 'PUT', `/editions/${edition.id}/automations/registrationCloses7d`, {
      enabled: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ kind: 'registrationCloses7d', enabled: false, state: 'disabled' });
    const audit = await listAudit(ctx.db, { entity: 'edition_automations', entityId: edition.id });
    expect(audit).toMatchObject([
      {
        action: 'disable',
        before: { kind: 'registrationCloses7d', enabled: true },
        after: { enabled: false },
      },
    ]);

    await runJobsAt(minus('2031-02-20T18:00:00.000Z', 7, 60_000));
    expect(await mailsTo(member.email)).toHaveLength(0);
    expect((await schedule(edition.id)).registrationCloses7d).toMatchObject({ state: 'disabled', sent: 0 });

    const on = await send(admin, 'PUT', `/editions/${edition.id}/automations/registrationCloses7d`, {
      enabled: true,
    });
    expect(on.json()).toMatchObject({ enabled: true, state: 'scheduled' });
    await runJobsAt(minus('2031-02-20T18:00:00.000Z', 5));
    expect(await mailsTo(member.email)).toHaveLength(1);

    // The results mail is the publication's: it is not switched here. Company users may not switch.
    const results = await send(admin, 'PUT', `/editions/${edition.id}/automations/resultsPublished`, {
      enabled: false,
    });
    expect(results.statusCode).toBe(409);
    expect(results.json().error.code).toBe('automation_not_switchable');
    const session = await member.signIn();
    const refused = await send(session, 'PUT', `/editions/${edition.id}/automations/registrationCloses1d`, {
      enabled: false,
    });
    expect(refused.statusCode).toBe(403);
  });

  it("seal expiring: to its holder 30 days before, with the next edition's dates once announced", async () => {
    // A published edition of 2024 (its dates past), its holder's seal issued now at the publication.
    const [past] = await ctx.db
      .insert(editions)
      .values({
        number: 1,
        year: 2024,
        indicatorYear: 2023,
        registrationOpensAt: at('2024-01-01T00:00:00Z'),
        registrationClosesAt: at('2024-02-01T00:00:00Z'),
        applicationOpensAt: at('2024-03-01T00:00:00Z'),
        applicationClosesAt: at('2024-04-01T00:00:00Z'),
        evaluationStartsAt: at('2024-05-01T00:00:00Z'),
        evaluationEndsAt: at('2024-06-01T00:00:00Z'),
        resultsAt: at('2024-07-01T00:00:00Z'),
      })
      .returning();
    if (!past) throw new Error('no edition');
    const holder = await company('Alfa, Lda', 'en');
    const optedOut = await company('Beta, Lda', 'pt');
    await application(past.id, holder.companyId, 'evaluated');
    await application(past.id, optedOut.companyId, 'evaluated');
    const optedOutSession = await optedOut.signIn();
    expect((await send(optedOutSession, 'PUT', '/me/reminders', { enabled: false })).json()).toEqual({
      enabled: false,
    });

    const published = await send(admin, 'POST', `/editions/${past.id}/results/publish`, {});
    expect(published.statusCode, published.body).toBe(200);
    // The opted-out member still gets the results (a decision is transactional mail).
    expect((await mailsTo(optedOut.email)).map((m) => m.subject)).toEqual([
      'Resultados da 1.ª edição (2024)',
    ]);
    const [seal] = await ctx.db.select().from(seals).where(eq(seals.companyId, holder.companyId));
    const items = await schedule(past.id);
    expect(items.resultsPublished).toMatchObject({ state: 'sent', sent: 2, audience: 2 });
    const sealItem = items.sealExpires30d;
    expect(sealItem).toMatchObject({ state: 'scheduled', audience: 1 });
    expect(Date.parse(sealItem?.sendAt ?? '')).toBe((seal?.validUntil.getTime() ?? 0) - 30 * DAY);

    // The next edition announced meanwhile.
    const year = new Date().getUTCFullYear() + 1;
    await createEdition(year, 2);
    const moment = new Date(Date.parse(sealItem?.sendAt ?? '') + 60_000);
    await runJobsAt(moment);
    const [results, mail] = await mailsTo(holder.email);
    expect(results?.subject).toBe('Results of the Edition 1 (2024)');
    expect(mail?.subject).toMatch(/^Alfa, Lda's status expires on /);
    expect(mail?.textBody).toContain(
      `To renew it, apply to Edition 2 (${year}): applications open on 1 February ${year} and close on 15 March ${year}.`,
    );
    // The opted-out member got no reminder: only its results mail.
    expect(await mailsTo(optedOut.email)).toHaveLength(1);
    expect((await schedule(past.id)).sealExpires30d).toMatchObject({ state: 'sent', sent: 1 });
  });
});

describe('the one-click opt-out', () => {
  it('POST to the link without a session or CSRF token stops that account’s reminders only; the profile turns them back on', async () => {
    const edition = await createEdition(2031);
    const member = await company('Alfa, Lda', 'fr');
    const other = await company('Delta, SARL', 'en');
    await runJobsAt(minus('2031-02-20T18:00:00.000Z', 7, 60_000));
    const [mail] = await mailsTo(member.email);
    const link = /^<http:\/\/localhost:4200(\/app\/api\/v1\/reminders\/opt-out\?token=[^>]+)>$/.exec(
      String((mail?.headers as Record<string, string> | null)?.['List-Unsubscribe']),
    )?.[1];
    expect(link).toBeDefined();

    const posted = await ctx.app.inject({
      method: 'POST',
      url: String(link),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.headers['content-type']).toContain('text/html');
    expect(posted.body).toContain('Vous ne recevrez plus de rappels à cette adresse');
    // A person clicking gets the same page, harmlessly again.
    const clicked = await ctx.app.inject({ method: 'GET', url: String(link) });
    expect(clicked.statusCode).toBe(200);
    // A token changed by one character opts nobody out.
    const forged = await ctx.app.inject({ method: 'POST', url: `${String(link).slice(0, -1)}x` });
    expect(forged.statusCode).toBe(404);

    const session = await member.signIn();
    expect((await get(session, '/me/reminders')).json()).toEqual({ enabled: false });
    const otherSession = await other.signIn();
    expect((await get(otherSession, '/me/reminders')).json()).toEqual({ enabled: true });
    expect(await listAudit(ctx.db, { entity: 'accounts', entityId: member.accountId })).toMatchObject([
      { action: 'remindersOptOut', actorAccountId: member.accountId },
    ]);

    // Opted out: the 1-day reminder does not come; the other account's does.
    await runJobsAt(minus('2031-02-20T18:00:00.000Z', 1, 60_000));
    expect(await mailsTo(member.email)).toHaveLength(1);
    expect(await mailsTo(other.email)).toHaveLength(2);
    expect((await schedule(edition.id)).registrationCloses1d).toMatchObject({ sent: 1, audience: 1 });

    // Back on from the profile.
    const on = await send(session, 'PUT', '/me/reminders', { enabled: true });
    expect(on.json()).toEqual({ enabled: true });
    expect((await get(session, '/me/reminders')).json()).toEqual({ enabled: true });
    expect((await schedule(edition.id)).applicationsClose7d?.audience).toBe(0);
    expect((await schedule(edition.id)).registrationCloses1d?.audience).toBe(2);
  });
});

describe('POST editions/{id}/copy', () => {
  it("keeps the source's switches in next year's edition", async () => {
    const edition = await createEdition(2031);
    for (const kind of ['registrationCloses7d', 'sealExpires30d']) {
      const off = await send(admin, 'PUT', `/editions/${edition.id}/automations/${kind}`, { enabled: false });
      expect(off.statusCode, off.body).toBe(200);
    }
    const copy = await send(admin, 'POST', `/editions/${edition.id}/copy`);
    expect(copy.statusCode, copy.body).toBe(201);
    const items = await schedule(copy.json().id);
    expect(items.registrationCloses7d).toMatchObject({
      enabled: false,
      state: 'disabled',
      sendAt: '2032-02-13T18:00:00.000Z',
    });
    expect(items.sealExpires30d?.enabled).toBe(false);
    expect(items.registrationCloses1d?.enabled).toBe(true);
    expect(items.applicationsClose7d?.enabled).toBe(true);
  });
});

import type { CompanyRole, Language } from '@excelencia/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  type SignedIn,
  type TestContext,
  type TestUser,
} from '../../../test/support/context.ts';
import { apiCalls } from '../../../test/support/http.ts';
import {
  accounts,
  applicationMessages,
  applications,
  auditLog,
  companyMembers,
  editions,
  mailOutbox,
} from '../../db/schema/index.ts';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

let ctx: TestContext;
const { get, send } = apiCalls(() => ctx.app);

interface Person {
  user: TestUser;
  session: SignedIn;
}

let serial = 0;
const next = () => {
  serial += 1;
  return serial;
};

async function person(label: string, roles: ('company' | 'admin')[], language: Language): Promise<Person> {
  const n = next();
  const user = await ctx.createUser({
    email: `${label}${n}@mensagens.cv`,
    name: `${label[0]?.toUpperCase()}${label.slice(1)} ${n}`,
    roles,
  });
  await ctx.db.update(accounts).set({ language }).where(eq(accounts.id, user.accountId));
  const session = await ctx.signIn(user.email, user.password);
  return { user, session };
}

let adminEn: Person;
let adminFr: Person;
let owner: Person;
let accountant: Person;
let viewer: Person;
let stranger: Person;
let companyId: string;
let strangerCompanyId: string;
let editionId: string;
let applicationId: string;

async function memberOf(company: string, role: CompanyRole, language: Language): Promise<Person> {
  const member = await person(role, ['company'], language);
  await ctx.db.insert(companyMembers).values({ companyId: company, accountId: member.user.accountId, role });
  return member;
}

/** A submitted application of the company to the test's edition (a fixture: the flow is tested elsewhere). */
async function newApplication(company: string, edition = editionId): Promise<string> {
  const [row] = await ctx.db
    .insert(applications)
    .values({
      editionId: edition,
      companyId: company,
      status: 'pending',
      eligibility: {},
      eligible: true,
      submittedAt: new Date(Date.now() - 5 * DAY),
    })
    .returning();
  if (!row) throw new Error('no application');
  return row.id;
}

const companyUrl = (company: string, id: string) => `/companies/${company}/applications/${id}/messages`;
const adminUrl = (id: string) => `/applications/${id}/messages`;

async function mailsTo(email: string) {
  return ctx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(asc(mailOutbox.createdAt));
}

const day = (offset: number) => new Date(Date.now() + offset * DAY);

/** An edition being evaluated now. */
async function newEdition(number: number): Promise<string> {
  const [edition] = await ctx.db
    .insert(editions)
    .values({
      number,
      year: 2019 + number,
      indicatorYear: 2018 + number,
      registrationOpensAt: day(-60),
      registrationClosesAt: day(-50),
      applicationOpensAt: day(-40),
      applicationClosesAt: day(-10),
      evaluationStartsAt: day(-9),
      evaluationEndsAt: day(20),
      resultsAt: day(30),
    })
    .returning();
  if (!edition) throw new Error('no edition');
  return edition.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  editionId = await newEdition(7);
  adminEn = await person('avaliadora', ['admin'], 'en');
  adminFr = await person('evaluateur', ['admin'], 'fr');
  owner = await person('dona', ['company'], 'pt');
  companyId = await ctx.linkCompany(owner.user.accountId, {
    companyName: 'Mensagens & Filhos, Lda',
    nif: '311000001',
  });
  accountant = await memberOf(companyId, 'accountant', 'en');
  viewer = await memberOf(companyId, 'viewer', 'fr');
  stranger = await person('outra', ['company'], 'pt');
  strangerCompanyId = await ctx.linkCompany(stranger.user.accountId, {
    companyName: 'Outra Empresa, SA',
    nif: '311000002',
  });
  applicationId = await newApplication(companyId);
});

afterAll(async () => {
  await ctx.close();
});

describe('the message thread of an application', () => {
  it("a company member's message reaches every admin in their language, escaped, and the admins read it with the member's name", async () => {
    const body = '  Podemos enviar a declaração <b>atualizada</b> & assinada?\nObrigada.  ';
    const posted = await send(owner.session, 'POST', companyUrl(companyId, applicationId), { body });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json()).toMatchObject({
      side: 'company',
      authorName: owner.user.name,
      body: body.trim(),
    });

    const [toEn] = await mailsTo(adminEn.user.email);
    expect(toEn?.language).toBe('en');
    expect(toEn?.subject).toBe(
      'New message from Mensagens & Filhos, Lda about the application to Edition 7 (2026)',
    );
    expect(toEn?.textBody).toContain('Podemos enviar a declaração <b>atualizada</b> & assinada?\nObrigada.');
    expect(toEn?.textBody).toContain(`${owner.user.name}, of Mensagens & Filhos, Lda`);
    expect(toEn?.textBody).toContain(`/en/admin/application?application=${applicationId}`);
    expect(toEn?.htmlBody).toContain('&lt;b&gt;atualizada&lt;/b&gt; &amp; assinada?');
    expect(toEn?.htmlBody).not.toContain('<b>atualizada');
    const [toFr] = await mailsTo(adminFr.user.email);
    expect(toFr?.language).toBe('fr');
    expect(toFr?.subject).toContain('Nouveau message de Mensagens & Filhos, Lda');
    // Nobody on the company's side is mailed their own side's message.
    expect(await mailsTo(accountant.user.email)).toHaveLength(0);

    const read = await get(adminEn.session, adminUrl(applicationId));
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual([
      expect.objectContaining({ side: 'company', authorName: owner.user.name, body: body.trim() }),
    ]);
  });

  it("an evaluator's message reaches every member (viewers too) in their language; the company reads it as the evaluation team's", async () => {
    const posted = await send(adminFr.session, 'POST', adminUrl(applicationId), {
      body: 'Sim, envie-a pelo portal.',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json()).toMatchObject({ side: 'evaluator', authorName: adminFr.user.name });

    const [toOwner] = await mailsTo(owner.user.email);
    expect(toOwner?.language).toBe('pt');
    expect(toOwner?.subject).toBe('Nova mensagem da avaliação sobre a candidatura à 7.ª edição (2026)');
    expect(toOwner?.textBody).toContain('Sim, envie-a pelo portal.');
    expect(toOwner?.textBody).toContain('/pt/company/application');
    expect(toOwner?.textBody).not.toContain(adminFr.user.name);
    expect((await mailsTo(accountant.user.email))[0]?.language).toBe('en');
    expect((await mailsTo(viewer.user.email))[0]?.subject).toContain("Nouveau message de l'évaluation");

    for (const [reader, language, team] of [
      [owner, 'pt', 'Avaliação'],
      [viewer, 'en', 'Evaluation team'],
    ] as const) {
      const read = await get(reader.session, companyUrl(companyId, applicationId), { language });
      expect(read.statusCode, read.body).toBe(200);
      const thread = read.json() as { side: string; authorName: string }[];
      // Oldest first: the newest is at the bottom.
      expect(thread.map((m) => m.side)).toEqual(['company', 'evaluator']);
      expect(thread[0]?.authorName).toBe(owner.user.name);
      expect(thread[1]?.authorName).toBe(team);
      expect(read.body).not.toContain(adminFr.user.name);
    }
  });

  it('the accountant writes too; the viewer reads only (403 company_role)', async () => {
    const byAccountant = await send(accountant.session, 'POST', companyUrl(companyId, applicationId), {
      body: 'Segue em anexo no portal.',
    });
    expect(byAccountant.statusCode, byAccountant.body).toBe(201);
    const byViewer = await send(viewer.session, 'POST', companyUrl(companyId, applicationId), {
      body: 'Também quero escrever.',
    });
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json().error.code).toBe('company_role');
    const count = await ctx.db
      .select()
      .from(applicationMessages)
      .where(eq(applicationMessages.applicationId, applicationId));
    expect(count.map((m) => m.body)).not.toContain('Também quero escrever.');
  });

  it("another company learns nothing of the thread (404), through its own id or the other's", async () => {
    for (const url of [companyUrl(companyId, applicationId), companyUrl(strangerCompanyId, applicationId)]) {
      expect((await get(stranger.session, url)).statusCode).toBe(404);
      const posted = await send(stranger.session, 'POST', url, { body: 'Olá?' });
      expect(posted.statusCode).toBe(404);
    }
    expect((await get(owner.session, `/applications/${applicationId}/messages`)).statusCode).toBe(403);
    expect((await get(adminEn.session, adminUrl(crypto.randomUUID()))).statusCode).toBe(404);
  });

  it('refuses an empty, blank, too long or control-character message (400) and stores nothing', async () => {
    const before = await ctx.db
      .select()
      .from(applicationMessages)
      .where(eq(applicationMessages.applicationId, applicationId));
    for (const payload of [
      {},
      { body: '' },
      { body: '   \n ' },
      { body: 'x'.repeat(4001) },
      { body: 'a\u0000b' },
      { body: 'bell\u0007' },
      { body: 'ok', extra: 1 },
    ]) {
      const response = await send(owner.session, 'POST', companyUrl(companyId, applicationId), payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.code).toBe('validation');
    }
    const admin = await send(adminEn.session, 'POST', adminUrl(applicationId), { body: ' ' });
    expect(admin.statusCode).toBe(400);
    const longest = await send(owner.session, 'POST', companyUrl(companyId, applicationId), {
      body: ` ${'y'.repeat(4000)} `,
    });
    expect(longest.statusCode, longest.body).toBe(201);
    const after = await ctx.db
      .select()
      .from(applicationMessages)
      .where(eq(applicationMessages.applicationId, applicationId));
    expect(after).toHaveLength(before.length + 1);
  });

  it('allows 20 messages an hour per application and side, then 429; the other side and older messages do not count', async () => {
    const id = await newApplication(companyId, await newEdition(8));
    const at = (offsetMs: number) => new Date(Date.now() + offsetMs);
    await ctx.db.insert(applicationMessages).values([
      ...Array.from({ length: 19 }, (_, i) => ({
        applicationId: id,
        side: 'company' as const,
        authorId: owner.user.accountId,
        body: `recente ${i}`,
        createdAt: at(-30 * 60 * 1000 + i),
      })),
      ...Array.from({ length: 5 }, (_, i) => ({
        applicationId: id,
        side: 'company' as const,
        authorId: owner.user.accountId,
        body: `antiga ${i}`,
        createdAt: at(-2 * HOUR + i),
      })),
    ]);
    const twentieth = await send(owner.session, 'POST', companyUrl(companyId, id), { body: 'A vigésima.' });
    expect(twentieth.statusCode, twentieth.body).toBe(201);
    const mailsBefore = (await mailsTo(adminEn.user.email)).length;
    const refused = await send(accountant.session, 'POST', companyUrl(companyId, id), { body: 'Mais uma.' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect((await mailsTo(adminEn.user.email)).length).toBe(mailsBefore);
    // The evaluators' side has its own allowance.
    const answer = await send(adminEn.session, 'POST', adminUrl(id), { body: 'Recebido.' });
    expect(answer.statusCode, answer.body).toBe(201);
  });

  it("keeps each message in the application's history and the company's audit trail, never its text", async () => {
    const history = await get(adminEn.session, `/applications/${applicationId}/history`);
    expect(history.statusCode, history.body).toBe(200);
    const actions = (history.json() as { action: string; actor: string | null }[]).map((e) => [
      e.action,
      e.actor,
    ]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['messageFromCompany', owner.user.name],
        ['messageFromEvaluator', adminFr.user.name],
        ['messageFromCompany', accountant.user.name],
      ]),
    );
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'applications'), eq(auditLog.entityId, applicationId)));
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) {
      expect(row.companyId).toBe(companyId);
      expect(JSON.stringify(row.after)).not.toContain('declaração');
    }
    const activity = await get(owner.session, `/companies/${companyId}/activity`, { language: 'pt' });
    expect(activity.statusCode, activity.body).toBe(200);
    const summaries = (activity.json().items as { summary: string | null }[]).map((item) => item.summary);
    expect(summaries).toEqual(
      expect.arrayContaining(['Mensagem enviada à avaliação', 'Mensagem recebida da avaliação']),
    );
    // The evaluator who wrote stays the evaluation team's, there too.
    const fromEvaluators = (activity.json().items as { action: string; actorName: string | null }[]).filter(
      (item) => item.action === 'messageFromEvaluator',
    );
    expect(fromEvaluators.length).toBeGreaterThan(0);
    for (const item of fromEvaluators) expect(item).toMatchObject({ actorKind: 'admin', actorName: null });
    expect(activity.body).not.toContain(adminFr.user.name);
  });
});

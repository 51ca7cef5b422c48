import { randomUUID } from 'node:crypto';
import { RETENTION, type RetentionKind, retentionCutoff, searchText } from '@excelencia/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext, type TestUser } from '../../../test/support/context.ts';
import { API_PREFIX, apiCalls } from '../../../test/support/http.ts';
import {
  accounts,
  applicationFiles,
  applications,
  auditLog,
  balanceSheets,
  companies,
  companyInvitations,
  diagnoses,
  editions,
  files,
  mailOutbox,
  newsletterSubscribers,
  partnerAccessLog,
  partnerEntities,
  partners,
  partnerTypes,
  pendingRegistrations,
  registrationMailWindows,
  sessions,
} from '../../db/schema/index.ts';
import { listAudit } from '../../platform/audit/audit.ts';
import { ERASED_EMAIL_DOMAIN } from './retention.repository.ts';
import { enforceRetention, RETENTION_ENTITY } from './retention.ts';

const DAY = 86_400_000;
/** The sweep's clock: moved well past the time the rows below are written at. */
const NOW = new Date(Date.now() + 3 * 365 * DAY);
/** A moment just past the period of `kind` (the sweep removes it) and one just inside it (kept). */
const past = (kind: RetentionKind) => new Date(retentionCutoff(kind, NOW).getTime() - DAY);
const inside = (kind: RetentionKind) => new Date(retentionCutoff(kind, NOW).getTime() + DAY);

let ctx: TestContext;
let userA: TestUser;
let userB: TestUser;
let companyA: string;
let companyB: string;

const { get } = apiCalls(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

beforeEach(async () => {
  await ctx.reset();
  userA = await ctx.createUser({ email: 'ana@empresa-a.cv', roles: ['company'], name: 'Ana Almeida' });
  userB = await ctx.createUser({ email: 'bruno@empresa-b.cv', roles: ['company'], name: 'Bruno Barros' });
  companyA = await ctx.linkCompany(userA.accountId, { companyName: 'Empresa A, Lda', nif: '500000101' });
  companyB = await ctx.linkCompany(userB.accountId, { companyName: 'Empresa B, Lda', nif: '500000102' });
});

async function ids<T extends { id: string }>(rows: Promise<T[]>): Promise<string[]> {
  return (await rows).map((row) => row.id).sort();
}

async function sweep() {
  return enforceRetention(ctx.db, NOW, { identity: ctx.identity });
}

async function storedFile(owner: string | null, name: string): Promise<string> {
  const [row] = await ctx.db
    .insert(files)
    .values({
      sha256: 'a'.repeat(64),
      size: 10,
      mime: 'application/pdf',
      originalName: name,
      kind: 'test',
      ownerAccountId: owner,
    })
    .returning({ id: files.id });
  if (!row) throw new Error('no file');
  return row.id;
}

async function partnerEntity(): Promise<string> {
  const [type] = await ctx.db
    .insert(partnerTypes)
    .values({ code: 'BANK', description: { pt: 'Banco', en: 'Bank', fr: 'Banque' } })
    .returning({ id: partnerTypes.id });
  const [entity] = await ctx.db
    .insert(partnerEntities)
    .values({
      code: 'BA',
      name: 'Banco A',
      description: { pt: 'Banco A', en: '', fr: '' },
      partnerTypeId: type?.id as string,
      searchText: searchText('BA', 'Banco A'),
    })
    .returning({ id: partnerEntities.id });
  return entity?.id as string;
}

describe('the retention sweep', () => {
  it('deletes expired sessions and keeps live ones, of every account', async () => {
    const session = (accountId: string, expiresAt: Date) => ({
      id: randomUUID(),
      accountId,
      accessToken: 'a',
      csrfToken: 'c',
      accessExpiresAt: expiresAt,
      expiresAt,
    });
    const expired = session(userA.accountId, new Date(NOW.getTime() - 60_000));
    const liveA = session(userA.accountId, new Date(NOW.getTime() + 3_600_000));
    const liveB = session(userB.accountId, new Date(NOW.getTime() + 3_600_000));
    await ctx.db.insert(sessions).values([expired, liveA, liveB]);

    const result = await sweep();

    expect(result.counts.sessions).toBe(1);
    expect(await ids(ctx.db.select({ id: sessions.id }).from(sessions))).toEqual([liveA.id, liveB.id].sort());
  });

  it('deletes registration requests 30 days after their link expired, with the unconfirmed one’s provider account', async () => {
    const registration = async (email: string, nif: string, expiresAt: Date, usedBy?: TestUser) => {
      const idpUserId = usedBy
        ? usedBy.subject
        : (
            await ctx.identity.createUser({
              email,
              name: email,
              enabled: false,
              roles: ['company'],
              language: 'pt',
            })
          ).id;
      const [row] = await ctx.db
        .insert(pendingRegistrations)
        .values({
          tokenHash: `hash-${nif}`,
          email,
          nif,
          companyName: `Empresa ${nif}`,
          payload: { responsibleName: email },
          idpUserId,
          expiresAt,
          usedAt: usedBy ? new Date(expiresAt.getTime() - DAY) : null,
        })
        .returning({ id: pendingRegistrations.id });
      return row?.id as string;
    };
    await registration('nunca@confirmou.cv', '500000201', past('registrations'));
    const recent = await registration('ainda@pode.cv', '500000202', inside('registrations'));
    await registration(userA.email, '500000203', past('registrations'), userA);

    const result = await sweep();

    expect(result.counts.registrations).toBe(2);
    expect(result.providerFailures).toEqual([]);
    expect(await ids(ctx.db.select({ id: pendingRegistrations.id }).from(pendingRegistrations))).toEqual([
      recent,
    ]);
    // The never-confirmed request's disabled account is gone, so the address can register again.
    expect(await ctx.identity.findUserByEmail('nunca@confirmou.cv')).toBeNull();
    expect(await ctx.identity.findUserByEmail('ainda@pode.cv')).not.toBeNull();
    // The confirmed request's account is the company user's: it stays and still signs in.
    expect((await ctx.identity.findUserByEmail(userA.email))?.enabled).toBe(true);
    await expect(ctx.signIn(userA.email, userA.password)).resolves.toHaveProperty('cookie');
  });

  it("forgets an address's count of registration mails once its hour is over", async () => {
    const started = (minutesAgo: number) => new Date(NOW.getTime() - minutesAgo * 60_000);
    await ctx.db.insert(registrationMailWindows).values([
      { email: 'antiga@janela.cv', requestCount: 3, requestWindowStartedAt: started(61) },
      { email: 'recente@janela.cv', requestCount: 2, requestWindowStartedAt: started(30) },
    ]);
    const result = await sweep();
    expect(result.counts.registrations).toBe(1);
    const kept = await ctx.db.select({ email: registrationMailWindows.email }).from(registrationMailWindows);
    expect(kept.map((row) => row.email)).toEqual(['recente@janela.cv']);
  });

  it('deletes invitations never accepted 180 days after their link expired; accepted ones stay', async () => {
    const invitation = (
      companyId: string,
      email: string,
      expiresAt: Date,
      acceptedAt: Date | null = null,
    ) => ({
      companyId,
      email,
      name: email,
      tokenHash: `hash-${email}`,
      expiresAt,
      acceptedAt,
    });
    await ctx.db
      .insert(companyInvitations)
      .values([
        invitation(companyA, 'velho@a.cv', past('invitations')),
        invitation(companyB, 'recente@b.cv', inside('invitations')),
        invitation(companyB, 'aceite@b.cv', past('invitations'), past('invitations')),
      ]);

    const result = await sweep();

    expect(result.counts.invitations).toBe(1);
    const left = await ctx.db.select({ email: companyInvitations.email }).from(companyInvitations);
    expect(left.map((row) => row.email).sort()).toEqual(['aceite@b.cv', 'recente@b.cv']);
  });

  it('erases a deactivated account 2 years after its last change, and its company once no account is left', async () => {
    const userC = await ctx.createUser({
      email: 'carla@empresa-c.cv',
      roles: ['company'],
      name: 'Carla Cruz',
    });
    const companyC = await ctx.linkCompany(userC.accountId, {
      companyName: 'Empresa C, Lda',
      nif: '500000103',
    });
    await ctx.db
      .update(companies)
      .set({ responsibleName: 'Carla Cruz', contactEmail: 'carla@empresa-c.cv', isListed: true })
      .where(inArray(companies.id, [companyC, companyA]));
    const picture = await storedFile(userC.accountId, 'carla.png');
    await ctx.db
      .update(accounts)
      .set({ isActive: false, updatedAt: past('accounts'), profilePictureFileId: picture })
      .where(eq(accounts.id, userC.accountId));
    // A partner user deactivated as long ago: its search text (the e-mail) goes too.
    const partnerUser = await ctx.createUser({ email: 'paulo@banco.cv', roles: ['partner'], name: 'Paulo' });
    await ctx.db.insert(partners).values({
      accountId: partnerUser.accountId,
      partnerEntityId: await partnerEntity(),
      searchText: searchText(partnerUser.email),
    });
    await ctx.db
      .update(accounts)
      .set({ isActive: false, updatedAt: past('accounts') })
      .where(eq(accounts.id, partnerUser.accountId));
    // Deactivated more recently: kept.
    await ctx.db
      .update(accounts)
      .set({ isActive: false, updatedAt: inside('accounts') })
      .where(eq(accounts.id, userB.accountId));

    const result = await sweep();

    expect(result.counts.accounts).toBe(2);
    const [partner] = await ctx.db
      .select()
      .from(partners)
      .where(eq(partners.accountId, partnerUser.accountId));
    expect(partner?.searchText).toBe('');
    expect(await ctx.identity.findUserByEmail(partnerUser.email)).toBeNull();
    expect(result.counts.companies).toBe(1);
    const [c] = await ctx.db.select().from(accounts).where(eq(accounts.id, userC.accountId));
    expect(c).toMatchObject({
      name: '',
      email: `erased-${userC.accountId}@${ERASED_EMAIL_DOMAIN}`,
      subject: null,
      profilePictureFileId: null,
      isActive: false,
    });
    expect(await ctx.identity.findUserByEmail(userC.email)).toBeNull();
    const [company] = await ctx.db.select().from(companies).where(eq(companies.id, companyC));
    expect(company).toMatchObject({
      companyName: 'Empresa C, Lda',
      nif: '500000103',
      email: '',
      responsibleName: null,
      contactEmail: null,
      isListed: false,
    });
    // The other tenants: B's account (deactivated recently) and A's company are untouched.
    const [b] = await ctx.db.select().from(accounts).where(eq(accounts.id, userB.accountId));
    expect(b).toMatchObject({ name: 'Bruno Barros', email: userB.email, subject: userB.subject });
    expect(await ctx.identity.findUserByEmail(userB.email)).not.toBeNull();
    const [a] = await ctx.db.select().from(companies).where(eq(companies.id, companyA));
    expect(a).toMatchObject({
      responsibleName: 'Carla Cruz',
      contactEmail: 'carla@empresa-c.cv',
      isListed: true,
    });
  });

  it('deletes sheets and diagnoses the company deleted 30 days ago, unless a saved diagnosis still uses the sheet', async () => {
    const sheet = (companyId: string, deletedAt: Date | null) => ({
      companyId,
      startDate: '2024-01-01',
      endDate: '2024-12-31',
      typeFrequence: 'annual',
      source: 'entry' as const,
      createdAt: new Date(NOW.getTime() - 10 * 365 * DAY),
      deletedAt,
    });
    const [goneA, recentA, usedA, oldLiveB, deletedWithDiagnosisB] = await ctx.db
      .insert(balanceSheets)
      .values([
        sheet(companyA, past('balanceSheets')),
        sheet(companyA, inside('balanceSheets')),
        sheet(companyA, past('balanceSheets')),
        sheet(companyB, null),
        sheet(companyB, past('balanceSheets')),
      ])
      .returning({ id: balanceSheets.id });
    const diagnosis = (companyId: string, balanceSheetId: string, deletedAt: Date | null) => ({
      companyId,
      balanceSheetId,
      type: 'simple' as const,
      snapshot: {},
      passedCount: 1,
      computableCount: 2,
      deletedAt,
    });
    const [liveDiagnosis, deletedDiagnosis] = await ctx.db
      .insert(diagnoses)
      .values([
        diagnosis(companyA, usedA?.id as string, null),
        diagnosis(companyB, deletedWithDiagnosisB?.id as string, past('balanceSheets')),
      ])
      .returning({ id: diagnoses.id });

    const result = await sweep();

    expect(result.counts.balanceSheets).toBe(3);
    expect(await ids(ctx.db.select({ id: balanceSheets.id }).from(balanceSheets))).toEqual(
      [recentA?.id, usedA?.id, oldLiveB?.id].sort(),
    );
    expect(await ids(ctx.db.select({ id: diagnoses.id }).from(diagnoses))).toEqual([liveDiagnosis?.id]);
    expect(deletedDiagnosis?.id).toBeDefined();
    expect(goneA?.id).toBeDefined();
  });

  it("deletes application documents 3 years after the edition's results date; the application stays", async () => {
    const edition = async (number: number, resultsAt: Date) => {
      const at = new Date(resultsAt.getTime() - 90 * DAY);
      const [row] = await ctx.db
        .insert(editions)
        .values({
          number,
          year: resultsAt.getUTCFullYear(),
          indicatorYear: resultsAt.getUTCFullYear() - 1,
          registrationOpensAt: at,
          registrationClosesAt: at,
          applicationOpensAt: at,
          applicationClosesAt: at,
          evaluationStartsAt: at,
          evaluationEndsAt: at,
          resultsAt,
        })
        .returning({ id: editions.id });
      return row?.id as string;
    };
    const oldEdition = await edition(1, past('applicationDocuments'));
    const recentEdition = await edition(2, inside('applicationDocuments'));
    const application = async (editionId: string, companyId: string, owner: string) => {
      const [row] = await ctx.db
        .insert(applications)
        .values({ editionId, companyId, status: 'evaluated', eligibility: {} })
        .returning({ id: applications.id });
      const fileId = await storedFile(owner, 'report.pdf');
      await ctx.db
        .insert(applicationFiles)
        .values({ applicationId: row?.id as string, fileType: 1, fileId, fileName: 'x.pdf', size: 10 });
      return row?.id as string;
    };
    const oldA = await application(oldEdition, companyA, userA.accountId);
    const recentB = await application(recentEdition, companyB, userB.accountId);

    const result = await sweep();

    expect(result.counts.applicationDocuments).toBe(1);
    const left = await ctx.db
      .select({ applicationId: applicationFiles.applicationId })
      .from(applicationFiles);
    expect(left.map((row) => row.applicationId)).toEqual([recentB]);
    expect(await ids(ctx.db.select({ id: applications.id }).from(applications))).toEqual(
      [oldA, recentB].sort(),
    );
  });

  it('deletes unconfirmed and unsubscribed newsletter subscribers 30 days on; confirmed ones stay', async () => {
    const subscriber = (email: string, status: 'pending' | 'confirmed' | 'unsubscribed', at: Date) => ({
      email,
      status,
      unsubscribeToken: `u-${email}`,
      requestWindowStartedAt: at,
      createdAt: at,
      confirmedAt: status === 'pending' ? null : at,
      unsubscribedAt: status === 'unsubscribed' ? at : null,
    });
    await ctx.db
      .insert(newsletterSubscribers)
      .values([
        subscriber('esquecido@x.cv', 'pending', past('newsletterPending')),
        subscriber('pendente@x.cv', 'pending', inside('newsletterPending')),
        subscriber('saiu@x.cv', 'unsubscribed', past('newsletterUnsubscribed')),
        subscriber('saiu-agora@x.cv', 'unsubscribed', inside('newsletterUnsubscribed')),
        subscriber('leitor@x.cv', 'confirmed', new Date(NOW.getTime() - 10 * 365 * DAY)),
      ]);

    const result = await sweep();

    expect(result.counts.newsletterPending).toBe(1);
    expect(result.counts.newsletterUnsubscribed).toBe(1);
    const left = await ctx.db.select({ email: newsletterSubscribers.email }).from(newsletterSubscribers);
    expect(left.map((row) => row.email).sort()).toEqual(['leitor@x.cv', 'pendente@x.cv', 'saiu-agora@x.cv']);
  });

  it('deletes mail sent or given up 90 days ago; mail still to send stays', async () => {
    const mail = (to: string, state: 'pending' | 'sent' | 'failed', at: Date) => ({
      toAddress: to,
      subject: 's',
      textBody: 't',
      state,
      createdAt: at,
      sentAt: state === 'sent' ? at : null,
    });
    await ctx.db
      .insert(mailOutbox)
      .values([
        mail('old-sent@x.cv', 'sent', past('mail')),
        mail('old-failed@x.cv', 'failed', past('mail')),
        mail('old-pending@x.cv', 'pending', past('mail')),
        mail('recent-sent@x.cv', 'sent', inside('mail')),
      ]);

    const result = await sweep();

    expect(result.counts.mail).toBe(2);
    const left = await ctx.db.select({ to: mailOutbox.toAddress }).from(mailOutbox);
    expect(left.map((row) => row.to).sort()).toEqual(['old-pending@x.cv', 'recent-sent@x.cv']);
  });

  it('deletes audit entries after 5 years and partner reads after 2, of every company', async () => {
    await ctx.db.insert(auditLog).values([
      {
        actorAccountId: userA.accountId,
        action: 'update',
        entity: 'companies',
        entityId: 'old',
        at: past('auditLog'),
      },
      {
        actorAccountId: userB.accountId,
        action: 'update',
        entity: 'companies',
        entityId: 'new',
        at: inside('auditLog'),
      },
    ]);
    const entityId = await partnerEntity();
    const read = (companyId: string, at: Date) => ({
      companyId,
      partnerEntityId: entityId,
      readerName: 'Leitor',
      level: 'status' as const,
      via: 'session' as const,
      at,
    });
    await ctx.db
      .insert(partnerAccessLog)
      .values([read(companyA, past('partnerAccessLog')), read(companyB, inside('partnerAccessLog'))]);

    const result = await sweep();

    expect(result.counts.auditLog).toBe(1);
    expect(result.counts.partnerAccessLog).toBe(1);
    const entries = await ctx.db.select({ entityId: auditLog.entityId }).from(auditLog);
    expect(entries.map((row) => row.entityId)).toContain('new');
    expect(entries.map((row) => row.entityId)).not.toContain('old');
    const reads = await ctx.db.select({ companyId: partnerAccessLog.companyId }).from(partnerAccessLog);
    expect(reads.map((row) => row.companyId)).toEqual([companyB]);
  });

  it('audits each kind that lost rows once with its count, and a second run changes nothing', async () => {
    await ctx.db.insert(mailOutbox).values([
      {
        toAddress: 'a@x.cv',
        subject: 's',
        textBody: 't',
        state: 'sent',
        createdAt: past('mail'),
        sentAt: past('mail'),
      },
      {
        toAddress: 'b@x.cv',
        subject: 's',
        textBody: 't',
        state: 'sent',
        createdAt: past('mail'),
        sentAt: past('mail'),
      },
    ]);
    await ctx.db.insert(newsletterSubscribers).values({
      email: 'esquecido@x.cv',
      unsubscribeToken: 'u',
      requestWindowStartedAt: past('newsletterPending'),
    });

    const first = await sweep();
    const entries = await listAudit(ctx.db, { entity: RETENTION_ENTITY });
    expect(
      entries.map((row) => [row.entityId, (row.after as { count: number }).count, row.actorAccountId]).sort(),
    ).toEqual([
      ['mail', 2, null],
      ['newsletterPending', 1, null],
    ]);
    expect(Object.values(first.counts).reduce((a, b) => a + b, 0)).toBe(3);

    const second = await sweep();
    expect(Object.values(second.counts).every((count) => count === 0)).toBe(true);
    expect(await listAudit(ctx.db, { entity: RETENTION_ENTITY })).toHaveLength(2);
  });

  it('holds every kind to a period (the privacy page reads the same rules)', () => {
    for (const rule of Object.values(RETENTION)) {
      expect(Number.isInteger(rule.count) && rule.count >= 0).toBe(true);
    }
    expect(retentionCutoff('auditLog', new Date('2030-03-01T00:00:00Z')).toISOString()).toBe(
      '2025-03-01T00:00:00.000Z',
    );
    expect(retentionCutoff('mail', new Date('2030-03-01T00:00:00Z')).toISOString()).toBe(
      '2029-12-01T00:00:00.000Z',
    );
  });
});

describe('the newsletter confirmation link', () => {
  async function subscribeAndLink(email: string): Promise<string> {
    const csrf = (await ctx.app.inject({ method: 'GET', url: '/auth/csrf' })).json().csrfToken;
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/public/newsletter/subscriptions`,
      payload: { email, language: 'en' },
      headers: { cookie: `portal_csrf=${csrf}`, 'x-csrf-token': csrf },
    });
    expect(res.statusCode).toBe(202);
    const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    const link = /\/public\/newsletter\/confirm\/[A-Za-z0-9_-]+/.exec(mail?.textBody ?? '')?.[0];
    if (!link) throw new Error(`no confirmation link in ${mail?.textBody}`);
    return link;
  }

  it('works for 7 days after the request and no longer', async () => {
    const fresh = await subscribeAndLink('fresh@x.cv');
    const stale = await subscribeAndLink('stale@x.cv');
    await ctx.db
      .update(newsletterSubscribers)
      .set({ requestWindowStartedAt: new Date(Date.now() - 7 * DAY - 60_000) })
      .where(eq(newsletterSubscribers.email, 'stale@x.cv'));
    await ctx.db
      .update(newsletterSubscribers)
      .set({ requestWindowStartedAt: new Date(Date.now() - 7 * DAY + 3_600_000) })
      .where(eq(newsletterSubscribers.email, 'fresh@x.cv'));

    const expired = await get(null, stale);
    const confirmed = await get(null, fresh);

    expect(confirmed.statusCode).toBe(200);
    expect(expired.statusCode).toBe(404);
    const rows = await ctx.db
      .select({ email: newsletterSubscribers.email, status: newsletterSubscribers.status })
      .from(newsletterSubscribers);
    expect(Object.fromEntries(rows.map((row) => [row.email, row.status]))).toEqual({
      'fresh@x.cv': 'confirmed',
      'stale@x.cv': 'pending',
    });
  });
});

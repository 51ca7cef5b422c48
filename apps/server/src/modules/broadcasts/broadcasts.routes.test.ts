import type { BroadcastFilter, BroadcastItem, BroadcastReach } from '@excelencia/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { apiCalls } from '../../../test/support/http.ts';
import {
  accounts,
  applicationFiles,
  applications,
  balanceSheets,
  broadcastDeliveries,
  broadcasts,
  caeDivisions,
  caeSections,
  cities,
  companies,
  companyMembers,
  files,
  islands,
  mailOutbox,
} from '../../db/schema/index.ts';
import { listAudit } from '../../platform/audit/audit.ts';
import { listJobs } from '../../platform/jobs/jobs.ts';
import { createBroadcastsService } from './broadcasts.service.ts';

/**
 * Broadcasts through the real app: each filter on companies made by hand (island, CAE section, application state,
 * has or has not a sheet of a year), the preview equal to what the job sends, each person once in their
 * language, a second run sending nothing more, closed companies and viewers left out, one broadcast at a time.
 */

let ctx: TestContext;
let admin: SignedIn;
const { get, send } = apiCalls(() => ctx.app, { language: 'en' });

const EDITION = {
  number: 1,
  year: 2031,
  indicatorYear: 2030,
  registrationOpensAt: '2031-01-05T09:00:00.000Z',
  registrationClosesAt: '2031-02-20T18:00:00.000Z',
  applicationOpensAt: '2031-02-01T09:00:00.000Z',
  applicationClosesAt: '2031-03-15T23:59:00.000Z',
  evaluationStartsAt: '2031-03-16T09:00:00.000Z',
  evaluationEndsAt: '2031-04-10T18:00:00.000Z',
  resultsAt: '2031-04-30T12:00:00.000Z',
};

let made = 0;
const text = (pt: string) => ({ pt, en: pt, fr: pt });

async function reference() {
  const [santiago, saoVicente] = await ctx.db
    .insert(islands)
    .values([
      { code: 'ST', description: { pt: 'Santiago', en: 'Santiago', fr: 'Santiago' } },
      { code: 'SV', description: { pt: 'São Vicente', en: 'São Vicente', fr: 'São Vicente' } },
    ])
    .returning();
  const [praia, mindelo] = await ctx.db
    .insert(cities)
    .values([
      { code: 'PR', description: text('Praia'), islandId: santiago?.id ?? '' },
      { code: 'MD', description: text('Mindelo'), islandId: saoVicente?.id ?? '' },
    ])
    .returning();
  const [sectionC, sectionG] = await ctx.db
    .insert(caeSections)
    .values([
      { code: 'C', description: text('Indústrias transformadoras') },
      { code: 'G', description: text('Comércio') },
    ])
    .returning();
  const [division10, division47] = await ctx.db
    .insert(caeDivisions)
    .values([
      { code: '10', description: text('Alimentares'), sectionId: sectionC?.id ?? '' },
      { code: '47', description: text('Retalho'), sectionId: sectionG?.id ?? '' },
    ])
    .returning();
  return {
    santiago: santiago?.id ?? '',
    saoVicente: saoVicente?.id ?? '',
    praia: praia?.id ?? '',
    mindelo: mindelo?.id ?? '',
    sectionC: sectionC?.id ?? '',
    sectionG: sectionG?.id ?? '',
    division10: division10?.id ?? '',
    division47: division47?.id ?? '',
  };
}

/** An account reading `language` (not an identity-provider user: it only receives mail). */
async function person(language: 'pt' | 'en' | 'fr', isActive = true) {
  made += 1;
  const [row] = await ctx.db
    .insert(accounts)
    .values({ email: `pessoa${made}@broadcast.cv`, name: `Pessoa ${made}`, language, isActive })
    .returning();
  if (!row) throw new Error('no account');
  return row;
}

/** A company in a city and CAE division, with its members (account, role). */
async function company(
  name: string,
  where: { cityId?: string; caeDivisionId?: string; closed?: boolean },
  members: Array<{ accountId: string; role: 'owner' | 'accountant' | 'viewer' }>,
) {
  made += 1;
  const [row] = await ctx.db
    .insert(companies)
    .values({
      companyName: name,
      nif: String(260000000 + made),
      email: `empresa${made}@broadcast.cv`,
      cityId: where.cityId ?? null,
      caeDivisionId: where.caeDivisionId ?? null,
      closedAt: where.closed ? new Date('2030-01-01T00:00:00Z') : null,
    })
    .returning();
  if (!row) throw new Error('no company');
  if (members.length > 0) {
    await ctx.db.insert(companyMembers).values(members.map((m) => ({ companyId: row.id, ...m })));
  }
  return row.id;
}

async function application(
  editionId: string,
  companyId: string,
  status: 'draft' | 'pending' | 'evaluated' | 'unqualified',
  documents = 0,
) {
  const [row] = await ctx.db
    .insert(applications)
    .values({ editionId, companyId, status, eligibility: {}, eligible: status !== 'draft' })
    .returning();
  if (!row) throw new Error('no application');
  for (let fileType = 0; fileType < documents; fileType += 1) {
    const [file] = await ctx.db
      .insert(files)
      .values({ sha256: 'x', size: 10, mime: 'application/pdf', originalName: 'd.pdf', kind: 'application' })
      .returning();
    await ctx.db.insert(applicationFiles).values({
      applicationId: row.id,
      fileType,
      fileId: file?.id ?? '',
      fileName: `n_${fileType}_d.pdf`,
      size: 10,
    });
  }
}

async function sheet(companyId: string, endDate: string, deleted = false) {
  await ctx.db.insert(balanceSheets).values({
    companyId,
    startDate: `${endDate.slice(0, 4)}-01-01`,
    endDate,
    typeFrequence: 'annual',
    source: 'entry',
    deletedAt: deleted ? new Date() : null,
  });
}

async function preview(filter: BroadcastFilter): Promise<BroadcastReach> {
  const response = await send(admin, 'POST', '/broadcasts/preview', { filter });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const message = (filter: BroadcastFilter) => ({
  subject: { pt: 'Aviso do programa', en: 'Programme notice', fr: 'Avis du programme' },
  body: {
    pt: '<p>Olá <strong>empresas</strong></p><script>alert(1)</script>',
    en: '<p>Hello <strong>companies</strong></p>',
    fr: '<p>Bonjour <strong>entreprises</strong></p>',
  },
  filter,
});

const outbox = () => ctx.db.select().from(mailOutbox).orderBy(mailOutbox.toAddress);
const runJobs = () => ctx.app.jobs.runOnce(new Date(Date.now() + 1000));

beforeAll(async () => {
  ctx = await createTestContext();
});

beforeEach(async () => {
  await ctx.reset();
  const adminUser = await ctx.createUser({ email: 'admin@broadcast.cv', roles: ['admin'] });
  admin = await ctx.signIn(adminUser.email, adminUser.password);
});

afterAll(() => ctx?.close());

describe('POST broadcasts/preview', () => {
  it('narrows by island, CAE section, application state and sheet of a year; counts each person once', async () => {
    const ref = await reference();
    const created = await send(admin, 'POST', '/editions', EDITION);
    expect(created.statusCode, created.body).toBe(201);
    const editionId = (created.json() as { id: string }).id;

    const shared = await person('pt'); // owner of two companies: one person
    const [a1, a2, b1, c1, d1, e1] = await Promise.all([
      person('pt'),
      person('en'),
      person('fr'),
      person('pt'),
      person('en'),
      person('pt'),
    ]);
    const viewer = await person('pt');
    const inactive = await person('pt', false);
    // Alfa: Praia (Santiago), section C, a draft missing documents, a 2030 sheet.
    const alfa = await company('Alfa', { cityId: ref.praia, caeDivisionId: ref.division10 }, [
      { accountId: a1?.id ?? '', role: 'owner' },
      { accountId: a2?.id ?? '', role: 'accountant' },
      { accountId: viewer.id, role: 'viewer' },
      { accountId: shared.id, role: 'owner' },
    ]);
    // Beta: Mindelo (São Vicente), section G, a complete draft, only a deleted 2030 sheet and a 2029 one.
    const beta = await company('Beta', { cityId: ref.mindelo, caeDivisionId: ref.division47 }, [
      { accountId: b1?.id ?? '', role: 'owner' },
      { accountId: shared.id, role: 'owner' },
    ]);
    // Gama: Praia, section G, submitted.
    const gama = await company('Gama', { cityId: ref.praia, caeDivisionId: ref.division47 }, [
      { accountId: c1?.id ?? '', role: 'owner' },
      { accountId: inactive.id, role: 'accountant' },
    ]);
    // Delta: Mindelo, section C, qualified; Épsilon: no city nor section, refused.
    const delta = await company('Delta', { cityId: ref.mindelo, caeDivisionId: ref.division10 }, [
      { accountId: d1?.id ?? '', role: 'owner' },
    ]);
    const epsilon = await company('Épsilon', {}, [{ accountId: e1?.id ?? '', role: 'owner' }]);
    // Zeta: no application, no member reachable (a viewer only); Closed: Praia, closed.
    await company('Zeta', { cityId: ref.praia }, [{ accountId: viewer.id, role: 'viewer' }]);
    await company('Fechada', { cityId: ref.praia, closed: true }, [
      { accountId: e1?.id ?? '', role: 'owner' },
    ]);
    await application(editionId, alfa, 'draft', 3);
    await application(editionId, beta, 'draft', 8);
    await application(editionId, gama, 'pending', 8);
    await application(editionId, delta, 'evaluated', 8);
    await application(editionId, epsilon, 'unqualified', 8);
    await sheet(alfa, '2030-12-31');
    await sheet(beta, '2030-12-31', true);
    await sheet(beta, '2029-12-31');
    await sheet(gama, '2030-06-30');

    // Everyone: Alfa (a1, a2, shared), Beta (b1, shared), Gama (c1), Delta (d1), Épsilon (e1): 5 companies,
    // 7 people; the viewer, the inactive account, Zeta (nobody to write to) and the closed company are out.
    expect(await preview({})).toEqual({ companies: 5, recipients: 7 });
    expect(await preview({ islandId: ref.santiago })).toEqual({ companies: 2, recipients: 4 });
    expect(await preview({ islandId: ref.saoVicente })).toEqual({ companies: 2, recipients: 3 });
    expect(await preview({ caeSectionId: ref.sectionC })).toEqual({ companies: 2, recipients: 4 });
    expect(await preview({ caeSectionId: ref.sectionG, islandId: ref.santiago })).toEqual({
      companies: 1,
      recipients: 1,
    });
    expect(await preview({ editionId })).toEqual({ companies: 5, recipients: 7 });
    expect(await preview({ editionId, applicationState: 'draft' })).toEqual({ companies: 2, recipients: 4 });
    expect(await preview({ editionId, applicationState: 'incomplete' })).toEqual({
      companies: 1,
      recipients: 3,
    });
    expect(await preview({ editionId, applicationState: 'pending' })).toEqual({
      companies: 1,
      recipients: 1,
    });
    expect(await preview({ applicationState: 'evaluated' })).toEqual({ companies: 1, recipients: 1 });
    expect(await preview({ applicationState: 'unqualified' })).toEqual({ companies: 1, recipients: 1 });
    expect(await preview({ applicationState: 'none' })).toEqual({ companies: 0, recipients: 0 });
    expect(await preview({ sheetYear: 2030 })).toEqual({ companies: 2, recipients: 4 });
    expect(await preview({ sheetYear: 2030, hasSheet: true })).toEqual({ companies: 2, recipients: 4 });
    expect(await preview({ sheetYear: 2030, hasSheet: false })).toEqual({ companies: 3, recipients: 4 });
    expect(await preview({ sheetYear: 2029, islandId: ref.saoVicente })).toEqual({
      companies: 1,
      recipients: 2,
    });

    // A company without an application (a new owner for Zeta) counts under 'none'.
    const zetaOwner = await person('fr');
    const zeta = await ctx.db.select().from(companies).where(eq(companies.companyName, 'Zeta'));
    await ctx.db.insert(companyMembers).values({ companyId: zeta[0]?.id ?? '', accountId: zetaOwner.id });
    expect(await preview({ applicationState: 'none' })).toEqual({ companies: 1, recipients: 1 });
    expect(await preview({ editionId, applicationState: 'none' })).toEqual({ companies: 1, recipients: 1 });
  });

  it('refuses a sheet filter without its year', async () => {
    const response = await send(admin, 'POST', '/broadcasts/preview', { filter: { hasSheet: false } });
    expect(response.statusCode).toBe(400);
  });
});

describe('POST broadcasts and its job', () => {
  it('mails each person the preview counted once, in their language, and a second run sends nothing more', async () => {
    const ref = await reference();
    const pt = await person('pt');
    const en = await person('en');
    const fr = await person('fr');
    const viewer = await person('en');
    const away = await person('pt');
    await company('Alfa', { cityId: ref.praia }, [
      { accountId: pt.id, role: 'owner' },
      { accountId: en.id, role: 'accountant' },
      { accountId: viewer.id, role: 'viewer' },
    ]);
    await company('Beta', { cityId: ref.praia }, [
      { accountId: fr.id, role: 'owner' },
      { accountId: pt.id, role: 'accountant' },
    ]);
    await company('Fechada', { cityId: ref.praia, closed: true }, [{ accountId: away.id, role: 'owner' }]);
    await company('Gama', { cityId: ref.mindelo }, [{ accountId: away.id, role: 'owner' }]);

    const filter = { islandId: ref.santiago };
    expect(await preview(filter)).toEqual({ companies: 2, recipients: 3 });

    const sent = await send(admin, 'POST', '/broadcasts', message(filter));
    expect(sent.statusCode, sent.body).toBe(202);
    const item = sent.json() as BroadcastItem;
    expect(item).toMatchObject({ status: 'sending', totalRecipients: 3, sentCount: 0, filter });
    // The body was sanitised as the house's rich text.
    expect(item.body.pt).not.toContain('<script>');
    expect(item.body.pt).toContain('<strong>empresas</strong>');
    expect(await outbox()).toEqual([]);

    // The app's job worker runs the job enqueued with the broadcast.
    await runJobs();
    const done = (await get(admin, `/broadcasts/${item.id}`)).json() as BroadcastItem;
    expect(done).toMatchObject({ status: 'sent', sentCount: 3, totalRecipients: 3 });
    expect(done.sentAt).not.toBeNull();

    const mails = await outbox();
    expect(mails.map((m) => [m.toAddress, m.language, m.subject])).toEqual(
      [
        [pt.email, 'pt', 'Aviso do programa'],
        [en.email, 'en', 'Programme notice'],
        [fr.email, 'fr', 'Avis du programme'],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    const english = mails.find((m) => m.toAddress === en.email);
    expect(english?.htmlBody).toContain('Hello <strong>companies</strong>');
    expect(english?.textBody).toContain('as a member of Alfa on the portal');
    expect(english?.headers).toBeNull();

    // A second run of the job (a restart, another worker) finds nobody left.
    const again = createBroadcastsService({ db: ctx.db, publicUrl: 'https://portal.test', batchSize: 2 });
    const logger = { info() {}, warn() {}, error() {} };
    expect(await again.sendBatches(item.id, new Date(), logger, false)).toBe(0);
    // Even a broadcast put back to 'sending' (a run that died before recording the end) mails nobody again.
    await ctx.db.update(broadcasts).set({ status: 'sending' }).where(eq(broadcasts.id, item.id));
    expect(await again.sendBatches(item.id, new Date(), logger, false)).toBe(0);
    await runJobs();
    expect(await outbox()).toHaveLength(3);
    const deliveries = await ctx.db
      .select()
      .from(broadcastDeliveries)
      .where(eq(broadcastDeliveries.broadcastId, item.id));
    expect(deliveries).toHaveLength(3);
    const jobs = await listJobs(ctx.db, 'broadcasts.send');
    expect(jobs.map((job) => job.state)).toEqual(['done']);

    const audit = await listAudit(ctx.db, { entity: 'broadcasts' });
    expect(audit.some((entry) => entry.entityId === item.id && entry.action === 'send')).toBe(true);

    const list = (await get(admin, '/broadcasts')).json() as BroadcastItem[];
    expect(list.map((b) => [b.id, b.status, b.sentCount])).toEqual([[item.id, 'sent', 3]]);
  });

  it('resumes a job stopped between batches without mailing anyone twice', async () => {
    const owners = await Promise.all([person('pt'), person('en'), person('fr'), person('pt'), person('en')]);
    for (const [index, owner] of owners.entries()) {
      await company(`Empresa ${index}`, {}, [{ accountId: owner.id, role: 'owner' }]);
    }
    const sent = await send(admin, 'POST', '/broadcasts', message({}));
    expect(sent.statusCode, sent.body).toBe(202);
    const { id } = sent.json() as BroadcastItem;
    const service = createBroadcastsService({ db: ctx.db, publicUrl: 'https://portal.test', batchSize: 2 });
    // A worker that dies after its first batch: the next batch fails once.
    let calls = 0;
    const flaky = {
      info() {
        calls += 1;
        if (calls === 1) throw new Error('the process died');
      },
      warn() {},
      error() {},
    };
    await expect(service.sendBatches(id, new Date(), flaky, false)).rejects.toThrow('the process died');
    const midway = (await get(admin, `/broadcasts/${id}`)).json() as BroadcastItem;
    expect(midway).toMatchObject({ status: 'sending', sentCount: 2, totalRecipients: 5 });
    expect(await outbox()).toHaveLength(2);

    await runJobs();
    const mails = await outbox();
    expect(mails).toHaveLength(5);
    expect(new Set(mails.map((m) => m.toAddress)).size).toBe(5);
    expect((await get(admin, `/broadcasts/${id}`)).json()).toMatchObject({ status: 'sent', sentCount: 5 });
  });

  it('marks a broadcast failed when its job gives up, so that another may be sent', async () => {
    const owners = await Promise.all([person('pt'), person('en'), person('fr')]);
    for (const [index, owner] of owners.entries()) {
      await company(`Empresa ${index}`, {}, [{ accountId: owner.id, role: 'owner' }]);
    }
    const first = await send(admin, 'POST', '/broadcasts', message({}));
    const { id } = first.json() as BroadcastItem;
    const service = createBroadcastsService({ db: ctx.db, publicUrl: 'https://portal.test', batchSize: 2 });
    const dying = {
      info() {
        throw new Error('the mail relay is gone');
      },
      warn() {},
      error() {},
    };
    await expect(service.sendBatches(id, new Date(), dying, true)).rejects.toThrow('the mail relay is gone');
    expect((await get(admin, `/broadcasts/${id}`)).json()).toMatchObject({ status: 'failed', sentCount: 2 });
    expect((await send(admin, 'POST', '/broadcasts', message({}))).statusCode).toBe(202);
  });

  it('answers 409 while another broadcast is being sent, and 400 when nobody is reached', async () => {
    const owner = await person('pt');
    await company('Alfa', {}, [{ accountId: owner.id, role: 'owner' }]);
    const first = await send(admin, 'POST', '/broadcasts', message({}));
    expect(first.statusCode, first.body).toBe(202);
    const second = await send(admin, 'POST', '/broadcasts', message({}));
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ error: { code: 'broadcast_sending' } });
    await runJobs();
    const third = await send(admin, 'POST', '/broadcasts', message({}));
    expect(third.statusCode, third.body).toBe(202);

    await runJobs();
    const nobody = await send(admin, 'POST', '/broadcasts', message({ applicationState: 'evaluated' }));
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json()).toMatchObject({ error: { code: 'broadcast_no_recipients' } });
    const list = (await get(admin, '/broadcasts')).json() as BroadcastItem[];
    expect(list.map((b) => b.status)).toEqual(['sent', 'sent']);
    expect(
      await ctx.db
        .select()
        .from(mailOutbox)
        .where(inArray(mailOutbox.toAddress, [owner.email])),
    ).toHaveLength(2);
  });

  it('refuses a message missing a language or too long', async () => {
    const missing = message({});
    missing.subject.fr = '';
    expect((await send(admin, 'POST', '/broadcasts', missing)).statusCode).toBe(400);
    const long = message({});
    long.body.en = 'x'.repeat(20_001);
    expect((await send(admin, 'POST', '/broadcasts', long)).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const user = await ctx.createUser({ email: 'dono@broadcast.cv', roles: ['company'] });
    await ctx.linkCompany(user.accountId, { companyName: 'Própria', nif: '269999999' });
    const owner = await ctx.signIn(user.email, user.password);
    expect((await send(owner, 'POST', '/broadcasts/preview', { filter: {} })).statusCode).toBe(403);
    expect((await send(owner, 'POST', '/broadcasts', message({}))).statusCode).toBe(403);
    expect((await get(owner, '/broadcasts')).statusCode).toBe(403);
    expect(await outbox()).toEqual([]);
  });
});

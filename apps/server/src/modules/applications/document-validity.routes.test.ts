import {
  type AutomationItem,
  DEFAULT_APPEAL_DAYS,
  DEFAULT_DOCUMENT_VALIDITY_DAYS,
  type Edition,
  portalDay,
} from '@excelencia/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/support/balance-sheets.ts';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { openEditionInput } from '../../../test/support/editions.ts';
import { apiCalls } from '../../../test/support/http.ts';
import { accounts, applicationFiles, files, mailOutbox } from '../../db/schema/index.ts';

/**
 * Application documents with a validity (docs/adr/0030-document-validity.md): the edition's appeal period and
 * validity per document type, the issue date of each upload, the refusal of a document whose validity already ran
 * out, the flag of one that runs out before the evaluation ends (to the company and to the evaluator), and the
 * reminder the automations job sends once per such document.
 *
 * The rule at its boundaries: the issue day is the first valid day, so a document issued on day D with N days of
 * validity is valid through D + N − 1 (2026-01-01 with 90 days: through 2026-03-31) and has run out the day after.
 * Days are Cabo Verde's; "today" is the day the request is made.
 */

const DAY = 24 * 60 * 60 * 1000;

let ctx: TestContext;
let admin: SignedIn;
const { get, send } = apiCalls(() => ctx.app, { language: 'en' });

const PDF = (label: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${label}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );

/** The day `days` after (or before) the day `day` (yyyy-mm-dd). */
function plusDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

const today = () => portalDay(new Date());

let made = 0;

/** A company of its own with one member reading `language`, signed in, and its application to the edition. */
async function applicant(editionId: string, language: 'pt' | 'en' | 'fr' = 'en') {
  made += 1;
  const email = `member${made}@validity.cv`;
  const user = await ctx.createUser({ email, roles: ['company'], name: `Pessoa ${made}` });
  const companyId = await ctx.linkCompany(user.accountId, {
    companyName: `Empresa ${made}, Lda`,
    nif: String(260000000 + made),
  });
  await ctx.db.update(accounts).set({ language }).where(eq(accounts.id, user.accountId));
  const session = await ctx.signIn(email, user.password);
  const opened = await send(session, 'POST', `/companies/${companyId}/applications`, { editionId });
  expect(opened.statusCode, opened.body).toBe(201);
  const applicationId = opened.json().id as string;
  const url = `/companies/${companyId}/applications/${applicationId}`;
  return { email, companyId, applicationId, url, session, accountId: user.accountId };
}

function upload(
  session: SignedIn,
  url: string,
  fields: Record<string, string>,
  options: { language?: string; method?: 'POST' | 'PUT' } = {},
) {
  const body = multipart(fields, {
    data: PDF(JSON.stringify(fields)),
    filename: 'doc.pdf',
    type: 'application/pdf',
  });
  return send(session, options.method ?? 'POST', url, body.payload, {
    contentType: body.contentType,
    ...(options.language ? { language: options.language } : {}),
  });
}

async function rows(table: typeof files | typeof applicationFiles): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

async function createEdition(input = openEditionInput(2)): Promise<Edition> {
  const created = await send(admin, 'POST', '/editions', input);
  expect(created.statusCode, created.body).toBe(201);
  return created.json();
}

beforeAll(async () => {
  ctx = await createTestContext();
});

beforeEach(async () => {
  await ctx.reset();
  const adminUser = await ctx.createUser({ email: 'admin@validity.cv', roles: ['admin'] });
  admin = await ctx.signIn(adminUser.email, adminUser.password);
});

afterAll(() => ctx?.close());

describe('the edition settings: appeal period and document validity per type', () => {
  it('a new edition takes the defaults; an update sets them, keeps them when left out, and the copy keeps both', async () => {
    const created = await createEdition();
    expect(created).toMatchObject({
      appealDays: 10,
      documentValidityDays: [90, 90, 365, null, null, null, null, null],
    });
    // The columns' defaults are the domain's, which the new-edition form starts from.
    expect(created).toMatchObject({
      appealDays: DEFAULT_APPEAL_DAYS,
      documentValidityDays: DEFAULT_DOCUMENT_VALIDITY_DAYS,
    });

    const validity = [30, 60, null, 15, null, null, 3650, 1];
    const updated = await send(admin, 'PUT', `/editions/${created.id}`, {
      ...openEditionInput(2),
      appealDays: 15,
      documentValidityDays: validity,
      version: created.version,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ appealDays: 15, documentValidityDays: validity });

    // An update that does not send them keeps them (clients built before the settings).
    const kept = await send(admin, 'PUT', `/editions/${created.id}`, {
      ...openEditionInput(2),
      version: updated.json().version,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ appealDays: 15, documentValidityDays: validity });
    const listed = ((await get(admin, '/editions')).json() as Edition[]).find((e) => e.id === created.id);
    expect(listed).toMatchObject({ appealDays: 15, documentValidityDays: validity });

    const copy = await send(admin, 'POST', `/editions/${created.id}/copy`);
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({ number: 3, appealDays: 15, documentValidityDays: validity });
  });

  it('refuses days outside 1..3650 (validity) and 1..90 (appeal), fractions, and a list not of the 8 types', async () => {
    const created = await createEdition();
    const put = (extra: Record<string, unknown>) =>
      send(admin, 'PUT', `/editions/${created.id}`, {
        ...openEditionInput(2),
        version: created.version,
        ...extra,
      });
    const eight = (first: unknown) => [first, null, null, null, null, null, null, null];
    for (const [extra, path] of [
      [{ documentValidityDays: eight(0) }, 'documentValidityDays.0'],
      [{ documentValidityDays: eight(3651) }, 'documentValidityDays.0'],
      [{ documentValidityDays: eight(1.5) }, 'documentValidityDays.0'],
      [{ documentValidityDays: [90, 90, 365] }, 'documentValidityDays'],
      [{ appealDays: 0 }, 'appealDays'],
      [{ appealDays: 91 }, 'appealDays'],
    ] as const) {
      const refused = await put(extra);
      expect(refused.statusCode, JSON.stringify(extra)).toBe(400);
      expect(refused.json().error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    // Nothing changed.
    expect((await get(admin, `/editions`)).json()[0]).toMatchObject({
      version: created.version,
      appealDays: 10,
    });
  });
});

describe('uploading a document with its issue date', () => {
  it('INPS (90 days): issued 89 days ago is valid through today, accepted and flagged; 90 days ago it ran out yesterday: 409 document_expired, nothing stored', async () => {
    const edition = await createEdition();
    const company = await applicant(edition.id);
    const filesBefore = await rows(files);

    const lastDay = today();
    const expired = await upload(company.session, `${company.url}/files`, {
      fileType: '0',
      issuedAt: plusDays(lastDay, -90),
    });
    expect(expired.statusCode, expired.body).toBe(409);
    const yesterday = plusDays(lastDay, -1);
    const [y, m, d] = yesterday.split('-').map(Number) as [number, number, number];
    const written = new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(expired.json().error).toMatchObject({
      code: 'document_expired',
      message: `The document “Social security (INPS) regularised-status declaration” is no longer valid: it ran out on ${written}. Upload a more recent one.`,
    });
    // In the caller's language.
    const inPortuguese = await upload(
      company.session,
      `${company.url}/files`,
      { fileType: '0', issuedAt: plusDays(lastDay, -90) },
      { language: 'pt' },
    );
    expect(inPortuguese.json().error.message).toMatch(
      /^O documento “.+” já não é válido: a validade terminou a /,
    );
    expect(await rows(files)).toBe(filesBefore);
    expect(await rows(applicationFiles)).toBe(0);

    const accepted = await upload(company.session, `${company.url}/files`, {
      fileType: '0',
      issuedAt: plusDays(lastDay, -89),
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json()).toMatchObject({
      fileType: 0,
      issuedAt: plusDays(lastDay, -89),
      validUntil: lastDay,
      expiresBeforeEvaluationEnds: true,
    });
  });

  it('a document valid on the day the evaluation ends is not flagged; one valid through the day before is', async () => {
    const input = openEditionInput(2);
    const edition = await createEdition(input);
    const company = await applicant(edition.id);
    const endDay = portalDay(input.evaluationEndsAt);

    // Commercial certificate, 365 days: issued so that its last valid day is the day the evaluation ends.
    const onTheDay = await upload(company.session, `${company.url}/files`, {
      fileType: '2',
      issuedAt: plusDays(endDay, -364),
    });
    expect(onTheDay.statusCode, onTheDay.body).toBe(201);
    expect(onTheDay.json()).toMatchObject({ validUntil: endDay, expiresBeforeEvaluationEnds: false });

    // Finance, 90 days: its last valid day the day before the evaluation ends.
    const dayBefore = await upload(company.session, `${company.url}/files`, {
      fileType: '1',
      issuedAt: plusDays(endDay, -90),
    });
    expect(dayBefore.statusCode, dayBefore.body).toBe(201);
    expect(dayBefore.json()).toMatchObject({
      validUntil: plusDays(endDay, -1),
      expiresBeforeEvaluationEnds: true,
    });

    // The company and the evaluator read the same flags in the application.
    const asCompany = (await get(company.session, company.url)).json();
    const asAdmin = (await get(admin, `/applications/${company.applicationId}`)).json();
    for (const application of [asCompany, asAdmin]) {
      const byType = Object.fromEntries(
        application.files.map((f: { fileType: number }) => [f.fileType, f]),
      ) as Record<number, unknown>;
      expect(byType[2]).toMatchObject({
        issuedAt: plusDays(endDay, -364),
        expiresBeforeEvaluationEnds: false,
      });
      expect(byType[1]).toMatchObject({
        validUntil: plusDays(endDay, -1),
        expiresBeforeEvaluationEnds: true,
      });
    }
  });

  it('a type without validity takes no issue date or any past one; a type with one requires it; a future or malformed date is a 400', async () => {
    const edition = await createEdition();
    const company = await applicant(edition.id);

    const noDate = await upload(company.session, `${company.url}/files`, { fileType: '3' });
    expect(noDate.statusCode, noDate.body).toBe(201);
    expect(noDate.json()).toMatchObject({
      issuedAt: null,
      validUntil: null,
      expiresBeforeEvaluationEnds: false,
    });
    const old = await upload(company.session, `${company.url}/files`, {
      fileType: '4',
      issuedAt: '2001-05-20',
    });
    expect(old.statusCode, old.body).toBe(201);
    expect(old.json()).toMatchObject({
      issuedAt: '2001-05-20',
      validUntil: null,
      expiresBeforeEvaluationEnds: false,
    });

    const missing = await upload(company.session, `${company.url}/files`, { fileType: '1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details).toEqual([
      { path: 'issuedAt', message: 'Enter the issue date: this document has a validity period.' },
    ]);
    const future = await upload(company.session, `${company.url}/files`, {
      fileType: '1',
      issuedAt: plusDays(today(), 1),
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().error.details).toEqual([
      { path: 'issuedAt', message: 'The issue date cannot be later than today.' },
    ]);
    const todayIsFine = await upload(company.session, `${company.url}/files`, {
      fileType: '1',
      issuedAt: today(),
    });
    expect(todayIsFine.statusCode, todayIsFine.body).toBe(201);
    for (const bad of ['2026-02-30', '01/02/2026', 'yesterday']) {
      const refused = await upload(company.session, `${company.url}/files`, { fileType: '0', issuedAt: bad });
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().error.details[0].path).toBe('issuedAt');
    }
    expect(await rows(applicationFiles)).toBe(3);
  });

  it('replacing a document checks the new issue date the same way', async () => {
    const edition = await createEdition();
    const company = await applicant(edition.id);
    const first = await upload(company.session, `${company.url}/files`, { fileType: '0', issuedAt: today() });
    expect(first.statusCode, first.body).toBe(201);
    const fileUrl = `${company.url}/files/${first.json().id}`;

    const expired = await upload(
      company.session,
      fileUrl,
      { issuedAt: plusDays(today(), -90) },
      { method: 'PUT' },
    );
    expect(expired.statusCode).toBe(409);
    expect(expired.json().error.code).toBe('document_expired');
    const missing = await upload(company.session, fileUrl, {}, { method: 'PUT' });
    expect(missing.statusCode).toBe(400);
    // The first document is still the live one.
    expect((await get(company.session, company.url)).json().files).toMatchObject([{ id: first.json().id }]);

    const replaced = await upload(
      company.session,
      fileUrl,
      { issuedAt: plusDays(today(), -10) },
      { method: 'PUT' },
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({
      issuedAt: plusDays(today(), -10),
      validUntil: plusDays(today(), 79),
    });
  });

  it('the flag follows the edition: a longer validity set later clears it', async () => {
    const input = openEditionInput(2);
    const edition = await createEdition(input);
    const company = await applicant(edition.id);
    const uploaded = await upload(company.session, `${company.url}/files`, {
      fileType: '0',
      issuedAt: plusDays(today(), -80),
    });
    expect(uploaded.json()).toMatchObject({ expiresBeforeEvaluationEnds: true });
    const longer = await send(admin, 'PUT', `/editions/${edition.id}`, {
      ...input,
      documentValidityDays: [180, 90, 365, null, null, null, null, null],
      version: edition.version,
    });
    expect(longer.statusCode, longer.body).toBe(200);
    expect((await get(company.session, company.url)).json().files[0]).toMatchObject({
      validUntil: plusDays(today(), 99),
      expiresBeforeEvaluationEnds: false,
    });
  });
});

describe('the document-expiry reminder', () => {
  const mailsTo = (address: string) =>
    ctx.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, address)).orderBy(mailOutbox.createdAt);
  const expiryMails = async (address: string) =>
    (await mailsTo(address)).filter((mail) => /expir|runs out|run out/i.test(mail.subject));
  const runJobsAt = (now: Date) => ctx.app.jobs.runOnce(now);
  const schedule = async (editionId: string) => {
    const items = (await get(admin, `/editions/${editionId}/automations`)).json() as AutomationItem[];
    return items.find((item) => item.kind === 'documentExpiry');
  };

  it('goes at the next run after the upload, once per document, to each member in their language; not to an opted-out one; not after the evaluation ends', async () => {
    const input = openEditionInput(2);
    const edition = await createEdition(input);
    const french = await applicant(edition.id, 'fr');
    const valid = await applicant(edition.id, 'en');
    const optedOut = await applicant(edition.id, 'pt');
    expect((await send(optedOut.session, 'PUT', '/me/reminders', { enabled: false })).statusCode).toBe(200);

    expect(await schedule(edition.id)).toMatchObject({
      audience: 0,
      sendAt: input.applicationOpensAt,
      state: 'scheduled',
      enabled: true,
      sent: 0,
      switchable: true,
    });

    const early = plusDays(today(), -80); // INPS, 90 days: runs out in 9 days, before the evaluation ends.
    const flagged = await upload(french.session, `${french.url}/files`, { fileType: '0', issuedAt: early });
    expect(flagged.json().expiresBeforeEvaluationEnds).toBe(true);
    await upload(valid.session, `${valid.url}/files`, { fileType: '0', issuedAt: today() });
    await upload(optedOut.session, `${optedOut.url}/files`, { fileType: '0', issuedAt: early });
    expect((await schedule(edition.id))?.audience).toBe(1);

    const now = Date.now();
    await runJobsAt(new Date(now + 60_000));
    const [mail, ...more] = await expiryMails(french.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toMatch(
      /^Un document de la candidature de l’entreprise Empresa \d+, Lda expire le /,
    );
    expect(mail?.textBody).toContain(
      'Attestation de situation régularisée auprès de la sécurité sociale (INPS)',
    );
    expect(mail?.textBody).toContain('/fr/company/application');
    expect(await expiryMails(valid.email)).toHaveLength(0);
    expect(await expiryMails(optedOut.email)).toHaveLength(0);

    // Once per document: a later run sends nothing more; a second flagged document gets its own mail.
    await runJobsAt(new Date(now + DAY));
    expect(await expiryMails(french.email)).toHaveLength(1);
    await upload(french.session, `${french.url}/files`, { fileType: '1', issuedAt: early });
    await runJobsAt(new Date(now + DAY + 10 * 60_000));
    expect(await expiryMails(french.email)).toHaveLength(2);
    expect(await schedule(edition.id)).toMatchObject({ sent: 1, audience: 1, state: 'scheduled' });

    // After the evaluation ends, nothing more is sent, and the item says it was sent.
    await upload(valid.session, `${valid.url}/files`, { fileType: '1', issuedAt: early });
    await runJobsAt(new Date(Date.parse(input.evaluationEndsAt) + 60_000));
    expect(await expiryMails(valid.email)).toHaveLength(0);
  });

  it('switched off, it sends nothing; switched back on, it goes at the next run', async () => {
    const edition = await createEdition();
    const company = await applicant(edition.id, 'en');
    const off = await send(admin, 'PUT', `/editions/${edition.id}/automations/documentExpiry`, {
      enabled: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ kind: 'documentExpiry', enabled: false, state: 'disabled' });
    await upload(company.session, `${company.url}/files`, {
      fileType: '0',
      issuedAt: plusDays(today(), -85),
    });

    const now = Date.now();
    await runJobsAt(new Date(now + 60_000));
    expect(await expiryMails(company.email)).toHaveLength(0);
    await send(admin, 'PUT', `/editions/${edition.id}/automations/documentExpiry`, { enabled: true });
    await runJobsAt(new Date(now + 2 * 60_000 + 5 * 60_000));
    const mails = await expiryMails(company.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toMatch(/^A document of Empresa \d+, Lda’s application runs out on /);
    expect(mails[0]?.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });
});

import {
  APPLICATION_FILE_TYPE_COUNT,
  EditionFunnel,
  FUNNEL_STEPS,
  type FunnelStep,
} from '@excelencia/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { openEditionInput } from '../../../test/support/editions.ts';
import { pdfTexts } from '../../../test/support/pdf-text.ts';
import {
  accounts,
  applicationFiles,
  applications,
  balanceSheets,
  caeDivisions,
  caeSections,
  cities,
  companies,
  companyMembers,
  diagnoses,
  editions,
  files,
  islands,
  mailOutbox,
  reminderOptOuts,
  seals,
} from '../../db/schema/index.ts';

const DAY = 86_400_000;
const ALL = APPLICATION_FILE_TYPE_COUNT;
const text = (pt: string) => ({ pt, en: pt, fr: pt });
const url = (id: string, by?: string) => `/app/api/v1/editions/${id}/funnel${by ? `?by=${by}` : ''}`;

let ctx: TestContext;
let admin: SignedIn;
let member: SignedIn;
let editionId: string;

async function first<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error('no row');
  return row;
}

/** The edition's dates as the table takes them (registration closed two days ago, applications open). */
function editionRow(number: number) {
  const input = openEditionInput(number);
  return {
    number: input.number,
    year: input.year,
    indicatorYear: input.indicatorYear,
    registrationOpensAt: new Date(input.registrationOpensAt),
    registrationClosesAt: new Date(input.registrationClosesAt),
    applicationOpensAt: new Date(input.applicationOpensAt),
    applicationClosesAt: new Date(input.applicationClosesAt),
    evaluationStartsAt: new Date(input.evaluationStartsAt),
    evaluationEndsAt: new Date(input.evaluationEndsAt),
    resultsAt: new Date(input.resultsAt),
  };
}

/**
 * Hand-made companies of the 2nd edition (indicator year 2024), each stopping at one step:
 * A1 Santiago, G: every step, distinguished.       A2 Santiago, G: complete and eligible, not distinguished.
 * A3 Santiago, C: applied with 2 of the 8 documents (eligible flag set: not counted, it stopped at complete).
 * A4 São Vicente, C: 2024 sheet, its diagnosis deleted; applied anyway (stops at withSheet).
 * A5 São Vicente, G: a 2023 sheet only.           A6 no island or section: a quarterly 2024 sheet, a draft.
 * A7 Santiago, G: everything, but registered after the registration closed: not in the funnel.
 * A8 São Vicente, C: its 2024 sheet deleted.
 */
beforeAll(async () => {
  ctx = await createTestContext();
  const adminUser = await ctx.createUser({ email: 'admin@funnel.cv', roles: ['admin'] });
  const companyUser = await ctx.createUser({ email: 'dona@funnel.cv', roles: ['company'] });
  await ctx.linkCompany(companyUser.accountId, { companyName: 'Própria, Lda', nif: '500000090' });
  admin = await ctx.signIn(adminUser.email, adminUser.password);
  member = await ctx.signIn(companyUser.email, companyUser.password);

  const santiago = await first(
    ctx.db
      .insert(islands)
      .values({ code: 'ST', description: text('Santiago') })
      .returning(),
  );
  const saoVicente = await first(
    ctx.db
      .insert(islands)
      .values({ code: 'SV', description: text('São Vicente') })
      .returning(),
  );
  const [praia, mindelo] = await ctx.db
    .insert(cities)
    .values([
      { code: 'PR', description: text('Praia'), islandId: santiago.id },
      { code: 'MI', description: text('Mindelo'), islandId: saoVicente.id },
    ])
    .returning();
  const commerce = await first(
    ctx.db
      .insert(caeSections)
      .values({ code: 'G', description: text('Comércio') })
      .returning(),
  );
  const industry = await first(
    ctx.db
      .insert(caeSections)
      .values({ code: 'C', description: text('Indústria') })
      .returning(),
  );
  const [retail, food] = await ctx.db
    .insert(caeDivisions)
    .values([
      { code: '47', description: text('Retalho'), sectionId: commerce.id },
      { code: '10', description: text('Alimentar'), sectionId: industry.id },
    ])
    .returning();
  const edition = await first(ctx.db.insert(editions).values(editionRow(2)).returning());
  const earlier = await first(ctx.db.insert(editions).values(editionRow(1)).returning());
  editionId = edition.id;

  const monthAgo = new Date(Date.now() - 30 * DAY);
  const place = { ST: praia?.id, SV: mindelo?.id, none: undefined };
  const division = { G: retail?.id, C: food?.id, none: undefined };
  const company = async (
    nif: string,
    island: keyof typeof place,
    section: keyof typeof division,
    createdAt = monthAgo,
  ) =>
    (
      await first(
        ctx.db
          .insert(companies)
          .values({
            companyName: `Empresa ${nif}`,
            nif,
            email: `${nif}@funnel.cv`,
            cityId: place[island],
            caeDivisionId: division[section],
            createdAt,
          })
          .returning({ id: companies.id }),
      )
    ).id;
  const a1 = await company('500000001', 'ST', 'G');
  const a2 = await company('500000002', 'ST', 'G');
  const a3 = await company('500000003', 'ST', 'C');
  const a4 = await company('500000004', 'SV', 'C');
  const a5 = await company('500000005', 'SV', 'G');
  const a6 = await company('500000006', 'none', 'none');
  const a7 = await company('500000007', 'ST', 'G', new Date(Date.now() - DAY));
  const a8 = await company('500000008', 'SV', 'C');

  const sheet = async (
    companyId: string,
    year: number,
    options: { frequency?: string; deleted?: boolean } = {},
  ) =>
    (
      await first(
        ctx.db
          .insert(balanceSheets)
          .values({
            companyId,
            startDate: options.frequency === 'quarterly' ? `${year}-10-01` : `${year}-01-01`,
            endDate: `${year}-12-31`,
            typeFrequence: options.frequency ?? 'annual',
            source: 'entry',
            deletedAt: options.deleted ? new Date() : null,
          })
          .returning({ id: balanceSheets.id }),
      )
    ).id;
  const diagnose = (companyId: string, balanceSheetId: string, deleted = false) =>
    ctx.db.insert(diagnoses).values({
      companyId,
      balanceSheetId,
      type: 'simple',
      snapshot: {},
      passedCount: 1,
      computableCount: 2,
      deletedAt: deleted ? new Date() : null,
    });
  const documents = await ctx.db
    .insert(files)
    .values(
      Array.from({ length: APPLICATION_FILE_TYPE_COUNT }, (_, index) => ({
        sha256: `sha-${index}`,
        size: 10,
        mime: 'application/pdf',
        originalName: `d${index}.pdf`,
        kind: 'application',
      })),
    )
    .returning({ id: files.id });
  const apply = async (
    companyId: string,
    options: { files: number; eligible: boolean; submitted?: boolean; edition?: string },
  ) => {
    const application = await first(
      ctx.db
        .insert(applications)
        .values({
          editionId: options.edition ?? edition.id,
          companyId,
          status: options.submitted === false ? 'draft' : 'pending',
          submittedAt: options.submitted === false ? null : new Date(),
          eligibility: {},
          eligible: options.eligible,
        })
        .returning({ id: applications.id }),
    );
    if (options.files > 0) {
      await ctx.db.insert(applicationFiles).values(
        documents.slice(0, options.files).map((file, fileType) => ({
          applicationId: application.id,
          fileType,
          fileId: file.id,
          fileName: `f${fileType}.pdf`,
          size: 10,
        })),
      );
    }
    return application.id;
  };

  for (const id of [a1, a2, a3, a7]) await diagnose(id, await sheet(id, 2024));
  await diagnose(a4, await sheet(a4, 2024), true);
  await sheet(a5, 2023);
  await sheet(a6, 2024, { frequency: 'quarterly' });
  await sheet(a8, 2024, { deleted: true });

  const distinguished = await apply(a1, { files: ALL, eligible: true });
  await apply(a2, { files: ALL, eligible: true });
  // A2's application to the earlier edition: one row per company all the same.
  await apply(a2, { files: ALL, eligible: true, edition: earlier.id });
  await apply(a3, { files: 2, eligible: true });
  await apply(a4, { files: ALL, eligible: true });
  await apply(a6, { files: 0, eligible: false, submitted: false });
  const late = await apply(a7, { files: ALL, eligible: true });
  for (const [applicationId, companyId] of [
    [distinguished, a1],
    [late, a7],
  ] as const) {
    await ctx.db.insert(seals).values({
      code: `code-${companyId.slice(0, 8)}`,
      applicationId,
      companyId,
      editionId: edition.id,
      companyName: 'x',
      nif: 'x',
      issuedAt: new Date(),
      validUntil: new Date(Date.now() + 300 * DAY),
    });
  }

  // Mail: two sent and one failed during the edition, one still pending; one sent before it opened.
  const mail = (state: 'sent' | 'failed' | 'pending', createdAt: Date) => ({
    toAddress: 'x@funnel.cv',
    subject: 's',
    textBody: 't',
    state,
    createdAt,
  });
  await ctx.db
    .insert(mailOutbox)
    .values([
      mail('sent', new Date(Date.now() - 20 * DAY)),
      mail('sent', new Date()),
      mail('failed', new Date(Date.now() - 3 * DAY)),
      mail('pending', new Date()),
      mail('sent', new Date(Date.now() - 40 * DAY)),
    ]);
  // Opted out: one member of A1 and A2 (counted once), one member of A7 only (not registered); one member did not.
  const [both, lateMember, stays] = await ctx.db
    .insert(accounts)
    .values([
      { email: 'both@funnel.cv', name: 'Both' },
      { email: 'late@funnel.cv', name: 'Late' },
      { email: 'stays@funnel.cv', name: 'Stays' },
    ])
    .returning({ id: accounts.id });
  await ctx.db.insert(companyMembers).values([
    { companyId: a1, accountId: both?.id as string },
    { companyId: a2, accountId: both?.id as string },
    { companyId: a7, accountId: lateMember?.id as string },
    { companyId: a3, accountId: stays?.id as string },
  ]);
  await ctx.db
    .insert(reminderOptOuts)
    .values([{ accountId: both?.id as string }, { accountId: lateMember?.id as string }]);
});

afterAll(async () => {
  await ctx?.close();
});

/** The steps of hand-counted figures, each with its share of the step before (null first, or after a 0). */
function expected(counts: readonly number[]) {
  return FUNNEL_STEPS.map((step, index) => {
    const previous = index === 0 ? undefined : counts[index - 1];
    return {
      step,
      count: counts[index],
      conversion: previous ? (counts[index] as number) / previous : null,
    };
  });
}

const countsOf = (steps: ReadonlyArray<{ step: FunnelStep; count: number }>) => steps.map((s) => s.count);

describe('GET editions/{id}/funnel', () => {
  it('answers 401 to a visitor, 403 to a company user and 404 for an unknown edition', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: url(editionId) })).statusCode).toBe(401);
    const denied = await ctx.app.inject({
      method: 'GET',
      url: url(editionId),
      headers: { cookie: member.cookie },
    });
    expect(denied.statusCode).toBe(403);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: url('00000000-0000-4000-8000-000000000000'),
      headers: { cookie: admin.cookie },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('counts each step of the companies that reached every step before, with the share of the previous step', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: url(editionId),
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    const funnel = EditionFunnel.parse(response.json());
    expect(funnel.by).toBe('island');
    // registered A1–A6, A8 | sheet A1–A4 | diagnosed A1–A3 | applied A1–A3 | complete A1, A2 | eligible A1, A2 | A1
    expect(funnel.steps).toEqual(expected([7, 4, 3, 3, 2, 2, 1]));
    expect(funnel.steps[1]?.conversion).toBeCloseTo(4 / 7);
    expect(funnel.steps[4]?.conversion).toBeCloseTo(2 / 3);
  });

  it('splits the funnel by island, companies without one apart', async () => {
    const funnel = EditionFunnel.parse(
      (
        await ctx.app.inject({
          method: 'GET',
          url: url(editionId, 'island'),
          headers: { cookie: admin.cookie },
        })
      ).json(),
    );
    const byCode = new Map(funnel.groups.map((group) => [group.code, group]));
    expect([...byCode.keys()]).toEqual(['ST', 'SV', null]);
    expect(byCode.get('ST')?.label?.pt).toBe('Santiago');
    expect(byCode.get('ST')?.steps).toEqual(expected([3, 3, 3, 3, 2, 2, 1]));
    expect(countsOf(byCode.get('SV')?.steps ?? [])).toEqual([3, 1, 0, 0, 0, 0, 0]);
    expect(byCode.get('SV')?.steps.map((s) => s.conversion)).toEqual([
      null,
      1 / 3,
      0,
      null,
      null,
      null,
      null,
    ]);
    expect(byCode.get(null)?.label).toBeNull();
    expect(countsOf(byCode.get(null)?.steps ?? [])).toEqual([1, 0, 0, 0, 0, 0, 0]);
  });

  it('splits the funnel by CAE section', async () => {
    const funnel = EditionFunnel.parse(
      (
        await ctx.app.inject({
          method: 'GET',
          url: url(editionId, 'caeSection'),
          headers: { cookie: admin.cookie },
        })
      ).json(),
    );
    const byCode = new Map(funnel.groups.map((group) => [group.code, countsOf(group.steps)]));
    expect(byCode.get('G')).toEqual([3, 2, 2, 2, 2, 2, 1]);
    expect(byCode.get('C')).toEqual([3, 2, 1, 1, 0, 0, 0]);
    expect(byCode.get(null)).toEqual([1, 0, 0, 0, 0, 0, 0]);
  });

  it("gives the edition's mail: sent and failed while it ran, members of its companies who opted out", async () => {
    const funnel = EditionFunnel.parse(
      (
        await ctx.app.inject({ method: 'GET', url: url(editionId), headers: { cookie: admin.cookie } })
      ).json(),
    );
    expect(funnel.mail).toEqual({ sent: 2, failed: 1, optedOut: 1 });
  });
});

describe('the results report of a published edition', () => {
  it('carries the funnel for an admin: a sheet of the XLSX and a table of the PDF', async () => {
    await ctx.db.update(editions).set({ resultsPublishedAt: new Date() }).where(eq(editions.id, editionId));
    const xlsx = await ctx.app.inject({
      method: 'GET',
      url: `/app/api/v1/editions/${editionId}/results/report.xlsx?lang=en`,
      headers: { cookie: admin.cookie },
    });
    expect(xlsx.statusCode, xlsx.body.slice(0, 300)).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Funnel- Edition 2 (2025)');
    expect(sheet, workbook.worksheets.map((w) => w.name).join(', ')).toBeDefined();
    const values = (row: number) => ((sheet?.getRow(row).values ?? []) as unknown[]).slice(1);
    expect(values(2)).toEqual(['Step', 'Companies', 'Of the previous step']);
    expect(values(3)).toEqual(['Registered', 7]);
    expect(values(4)).toEqual(['With an annual trial balance of 2024', 4, 4 / 7]);
    expect(values(9)).toEqual(['Distinguished', 1, 1 / 2]);
    expect(values(12)).toEqual(['ST – Santiago', 3, 3, 3, 3, 2, 2, 1]);

    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/app/api/v1/editions/${editionId}/results/report.pdf?lang=en`,
      headers: { cookie: admin.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfTexts(pdf.rawPayload).join('\n');
    expect(text).toContain('Funnel: Edition 2 (2025)');
    expect(text).toContain('With an annual trial balance of 2024');
    expect(text).toContain('57.1');
  });
});

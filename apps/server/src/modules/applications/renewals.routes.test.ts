import { searchText } from '@excelencia/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { apiCalls } from '../../../test/support/http.ts';
import {
  applications,
  editions,
  partnerAssistedCompanies,
  partnerEntities,
  partners,
  partnerTypes,
} from '../../db/schema/index.ts';

/**
 * A renewal: an application from a company that held a seal issued by an earlier edition (a lower number). The
 * admin list (and its filter), the application the admin reads, the results and their report, and the partner's
 * view of the company say so.
 */

let ctx: TestContext;
let admin: SignedIn;
let partner: SignedIn;
let owner: SignedIn;
let holderId: string;
let newcomerId: string;
let edition3: string;
const applicationOf: Record<'holder' | 'newcomer', string> = {} as never;

const { get, send } = apiCalls(() => ctx.app, { language: 'en' });

async function first<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error('no row');
  return row;
}

/** An edition numbered `number` whose every date is in `year` (all past). */
async function pastEdition(number: number, year: number): Promise<string> {
  const at = (month: number) => new Date(Date.UTC(year, month - 1, 1));
  const row = await first(
    ctx.db
      .insert(editions)
      .values({
        number,
        year: year + 1,
        indicatorYear: year - 1,
        registrationOpensAt: at(1),
        registrationClosesAt: at(2),
        applicationOpensAt: at(3),
        applicationClosesAt: at(4),
        evaluationStartsAt: at(5),
        evaluationEndsAt: at(6),
        resultsAt: at(7),
      })
      .returning({ id: editions.id }),
  );
  return row.id;
}

/** The company's application to the edition, qualified and confirmed (ready to publish). */
async function qualified(editionId: string, companyId: string, year: number): Promise<string> {
  const at = (month: number) => new Date(Date.UTC(year, month - 1, 1));
  const row = await first(
    ctx.db
      .insert(applications)
      .values({
        editionId,
        companyId,
        status: 'evaluated',
        eligibility: { eligible: true, applicationFinancialIndicators: [], missingYears: [] },
        eligible: true,
        submittedAt: at(4),
        decidedAt: at(5),
        confirmedAt: at(6),
      })
      .returning({ id: applications.id }),
  );
  return row.id;
}

async function publish(editionId: string) {
  const published = await send(admin, 'POST', `/editions/${editionId}/results/publish`, {});
  expect(published.statusCode, published.body).toBe(200);
}

async function listSheet(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[2];
  if (!sheet) throw new Error('no list sheet');
  return sheet;
}

/** The list sheet's rows as {header: value}, by NIF. */
function rowsByNif(sheet: ExcelJS.Worksheet): Map<string, Record<string, unknown>> {
  const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  const rows = new Map<string, Record<string, unknown>>();
  for (let number = 2; number <= sheet.rowCount; number += 1) {
    const values = (sheet.getRow(number).values as unknown[]).slice(1);
    const row = Object.fromEntries(headers.map((header, i) => [header, values[i]]));
    rows.set(String(row.NIF), row);
  }
  return rows;
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  const adminUser = await ctx.createUser({ email: 'admin@renovacoes.cv', roles: ['admin'] });
  admin = await ctx.signIn(adminUser.email, adminUser.password);
  const ownerUser = await ctx.createUser({ email: 'dona@renovada.cv', roles: ['company'] });
  holderId = await ctx.linkCompany(ownerUser.accountId, { companyName: 'Renovada, Lda', nif: '400000001' });
  owner = await ctx.signIn(ownerUser.email, ownerUser.password);
  const newcomerUser = await ctx.createUser({ email: 'dono@estreante.cv', roles: ['company'] });
  newcomerId = await ctx.linkCompany(newcomerUser.accountId, {
    companyName: 'Estreante, Lda',
    nif: '400000002',
  });

  const type = await first(
    ctx.db
      .insert(partnerTypes)
      .values({ code: 'BANK', description: { pt: 'Banco', en: 'Bank', fr: 'Banque' } })
      .returning({ id: partnerTypes.id }),
  );
  const entity = await first(
    ctx.db
      .insert(partnerEntities)
      .values({
        code: 'BR',
        name: 'Banco R',
        description: { pt: 'Banco R', en: '', fr: '' },
        partnerTypeId: type.id,
        searchText: searchText('BR', 'Banco R'),
      })
      .returning({ id: partnerEntities.id }),
  );
  const partnerUser = await ctx.createUser({ email: 'ana@banco-r.cv', roles: ['partner'], name: 'Ana' });
  await ctx.db
    .insert(partners)
    .values({ accountId: partnerUser.accountId, partnerEntityId: entity.id, searchText: searchText('ana') });
  partner = await ctx.signIn(partnerUser.email, partnerUser.password);
  await ctx.db.insert(partnerAssistedCompanies).values([
    { partnerEntityId: entity.id, companyId: holderId },
    { partnerEntityId: entity.id, companyId: newcomerId },
  ]);
  const consent = await send(owner, 'PUT', `/companies/${holderId}/partner-consents/${entity.id}`, {
    status: true,
    diagnosis: false,
  });
  expect(consent.statusCode, consent.body).toBe(200);

  // Edition 2: the holder qualifies and gets its seal. Edition 3: the holder and a first-time company apply.
  const edition2 = await pastEdition(2, 2024);
  await qualified(edition2, holderId, 2024);
  await publish(edition2);
  edition3 = await pastEdition(3, 2025);
  applicationOf.holder = await qualified(edition3, holderId, 2025);
  applicationOf.newcomer = await qualified(edition3, newcomerId, 2025);
});

afterAll(async () => {
  await ctx?.close();
});

describe('renewals', () => {
  it('are marked in the admin list, which filters by renewal=true|false', async () => {
    const renewalOf = async (query: string) => {
      const res = await get(admin, `/applications?editionId=${edition3}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return Object.fromEntries(
        res.json().items.map((item: { nif: string; isRenewal: boolean }) => [item.nif, item.isRenewal]),
      );
    };
    expect(await renewalOf('')).toEqual({ '400000001': true, '400000002': false });
    expect(await renewalOf('&renewal=true')).toEqual({ '400000001': true });
    expect(await renewalOf('&renewal=false')).toEqual({ '400000002': false });
    expect((await get(admin, `/applications?editionId=${edition3}&renewal=maybe`)).statusCode).toBe(400);

    // The list's XLSX export says it too, in a Renewal column of the caller's language.
    const exported = await get(admin, `/applications/export?editionId=${edition3}`, { language: 'en' });
    expect(exported.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    const renewalColumn = headers.indexOf('Renewal');
    const nifColumn = headers.indexOf('NIF');
    expect(renewalColumn).toBeGreaterThan(0);
    const exportedRenewals: Record<string, unknown> = {};
    for (let number = 2; number <= sheet.rowCount; number += 1) {
      const values = (sheet.getRow(number).values as unknown[]).slice(1);
      exportedRenewals[String(values[nifColumn])] = values[renewalColumn];
    }
    expect(exportedRenewals).toEqual({ '400000001': 'Yes', '400000002': 'No' });
  });

  it('are marked in the application the admin reads; an application to the seal’s own edition is not one', async () => {
    const holder = await get(admin, `/applications/${applicationOf.holder}`);
    expect(holder.statusCode, holder.body).toBe(200);
    expect(holder.json().isRenewal).toBe(true);
    expect((await get(admin, `/applications/${applicationOf.newcomer}`)).json().isRenewal).toBe(false);
    const earlier = await get(admin, `/applications?renewal=false&search=400000001`);
    expect(earlier.json().items.map((i: { editionId: string }) => i.editionId)).not.toContain(edition3);
    expect(earlier.json().total).toBe(1);
  });

  it('are marked in the partner’s view of the company', async () => {
    const view = await get(partner, `/partner/companies/${holderId}`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().application).toMatchObject({ editionNumber: 3, isRenewal: true });
  });

  it('are marked in the results, the results report (XLSX, in each language) and the partner’s report', async () => {
    await publish(edition3);
    const results = await get(admin, `/editions/${edition3}/results`);
    expect(results.statusCode, results.body).toBe(200);
    expect(
      Object.fromEntries(
        results.json().companies.map((c: { nif: string; isRenewal: boolean }) => [c.nif, c.isRenewal]),
      ),
    ).toEqual({ '400000001': true, '400000002': false });
    const partnerResults = await get(partner, `/editions/${edition3}/results`);
    expect(partnerResults.statusCode, partnerResults.body).toBe(200);
    expect(partnerResults.json().companies).toEqual(results.json().companies);

    const report = await get(admin, `/editions/${edition3}/results/report.xlsx?lang=en`);
    expect(report.statusCode).toBe(200);
    const rows = rowsByNif(await listSheet(report.rawPayload));
    expect(rows.get('400000001')?.Renewal).toBe('Yes');
    expect(rows.get('400000002')?.Renewal).toBe('No');

    for (const [lang, header] of [
      ['pt', 'Renovação'],
      ['fr', 'Renouvellement'],
    ] as const) {
      const localized = await get(admin, `/editions/${edition3}/results/report.xlsx?lang=${lang}`);
      const sheet = await listSheet(localized.rawPayload);
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toContain(header);
    }

    const partnerReport = await get(partner, `/partner/results/${edition3}/report.xlsx?lang=en`);
    expect(partnerReport.statusCode).toBe(200);
    const partnerRows = rowsByNif(await listSheet(partnerReport.rawPayload));
    expect(partnerRows.get('400000001')?.Renewal).toBe('Yes');
    expect(partnerRows.get('400000002')?.Renewal).toBe('No');
  });
});

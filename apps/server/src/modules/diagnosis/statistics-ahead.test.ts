import { buildBalanceTree, treeLeaves } from '@excelencia/domain';
import { asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { SHEET_2023, SHEET_2024 } from '../../../test/support/eligible-sheets.ts';
import { apiCalls } from '../../../test/support/http.ts';
import { caeDivisions, cities, companies, criteria, employeeRanges } from '../../db/schema/index.ts';
import { seedReferenceData } from '../../seed/seed-reference.ts';
import { selfDiagnosisTree } from '../reference/index.ts';
import { storedStatistics } from './statistics.repository.ts';

/**
 * The admin statistics and sector medians computed ahead (ADR 0026): once built they answer what the values
 * give, and any change of the values or of what groups them (a company's city, CAE division or employee range)
 * makes them out of date at once, so the answer is computed from the values until they are built again.
 */

let ctx: TestContext;
let admin: SignedIn;
let leafCodes: string[];
let criteriaList: { id: string; code: string; version: number }[];
const companyIds: string[] = [];

const asAdmin = apiCalls(() => ctx.app, { language: 'en' }).as(() => admin);

/** 2023's or 2024's figures with sales (and so most ratios) moved by `extra`, kept balanced through DF_NC. */
function sheet(base: Record<string, string>, extra: number): Record<string, string> {
  return {
    ...Object.fromEntries(leafCodes.map((code) => [code, '0'])),
    ...base,
    VENDAS: String(Number(base.VENDAS) + extra),
    DF_NC: String(Number(base.DF_NC) - extra),
  };
}

async function enter(companyId: string, year: number, values: Record<string, string>): Promise<void> {
  const response = await asAdmin.post(`/companies/${companyId}/balance-sheets/entries`, {
    startDate: `${year}-01-01`,
    endDate: `${year}-12-31`,
    typeFrequence: 'annual',
    values,
  });
  expect(response.statusCode, response.body).toBe(201);
}

/** Every criterion's statistics of 2024 by each dimension, and the spreadsheet export's rows, as answered. */
async function answers(): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const groupBy of ['island', 'caeSection', 'employeeRange']) {
    for (const criterion of criteriaList) {
      const response = await asAdmin.get(
        `/diagnosis-statistics?criterionId=${criterion.id}&groupBy=${groupBy}&year=2024`,
      );
      expect(response.statusCode, response.body).toBe(200);
      out.push(response.json());
    }
  }
  const file = await asAdmin.get('/diagnosis-statistics/export?groupBy=caeSection&year=2024');
  expect(file.statusCode).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  workbook.worksheets[0]?.eachRow((row) => {
    out.push(row.values);
  });
  return out;
}

/** Which criteria have current statistics of 2024 computed ahead. */
async function currentAhead(): Promise<number> {
  return (await storedStatistics(ctx.db, criteriaList, 'annual', 2024, ['caeSection'])).size;
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  await seedReferenceData(ctx.db);
  leafCodes = treeLeaves(buildBalanceTree(await selfDiagnosisTree(ctx.db))).map((leaf) => leaf.code);
  criteriaList = await ctx.db
    .select({ id: criteria.id, code: criteria.code, version: criteria.version })
    .from(criteria)
    .where(eq(criteria.isActive, true))
    .orderBy(asc(criteria.code));
  const adminUser = await ctx.createUser({ email: 'admin@ahead.cv', roles: ['admin'] });
  admin = await ctx.signIn(adminUser.email, adminUser.password);
  const divisions = await ctx.db.select().from(caeDivisions).orderBy(asc(caeDivisions.code)).limit(40);
  const places = await ctx.db.select().from(cities).orderBy(asc(cities.code)).limit(40);
  const ranges = await ctx.db.select().from(employeeRanges);
  // Seven companies over two divisions of different sections, cities of several islands and every range.
  const [first, last] = [divisions[0], divisions.at(-1)];
  for (let i = 0; i < 7; i++) {
    const user = await ctx.createUser({ email: `c${i}@ahead.cv`, roles: ['company'] });
    const id = await ctx.linkCompany(user.accountId, { companyName: `Ahead ${i}`, nif: `20000050${i}` });
    await ctx.db
      .update(companies)
      .set({
        caeDivisionId: (i < 5 ? first : last)?.id ?? null,
        cityId: places[(i * 7) % places.length]?.id ?? null,
        employeeRangeId: ranges[i % ranges.length]?.id ?? null,
      })
      .where(eq(companies.id, id));
    companyIds.push(id);
    await enter(id, 2023, sheet(SHEET_2023, i * 10000));
    await enter(id, 2024, sheet(SHEET_2024, i * 25000));
  }
});

afterAll(async () => {
  await ctx?.close();
});

describe('statistics computed ahead', () => {
  it('answer what the values give, and go out of date at once with any change of the values or the groups', async () => {
    await ctx.app.statistics.idle();
    expect(await currentAhead()).toBe(0);
    const fromValues = await answers();
    // The reads above found nothing current and set the build off.
    await ctx.app.statistics.refresh();
    expect(await currentAhead()).toBe(criteriaList.length);
    expect(await answers()).toEqual(fromValues);
    const median = async (companyId: string) => {
      await ctx.app.statistics.refresh();
      const response = await asAdmin.post(`/companies/${companyId}/diagnoses`, {
        balanceSheetId: (
          (await asAdmin.get(`/companies/${companyId}/balance-sheets`)).json() as {
            id: string;
            startDate: string;
          }[]
        ).find((item) => item.startDate === '2024-01-01')?.id,
      });
      expect(response.statusCode, response.body).toBe(201);
      return response
        .json()
        .currentAutoFinancialIndicators.map((indicator: { sector: unknown }) => indicator.sector);
    };
    const sectorAhead = await median(companyIds[0] ?? '');
    expect(sectorAhead.some((sector: unknown) => sector !== null)).toBe(true);

    // A company's 2024 sheet entered again with other figures: out of date, answered from the values.
    await enter(companyIds[1] ?? '', 2024, sheet(SHEET_2024, 400000));
    expect(await currentAhead()).toBe(0);
    const changed = await answers();
    expect(changed).not.toEqual(fromValues);
    await ctx.app.statistics.refresh();
    expect(await currentAhead()).toBe(criteriaList.length);
    expect(await answers()).toEqual(changed);
    expect(await median(companyIds[0] ?? '')).not.toEqual(sectorAhead);

    // A company moved to the other CAE division (another section): the groups change, so out of date too.
    const [other] = await ctx.db
      .select()
      .from(companies)
      .where(eq(companies.id, companyIds[6] ?? ''));
    await ctx.db
      .update(companies)
      .set({
        caeDivisionId:
          (
            await ctx.db
              .select()
              .from(companies)
              .where(eq(companies.id, companyIds[0] ?? ''))
          )[0]?.caeDivisionId ?? null,
      })
      .where(eq(companies.id, other?.id ?? ''));
    expect(await currentAhead()).toBe(0);
    const moved = await answers();
    expect(moved).not.toEqual(changed);
    await ctx.app.statistics.refresh();
    expect(await currentAhead()).toBe(criteriaList.length);
    expect(await answers()).toEqual(moved);
  });
});

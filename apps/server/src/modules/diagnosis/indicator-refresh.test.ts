import { buildBalanceTree, treeLeaves } from '@excelencia/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER, multipart, xlsx } from '../../../test/support/balance-sheets.ts';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { SHEET_2023, SHEET_2024 } from '../../../test/support/eligible-sheets.ts';
import { apiCalls } from '../../../test/support/http.ts';
import { indicatorValues } from '../../db/schema/index.ts';
import { seedReferenceData } from '../../seed/seed-reference.ts';
import { selfDiagnosisTree } from '../reference/index.ts';
import { refreshCompanyIndicators } from './indicators.ts';

/**
 * A change of a company's sheets recomputes only the indicator values it can change (the changed periods' sheets
 * and those whose prev() reads them), and what it leaves is what a full rebuild of the company computes.
 */

let ctx: TestContext;
let member: SignedIn;
let company: string;
let leafCodes: string[];

const asMember = apiCalls(() => ctx.app, { language: 'en' }).as(() => member);

/** A balanced sheet: 2023's or 2024's figures, every amount times `tenths` / 10 (exact: they are thousands). */
function figures(base: Record<string, string>, tenths: number): Record<string, string> {
  return {
    ...Object.fromEntries(leafCodes.map((code) => [code, '0'])),
    ...Object.fromEntries(
      Object.entries(base).map(([code, value]) => [code, String((Number(value) * tenths) / 10)]),
    ),
  };
}

async function enter(
  startDate: string,
  endDate: string,
  typeFrequence: string,
  values: Record<string, string>,
) {
  const response = await asMember.post(`/companies/${company}/balance-sheets/entries`, {
    startDate,
    endDate,
    typeFrequence,
    values,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; version: number };
}

/** Every stored indicator value of the company, as comparable text. */
async function storedValues(): Promise<string[]> {
  const rows = await ctx.db.select().from(indicatorValues).where(eq(indicatorValues.companyId, company));
  return rows
    .map((row) =>
      JSON.stringify([
        row.balanceSheetId,
        row.criterionId,
        row.criterionVersion,
        row.frequency,
        row.startDate,
        row.endDate,
        row.sheetCreatedAt.toISOString(),
        row.value,
        row.passed,
      ]),
    )
    .sort();
}

/** The values left by the changes so far equal a full rebuild's (which then leaves them as they were). */
async function expectSameAsFullRebuild(step: string): Promise<void> {
  const incremental = await storedValues();
  await ctx.db.transaction((tx) => refreshCompanyIndicators(tx, company));
  expect(incremental, step).toEqual(await storedValues());
}

/** The row versions (xmin) of one sheet's values: they change only when the rows are written again. */
async function rowVersions(sheetId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({ version: sql<string>`xmin::text` })
    .from(indicatorValues)
    .where(and(eq(indicatorValues.companyId, company), eq(indicatorValues.balanceSheetId, sheetId)));
  return rows.map((row) => row.version).sort();
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  await seedReferenceData(ctx.db);
  leafCodes = treeLeaves(buildBalanceTree(await selfDiagnosisTree(ctx.db))).map((leaf) => leaf.code);
  const user = await ctx.createUser({ email: 'refresh@dg.cv', roles: ['company'] });
  company = await ctx.linkCompany(user.accountId, { companyName: 'Refresh, Lda', nif: '200000031' });
  member = await ctx.signIn(user.email, user.password);
});

afterAll(async () => {
  await ctx?.close();
});

describe('indicator values after a change of sheets', () => {
  it('equal a full rebuild after uploads, replacements, corrections, moves and deletions of every frequency', async () => {
    const annual: Record<number, string> = {};
    for (const [i, year] of [2021, 2020, 2022, 2024, 2023].entries()) {
      annual[year] = (
        await enter(
          `${year}-01-01`,
          `${year}-12-31`,
          'annual',
          figures(i % 2 ? SHEET_2023 : SHEET_2024, 10 + i),
        )
      ).id;
      await expectSameAsFullRebuild(`annual ${year}`);
    }
    // Quarters of 2023 and 2024: 2024's read 2023's; a month and a semester of 2024 read the 2023 annual sheet.
    const quarters: Record<string, string> = {};
    for (const year of [2023, 2024]) {
      for (const [q, [start, end]] of [
        ['01-01', '03-31'],
        ['04-01', '06-30'],
      ].entries()) {
        quarters[`${year}Q${q + 1}`] = (
          await enter(`${year}-${start}`, `${year}-${end}`, 'quarterly', figures(SHEET_2024, 3 + q))
        ).id;
        await expectSameAsFullRebuild(`quarter ${year}Q${q + 1}`);
      }
    }
    const month = await enter('2024-02-01', '2024-02-29', 'monthly', figures(SHEET_2023, 1));
    await enter('2024-01-01', '2024-06-30', 'semiannual', figures(SHEET_2024, 5));
    await expectSameAsFullRebuild('month and semester');

    // A sheet no later one reads (2021's two years on) keeps its rows when 2023 is entered again (a replacement).
    const untouched = await rowVersions(annual[2020] ?? '');
    const reread = await rowVersions(annual[2024] ?? '');
    expect(untouched.length).toBeGreaterThan(0);
    const replacement = await enter('2023-01-01', '2023-12-31', 'annual', figures(SHEET_2023, 20));
    expect(await rowVersions(annual[2020] ?? '')).toEqual(untouched);
    expect(await rowVersions(annual[2024] ?? '')).not.toEqual(reread);
    await expectSameAsFullRebuild('2023 entered again');

    // A correction of the replacement's figures, then of a quarter's dates (moved from Q2 2023 to Q3 2023).
    const corrected = await asMember.put(`/companies/${company}/balance-sheets/${replacement.id}/entries`, {
      startDate: '2023-01-01',
      endDate: '2023-12-31',
      typeFrequence: 'annual',
      version: replacement.version,
      values: figures(SHEET_2024, 30),
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    await expectSameAsFullRebuild('2023 corrected');
    const moved = await asMember.put(`/companies/${company}/balance-sheets/${quarters['2023Q2']}/entries`, {
      startDate: '2023-07-01',
      endDate: '2023-09-30',
      typeFrequence: 'quarterly',
      values: figures(SHEET_2023, 3),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await expectSameAsFullRebuild('Q2 2023 moved to Q3');

    // An upload replacing 2024's entry (its trial balance holds other accounts: other values).
    const body = multipart(
      { startDate: '2024-01-01', endDate: '2024-12-31', typeFrequence: 'annual' },
      {
        data: await xlsx([
          HEADER,
          ['11', 'Caixa', 1000.1, 0],
          ['12', 'Depósitos à ordem', 2000.2, 0],
          ['51', 'Capital', 0, 2500.3],
          ['71', 'Vendas', 0, 800],
          ['62', 'Fornecimentos e serviços externos', 300, 0],
        ]),
        filename: 'b2024.xlsx',
      },
    );
    const uploaded = await asMember.post(`/companies/${company}/balance-sheets`, body.payload, {
      contentType: body.contentType,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    await expectSameAsFullRebuild('2024 uploaded');

    // Deletions: the replacement of 2023 (the first 2023 sheet is kept again), a quarter 2024 Q1 read (its month
    // and quarter then read the annual sheet or nothing), the month, and 2022 (a gap: 2023 has no previous year).
    for (const [step, id] of [
      ['2023 replacement deleted', replacement.id],
      ['Q1 2023 deleted', quarters['2023Q1']],
      ['February 2024 deleted', month.id],
      ['2022 deleted', annual[2022]],
    ] as const) {
      const response = await asMember.delete(`/companies/${company}/balance-sheets/${id}`);
      expect(response.statusCode, response.body).toBe(204);
      await expectSameAsFullRebuild(step);
    }
  });
});

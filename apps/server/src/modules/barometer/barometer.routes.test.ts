import { buildBalanceTree, Decimal, quartiles, treeLeaves } from '@excelencia/domain';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/support/context.ts';
import { apiCalls } from '../../../test/support/http.ts';
import {
  applications,
  auditLog,
  balanceSheets,
  balanceSheetValues,
  caeDivisions,
  caeSections,
  cities,
  companies,
  companyMembers,
  criteria,
  editions,
  employeeRanges,
  indicatorValues,
  islands,
  seals,
} from '../../db/schema/index.ts';
import { seedReferenceData } from '../../seed/seed-reference.ts';
import { selfDiagnosisTree } from '../reference/index.ts';
import { CACHE_MS, createBarometerService } from './barometer.service.ts';

/**
 * The public barometer through the real app, on hand-made companies and annual sheets whose values of one
 * criterion (EE_END) are chosen so that the quartiles can be computed by hand (percentile_cont: position
 * (n − 1) · p from 0, linear between the closest ranks). Companies, sheets and values are written straight to
 * the database (the values as the indicator refresh stores them); the positions use a diagnosis made through
 * the API.
 */

let ctx: TestContext;
let owner: SignedIn;
let accountant: SignedIn;
let ownCompany: string;
let positionsCompany: string;
let positionsOwner: SignedIn;
let diagnosisId: string;
let ids: Map<string, string>;
let leafCodes: string[];

const { get, send } = apiCalls(() => ctx.app, { language: 'en' });

type Place = { city: string; division: string; range: string | null };
let criterion: { id: string; version: number };
/** Islands I1, I2, I3 (one city each), sections S1, S2 (one division each), employee ranges R1, R2. */
const place = {} as Record<'I1' | 'I2' | 'I3', string> &
  Record<'S1' | 'S2', string> &
  Record<'R1' | 'R2', string> &
  Record<'islandCode' | 'sectionCode' | 'rangeCode', Record<string, string>>;

let nifCounter = 300000000;

async function company(name: string, at: Place, extra: Partial<typeof companies.$inferInsert> = {}) {
  nifCounter += 1;
  const [row] = await ctx.db
    .insert(companies)
    .values({
      companyName: name,
      nif: String(nifCounter),
      email: `${nifCounter}@example.cv`,
      cityId: at.city,
      caeDivisionId: at.division,
      employeeRangeId: at.range,
      ...extra,
    })
    .returning({ id: companies.id });
  if (!row) throw new Error('no company');
  return row.id;
}

/** A sheet entered by hand with its EE_END value (passing when at most 0.7, as the seed's target is) and turnover. */
async function sheet(
  companyId: string,
  options: {
    end: string;
    value: string;
    turnover: string;
    frequency?: 'annual' | 'monthly';
    createdAt?: Date;
    deleted?: boolean;
  },
) {
  const frequency = options.frequency ?? 'annual';
  const start = frequency === 'annual' ? `${options.end.slice(0, 4)}-01-01` : `${options.end.slice(0, 8)}01`;
  const createdAt = options.createdAt ?? new Date('2025-03-01T10:00:00Z');
  const [row] = await ctx.db
    .insert(balanceSheets)
    .values({
      companyId,
      startDate: start,
      endDate: options.end,
      typeFrequence: frequency,
      source: 'entry',
      createdAt,
      deletedAt: options.deleted ? new Date('2025-04-01T10:00:00Z') : null,
    })
    .returning({ id: balanceSheets.id });
  if (!row) throw new Error('no sheet');
  await ctx.db
    .insert(balanceSheetValues)
    .values({ balanceSheetId: row.id, nodeCode: 'VN', value: options.turnover });
  await ctx.db.insert(indicatorValues).values({
    balanceSheetId: row.id,
    criterionId: criterion.id,
    companyId,
    criterionVersion: criterion.version,
    frequency,
    startDate: start,
    endDate: options.end,
    sheetCreatedAt: createdAt,
    value: options.value,
    passed: Number(options.value) <= 0.7,
  });
}

type Cell = {
  groupKey: string | null;
  count: number | null;
  q1: string | null;
  median: string | null;
  q3: string | null;
  meetingShare: string | null;
  suppressed: string | null;
};
type Answer = {
  year: number | null;
  years: number[];
  by: string;
  criteria: { code: string; overall: Cell; rows: Cell[]; meetingShare: unknown }[];
  editions: unknown[];
};

async function barometer(query: string): Promise<Answer> {
  const response = await get(null, `/public/barometer?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const eeEnd = (answer: Answer) => {
  const found = answer.criteria.find((item) => item.code === 'EE_END');
  if (!found) throw new Error('EE_END missing');
  return found;
};
const figures = (cell: Cell | undefined) =>
  cell && { count: cell.count, q1: cell.q1, median: cell.median, q3: cell.q3, suppressed: cell.suppressed };
const shown = (count: number, q1: string, median: string, q3: string) => ({
  count,
  q1,
  median,
  q3,
  suppressed: null,
});
const hidden = (reason: string) => ({ count: null, q1: null, median: null, q3: null, suppressed: reason });

/** PT 710 000 / AT 900 000 (EE_END ≈ 0.789), every other leaf 0. */
function weakSheetValues(leafCodes: string[]): Record<string, string> {
  return {
    ...Object.fromEntries(leafCodes.map((code) => [code, '0'])),
    AFT: '700000',
    CLI: '150000',
    DO: '50000',
    CAP: '200000',
    DF_NC: '400000',
    DF_C: '100000',
    FORN: '120000',
    OCP: '90000',
    VENDAS: '1000000',
    CMVMC: '700000',
    FSE: '200000',
    GP: '60000',
    DEP: '30000',
    JUR: '20000',
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.reset();
  await seedReferenceData(ctx.db);
  const [found] = await ctx.db
    .select({ id: criteria.id, version: criteria.version })
    .from(criteria)
    .where(eq(criteria.code, 'EE_END'));
  if (!found) throw new Error('EE_END not seeded');
  criterion = found;
  // A criterion named like a spreadsheet formula: the CSV must not hand it over as one.
  const [other] = await ctx.db.select({ id: criteria.id }).from(criteria).where(eq(criteria.code, 'RLP'));
  if (!other) throw new Error('RLP not seeded');
  await ctx.db
    .update(criteria)
    .set({ description: { pt: '=1+1', en: '=1+1', fr: '=1+1' } })
    .where(eq(criteria.id, other.id));

  const islandRows = await ctx.db
    .select({ island: islands.id, code: islands.code, city: cities.id })
    .from(cities)
    .innerJoin(islands, eq(islands.id, cities.islandId))
    .where(eq(islands.isActive, true));
  const byIsland = new Map<string, { code: string; city: string }>();
  for (const row of islandRows) if (!byIsland.has(row.island)) byIsland.set(row.island, row);
  const [i1, i2, i3] = [...byIsland.values()];
  const sectionRows = await ctx.db
    .select({ section: caeSections.id, code: caeSections.code, division: caeDivisions.id })
    .from(caeDivisions)
    .innerJoin(caeSections, eq(caeSections.id, caeDivisions.sectionId));
  const bySection = new Map<string, { code: string; division: string }>();
  for (const row of sectionRows) if (!bySection.has(row.section)) bySection.set(row.section, row);
  const [s1, s2] = [...bySection.values()];
  const [r1, r2] = await ctx.db
    .select({ id: employeeRanges.id, code: employeeRanges.code })
    .from(employeeRanges);
  if (!i1 || !i2 || !i3 || !s1 || !s2 || !r1 || !r2) throw new Error('reference data missing');
  Object.assign(place, {
    I1: i1.city,
    I2: i2.city,
    I3: i3.city,
    S1: s1.division,
    S2: s2.division,
    R1: r1.id,
    R2: r2.id,
    islandCode: { I1: i1.code, I2: i2.code, I3: i3.code },
    sectionCode: { S1: s1.code, S2: s2.code },
    rangeCode: { R1: r1.code, R2: r2.code },
  });

  // The counted companies of 2024 and their EE_END values (turnover in brackets):
  //   c1 I1 S1 R1 0.1 (100)   c2 I1 S1 R1 0.2 (100)   c3 I1 S2 R1 0.3 (100)   c4 I1 S2 R1 0.4 (100)
  //   c5 I2 S1 R1 1.0 (2000)  c6 I2 S1 R2 2.0 (1000)  c7 I1 S2 R2 0.5 (100)   c8 I2 S1 R2 0.6 (1000)
  //   c9 I2 S2 R2 0.7 (100)   c10 I2 S2 R2 0.8 (100)  c11 I3 S1 —  0.9 (1000) c12 I2 S2 R2 3.0 (100)
  const rows: [string, 'I1' | 'I2' | 'I3', 'S1' | 'S2', 'R1' | 'R2' | null, string, string][] = [
    ['c1', 'I1', 'S1', 'R1', '0.1', '100'],
    ['c2', 'I1', 'S1', 'R1', '0.2', '100'],
    ['c3', 'I1', 'S2', 'R1', '0.3', '100'],
    ['c4', 'I1', 'S2', 'R1', '0.4', '100'],
    ['c5', 'I2', 'S1', 'R1', '1.0', '2000'],
    ['c6', 'I2', 'S1', 'R2', '2.0', '1000'],
    ['c7', 'I1', 'S2', 'R2', '0.5', '100'],
    ['c8', 'I2', 'S1', 'R2', '0.6', '1000'],
    ['c9', 'I2', 'S2', 'R2', '0.7', '100'],
    ['c10', 'I2', 'S2', 'R2', '0.8', '100'],
    ['c11', 'I3', 'S1', null, '0.9', '1000'],
    ['c12', 'I2', 'S2', 'R2', '3.0', '100'],
  ];
  ids = new Map<string, string>();
  for (const [name, island, section, range, value, turnover] of rows) {
    const id = await company(name, {
      city: place[island],
      division: place[section],
      range: range ? place[range] : null,
    });
    ids.set(name, id);
    await sheet(id, { end: '2024-12-31', value, turnover });
  }
  // Not counted: a monthly sheet of c1 (ignored), an earlier-inserted annual sheet of c2 for the same year
  // (only the latest counts), a deleted sheet of c3, a closed company.
  await sheet(ids.get('c1') as string, {
    end: '2024-12-31',
    value: '50',
    turnover: '100',
    frequency: 'monthly',
  });
  await sheet(ids.get('c2') as string, {
    end: '2024-12-31',
    value: '60',
    turnover: '100',
    createdAt: new Date('2025-01-15T10:00:00Z'),
  });
  await sheet(ids.get('c3') as string, {
    end: '2024-12-31',
    value: '70',
    turnover: '100',
    createdAt: new Date('2025-05-01T10:00:00Z'),
    deleted: true,
  });
  const closed = await company(
    'closed',
    { city: place.I1, division: place.S1, range: place.R1 },
    { closedAt: new Date('2025-06-01T00:00:00Z') },
  );
  await sheet(closed, { end: '2024-12-31', value: '80', turnover: '100' });

  // The signed-in owner's company, counted until it withdraws (value 90, on I1 S1 R1).
  const ownerUser = await ctx.createUser({ email: 'owner@barometer.cv', roles: ['company'] });
  const accountantUser = await ctx.createUser({ email: 'accountant@barometer.cv', roles: ['company'] });
  ownCompany = await ctx.linkCompany(ownerUser.accountId, { companyName: 'Própria, Lda', nif: '299999991' });
  await ctx.linkCompany(accountantUser.accountId, { companyName: 'Própria, Lda', nif: '299999991' });
  await ctx.db
    .update(companies)
    .set({ cityId: place.I1, caeDivisionId: place.S1, employeeRangeId: place.R1 })
    .where(eq(companies.id, ownCompany));
  await ctx.db
    .update(companyMembers)
    .set({ role: 'accountant' })
    .where(
      and(eq(companyMembers.companyId, ownCompany), eq(companyMembers.accountId, accountantUser.accountId)),
    );
  await sheet(ownCompany, { end: '2024-12-31', value: '90', turnover: '100' });

  // 2023, for the positions: S1 {0.5, 0.6, 0.7, 0.8, 0.9}, S2 {0.1, 0.2, 0.3, 0.4, 0.45}.
  for (const [index, value] of ['0.5', '0.6', '0.7', '0.8', '0.9'].entries()) {
    const id = await company(`p-s1-${index}`, { city: place.I1, division: place.S1, range: place.R1 });
    await sheet(id, { end: '2023-12-31', value, turnover: '100' });
  }
  for (const [index, value] of ['0.1', '0.2', '0.3', '0.4', '0.45'].entries()) {
    const id = await company(`p-s2-${index}`, { city: place.I2, division: place.S2, range: place.R2 });
    await sheet(id, { end: '2023-12-31', value, turnover: '100' });
  }

  [owner, accountant] = await Promise.all([
    ctx.signIn(ownerUser.email, ownerUser.password),
    ctx.signIn(accountantUser.email, accountantUser.password),
  ]);
  const positionsUser = await ctx.createUser({ email: 'positions@barometer.cv', roles: ['company'] });
  positionsCompany = await ctx.linkCompany(positionsUser.accountId, {
    companyName: 'Posição, Lda',
    nif: '299999992',
  });
  await ctx.db
    .update(companies)
    .set({ cityId: place.I2, caeDivisionId: place.S1, employeeRangeId: place.R2 })
    .where(eq(companies.id, positionsCompany));
  positionsOwner = await ctx.signIn(positionsUser.email, positionsUser.password);
  // Its 2023 sheet entered through the API (PT 710 000 / AT 900 000: EE_END ≈ 0.789), then it withdraws the
  // statistical use, so the 2023 groups stay the hand-made ones.
  leafCodes = treeLeaves(buildBalanceTree(await selfDiagnosisTree(ctx.db))).map((leaf) => leaf.code);
  const entered = await send(
    positionsOwner,
    'POST',
    `/companies/${positionsCompany}/balance-sheets/entries`,
    {
      startDate: '2023-01-01',
      endDate: '2023-12-31',
      typeFrequence: 'annual',
      values: weakSheetValues(leafCodes),
    },
  );
  expect(entered.statusCode, entered.body).toBe(201);
  const diagnosed = await send(positionsOwner, 'POST', `/companies/${positionsCompany}/diagnoses`, {
    balanceSheetId: entered.json().id,
  });
  expect(diagnosed.statusCode, diagnosed.body).toBe(201);
  diagnosisId = diagnosed.json().id;
  const withdrawn = await send(positionsOwner, 'PUT', `/companies/${positionsCompany}/statistics-consent`, {
    allowed: false,
  });
  expect(withdrawn.statusCode, withdrawn.body).toBe(200);
  await editionsFixture();
});

/**
 * Two published editions: the 1st judged 2023's sheets and distinguished c1; the 2nd judged 2024's: c1, c2 and
 * c6 applied (and the owner's company, which withdraws its consent in the first test), c1 and the owner's company
 * were distinguished, c1 a renewal. Applications close in 2030, so every company made before counts as registered.
 */
async function editionsFixture() {
  const when = (iso: string) => new Date(iso);
  const edition = async (number: number, indicatorYear: number) => {
    const [row] = await ctx.db
      .insert(editions)
      .values({
        number,
        year: indicatorYear + 1,
        indicatorYear,
        registrationOpensAt: when('2029-01-01T00:00:00Z'),
        registrationClosesAt: when('2029-06-01T00:00:00Z'),
        applicationOpensAt: when('2029-06-02T00:00:00Z'),
        applicationClosesAt: when('2030-01-01T00:00:00Z'),
        evaluationStartsAt: when('2030-01-02T00:00:00Z'),
        evaluationEndsAt: when('2030-02-01T00:00:00Z'),
        resultsAt: when('2030-03-01T00:00:00Z'),
        resultsPublishedAt: when('2030-03-01T00:00:00Z'),
      })
      .returning({ id: editions.id });
    if (!row) throw new Error('no edition');
    return row.id;
  };
  const first = await edition(1, 2023);
  const second = await edition(2, 2024);
  const apply = async (editionId: string, companyId: string, distinguished: boolean) => {
    const [row] = await ctx.db
      .insert(applications)
      .values({
        editionId,
        companyId,
        status: distinguished ? 'evaluated' : 'unqualified',
        eligibility: {},
        submittedAt: when('2029-12-01T00:00:00Z'),
      })
      .returning({ id: applications.id });
    if (!row) throw new Error('no application');
    if (distinguished) {
      await ctx.db.insert(seals).values({
        code: `SEAL${editionId.slice(0, 4)}${companyId.slice(0, 4)}`,
        applicationId: row.id,
        companyId,
        editionId,
        companyName: 'x',
        nif: 'x',
        issuedAt: when('2030-03-01T00:00:00Z'),
        validUntil: when('2031-03-01T00:00:00Z'),
      });
    }
  };
  const c = (name: string) => ids.get(name) as string;
  await apply(first, c('c1'), true);
  await apply(second, c('c1'), true);
  await apply(second, c('c2'), false);
  await apply(second, c('c6'), false);
  await apply(second, ownCompany, true);
}

afterAll(async () => {
  await ctx?.close();
});

describe('the public barometer', () => {
  it("counts only allowing companies' latest annual sheet, and forgets a company as soon as it withdraws", async () => {
    // With the owner's company (value 90): 13 values.
    const before = eeEnd(await barometer('year=2024'));
    expect(before.overall.count).toBe(13);

    const refused = await send(accountant, 'PUT', `/companies/${ownCompany}/statistics-consent`, {
      allowed: false,
    });
    expect(refused.statusCode).toBe(403);
    const withdrawn = await send(owner, 'PUT', `/companies/${ownCompany}/statistics-consent`, {
      allowed: false,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({ allowed: false });
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, ownCompany));
    expect(audit.map((row) => row.action)).toContain('statisticsWithdrawn');
    const activity = await get(owner, `/companies/${ownCompany}/activity?limit=5`);
    expect(activity.json().items.map((item: { summary: string | null }) => item.summary)).toContain(
      'Statistical use of the figures withdrawn (barometer)',
    );
    const profile = await get(owner, `/companies/${ownCompany}`);
    expect(profile.json().statisticsAllowed).toBe(false);

    // Without it, overall: the 12 values 0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8 0.9 1.0 2.0 3.0 (c1's monthly 50, c2's
    // earlier 60, c3's deleted 70 and the closed company's 80 nowhere): positions 11 · ¼ = 2.75, 5.5, 8.25:
    // Q1 = 0.3 + 0.75 · 0.1 = 0.375; median = 0.6 + 0.5 · 0.1 = 0.65; Q3 = 0.9 + 0.25 · 0.1 = 0.925.
    // Meeting the target (≤ 0.7): 0.1 … 0.7, 7 of 12 = 0.5833.
    const answer = await barometer('year=2024&by=overall');
    expect(answer.years).toEqual([2024, 2023]);
    const overall = eeEnd(answer);
    expect(figures(overall.overall)).toEqual(shown(12, '0.375', '0.65', '0.925'));
    expect(overall.overall.meetingShare).toBe('0.5833');
    expect(overall.meetingShare).toEqual({ count: 12, meeting: 7, share: '0.5833' });
    expect(overall.rows).toEqual([]);
  });

  it('shows the quartiles by CAE section as computed by hand', async () => {
    const bySection = eeEnd(await barometer('year=2024&by=caeSection'));
    const cell = (code: string) => bySection.rows.find((row) => row.groupKey === code);
    // S1: c1 0.1, c2 0.2, c5 1.0, c6 2.0, c8 0.6, c11 0.9 → sorted 0.1 0.2 0.6 0.9 1.0 2.0; positions 1.25, 2.5,
    // 3.75: Q1 = 0.2 + 0.25 · 0.4 = 0.3; median = 0.6 + 0.5 · 0.3 = 0.75; Q3 = 0.9 + 0.75 · 0.1 = 0.975.
    expect(figures(cell(place.sectionCode.S1 as string))).toEqual(shown(6, '0.3', '0.75', '0.975'));
    // S2: 0.3 0.4 0.5 0.7 0.8 3.0: Q1 = 0.4 + 0.25 · 0.1 = 0.425; median = 0.5 + 0.5 · 0.2 = 0.6;
    // Q3 = 0.7 + 0.75 · 0.1 = 0.775.
    expect(figures(cell(place.sectionCode.S2 as string))).toEqual(shown(6, '0.425', '0.6', '0.775'));
  });

  it('hides an island of 1 company and, so that it cannot be recovered from the total, the next smallest', async () => {
    const byIsland = eeEnd(await barometer('year=2024&by=island'));
    const cell = (code: string) => byIsland.rows.find((row) => row.groupKey === code);
    // I3 has only c11: fewer than 5. I1 (c1–c4, c7: 5) is then the smallest shown, and would give I3 away
    // (12 − 6 − 5 = 1): secondary. I2 (c5 holds 2000 of 4300 of its turnover, 47%): 0.6 0.7 0.8 1.0 2.0 3.0:
    // Q1 = 0.7 + 0.25 · 0.1 = 0.725; median = 0.8 + 0.5 · 0.2 = 0.9; Q3 = 1.0 + 0.75 · 1.0 = 1.75.
    expect(figures(cell(place.islandCode.I3 as string))).toEqual(hidden('fewCompanies'));
    expect(figures(cell(place.islandCode.I1 as string))).toEqual(hidden('secondary'));
    expect(figures(cell(place.islandCode.I2 as string))).toEqual(shown(6, '0.725', '0.9', '1.75'));
    expect(byIsland.rows).toHaveLength(3);
  });

  it('hides an employee range where one company holds more than 75% of the turnover', async () => {
    const byRange = eeEnd(await barometer('year=2024&by=employeeRange'));
    const cell = (code: string | null) => byRange.rows.find((row) => row.groupKey === code);
    // R1: c1–c5, turnover 100 · 4 + 2000 = 2400, c5 holds 2000 / 2400 = 83%: dominance. The companies without a
    // range (c11): fewer than 5. Two hidden already, so nothing more. R2 (c6–c10, c12): 0.5 0.6 0.7 0.8 2.0 3.0.
    expect(figures(cell(place.rangeCode.R1 as string))).toEqual(hidden('dominance'));
    expect(figures(cell(null))).toEqual(hidden('fewCompanies'));
    expect(figures(cell(place.rangeCode.R2 as string))).toEqual(shown(6, '0.625', '0.75', '1.7'));
    // A criterion without values that year shows no figure either.
    const other = (await barometer('year=2024')).criteria.find((item) => item.code !== 'EE_END');
    expect(figures(other?.overall)).toEqual(hidden('fewCompanies'));
  });

  it('answers the latest year by default, publicly cacheable, and 400 to a bad year or grouping', async () => {
    const response = await get(null, '/public/barometer');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.json().year).toBe(2024);
    for (const query of ['year=abc', 'year=1800', 'by=city', 'year=2024.5']) {
      const bad = await get(null, `/public/barometer?${query}`, { language: 'pt' });
      expect(bad.statusCode, query).toBe(400);
    }
    const badBy = await get(null, '/public/barometer?by=city', { language: 'pt' });
    expect(JSON.stringify(badBy.json())).toContain('Escolha como agrupar');
    const badYear = await get(null, '/public/barometer.csv?year=abc', { language: 'fr' });
    expect(badYear.statusCode).toBe(400);
    expect(JSON.stringify(badYear.json())).toContain("L'année du baromètre");
  });

  it("counts the editions' companies by island under the same control, the withdrawn company nowhere", async () => {
    const answer = await barometer('year=2024&by=island');
    // Only the 2nd edition judged 2024's sheets.
    expect(answer.editions).toHaveLength(1);
    const [edition] = answer.editions as {
      number: number;
      overall: Record<string, unknown>;
      byGroup: Record<string, unknown>[];
    }[];
    // Registered: c1–c12 and the ten companies of 2023 (22; not the owner's company, which withdrew, the
    // positions company, which withdrew, nor the closed one). Applied: c1, c2, c6 (the owner's company not);
    // distinguished c1 (the owner's company not), a renewal (its seal of the 1st edition).
    expect(edition?.number).toBe(2);
    expect(edition?.overall).toMatchObject({
      registered: 22,
      applied: 3,
      distinguished: 1,
      renewals: 1,
      suppressed: null,
    });
    const group = (code: string) => edition?.byGroup.find((row) => row.groupKey === code);
    // I3: c11 alone, fewer than 5; I1 (c1–c4, c7 and five of 2023: 10) is smaller than I2 (11): secondary.
    expect(group(place.islandCode.I3 as string)).toMatchObject({
      registered: null,
      suppressed: 'fewCompanies',
    });
    expect(group(place.islandCode.I1 as string)).toMatchObject({
      registered: null,
      applied: null,
      distinguished: null,
      suppressed: 'secondary',
    });
    expect(group(place.islandCode.I2 as string)).toMatchObject({
      registered: 11,
      applied: 1,
      distinguished: 0,
      renewals: 0,
      suppressed: null,
    });
    const csv = await get(null, '/public/barometer.csv?year=2024&by=island&table=editions&lang=en');
    expect(csv.body.split('\r\n').slice(0, 2)).toEqual([
      'Edition,Group,Registered,Applied,Distinguished,Renewals,Note',
      '2,All companies,22,3,1,1,',
    ]);
  });

  it('downloads the same cells as CSV and XLSX, suppressed ones saying why in the language asked', async () => {
    const json = eeEnd(await barometer('year=2024&by=island'));
    const csv = await get(null, '/public/barometer.csv?year=2024&by=island&lang=fr&criterion=EE_END');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('barometre-2024-island.csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      "Code,Critère,Groupe,Entreprises,Premier quartile,Médiane,Troisième quartile,Atteignent l'objectif,Note",
    );
    const cells = lines.slice(1).map((line) => line.split(','));
    // One line per cell of the JSON, in its order: the overall first, then each island; same figures.
    expect(cells).toHaveLength(1 + json.rows.length);
    for (const [index, cell] of [json.overall, ...json.rows].entries()) {
      const line = cells[index] as string[];
      expect(line[0]).toBe('EE_END');
      expect(line.slice(3, 8)).toEqual(
        [cell.count, cell.q1, cell.median, cell.q3, cell.meetingShare].map((v) =>
          v === null ? '' : String(v),
        ),
      );
    }
    expect(csv.body).toContain('moins de 5 entreprises');
    expect(csv.body).toContain('masqué pour protéger une autre cellule');
    // A name that starts like a formula is written as text.
    const all = await get(null, '/public/barometer.csv?year=2024&lang=en');
    expect(all.body).toContain("RLP,'=1+1,All companies,,,,,,fewer than 5 companies");
    // The withdrawn company's value (90) and the ignored sheets' (50, 60, 70, 80) nowhere.
    expect(csv.body).not.toMatch(/,(90|50|60|70|80),/);

    const xlsx = await get(null, '/public/barometer.xlsx?year=2024&by=island&lang=en');
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheetRows: unknown[][] = [];
    workbook.worksheets[0]?.eachRow((row) => {
      sheetRows.push((row.values as unknown[]).slice(1));
    });
    expect(sheetRows[0]?.[4]).toBe('First quartile');
    const i2 = sheetRows.find((row) => row[0] === 'EE_END' && row[3] === 6);
    expect(i2?.slice(4, 7)).toEqual([0.725, 0.9, 1.75]);
    expect(sheetRows.some((row) => row[8] === 'fewer than 5 companies')).toBe(true);
    expect(workbook.worksheets[1]?.name).toBe('Editions');
  });
});

describe("a company's positions", () => {
  it('places each indicator in the quartiles of its section and of all companies, without counting itself', async () => {
    const response = await get(
      positionsOwner,
      `/companies/${positionsCompany}/diagnoses/${diagnosisId}/positions`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.year).toBe(2023);
    expect(answer.section.code).toBe(place.sectionCode.S1);
    const ee = answer.indicators.find((item: { code: string }) => item.code === 'EE_END');
    // PT 710 000 / AT 900 000 = 0.7888…
    expect(Number(ee.value)).toBeCloseTo(0.7889, 4);
    // S1 (the company itself withdrew, so not counted): 0.5 0.6 0.7 0.8 0.9 → 0.6, 0.7, 0.8; 0.789 ≤ 0.8: 3.
    expect(ee.section).toEqual({
      count: 5,
      q1: '0.6',
      median: '0.7',
      q3: '0.8',
      quartile: 3,
      suppressed: null,
    });
    // All: 0.1 0.2 0.3 0.4 0.45 0.5 0.6 0.7 0.8 0.9 (10 values): positions 2.25, 4.5, 6.75 → Q1 = 0.3 + 0.25 ·
    // 0.1 = 0.325; median = 0.45 + 0.5 · 0.05 = 0.475; Q3 = 0.6 + 0.75 · 0.1 = 0.675; 0.789 > 0.675: 4.
    expect(ee.all).toEqual({
      count: 10,
      q1: '0.325',
      median: '0.475',
      q3: '0.675',
      quartile: 4,
      suppressed: null,
    });
    // A criterion no company has a value of that year: no position.
    const other = answer.indicators.find((item: { code: string }) => item.code !== 'EE_END');
    expect(other.all).toMatchObject({ quartile: null, suppressed: 'fewCompanies' });
  });

  it('places a sheet of a year without figures (a monthly sheet of 2025) in the latest year before it', async () => {
    const entered = await send(
      positionsOwner,
      'POST',
      `/companies/${positionsCompany}/balance-sheets/entries`,
      {
        startDate: '2025-01-01',
        endDate: '2025-01-31',
        typeFrequence: 'monthly',
        values: weakSheetValues(leafCodes),
      },
    );
    expect(entered.statusCode, entered.body).toBe(201);
    const diagnosed = await send(positionsOwner, 'POST', `/companies/${positionsCompany}/diagnoses`, {
      balanceSheetId: entered.json().id,
    });
    expect(diagnosed.statusCode, diagnosed.body).toBe(201);
    const response = await get(
      positionsOwner,
      `/companies/${positionsCompany}/diagnoses/${diagnosed.json().id}/positions`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer.year).toBe(2024);
    const ee = answer.indicators.find((item: { code: string }) => item.code === 'EE_END');
    // 2024's S1 as above (0.3, 0.75, 0.975) and all (0.375, 0.65, 0.925): 0.789 falls in the 3rd quartile of both.
    expect(ee.section).toEqual({
      count: 6,
      q1: '0.3',
      median: '0.75',
      q3: '0.975',
      quartile: 3,
      suppressed: null,
    });
    expect(ee.all).toEqual({
      count: 12,
      q1: '0.375',
      median: '0.65',
      q3: '0.925',
      quartile: 3,
      suppressed: null,
    });
  });

  it("answers 404 for another company's diagnosis", async () => {
    const response = await get(owner, `/companies/${positionsCompany}/diagnoses/${diagnosisId}/positions`);
    expect(response.statusCode).toBe(404);
  });
});

describe("the domain's quartiles", () => {
  it("equal the database's percentile_cont on the same values", async () => {
    const samples = [
      ['1', '2', '3', '4', '10'],
      ['0.1', '0.2', '0.6', '0.9', '1.0', '2.0'],
      ['-5', '7', '7', '12.5', '100', '3', '0.25'],
      ['42'],
    ];
    for (const values of samples) {
      const list = sql.join(
        values.map((value) => sql`${value}::numeric`),
        sql`, `,
      );
      const { rows } = (await ctx.db.execute(sql`
        select percentile_cont(0.25) within group (order by v)::text as q1,
          percentile_cont(0.5) within group (order by v)::text as median,
          percentile_cont(0.75) within group (order by v)::text as q3
        from unnest(array[${list}]) as v`)) as unknown as {
        rows: { q1: string; median: string; q3: string }[];
      };
      const database = rows[0];
      const domain = quartiles(values.map((value) => Decimal.fromString(value)));
      expect(
        [domain?.q1, domain?.median, domain?.q3].map((q) => q?.toNumber()),
        values.join(' '),
      ).toEqual([database?.q1, database?.median, database?.q3].map(Number));
    }
  });
});

describe("a year's figures kept in the process", () => {
  it('are read again once CACHE_MS has passed, and at once after a consent change', async () => {
    let clock = 1_000_000;
    const service = createBarometerService({
      db: ctx.db,
      diagnosis: { get: () => Promise.reject(new Error('not used')) },
      now: () => clock,
    });
    const count = async () =>
      (await service.barometer({ year: 2022, by: 'overall' })).criteria.find((item) => item.code === 'EE_END')
        ?.overall.count ?? null;
    const add = async (index: number) => {
      const id = await company(`cache-${index}`, { city: place.I1, division: place.S1, range: place.R1 });
      await sheet(id, { end: '2022-12-31', value: '0.5', turnover: '100' });
      return id;
    };
    for (const index of [1, 2, 3, 4, 5]) await add(index);
    expect(await count()).toBe(5);
    const sixth = await add(6);
    // Kept: the sixth is not seen until the minute has passed.
    clock += CACHE_MS - 1;
    expect(await count()).toBe(5);
    clock += 1;
    expect(await count()).toBe(6);
    // A consent change through the service forgets at once.
    const owner = await ctx.createUser({ email: 'cache-owner@barometer.cv', roles: ['company'] });
    await ctx.db.insert(companyMembers).values({ companyId: sixth, accountId: owner.accountId });
    await service.setConsent(
      {
        accountId: owner.accountId,
        email: owner.email,
        name: 'Dona',
        roles: ['company'],
        language: 'pt',
        via: 'session',
      },
      { accountId: owner.accountId },
      sixth,
      false,
    );
    expect(await count()).toBe(5);
  });
});

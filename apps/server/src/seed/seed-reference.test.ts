import {
  CaeDivisionInput,
  CityInput,
  CRITERION_TYPE_CODES,
  CriterionInput,
  CriterionTypeInput,
  EmployeeRangeInput,
  employeeRangesOverlap,
  HeadingInput,
  type LocalizedText,
  parseFormula,
  SimpleReferenceInput,
  SubHeadingInput,
  searchText,
} from '@excelencia/domain';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import {
  auditLog,
  caeDivisions,
  caeSections,
  cities,
  companySituations,
  companyTypes,
  criteria,
  criterionTypes,
  employeeRanges,
  islands,
  partnerTypes,
  sdCategories,
  sdHeadings,
  sdSubCategories,
  sdSubHeadings,
} from '../db/schema/index.ts';
import * as resources from '../modules/reference/reference.resources.ts';
import {
  CAE_DIVISIONS,
  CITIES,
  COMPANY_SITUATIONS,
  COMPANY_TYPES,
  CRITERIA,
  EMPLOYEE_RANGES,
  ISLANDS,
  PARTNER_TYPES,
  SELF_DIAGNOSIS_TREE,
  type SeedTreeNode,
  treeNodeCodes,
} from './seed-data/index.ts';
import { hasReferenceData, seedReferenceData } from './seed-reference.ts';

const SPEC_APPLICATION_CRITERIA = [
  ['RLP', 'Resultado Líquido Positivo'],
  ['EBITDA', 'EBITDA'],
  ['EBITDA_2A', 'EBITDA positivo nos dois anos analisados'],
  ['DFL_EBITDA', 'Dívida Financeira Líquida / EBITDA'],
  ['RCP', 'Rentabilidade dos Capitais Próprios'],
  ['AF', 'Autonomia Financeira'],
  ['EBITDA_AT', 'EBITDA / Ativo'],
  ['EBITDA_VN', 'EBITDA / Volume de Negócios'],
];

const ALL_TABLES = {
  islands,
  cities,
  caeSections,
  caeDivisions,
  companyTypes,
  companySituations,
  partnerTypes,
  employeeRanges,
  criterionTypes,
  criteria,
  sdHeadings,
  sdSubHeadings,
  sdCategories,
  sdSubCategories,
};

function nonEmpty(text: LocalizedText): boolean {
  return [text.pt, text.en, text.fr].every((value) => typeof value === 'string' && value.trim().length > 0);
}

/** Every row of every seeded table, as stored (to compare runs). */
async function snapshot(handle: DatabaseHandle) {
  const out: Record<string, unknown[]> = {};
  for (const [name, table] of Object.entries(ALL_TABLES)) {
    out[name] = await handle.db
      .select()
      .from(table as typeof islands)
      .orderBy(asc((table as typeof islands).code));
  }
  return out;
}

describe('the reference seed', () => {
  let handle: DatabaseHandle;
  let firstReport: Record<string, number>;

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://' });
    firstReport = await seedReferenceData(handle.db);
  });
  afterAll(async () => {
    await handle.close();
  });

  it('loads Cabo Verde: 10 islands (Santa Luzia inactive) and 22 municipalities, each on its island', async () => {
    expect(firstReport.islands).toBe(10);
    expect(firstReport.cities).toBe(22);
    const islandRows = await handle.db.select().from(islands);
    expect(islandRows).toHaveLength(10);
    expect(islandRows.filter((row) => !row.isActive).map((row) => row.code)).toEqual(['LZ']);

    const rows = await handle.db
      .select({ code: cities.code, island: islands.code, name: cities.description })
      .from(cities)
      .innerJoin(islands, eq(cities.islandId, islands.id));
    expect(rows).toHaveLength(22);
    for (const row of rows) expect(row.code.startsWith(`${row.island}-`)).toBe(true);
    const perIsland = Object.fromEntries(
      ['SA', 'SV', 'LZ', 'SN', 'SL', 'BV', 'MA', 'ST', 'FG', 'BR'].map((code) => [
        code,
        rows.filter((row) => row.island === code).length,
      ]),
    );
    expect(perIsland).toEqual({ SA: 3, SV: 1, LZ: 0, SN: 2, SL: 1, BV: 1, MA: 1, ST: 9, FG: 3, BR: 1 });
    expect(rows.find((row) => row.code === 'ST-PR')?.name.pt).toBe('Praia');
  });

  it('loads the 21 CAE sections and 88 divisions, each division under its ISIC section', async () => {
    expect(firstReport.cae_sections).toBe(21);
    expect(firstReport.cae_divisions).toBe(88);
    const sections = await handle.db.select().from(caeSections).orderBy(asc(caeSections.code));
    expect(sections.map((row) => row.code).join('')).toBe('ABCDEFGHIJKLMNOPQRSTU');

    const rows = await handle.db
      .select({ code: caeDivisions.code, section: caeSections.code })
      .from(caeDivisions)
      .innerJoin(caeSections, eq(caeDivisions.sectionId, caeSections.id));
    expect(rows).toHaveLength(88);
    const sectionOf = new Map(rows.map((row) => [row.code, row.section]));
    // ISIC Rev.4 boundaries: section by division number.
    const expected = (n: number): string =>
      n <= 3
        ? 'A'
        : n <= 9
          ? 'B'
          : n <= 33
            ? 'C'
            : n === 35
              ? 'D'
              : n <= 39
                ? 'E'
                : n <= 43
                  ? 'F'
                  : n <= 47
                    ? 'G'
                    : n <= 53
                      ? 'H'
                      : n <= 56
                        ? 'I'
                        : n <= 63
                          ? 'J'
                          : n <= 66
                            ? 'K'
                            : n === 68
                              ? 'L'
                              : n <= 75
                                ? 'M'
                                : n <= 82
                                  ? 'N'
                                  : n === 84
                                    ? 'O'
                                    : n === 85
                                      ? 'P'
                                      : n <= 88
                                        ? 'Q'
                                        : n <= 93
                                          ? 'R'
                                          : n <= 96
                                            ? 'S'
                                            : n <= 98
                                              ? 'T'
                                              : 'U';
    for (const [code, section] of sectionOf) {
      expect(code).toMatch(/^\d{2}$/);
      expect(section, code).toBe(expected(Number(code)));
    }
  });

  it('loads company types, company situations, partner types and non-overlapping employee ranges', async () => {
    expect(firstReport.company_types).toBe(COMPANY_TYPES.length);
    expect(firstReport.company_situations).toBe(COMPANY_SITUATIONS.length);
    expect(firstReport.partner_types).toBe(PARTNER_TYPES.length);
    const types = await handle.db.select({ code: companyTypes.code }).from(companyTypes);
    expect(types.map((row) => row.code)).toEqual(expect.arrayContaining(['LDA', 'SA', 'SUQ', 'ENI', 'COOP']));

    const ranges = await handle.db.select().from(employeeRanges).orderBy(asc(employeeRanges.minEmployees));
    expect(ranges.map((row) => [row.minEmployees, row.maxEmployees])).toEqual([
      [1, 9],
      [10, 49],
      [50, 249],
      [250, null],
    ]);
    for (const [i, a] of ranges.entries()) {
      for (const b of ranges.slice(i + 1)) expect(employeeRangesOverlap(a, b)).toBe(false);
    }
  });

  it('loads the six criterion types in the order EE, F, L, RE, RF, C', async () => {
    const rows = await handle.db.select().from(criterionTypes).orderBy(asc(criterionTypes.sortOrder));
    expect(rows.map((row) => row.code)).toEqual([...CRITERION_TYPE_CODES]);
    expect(rows.map((row) => row.description.en)).toEqual([
      'Debt structure',
      'Functioning',
      'Liquidity',
      'Economic profitability',
      'Financial profitability',
      'Application criteria',
    ]);
  });

  it('loads the eight application criteria of type C in their fixed order, and ratios for every other type', async () => {
    const rows = await handle.db
      .select({
        code: criteria.code,
        name: criteria.description,
        type: criterionTypes.code,
        application: criteria.isApplicationCriterion,
        sortOrder: criteria.sortOrder,
        targetValue: criteria.targetValue,
      })
      .from(criteria)
      .innerJoin(criterionTypes, eq(criteria.criterionTypeId, criterionTypes.id))
      .orderBy(asc(criteria.sortOrder));
    const application = rows.filter((row) => row.application);
    expect(application.map((row) => [row.code, row.name.pt])).toEqual(SPEC_APPLICATION_CRITERIA);
    expect(application.every((row) => row.type === 'C')).toBe(true);
    expect(rows.filter((row) => row.type === 'C')).toHaveLength(8);
    for (const type of ['EE', 'F', 'L', 'RE', 'RF']) {
      expect(rows.filter((row) => row.type === type && !row.application).length).toBeGreaterThanOrEqual(2);
    }
    expect(Number(rows.find((row) => row.code === 'DFL_EBITDA')?.targetValue)).toBe(3);
  });

  it('builds the self-diagnosis tree: five headings with their nature, in order, down to account prefixes', async () => {
    const headings = await handle.db.select().from(sdHeadings).orderBy(asc(sdHeadings.sortOrder));
    expect(headings.map((row) => [row.code, row.nature])).toEqual([
      ['AT', 'debit'],
      ['CP', 'credit'],
      ['PT', 'credit'],
      ['REND', 'credit'],
      ['GAST', 'debit'],
    ]);
    const counts = {
      sd_headings: (await handle.db.select().from(sdHeadings)).length,
      sd_sub_headings: (await handle.db.select().from(sdSubHeadings)).length,
      sd_categories: (await handle.db.select().from(sdCategories)).length,
      sd_sub_categories: (await handle.db.select().from(sdSubCategories)).length,
    };
    expect(counts).toEqual({
      sd_headings: firstReport.sd_headings,
      sd_sub_headings: firstReport.sd_sub_headings,
      sd_categories: firstReport.sd_categories,
      sd_sub_categories: firstReport.sd_sub_categories,
    });
    const codes = treeNodeCodes();
    expect(new Set(codes).size).toBe(codes.length);
    expect(
      counts.sd_headings + counts.sd_sub_headings + counts.sd_categories + counts.sd_sub_categories,
    ).toBe(codes.length);
    const required = ['AT', 'ANC', 'AC', 'CX', 'CLI', 'INV', 'PT', 'PNC', 'PC', 'CP', 'VN', 'REND', 'GAST'];
    const more = ['CMVMC', 'FSE', 'GP', 'DEP', 'JUR', 'IRC', 'DF_NC', 'DF_C', 'REXP', 'GEXP'];
    expect(codes).toEqual(expect.arrayContaining([...required, ...more]));

    const cash = await handle.db
      .select({
        code: sdSubCategories.code,
        accounts: sdSubCategories.accountCodes,
        parent: sdCategories.code,
      })
      .from(sdSubCategories)
      .innerJoin(sdCategories, eq(sdSubCategories.categoryId, sdCategories.id))
      .where(eq(sdCategories.code, 'CX'))
      .orderBy(asc(sdSubCategories.sortOrder));
    expect(cash.map((row) => [row.code, row.accounts])).toEqual([
      ['CAIXA', ['11']],
      ['DO', ['12']],
      ['ODB', ['13']],
    ]);

    // A parent lists exactly its children's accounts; leaves list at least one; all are SNCRF digits.
    const check = (node: SeedTreeNode): void => {
      for (const code of node.accountCodes) expect(code).toMatch(/^\d{1,10}$/);
      if (node.children.length === 0) expect(node.accountCodes.length, node.code).toBeGreaterThan(0);
      else expect(new Set(node.accountCodes)).toEqual(new Set(node.children.flatMap((c) => c.accountCodes)));
      node.children.forEach(check);
    };
    SELF_DIAGNOSIS_TREE.forEach(check);
    expect(Math.max(...SELF_DIAGNOSIS_TREE.map(depth))).toBeLessThanOrEqual(4);
  });

  it('every seeded formula parses with the seeded node codes as the known names', async () => {
    const known = new Set<string>();
    for (const table of [sdHeadings, sdSubHeadings, sdCategories, sdSubCategories]) {
      for (const row of await handle.db.select({ code: table.code }).from(table)) known.add(row.code);
    }
    const rows = await handle.db.select({ code: criteria.code, formula: criteria.formula }).from(criteria);
    expect(rows).toHaveLength(CRITERIA.length);
    for (const row of rows) {
      const result = parseFormula(row.formula, { knownNames: known });
      expect(result.ok ? 'ok' : `${result.key} at ${result.position}`, `${row.code}: ${row.formula}`).toBe(
        'ok',
      );
    }
    const twoYears = rows.find((row) => row.code === 'EBITDA_2A');
    const parsed = parseFormula(twoYears?.formula ?? '', { knownNames: known });
    expect(parsed.ok && parsed.usesPrevious).toBe(true);
  });

  it('gives every description pt, en and fr, and stores the search text of code and descriptions', async () => {
    for (const [name, table] of Object.entries(ALL_TABLES)) {
      const rows = await handle.db.select().from(table as typeof islands);
      for (const row of rows) {
        expect(nonEmpty(row.description), `${name} ${row.code}`).toBe(true);
        expect(row.searchText.startsWith(searchText(row.code, row.description.pt))).toBe(true);
      }
    }
    for (const row of await handle.db.select().from(criteria)) {
      expect(nonEmpty(row.recommendation), row.code).toBe(true);
    }
    // Proper nouns stay Portuguese; everything else is translated.
    const translated = [...COMPANY_TYPES, ...COMPANY_SITUATIONS, ...PARTNER_TYPES, ...EMPLOYEE_RANGES];
    for (const row of [...translated, ...CAE_DIVISIONS]) {
      expect(row.description.en, row.code).not.toBe(row.description.pt);
    }
    const [saoVicente] = await handle.db.select().from(islands).where(eq(islands.code, 'SV'));
    expect(saoVicente?.searchText).toContain('sao vicente');
  });

  it('stores the same search text the reference API writes, so seeded rows are found like any other', async () => {
    const pairs = [
      [resources.islandsResource, islands],
      [resources.citiesResource, cities],
      [resources.caeSectionsResource, caeSections],
      [resources.caeDivisionsResource, caeDivisions],
      [resources.companyTypesResource, companyTypes],
      [resources.companySituationsResource, companySituations],
      [resources.partnerTypesResource, partnerTypes],
      [resources.employeeRangesResource, employeeRanges],
      [resources.criterionTypesResource, criterionTypes],
      [resources.criteriaResource, criteria],
      [resources.headingsResource, sdHeadings],
      [resources.subHeadingsResource, sdSubHeadings],
      [resources.categoriesResource, sdCategories],
      [resources.subCategoriesResource, sdSubCategories],
    ] as const;
    for (const [resource, table] of pairs) {
      const rows = await handle.db.select().from(table as typeof islands);
      for (const row of rows) {
        const parts = (resource.searchParts as (input: unknown) => (string | null | undefined)[])(row);
        expect(row.searchText, `${resource.path} ${row.code}`).toBe(searchText(...parts));
      }
    }
  });

  it('is data the API itself would accept (the shared create schemas)', () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const problems: string[] = [];
    const check = (what: string, result: { success: boolean }) => {
      if (!result.success) problems.push(what);
    };
    for (const row of [...ISLANDS, ...COMPANY_TYPES, ...COMPANY_SITUATIONS, ...PARTNER_TYPES]) {
      check(row.code, SimpleReferenceInput.safeParse(row));
    }
    for (const row of CITIES) check(row.code, CityInput.safeParse({ ...row, islandId: id }));
    for (const row of CAE_DIVISIONS) check(row.code, CaeDivisionInput.safeParse({ ...row, sectionId: id }));
    for (const row of EMPLOYEE_RANGES) check(row.code, EmployeeRangeInput.safeParse(row));
    for (const row of CRITERIA) check(row.code, CriterionInput.safeParse({ ...row, criterionTypeId: id }));
    check(
      'types',
      CriterionTypeInput.safeParse({ code: 'EE', description: ISLANDS[0]?.description, sortOrder: 1 }),
    );
    for (const heading of SELF_DIAGNOSIS_TREE) {
      check(heading.code, HeadingInput.safeParse({ ...heading, sortOrder: 1 }));
      for (const sub of heading.children) {
        check(sub.code, SubHeadingInput.safeParse({ ...sub, sortOrder: 1, headingId: id }));
      }
    }
    // Codes are stored as the API stores them: trimmed and upper case.
    for (const row of [...ISLANDS, ...CITIES, ...CAE_DIVISIONS, ...CRITERIA]) {
      expect(row.code).toBe(row.code.trim().toUpperCase());
    }
    expect(problems).toEqual([]);
  });

  it('changes nothing when run again, and never overwrites what an administrator edited', async () => {
    const before = await snapshot(handle);
    const audits = (await handle.db.select().from(auditLog).where(eq(auditLog.entity, 'reference-data')))
      .length;
    expect(audits).toBe(1);

    const again = await seedReferenceData(handle.db);
    expect(Object.values(again).every((count) => count === 0)).toBe(true);
    expect(await snapshot(handle)).toEqual(before);
    expect(
      (await handle.db.select().from(auditLog).where(eq(auditLog.entity, 'reference-data'))).length,
    ).toBe(audits);

    // An administrator edits an island and a criterion's target, and deletes a municipality.
    const edited = { pt: 'São Vicente (editado)', en: 'São Vicente (edited)', fr: 'São Vicente (modifié)' };
    await handle.db
      .update(islands)
      .set({ description: edited, version: 2, isActive: false })
      .where(eq(islands.code, 'SV'));
    await handle.db
      .update(criteria)
      .set({ targetValue: '2.5', version: 2 })
      .where(eq(criteria.code, 'DFL_EBITDA'));
    await handle.db.delete(cities).where(eq(cities.code, 'BR-BR'));

    // At start (only into an empty database) nothing comes back; `npm run seed` restores only the missing row.
    expect(await hasReferenceData(handle.db)).toBe(true);
    const atStart = await seedReferenceData(handle.db, { onlyIntoEmptyDatabase: true });
    expect(atStart).toEqual({});
    expect(await handle.db.select().from(cities).where(eq(cities.code, 'BR-BR'))).toHaveLength(0);

    const third = await seedReferenceData(handle.db);
    expect(third.cities).toBe(1);
    expect(Object.values(third).reduce((a, b) => a + b, 0)).toBe(1);
    const [island] = await handle.db.select().from(islands).where(eq(islands.code, 'SV'));
    expect(island).toMatchObject({ description: edited, version: 2, isActive: false });
    const [criterion] = await handle.db.select().from(criteria).where(eq(criteria.code, 'DFL_EBITDA'));
    expect(Number(criterion?.targetValue)).toBe(2.5);
    expect(criterion?.version).toBe(2);
    expect(await handle.db.select().from(islands)).toHaveLength(10);
    expect(await handle.db.select().from(cities)).toHaveLength(22);
  });
});

function depth(node: SeedTreeNode): number {
  return 1 + Math.max(0, ...node.children.map(depth));
}

describe('the reference seed at start', () => {
  it('loads everything into an empty database', async () => {
    const handle = await openDatabase({ dataDir: 'memory://' });
    try {
      expect(await hasReferenceData(handle.db)).toBe(false);
      const report = await seedReferenceData(handle.db, { onlyIntoEmptyDatabase: true });
      expect(report).toMatchObject({ islands: 10, cities: 22, cae_sections: 21, cae_divisions: 88 });
      expect(report.criterion_types).toBe(6);
      expect(report.criteria).toBe(CRITERIA.length);
    } finally {
      await handle.close();
    }
  });
});

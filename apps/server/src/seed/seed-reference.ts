import { type LocalizedText, searchText } from '@excelencia/domain';
import { type AnyColumn, inArray } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../db/client.ts';
import {
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
import { writeAudit } from '../platform/audit/audit.ts';
import {
  CAE_DIVISIONS,
  CAE_SECTIONS,
  CITIES,
  COMPANY_SITUATIONS,
  COMPANY_TYPES,
  CRITERIA,
  CRITERION_TYPES,
  EMPLOYEE_RANGES,
  ISLANDS,
  PARTNER_TYPES,
  SELF_DIAGNOSIS_TREE,
  type SeedTreeNode,
} from './seed-data/index.ts';
import { seedEsgStarterForm } from './seed-esg.ts';

/**
 * Loads the reference seed data (islands, municipalities, CAE, company types, employee ranges, company
 * situations, partner types, criterion types, criteria, the self-diagnosis tree). Insert-if-missing by code:
 * a row whose code already exists is left exactly as it is (an administrator may have edited it), so running
 * it again never duplicates nor overwrites anything. A row deleted by an administrator comes back on the next
 * run. Children find their parent by the parent's code.
 */

/** How many rows each list gained, by table name. */
export type SeedReferenceReport = Record<string, number>;

export interface SeedReferenceOptions {
  /**
   * Load only when the database holds no reference data at all (what `npm start` does), so data an
   * administrator deleted is not brought back at every start. `npm run seed` fills in whatever is missing.
   */
  onlyIntoEmptyDatabase?: boolean;
}

/** The tables the seed writes, each with its code column. */
const SEEDED_TABLES = [
  islands,
  cities,
  caeSections,
  caeDivisions,
  companyTypes,
  employeeRanges,
  companySituations,
  partnerTypes,
  criterionTypes,
  criteria,
  sdHeadings,
  sdSubHeadings,
  sdCategories,
  sdSubCategories,
] as const;

type CodedTable = (typeof SEEDED_TABLES)[number];

/** The search text the reference services store: the code and the three descriptions, plus extra parts. */
function described(code: string, description: LocalizedText, ...extra: string[]): string {
  return searchText(code, description.pt, description.en, description.fr, ...extra);
}

/** Whether any of the seeded lists has a row. */
export async function hasReferenceData(db: Executor): Promise<boolean> {
  for (const table of SEEDED_TABLES) {
    const t = table as typeof islands;
    const [row] = await db.select({ id: t.id }).from(t).limit(1);
    if (row) return true;
  }
  return false;
}

async function insertMissing(
  tx: Executor,
  table: CodedTable,
  rows: Record<string, unknown>[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await tx
    .insert(table as PgTable)
    .values(rows)
    .onConflictDoNothing({ target: (table as typeof islands).code })
    .returning({ id: (table as typeof islands).id });
  return inserted.length;
}

/** Code → id of the rows of `table` with those codes. */
async function idsByCode(tx: Executor, table: CodedTable, codes: string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const t = table as typeof islands;
  const rows = await tx
    .select({ id: t.id, code: t.code })
    .from(t)
    .where(inArray(t.code as AnyColumn, codes));
  return new Map(rows.map((row) => [row.code, row.id]));
}

function parentId(ids: Map<string, string>, code: string, what: string): string {
  const id = ids.get(code);
  if (!id) throw new Error(`Seed: the ${what} ${code} is missing`);
  return id;
}

function treeNodeValues(node: SeedTreeNode, index: number) {
  return {
    code: node.code,
    description: node.description,
    sortOrder: index + 1,
    accountCodes: node.accountCodes,
    searchText: described(node.code, node.description, ...node.accountCodes),
  };
}

async function seedTree(tx: Executor, report: SeedReferenceReport): Promise<void> {
  const headings = SELF_DIAGNOSIS_TREE;
  report.sd_headings = await insertMissing(
    tx,
    sdHeadings,
    headings.map((node, i) => ({ ...treeNodeValues(node, i), nature: node.nature })),
  );
  const headingIds = await idsByCode(
    tx,
    sdHeadings,
    headings.map((node) => node.code),
  );

  const subHeadings = headings.flatMap((heading) =>
    heading.children.map((node, i) => ({
      ...treeNodeValues(node, i),
      headingId: parentId(headingIds, heading.code, 'heading'),
    })),
  );
  report.sd_sub_headings = await insertMissing(tx, sdSubHeadings, subHeadings);
  const subHeadingNodes = headings.flatMap((heading) => heading.children);
  const subHeadingIds = await idsByCode(
    tx,
    sdSubHeadings,
    subHeadingNodes.map((node) => node.code),
  );

  const categoryNodes = subHeadingNodes.flatMap((sub) => sub.children);
  report.sd_categories = await insertMissing(
    tx,
    sdCategories,
    subHeadingNodes.flatMap((sub) =>
      sub.children.map((node, i) => ({
        ...treeNodeValues(node, i),
        subHeadingId: parentId(subHeadingIds, sub.code, 'sub-heading'),
      })),
    ),
  );
  const categoryIds = await idsByCode(
    tx,
    sdCategories,
    categoryNodes.map((node) => node.code),
  );

  report.sd_sub_categories = await insertMissing(
    tx,
    sdSubCategories,
    categoryNodes.flatMap((category) =>
      category.children.map((node, i) => ({
        ...treeNodeValues(node, i),
        categoryId: parentId(categoryIds, category.code, 'category'),
      })),
    ),
  );
}

/**
 * Loads the reference data that is missing (by code) in one transaction, with one audit row when something
 * was added. Returns how many rows each table gained (all zero when there was nothing to do).
 */
export async function seedReferenceData(
  db: Database,
  options: SeedReferenceOptions = {},
): Promise<SeedReferenceReport> {
  return db.transaction(async (tx) => {
    const report: SeedReferenceReport = {};
    if (options.onlyIntoEmptyDatabase && (await hasReferenceData(tx))) return report;

    const simple = (rows: readonly { code: string; description: LocalizedText; isActive?: boolean }[]) =>
      rows.map((row) => ({
        code: row.code,
        description: row.description,
        isActive: row.isActive ?? true,
        searchText: described(row.code, row.description),
      }));

    report.islands = await insertMissing(tx, islands, simple(ISLANDS));
    const islandIds = await idsByCode(
      tx,
      islands,
      ISLANDS.map((island) => island.code),
    );
    report.cities = await insertMissing(
      tx,
      cities,
      CITIES.map((city) => ({
        ...simple([city])[0],
        islandId: parentId(islandIds, city.islandCode, 'island'),
      })),
    );

    report.cae_sections = await insertMissing(tx, caeSections, simple(CAE_SECTIONS));
    const sectionIds = await idsByCode(
      tx,
      caeSections,
      CAE_SECTIONS.map((section) => section.code),
    );
    report.cae_divisions = await insertMissing(
      tx,
      caeDivisions,
      CAE_DIVISIONS.map((division) => ({
        ...simple([division])[0],
        sectionId: parentId(sectionIds, division.sectionCode, 'CAE section'),
      })),
    );

    report.company_types = await insertMissing(tx, companyTypes, simple(COMPANY_TYPES));
    report.company_situations = await insertMissing(tx, companySituations, simple(COMPANY_SITUATIONS));
    report.partner_types = await insertMissing(tx, partnerTypes, simple(PARTNER_TYPES));
    report.employee_ranges = await insertMissing(
      tx,
      employeeRanges,
      EMPLOYEE_RANGES.map((range) => ({
        ...simple([range])[0],
        minEmployees: range.minEmployees,
        maxEmployees: range.maxEmployees,
      })),
    );

    report.criterion_types = await insertMissing(
      tx,
      criterionTypes,
      CRITERION_TYPES.map((type) => ({
        code: type.code,
        description: type.description,
        sortOrder: type.sortOrder,
        searchText: described(type.code, type.description),
      })),
    );
    const typeIds = await idsByCode(
      tx,
      criterionTypes,
      CRITERION_TYPES.map((type) => type.code),
    );

    // The tree first: criteria formulas name its nodes.
    await seedTree(tx, report);

    report.criteria = await insertMissing(
      tx,
      criteria,
      CRITERIA.map((criterion) => ({
        code: criterion.code,
        description: criterion.description,
        formula: criterion.formula,
        targetComparison: criterion.targetComparison,
        targetValue: criterion.targetValue,
        recommendation: criterion.recommendation,
        criterionTypeId: parentId(typeIds, criterion.criterionTypeCode, 'criterion type'),
        sortOrder: criterion.sortOrder,
        isApplicationCriterion: criterion.isApplicationCriterion,
        isActive: true,
        searchText: described(criterion.code, criterion.description, criterion.formula),
      })),
    );

    report.esg_forms = await seedEsgStarterForm(tx);

    const added = Object.values(report).reduce((sum, count) => sum + count, 0);
    if (added > 0) {
      await writeAudit(tx, {
        actorAccountId: null,
        action: 'seed',
        entity: 'reference-data',
        entityId: null,
        after: report,
      });
    }
    return report;
  });
}

import {
  CaeDivisionInput,
  CaeDivisionItem,
  CaeDivisionListQuery,
  CaeDivisionUpdate,
  CategoryInput,
  CategoryItem,
  CategoryListQuery,
  CategoryUpdate,
  CityInput,
  CityItem,
  CityListQuery,
  CityUpdate,
  CriterionInput,
  CriterionItem,
  CriterionListQuery,
  CriterionTypeInput,
  CriterionTypeItem,
  CriterionTypeUpdate,
  CriterionUpdate,
  EmployeeRangeInput,
  EmployeeRangeItem,
  EmployeeRangeUpdate,
  employeeRangesOverlap,
  HeadingInput,
  HeadingItem,
  HeadingUpdate,
  ListQuery,
  type LocalizedText,
  localized,
  PartnerEntityInput,
  PartnerEntityItem,
  PartnerEntityListQuery,
  PartnerEntityUpdate,
  SimpleReferenceInput,
  SimpleReferenceItem,
  SimpleReferenceUpdate,
  SubCategoryInput,
  SubCategoryItem,
  SubCategoryListQuery,
  SubCategoryUpdate,
  SubHeadingInput,
  SubHeadingItem,
  SubHeadingListQuery,
  SubHeadingUpdate,
  translate,
  yesNoText,
} from '@excelencia/domain';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { companies } from '../../db/schema/companies.ts';
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
  partnerEntities,
  partners,
  partnerTypes,
  sdCategories,
  sdHeadings,
  sdSubCategories,
  sdSubHeadings,
} from '../../db/schema/reference.ts';
import { AppError } from '../../platform/errors.ts';
import { localizedSort } from '../../platform/listing.ts';
import type { ExportColumn } from '../../platform/xlsx-export.ts';
import { criterionUsesName, validateCriterionFormula } from './formula-names.ts';
import {
  balanceSheetValuesUseCode,
  cityIslandCode,
  criterionTypeSortOrder,
  divisionSectionCode,
  lockEmployeeRanges,
  type NodeTable,
  nodeCode,
  nodeCodeAndAccounts,
  nodeHasChild,
  nodeWithCodeExists,
  otherEmployeeRangesLocked,
  partnerEntityNameLower,
  partnerEntityTypeCode,
} from './reference.repository.ts';
import {
  type ChildLink,
  defineResource,
  describedParts,
  duplicateCode,
  inUse,
  parentOf,
  storedFields,
} from './reference-resource.service.ts';

// ---- shared pieces -----------------------------------------------------------------------------------------------

const codeColumn = <T extends { code: string }>(): ExportColumn<T> => ({
  header: 'reference:fields.code',
  value: (row) => row.code,
  width: 14,
});
const descriptionColumn = <T extends { description: LocalizedText }>(): ExportColumn<T> => ({
  header: 'reference:fields.description',
  value: (row, language) => localized(row.description, language),
  width: 48,
});
const activeColumn = <T extends { isActive: boolean }>(): ExportColumn<T> => ({
  header: 'reference:fields.isActive',
  value: (row, language) => yesNoText(row.isActive, language),
  width: 10,
});
const parentColumn = <T>(header: string, pick: (row: T) => { code: string; description: LocalizedText }) =>
  ({
    header,
    value: (row, language) => {
      const parent = pick(row);
      return `${parent.code} - ${localized(parent.description, language)}`;
    },
    width: 40,
  }) satisfies ExportColumn<T>;

const companiesReferTo = (column: AnyPgColumn): ChildLink => ({
  table: companies,
  column,
  what: 'reference:kinds.companies',
});

// ---- simple resources ----------------------------------------------------------------------------------------------

function simpleResource(path: string, table: typeof islands, children: ChildLink[]) {
  return defineResource({
    path,
    table,
    schemas: {
      create: SimpleReferenceInput,
      update: SimpleReferenceUpdate,
      item: SimpleReferenceItem,
      listQuery: ListQuery,
    },
    sortable: {
      code: table.code,
      description: localizedSort(table.description),
      isActive: table.isActive,
      createdAt: table.createdAt,
      updatedAt: table.updatedAt,
    },
    defaultSort: ['code'],
    filters: { isActive: table.isActive },
    searchParts: describedParts,
    codeColumn: table.code,
    children,
    toItem: (row) => ({
      ...storedFields(row),
      code: row.code,
      description: row.description,
      isActive: row.isActive,
    }),
    exportColumns: [codeColumn(), descriptionColumn(), activeColumn()],
  });
}

export const companyTypesResource = simpleResource('company-types', companyTypes, [
  companiesReferTo(companies.companyTypeId),
]);
export const companySituationsResource = simpleResource('company-situations', companySituations, [
  companiesReferTo(companies.companySituationId),
]);
export const partnerTypesResource = simpleResource('partner-types', partnerTypes, [
  { table: partnerEntities, column: partnerEntities.partnerTypeId, what: 'reference:kinds.partnerEntities' },
]);
export const islandsResource = simpleResource('islands', islands, [
  { table: cities, column: cities.islandId, what: 'reference:kinds.cities' },
]);
export const caeSectionsResource = simpleResource('cae-sections', caeSections, [
  { table: caeDivisions, column: caeDivisions.sectionId, what: 'reference:kinds.caeDivisions' },
]);

// ---- cities and CAE divisions --------------------------------------------------------------------------------------

export const citiesResource = defineResource({
  path: 'cities',
  table: cities,
  schemas: { create: CityInput, update: CityUpdate, item: CityItem, listQuery: CityListQuery },
  sortable: {
    code: cities.code,
    description: localizedSort(cities.description),
    isActive: cities.isActive,
    island: cityIslandCode,
    createdAt: cities.createdAt,
    updatedAt: cities.updatedAt,
  },
  defaultSort: ['code'],
  filters: { islandId: cities.islandId, isActive: cities.isActive },
  searchParts: describedParts,
  codeColumn: cities.code,
  parents: [{ field: 'islandId', as: 'island', table: islands }],
  children: [companiesReferTo(companies.cityId)],
  toItem: (row, parents) => ({
    ...storedFields(row),
    code: row.code,
    description: row.description,
    isActive: row.isActive,
    islandId: row.islandId,
    island: parentOf(parents, 'island', row.islandId),
  }),
  exportColumns: [
    codeColumn(),
    descriptionColumn(),
    parentColumn<CityItem>('reference:fields.island', (row) => row.island),
    activeColumn(),
  ],
});

export const caeDivisionsResource = defineResource({
  path: 'cae-divisions',
  table: caeDivisions,
  schemas: {
    create: CaeDivisionInput,
    update: CaeDivisionUpdate,
    item: CaeDivisionItem,
    listQuery: CaeDivisionListQuery,
  },
  sortable: {
    code: caeDivisions.code,
    description: localizedSort(caeDivisions.description),
    isActive: caeDivisions.isActive,
    section: divisionSectionCode,
    createdAt: caeDivisions.createdAt,
    updatedAt: caeDivisions.updatedAt,
  },
  defaultSort: ['code'],
  filters: { sectionId: caeDivisions.sectionId, isActive: caeDivisions.isActive },
  searchParts: describedParts,
  codeColumn: caeDivisions.code,
  parents: [{ field: 'sectionId', as: 'section', table: caeSections }],
  children: [companiesReferTo(companies.caeDivisionId)],
  toItem: (row, parents) => ({
    ...storedFields(row),
    code: row.code,
    description: row.description,
    isActive: row.isActive,
    sectionId: row.sectionId,
    section: parentOf(parents, 'section', row.sectionId),
  }),
  exportColumns: [
    codeColumn(),
    descriptionColumn(),
    parentColumn<CaeDivisionItem>('reference:fields.section', (row) => row.section),
    activeColumn(),
  ],
});

// ---- employee ranges -----------------------------------------------------------------------------------------------

export const employeeRangesResource = defineResource({
  path: 'employee-ranges',
  table: employeeRanges,
  schemas: {
    create: EmployeeRangeInput,
    update: EmployeeRangeUpdate,
    item: EmployeeRangeItem,
    listQuery: ListQuery,
  },
  sortable: {
    code: employeeRanges.code,
    description: localizedSort(employeeRanges.description),
    minEmployees: employeeRanges.minEmployees,
    maxEmployees: employeeRanges.maxEmployees,
    isActive: employeeRanges.isActive,
    createdAt: employeeRanges.createdAt,
    updatedAt: employeeRanges.updatedAt,
  },
  defaultSort: ['code'],
  filters: { isActive: employeeRanges.isActive },
  searchParts: describedParts,
  codeColumn: employeeRanges.code,
  children: [companiesReferTo(companies.employeeRangeId)],
  /** Ranges may not share an employee count (checked inside the transaction, against every other range). */
  async validate(input, tx, id) {
    await lockEmployeeRanges(tx);
    const others = await otherEmployeeRangesLocked(tx, id);
    const clash = others.find((other) =>
      employeeRangesOverlap(input, { minEmployees: other.min, maxEmployees: other.max }),
    );
    if (clash) {
      throw new AppError(409, 'overlapping_range', 'errors:overlappingRange', {
        params: { code: clash.code },
        details: [{ path: 'minEmployees', message: 'errors:overlappingRange', params: { code: clash.code } }],
      });
    }
  },
  toItem: (row) => ({
    ...storedFields(row),
    code: row.code,
    description: row.description,
    isActive: row.isActive,
    minEmployees: row.minEmployees,
    maxEmployees: row.maxEmployees,
  }),
  exportColumns: [
    codeColumn(),
    descriptionColumn(),
    { header: 'reference:fields.minEmployees', value: (row) => row.minEmployees, width: 14 },
    { header: 'reference:fields.maxEmployees', value: (row) => row.maxEmployees, width: 14 },
    activeColumn(),
  ],
});

// ---- criterion types and criteria ----------------------------------------------------------------------------------

export const criterionTypesResource = defineResource({
  path: 'criterion-types',
  table: criterionTypes,
  schemas: {
    create: CriterionTypeInput,
    update: CriterionTypeUpdate,
    item: CriterionTypeItem,
    listQuery: ListQuery,
  },
  sortable: {
    code: criterionTypes.code,
    description: localizedSort(criterionTypes.description),
    sortOrder: criterionTypes.sortOrder,
    createdAt: criterionTypes.createdAt,
    updatedAt: criterionTypes.updatedAt,
  },
  defaultSort: ['sortOrder', 'code'],
  searchParts: describedParts,
  codeColumn: criterionTypes.code,
  children: [{ table: criteria, column: criteria.criterionTypeId, what: 'reference:kinds.criteria' }],
  toItem: (row) => ({
    ...storedFields(row),
    code: row.code,
    description: row.description,
    sortOrder: row.sortOrder,
  }),
  exportColumns: [
    codeColumn(),
    descriptionColumn(),
    { header: 'reference:fields.sortOrder', value: (row) => row.sortOrder, width: 10 },
  ],
});

/** numeric(20,6) as stored ("0.250000") → the shortest decimal text ("0.25"). */
export function trimDecimal(value: string): string {
  if (!value.includes('.')) return value;
  const trimmed = value.replace(/0+$/, '').replace(/\.$/, '');
  return trimmed === '-0' ? '0' : trimmed;
}

export const criteriaResource = defineResource({
  path: 'criteria',
  table: criteria,
  schemas: {
    create: CriterionInput,
    update: CriterionUpdate,
    item: CriterionItem,
    listQuery: CriterionListQuery,
  },
  sortable: {
    code: criteria.code,
    description: localizedSort(criteria.description),
    sortOrder: criteria.sortOrder,
    criterionType: criterionTypeSortOrder,
    isActive: criteria.isActive,
    isApplicationCriterion: criteria.isApplicationCriterion,
    createdAt: criteria.createdAt,
    updatedAt: criteria.updatedAt,
  },
  defaultSort: ['sortOrder', 'code'],
  filters: {
    criterionTypeId: criteria.criterionTypeId,
    isActive: criteria.isActive,
  },
  searchParts: (input) => [...describedParts(input), input.formula],
  codeColumn: criteria.code,
  parents: [{ field: 'criterionTypeId', as: 'criterionType', table: criterionTypes }],
  async validate(input, tx) {
    await validateCriterionFormula(tx, input.formula);
  },
  afterWrite: (effects) => effects.criteriaChanged(),
  toItem: (row, parents) => ({
    ...storedFields(row),
    code: row.code,
    description: row.description,
    formula: row.formula,
    targetComparison: row.targetComparison,
    targetValue: trimDecimal(row.targetValue),
    recommendation: row.recommendation,
    criterionTypeId: row.criterionTypeId,
    criterionType: parentOf(parents, 'criterionType', row.criterionTypeId),
    sortOrder: row.sortOrder,
    isApplicationCriterion: row.isApplicationCriterion,
    isActive: row.isActive,
  }),
  exportColumns: [
    codeColumn(),
    descriptionColumn(),
    parentColumn<CriterionItem>('reference:fields.criterionType', (row) => row.criterionType),
    { header: 'reference:fields.formula', value: (row) => row.formula, width: 40 },
    { header: 'reference:fields.targetComparison', value: (row) => row.targetComparison, width: 10 },
    { header: 'reference:fields.targetValue', value: (row) => Number(row.targetValue), width: 12 },
    {
      header: 'reference:fields.recommendation',
      value: (row, language) => localized(row.recommendation, language),
      width: 60,
    },
    { header: 'reference:fields.sortOrder', value: (row) => row.sortOrder, width: 10 },
    {
      header: 'reference:fields.isApplicationCriterion',
      value: (row, language) => yesNoText(row.isApplicationCriterion, language),
      width: 12,
    },
    activeColumn(),
  ],
});

// ---- partner entities ----------------------------------------------------------------------------------------------

export const partnerEntitiesResource = defineResource({
  path: 'partner-entities',
  table: partnerEntities,
  schemas: {
    create: PartnerEntityInput,
    update: PartnerEntityUpdate,
    item: PartnerEntityItem,
    listQuery: PartnerEntityListQuery,
  },
  sortable: {
    code: partnerEntities.code,
    name: partnerEntityNameLower,
    description: localizedSort(partnerEntities.description),
    email: partnerEntities.email,
    isActive: partnerEntities.isActive,
    partnerType: partnerEntityTypeCode,
    createdAt: partnerEntities.createdAt,
    updatedAt: partnerEntities.updatedAt,
  },
  defaultSort: ['code'],
  filters: { partnerTypeId: partnerEntities.partnerTypeId, isActive: partnerEntities.isActive },
  searchParts: (input) => [...describedParts(input), input.name, input.email],
  codeColumn: partnerEntities.code,
  parents: [{ field: 'partnerTypeId', as: 'partnerType', table: partnerTypes }],
  children: [{ table: partners, column: partners.partnerEntityId, what: 'reference:kinds.partners' }],
  toItem: (row, parents) => ({
    ...storedFields(row),
    code: row.code,
    name: row.name,
    description: row.description,
    partnerTypeId: row.partnerTypeId,
    partnerType: parentOf(parents, 'partnerType', row.partnerTypeId),
    email: row.email,
    phone: row.phone,
    website: row.website,
    isActive: row.isActive,
  }),
  exportColumns: [
    codeColumn(),
    { header: 'reference:fields.name', value: (row) => row.name, width: 32 },
    descriptionColumn(),
    parentColumn<PartnerEntityItem>('reference:fields.partnerType', (row) => row.partnerType),
    { header: 'reference:fields.email', value: (row) => row.email, width: 28 },
    { header: 'reference:fields.phone', value: (row) => row.phone, width: 16 },
    { header: 'reference:fields.website', value: (row) => row.website, width: 28 },
    activeColumn(),
  ],
});

// ---- the self-diagnosis tree ---------------------------------------------------------------------------------------

function nodeSortable(table: NodeTable) {
  return {
    code: table.code,
    description: localizedSort(table.description),
    sortOrder: table.sortOrder,
    createdAt: table.createdAt,
    updatedAt: table.updatedAt,
  };
}
const nodeFields = (row: NodeTable['$inferSelect']) => ({
  ...storedFields(row),
  code: row.code,
  description: row.description,
  sortOrder: row.sortOrder,
  accountCodes: row.accountCodes,
});
const nodeParts = (input: { code: string; description: LocalizedText; accountCodes: string[] }) => [
  ...describedParts(input),
  ...input.accountCodes,
];
const nodeColumns = <
  T extends { code: string; description: LocalizedText; sortOrder: number; accountCodes: string[] },
>(): ExportColumn<T>[] => [
  codeColumn(),
  descriptionColumn(),
  { header: 'reference:fields.sortOrder', value: (row) => row.sortOrder, width: 10 },
  { header: 'reference:fields.accountCodes', value: (row) => row.accountCodes.join(', '), width: 40 },
];

const TREE_TABLES: readonly NodeTable[] = [sdHeadings, sdSubHeadings, sdCategories, sdSubCategories];

/** Refuses (409) when criteria formulas or saved balance sheets name the node's code. */
async function refuseWhileCodeUsed(tx: Executor, code: string, error: (what: string) => AppError) {
  if (await criterionUsesName(tx, code)) throw error('reference:kinds.criteria');
  if (await balanceSheetValuesUseCode(tx, code)) throw error('reference:kinds.balanceSheets');
}

/**
 * The rules the four levels of the tree share. One code names one node in the whole tree (formulas and a sheet's
 * aggregates look nodes up by code alone, so a heading and a category of one code would shadow each other), and a
 * code that criteria formulas or saved balance sheets use is neither changed nor deleted (their figures would
 * silently become 'not computable' or vanish from the statements).
 */
function treeNodeRules(
  levelTable: NodeTable,
  links: {
    /** The level above and the input field naming the parent. */
    parent?: { table: NodeTable; field: string };
    /** The level below and its column naming this node. */
    child?: { table: NodeTable; column: AnyPgColumn };
  } = {},
) {
  return {
    async validate(input: { code: string; accountCodes?: string[] }, tx: Executor, id: string | null) {
      // Accounts are read into leaves only: a node with accounts that gets a child would stop taking its
      // accounts, and every upload naming them would fail. The accounts move to the children first.
      const parentId = links.parent ? (input as Record<string, unknown>)[links.parent.field] : undefined;
      if (links.parent && typeof parentId === 'string') {
        const parent = await nodeCodeAndAccounts(tx, links.parent.table, parentId);
        if (parent && parent.accountCodes.length > 0) {
          throw new AppError(409, 'parent_has_accounts', 'errors:parentHasAccounts', {
            params: { code: parent.code },
            details: [
              {
                path: links.parent.field,
                message: 'errors:parentHasAccounts',
                params: { code: parent.code },
              },
            ],
          });
        }
      }
      if (links.child && id !== null && (input.accountCodes?.length ?? 0) > 0) {
        const child = await nodeHasChild(tx, links.child.table, links.child.column, id);
        if (child) {
          throw new AppError(409, 'accounts_need_leaf', 'errors:accountsNeedLeaf', {
            params: { code: input.code },
            details: [
              { path: 'accountCodes', message: 'errors:accountsNeedLeaf', params: { code: input.code } },
            ],
          });
        }
      }
      for (const other of TREE_TABLES) {
        if (other === levelTable) continue;
        const clash = await nodeWithCodeExists(tx, other, input.code);
        if (clash) throw duplicateCode();
      }
      if (id === null) return;
      const current = await nodeCode(tx, levelTable, id);
      if (current !== undefined && current !== input.code) {
        await refuseWhileCodeUsed(
          tx,
          current,
          (what) =>
            new AppError(409, 'in_use', 'errors:codeInUse', {
              params: { what },
              details: [{ path: 'code', message: 'errors:codeInUse', params: { what } }],
            }),
        );
      }
    },
    async beforeRemove(row: { code: string }, tx: Executor) {
      await refuseWhileCodeUsed(tx, row.code, inUse);
    },
  };
}

export const headingsResource = defineResource({
  path: 'self-diagnosis/headings',
  tag: 'self-diagnosis',
  table: sdHeadings,
  schemas: { create: HeadingInput, update: HeadingUpdate, item: HeadingItem, listQuery: ListQuery },
  sortable: { ...nodeSortable(sdHeadings), nature: sdHeadings.nature },
  defaultSort: ['sortOrder', 'code'],
  searchParts: nodeParts,
  codeColumn: sdHeadings.code,
  ...treeNodeRules(sdHeadings, { child: { table: sdSubHeadings, column: sdSubHeadings.headingId } }),
  children: [{ table: sdSubHeadings, column: sdSubHeadings.headingId, what: 'reference:kinds.subHeadings' }],
  toItem: (row) => ({ ...nodeFields(row), nature: row.nature }),
  exportColumns: [
    ...nodeColumns<HeadingItem>(),
    {
      header: 'reference:fields.nature',
      value: (row, language) => translate(language, `reference:natures.${row.nature}`),
      width: 12,
    },
  ],
});

export const subHeadingsResource = defineResource({
  path: 'self-diagnosis/sub-headings',
  tag: 'self-diagnosis',
  table: sdSubHeadings,
  schemas: {
    create: SubHeadingInput,
    update: SubHeadingUpdate,
    item: SubHeadingItem,
    listQuery: SubHeadingListQuery,
  },
  sortable: nodeSortable(sdSubHeadings),
  defaultSort: ['sortOrder', 'code'],
  filters: { headingId: sdSubHeadings.headingId },
  searchParts: nodeParts,
  codeColumn: sdSubHeadings.code,
  ...treeNodeRules(sdSubHeadings, {
    parent: { table: sdHeadings, field: 'headingId' },
    child: { table: sdCategories, column: sdCategories.subHeadingId },
  }),
  parents: [{ field: 'headingId', as: 'heading', table: sdHeadings }],
  children: [{ table: sdCategories, column: sdCategories.subHeadingId, what: 'reference:kinds.categories' }],
  toItem: (row, parents) => ({
    ...nodeFields(row),
    headingId: row.headingId,
    heading: parentOf(parents, 'heading', row.headingId),
  }),
  exportColumns: [
    ...nodeColumns<SubHeadingItem>(),
    parentColumn<SubHeadingItem>('reference:fields.heading', (row) => row.heading),
  ],
});

export const categoriesResource = defineResource({
  path: 'self-diagnosis/categories',
  tag: 'self-diagnosis',
  table: sdCategories,
  schemas: {
    create: CategoryInput,
    update: CategoryUpdate,
    item: CategoryItem,
    listQuery: CategoryListQuery,
  },
  sortable: nodeSortable(sdCategories),
  defaultSort: ['sortOrder', 'code'],
  filters: { subHeadingId: sdCategories.subHeadingId },
  searchParts: nodeParts,
  codeColumn: sdCategories.code,
  ...treeNodeRules(sdCategories, {
    parent: { table: sdSubHeadings, field: 'subHeadingId' },
    child: { table: sdSubCategories, column: sdSubCategories.categoryId },
  }),
  parents: [{ field: 'subHeadingId', as: 'subHeading', table: sdSubHeadings }],
  children: [
    { table: sdSubCategories, column: sdSubCategories.categoryId, what: 'reference:kinds.subCategories' },
  ],
  toItem: (row, parents) => ({
    ...nodeFields(row),
    subHeadingId: row.subHeadingId,
    subHeading: parentOf(parents, 'subHeading', row.subHeadingId),
  }),
  exportColumns: [
    ...nodeColumns<CategoryItem>(),
    parentColumn<CategoryItem>('reference:fields.subHeading', (row) => row.subHeading),
  ],
});

export const subCategoriesResource = defineResource({
  path: 'self-diagnosis/sub-categories',
  tag: 'self-diagnosis',
  table: sdSubCategories,
  schemas: {
    create: SubCategoryInput,
    update: SubCategoryUpdate,
    item: SubCategoryItem,
    listQuery: SubCategoryListQuery,
  },
  sortable: nodeSortable(sdSubCategories),
  defaultSort: ['sortOrder', 'code'],
  filters: { categoryId: sdSubCategories.categoryId },
  searchParts: nodeParts,
  codeColumn: sdSubCategories.code,
  ...treeNodeRules(sdSubCategories, { parent: { table: sdCategories, field: 'categoryId' } }),
  parents: [{ field: 'categoryId', as: 'category', table: sdCategories }],
  toItem: (row, parents) => ({
    ...nodeFields(row),
    categoryId: row.categoryId,
    category: parentOf(parents, 'category', row.categoryId),
  }),
  exportColumns: [
    ...nodeColumns<SubCategoryItem>(),
    parentColumn<SubCategoryItem>('reference:fields.category', (row) => row.category),
  ],
});

/** Every definition-driven reference resource (users and partners have their own modules). */
export const REFERENCE_RESOURCES = [
  companyTypesResource,
  employeeRangesResource,
  caeSectionsResource,
  caeDivisionsResource,
  islandsResource,
  citiesResource,
  criterionTypesResource,
  criteriaResource,
  companySituationsResource,
  partnerTypesResource,
  partnerEntitiesResource,
  headingsResource,
  subHeadingsResource,
  categoriesResource,
  subCategoriesResource,
] as const;

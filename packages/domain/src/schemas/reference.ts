import { z } from 'zod';
import { formatNumber } from '../balance-sheets/numbers.ts';
import { FORMULA_MAX_LENGTH } from '../formula.ts';
import type { Language } from '../languages.ts';
import { EmailAddress } from './email.ts';
import { DECIMAL_FRACTION_DIGITS, DECIMAL_INTEGER_DIGITS, FIELD_LENGTHS } from './field-lengths.ts';

/**
 * Payloads of the reference data: one schema per payload, used by the server (validation, OpenAPI)
 * and the web forms. Custom messages are keys of the `validation` catalog namespace.
 */

const required = 'validation:required';

/** Text kept in pt, en and fr; pt is required, the others fall back to pt when empty. */
export const LocalizedText = z.object({
  pt: z.string().trim().min(1, required).max(FIELD_LENGTHS.localizedText, 'validation:tooLong'),
  en: z.string().trim().max(FIELD_LENGTHS.localizedText, 'validation:tooLong'),
  fr: z.string().trim().max(FIELD_LENGTHS.localizedText, 'validation:tooLong'),
});
export type LocalizedText = z.infer<typeof LocalizedText>;

/** The text in `language`, or pt when that one is empty. */
export function localized(text: LocalizedText | null | undefined, language: Language): string {
  if (!text) return '';
  return text[language]?.trim() ? text[language] : text.pt;
}

export const EMPTY_LOCALIZED_TEXT: LocalizedText = { pt: '', en: '', fr: '' };

/** Codes are trimmed and upper-cased; letters, digits, '-' and '_' only. */
export const ReferenceCode = z
  .string()
  .trim()
  .min(1, required)
  .max(FIELD_LENGTHS.code, 'validation:invalidCode')
  .regex(/^[A-Za-z0-9_-]+$/, 'validation:invalidCode')
  .transform((code) => code.toUpperCase());

export const Uuid = z.uuid();
const ParentId = z.uuid('validation:selectOne');

/** Common fields of every stored item. */
const Stored = {
  id: z.uuid(),
  version: z.number().int().positive(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** The `version` an edit is based on: a stale one is refused (optimistic concurrency). */
export const VersionField = { version: z.number().int().positive() };
export const VersionBody = z.object(VersionField);

// ---- list query and page ------------------------------------------------------------------------------------

export const SORT_ORDERS = ['asc', 'desc'] as const;
export const MAX_PAGE_SIZE = 100;
export const MAX_EXPORT_ROWS = 50_000;
/** The parameters of 'reference:table.exportLimited', said by the web before and written in the file after. */
export const EXPORT_LIMIT_PARAMS = { max: formatNumber(MAX_EXPORT_ROWS) } as const;

/** Query of every list endpoint; resources add their own filters (parent ids). */
export const ListQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  search: z.string().trim().max(100).optional(),
  sort: z.string().max(40).optional(),
  order: z.enum(SORT_ORDERS).default('asc'),
  isActive: z.enum(['true', 'false']).optional(),
});
export type ListQuery = z.infer<typeof ListQuery>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** A parent as embedded in a child item (a city's island, a division's section...). */
export const ParentSummary = z.object({ id: z.uuid(), code: z.string(), description: LocalizedText });
export type ParentSummary = z.infer<typeof ParentSummary>;

// ---- simple resources: company types, company situations, partner types, islands, CAE sections -----------------

export const SimpleReferenceInput = z.object({
  code: ReferenceCode,
  description: LocalizedText,
  isActive: z.boolean().default(true),
});
export type SimpleReferenceInput = z.infer<typeof SimpleReferenceInput>;
export const SimpleReferenceUpdate = SimpleReferenceInput.extend(VersionField);
export const SimpleReferenceItem = z.object({
  ...Stored,
  code: z.string(),
  description: LocalizedText,
  isActive: z.boolean(),
});
export type SimpleReferenceItem = z.infer<typeof SimpleReferenceItem>;

// ---- cities (of an island) and CAE divisions (of a section) -------------------------------------------------------

export const CityInput = SimpleReferenceInput.extend({ islandId: ParentId });
export const CityUpdate = CityInput.extend(VersionField);
export const CityItem = SimpleReferenceItem.extend({ islandId: z.uuid(), island: ParentSummary });
export type CityItem = z.infer<typeof CityItem>;
export const CityListQuery = ListQuery.extend({ islandId: z.uuid().optional() });

export const CaeDivisionInput = SimpleReferenceInput.extend({ sectionId: ParentId });
export const CaeDivisionUpdate = CaeDivisionInput.extend(VersionField);
export const CaeDivisionItem = SimpleReferenceItem.extend({ sectionId: z.uuid(), section: ParentSummary });
export type CaeDivisionItem = z.infer<typeof CaeDivisionItem>;
export const CaeDivisionListQuery = ListQuery.extend({ sectionId: z.uuid().optional() });

// ---- employee ranges ---------------------------------------------------------------------------------------------

/** The largest value an integer column holds (PostgreSQL int4). */
export const MAX_STORED_INTEGER = 2_147_483_647;

const WholeNumber = z
  .number('validation:wholeNumber')
  .int('validation:wholeNumber')
  .min(0, 'validation:wholeNumber')
  .max(MAX_STORED_INTEGER, 'validation:wholeNumberTooLarge');

export const EmployeeRangeInput = SimpleReferenceInput.extend({
  minEmployees: WholeNumber,
  maxEmployees: WholeNumber.nullable(),
}).refine((range) => range.maxEmployees === null || range.maxEmployees >= range.minEmployees, {
  message: 'validation:maxBelowMin',
  path: ['maxEmployees'],
});
export const EmployeeRangeUpdate = z
  .object({
    ...SimpleReferenceInput.shape,
    minEmployees: WholeNumber,
    maxEmployees: WholeNumber.nullable(),
    ...VersionField,
  })
  .refine((range) => range.maxEmployees === null || range.maxEmployees >= range.minEmployees, {
    message: 'validation:maxBelowMin',
    path: ['maxEmployees'],
  });
export const EmployeeRangeItem = SimpleReferenceItem.extend({
  minEmployees: z.number().int(),
  maxEmployees: z.number().int().nullable(),
});
export type EmployeeRangeItem = z.infer<typeof EmployeeRangeItem>;

/** Two ranges overlap when they share at least one employee count (max null = no upper bound). */
export function employeeRangesOverlap(
  a: { minEmployees: number; maxEmployees: number | null },
  b: { minEmployees: number; maxEmployees: number | null },
): boolean {
  const aMax = a.maxEmployees ?? Number.POSITIVE_INFINITY;
  const bMax = b.maxEmployees ?? Number.POSITIVE_INFINITY;
  return a.minEmployees <= bMax && b.minEmployees <= aMax;
}

// ---- criterion types and criteria ------------------------------------------------------------------------------

/** The criterion type codes, in the fixed order a diagnosis lists them (docs/adr/0007). */
export const CRITERION_TYPE_CODES = ['EE', 'F', 'L', 'RE', 'RF', 'C'] as const;

const SortOrder = z
  .number('validation:wholeNumber')
  .int('validation:wholeNumber')
  .min(0, 'validation:wholeNumber')
  .max(MAX_STORED_INTEGER, 'validation:wholeNumberTooLarge');

export const CriterionTypeInput = z.object({
  code: ReferenceCode,
  description: LocalizedText,
  sortOrder: SortOrder,
});
export const CriterionTypeUpdate = CriterionTypeInput.extend(VersionField);
export const CriterionTypeItem = z.object({
  ...Stored,
  code: z.string(),
  description: LocalizedText,
  sortOrder: z.number().int(),
});
export type CriterionTypeItem = z.infer<typeof CriterionTypeItem>;

export const TARGET_COMPARISONS = ['>', '>=', '<', '<=', '='] as const;
export type TargetComparison = (typeof TARGET_COMPARISONS)[number];

/** A decimal written with a dot, as a string so no float rounding creeps in ("0.25", "-3", "1500000"). */
export const DecimalString = z
  .string()
  .trim()
  .regex(
    new RegExp(`^-?\\d{1,${DECIMAL_INTEGER_DIGITS}}(\\.\\d{1,${DECIMAL_FRACTION_DIGITS}})?$`),
    'validation:invalidDecimal',
  );

export const CriterionInput = z.object({
  code: ReferenceCode,
  description: LocalizedText,
  formula: z.string().trim().min(1, required).max(FORMULA_MAX_LENGTH, 'validation:tooLong'),
  targetComparison: z.enum(TARGET_COMPARISONS, 'validation:selectOne'),
  targetValue: DecimalString,
  recommendation: LocalizedText,
  criterionTypeId: ParentId,
  sortOrder: SortOrder,
  isApplicationCriterion: z.boolean().default(false),
  isActive: z.boolean().default(true),
});
export const CriterionUpdate = CriterionInput.extend(VersionField);
export const CriterionItem = z.object({
  ...Stored,
  code: z.string(),
  description: LocalizedText,
  formula: z.string(),
  targetComparison: z.enum(TARGET_COMPARISONS),
  targetValue: z.string(),
  recommendation: LocalizedText,
  criterionTypeId: z.uuid(),
  criterionType: ParentSummary,
  sortOrder: z.number().int(),
  isApplicationCriterion: z.boolean(),
  isActive: z.boolean(),
});
export type CriterionItem = z.infer<typeof CriterionItem>;
export const CriterionListQuery = ListQuery.extend({ criterionTypeId: z.uuid().optional() });

export const ValidateFormulaRequest = z.object({ formula: z.string().max(FORMULA_MAX_LENGTH) });
export const ValidateFormulaResponse = z.discriminatedUnion('valid', [
  z.object({ valid: z.literal(true), names: z.array(z.string()) }),
  z.object({ valid: z.literal(false), message: z.string(), position: z.number().int() }),
]);
export type ValidateFormulaResponse = z.infer<typeof ValidateFormulaResponse>;

// ---- partner entities ----------------------------------------------------------------------------------------------

const OptionalText = (max: number) =>
  z.string().trim().max(max, 'validation:tooLong').nullable().default(null);

export const PartnerEntityInput = z.object({
  code: ReferenceCode,
  name: z.string().trim().min(1, required).max(FIELD_LENGTHS.name, 'validation:tooLong'),
  description: LocalizedText,
  partnerTypeId: ParentId,
  email: EmailAddress.nullable().default(null),
  phone: OptionalText(FIELD_LENGTHS.phone),
  website: z.url('validation:invalidUrl').max(FIELD_LENGTHS.partnerWebsite).nullable().default(null),
  isActive: z.boolean().default(true),
});
export const PartnerEntityUpdate = PartnerEntityInput.extend(VersionField);
export const PartnerEntityItem = z.object({
  ...Stored,
  code: z.string(),
  name: z.string(),
  description: LocalizedText,
  partnerTypeId: z.uuid(),
  partnerType: ParentSummary,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  isActive: z.boolean(),
});
export type PartnerEntityItem = z.infer<typeof PartnerEntityItem>;
export const PartnerEntityListQuery = ListQuery.extend({ partnerTypeId: z.uuid().optional() });

// ---- the self-diagnosis tree ---------------------------------------------------------------------------------------

export const ACCOUNT_NATURES = ['debit', 'credit'] as const;
export type AccountNature = (typeof ACCOUNT_NATURES)[number];

/** SNCRF account codes or prefixes a node sums: digits only, 1 to 10 of them. */
export const AccountCodes = z
  .array(
    z
      .string()
      .trim()
      .regex(/^\d{1,10}$/, 'validation:invalidAccountCode'),
  )
  .max(200)
  .transform((codes) => [...new Set(codes)]);

/** A self-diagnosis node's code: criteria formulas name nodes by it, so it has the formula grammar's NAME form. */
export const TreeNodeCode = z
  .string()
  .trim()
  .min(1, required)
  .max(FIELD_LENGTHS.code, 'validation:invalidTreeCode')
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/, 'validation:invalidTreeCode')
  .transform((code) => code.toUpperCase());

const TreeNodeFields = {
  code: TreeNodeCode,
  description: LocalizedText,
  sortOrder: SortOrder,
  accountCodes: AccountCodes.default([]),
};
const TreeNodeItemFields = {
  ...Stored,
  code: z.string(),
  description: LocalizedText,
  sortOrder: z.number().int(),
  accountCodes: z.array(z.string()),
};

export const HeadingInput = z.object({
  ...TreeNodeFields,
  nature: z.enum(ACCOUNT_NATURES, 'validation:selectOne'),
});
export const HeadingUpdate = HeadingInput.extend(VersionField);
export const HeadingItem = z.object({ ...TreeNodeItemFields, nature: z.enum(ACCOUNT_NATURES) });
export type HeadingItem = z.infer<typeof HeadingItem>;

export const SubHeadingInput = z.object({ ...TreeNodeFields, headingId: ParentId });
export const SubHeadingUpdate = SubHeadingInput.extend(VersionField);
export const SubHeadingItem = z.object({
  ...TreeNodeItemFields,
  headingId: z.uuid(),
  heading: ParentSummary,
});
export type SubHeadingItem = z.infer<typeof SubHeadingItem>;
export const SubHeadingListQuery = ListQuery.extend({ headingId: z.uuid().optional() });

export const CategoryInput = z.object({ ...TreeNodeFields, subHeadingId: ParentId });
export const CategoryUpdate = CategoryInput.extend(VersionField);
export const CategoryItem = z.object({
  ...TreeNodeItemFields,
  subHeadingId: z.uuid(),
  subHeading: ParentSummary,
});
export type CategoryItem = z.infer<typeof CategoryItem>;
export const CategoryListQuery = ListQuery.extend({ subHeadingId: z.uuid().optional() });

export const SubCategoryInput = z.object({ ...TreeNodeFields, categoryId: ParentId });
export const SubCategoryUpdate = SubCategoryInput.extend(VersionField);
export const SubCategoryItem = z.object({
  ...TreeNodeItemFields,
  categoryId: z.uuid(),
  category: ParentSummary,
});
export type SubCategoryItem = z.infer<typeof SubCategoryItem>;
export const SubCategoryListQuery = ListQuery.extend({ categoryId: z.uuid().optional() });

const TreeNode = z.object({
  id: z.uuid(),
  code: z.string(),
  description: LocalizedText,
  sortOrder: z.number().int(),
  accountCodes: z.array(z.string()),
});
/** GET self-diagnosis/tree: the whole tree, each level in sortOrder. */
export const SelfDiagnosisTree = z.array(
  TreeNode.extend({
    nature: z.enum(ACCOUNT_NATURES),
    subHeadings: z.array(
      TreeNode.extend({
        categories: z.array(TreeNode.extend({ subCategories: z.array(TreeNode) })),
      }),
    ),
  }),
);
export type SelfDiagnosisTree = z.infer<typeof SelfDiagnosisTree>;

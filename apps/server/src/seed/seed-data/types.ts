import type { AccountNature, LocalizedText, TargetComparison } from '@excelencia/domain';

/**
 * Shapes of the reference seed data: plain, typed values (no ids; rows are matched by code). Parents are
 * referred to by their code, so the data reads like the lists it comes from.
 */

/** A simple coded reference row: company types, company situations, partner types, CAE sections. */
export interface SeedSimple {
  code: string;
  description: LocalizedText;
  isActive?: boolean;
}

export interface SeedIsland extends SeedSimple {}

/** A municipality (concelho) stored as a city of its island. */
export interface SeedCity extends SeedSimple {
  islandCode: string;
}

export interface SeedCaeDivision extends SeedSimple {
  sectionCode: string;
}

export interface SeedEmployeeRange extends SeedSimple {
  minEmployees: number;
  maxEmployees: number | null;
}

export interface SeedCriterionType {
  code: string;
  description: LocalizedText;
  sortOrder: number;
}

export interface SeedCriterion {
  code: string;
  description: LocalizedText;
  formula: string;
  targetComparison: TargetComparison;
  targetValue: string;
  recommendation: LocalizedText;
  criterionTypeCode: string;
  sortOrder: number;
  isApplicationCriterion: boolean;
}

/** A node of the self-diagnosis tree; `children` are the next level (at most four levels in all). */
export interface SeedTreeNode {
  code: string;
  description: LocalizedText;
  /** SNCRF account codes or prefixes of the node: for a parent, the union of its children's. */
  accountCodes: string[];
  children: SeedTreeNode[];
}

export interface SeedHeading extends SeedTreeNode {
  nature: AccountNature;
}

/** The same text in the three languages: for proper nouns (place names) only. */
export function sameInAll(name: string): LocalizedText {
  return { pt: name, en: name, fr: name };
}

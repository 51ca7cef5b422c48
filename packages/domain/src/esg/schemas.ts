import { z } from 'zod';
import { FIELD_LENGTHS } from '../schemas/field-lengths.ts';
import { LocalizedText } from '../schemas/reference.ts';

/**
 * ESG forms (the sustainability survey): an admin builds a form of three sections
 * (environment, social, governance) whose questions are of the four survey types; companies answer the
 * current form. This one definition schema is what the builder edits, the company form renders and the
 * server stores and checks.
 */

export const ESG_PILLARS = ['environment', 'social', 'governance'] as const;
export type EsgPillar = (typeof ESG_PILLARS)[number];

export const ESG_QUESTION_TYPES = ['checkbox', 'text', 'matrix', 'multipleChoice'] as const;
export type EsgQuestionType = (typeof ESG_QUESTION_TYPES)[number];

export const ESG_FORM_STATUSES = ['draft', 'open', 'closed'] as const;
export type EsgFormStatus = (typeof ESG_FORM_STATUSES)[number];

export const ESG_RESPONSE_STATUSES = ['draft', 'submitted'] as const;
export type EsgResponseStatus = (typeof ESG_RESPONSE_STATUSES)[number];

/** The highest score one option (or one matrix column) may carry. */
export const ESG_MAX_OPTION_SCORE = 100;
export const ESG_MAX_QUESTIONS_PER_SECTION = 60;
export const ESG_MAX_OPTIONS = 20;
export const ESG_MAX_MATRIX_ROWS = 20;
export const ESG_TEXT_ANSWER_MAX = 2000;
export const ESG_DESCRIPTION_MAX = 2000;

/** A stable key of a question, option or matrix row: answers refer to it across versions. */
export const EsgKey = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'esg:errors.invalidKey');

/** Order numbers start at 1. */
const Order = z
  .number('validation:wholeNumber')
  .int('validation:wholeNumber')
  .min(1, 'esg:errors.orderFromOne');

/** Help text: every language may be empty. */
export const OptionalLocalizedText = z.object({
  pt: z.string().trim().max(FIELD_LENGTHS.localizedText, 'validation:tooLong'),
  en: z.string().trim().max(FIELD_LENGTHS.localizedText, 'validation:tooLong'),
  fr: z.string().trim().max(FIELD_LENGTHS.localizedText, 'validation:tooLong'),
});

const Score = z
  .number('validation:wholeNumber')
  .int('validation:wholeNumber')
  .min(0, 'validation:wholeNumber')
  .max(ESG_MAX_OPTION_SCORE, 'esg:errors.scoreTooHigh');

export const EsgOption = z.strictObject({
  id: EsgKey,
  order: Order,
  label: LocalizedText,
  /** Points for choosing it; null leaves the option out of the score. */
  score: Score.nullable(),
});
export type EsgOption = z.infer<typeof EsgOption>;

export const EsgMatrixRow = z.strictObject({ id: EsgKey, order: Order, label: LocalizedText });
export type EsgMatrixRow = z.infer<typeof EsgMatrixRow>;

const QuestionBase = {
  id: EsgKey,
  order: Order,
  label: LocalizedText,
  help: OptionalLocalizedText,
  required: z.boolean(),
};

const Options = (min: number) =>
  z.array(EsgOption).min(min, 'esg:errors.tooFewOptions').max(ESG_MAX_OPTIONS, 'esg:errors.tooManyOptions');

export const EsgQuestion = z.discriminatedUnion(
  'type',
  [
    /** Several options may be ticked. */
    z.strictObject({ ...QuestionBase, type: z.literal('checkbox'), options: Options(1) }),
    z.strictObject({ ...QuestionBase, type: z.literal('text') }),
    /** One column (option) per row. */
    z.strictObject({
      ...QuestionBase,
      type: z.literal('matrix'),
      rows: z
        .array(EsgMatrixRow)
        .min(1, 'esg:errors.matrixWithoutRows')
        .max(ESG_MAX_MATRIX_ROWS, 'esg:errors.tooManyRows'),
      options: Options(2),
    }),
    /** Exactly one option. */
    z.strictObject({ ...QuestionBase, type: z.literal('multipleChoice'), options: Options(2) }),
  ],
  { error: 'esg:errors.unknownType' },
);
export type EsgQuestion = z.infer<typeof EsgQuestion>;

export const EsgSection = z.strictObject({
  pillar: z.enum(ESG_PILLARS, 'esg:errors.unknownPillar'),
  questions: z.array(EsgQuestion).max(ESG_MAX_QUESTIONS_PER_SECTION, 'esg:errors.tooManyQuestions'),
});
export type EsgSection = z.infer<typeof EsgSection>;

type Issue = { path: (string | number)[]; message: string };

/** Order numbers of a list are 1..n, each once; the issue's path points at the first offender. */
function orderIssues(items: readonly { order: number }[], path: (string | number)[]): Issue[] {
  const seen = new Set<number>();
  for (const [index, item] of items.entries()) {
    if (seen.has(item.order))
      return [{ path: [...path, index, 'order'], message: 'esg:errors.duplicateOrder' }];
    seen.add(item.order);
  }
  for (const [index, item] of items.entries()) {
    if (item.order > items.length)
      return [{ path: [...path, index, 'order'], message: 'esg:errors.orderGap' }];
  }
  return [];
}

function keyIssues(items: readonly { id: string }[], path: (string | number)[]): Issue[] {
  const seen = new Set<string>();
  for (const [index, item] of items.entries()) {
    if (seen.has(item.id)) return [{ path: [...path, index, 'id'], message: 'esg:errors.duplicateKey' }];
    seen.add(item.id);
  }
  return [];
}

/**
 * A whole form: the three pillars once each, in ESG_PILLARS order; questions, options and rows numbered
 * 1..n without repeats; keys unique (questions across the form, options and rows within a question); at
 * least one question.
 */
export const EsgFormDefinition = z
  .strictObject({ sections: z.array(EsgSection).length(ESG_PILLARS.length, 'esg:errors.threePillars') })
  .superRefine((definition, ctx) => {
    const issues: Issue[] = [];
    definition.sections.forEach((section, index) => {
      if (section.pillar !== ESG_PILLARS[index]) {
        issues.push({ path: ['sections', index, 'pillar'], message: 'esg:errors.threePillars' });
      }
      const path = ['sections', index, 'questions'];
      issues.push(...orderIssues(section.questions, path));
      section.questions.forEach((question, q) => {
        if (question.type === 'text') return;
        issues.push(...orderIssues(question.options, [...path, q, 'options']));
        issues.push(...keyIssues(question.options, [...path, q, 'options']));
        if (question.type === 'matrix') {
          issues.push(...orderIssues(question.rows, [...path, q, 'rows']));
          issues.push(...keyIssues(question.rows, [...path, q, 'rows']));
        }
      });
    });
    const all = definition.sections.flatMap((section, s) =>
      section.questions.map((question, q) => ({ id: question.id, path: ['sections', s, 'questions', q] })),
    );
    const seen = new Set<string>();
    for (const question of all) {
      if (seen.has(question.id)) {
        issues.push({ path: [...question.path, 'id'], message: 'esg:errors.duplicateKey' });
        break;
      }
      seen.add(question.id);
    }
    if (all.length === 0) issues.push({ path: ['sections'], message: 'esg:errors.noQuestions' });
    for (const issue of issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
export type EsgFormDefinition = z.infer<typeof EsgFormDefinition>;

/** The sections' questions in order (the stored order numbers, not the array order). */
export function orderedQuestions(section: EsgSection): EsgQuestion[] {
  return [...section.questions].sort((a, b) => a.order - b.order);
}

export function orderedItems<T extends { order: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.order - b.order);
}

// ---- forms -------------------------------------------------------------------------------------------------------

const Period = z
  .number('validation:wholeNumber')
  .int('validation:wholeNumber')
  .min(2000, 'esg:errors.period')
  .max(2100, 'esg:errors.period');

export const EsgFormInput = z.strictObject({
  title: LocalizedText,
  /** What the form is about: shown to companies and linked from the public sustainability-survey item. */
  description: z.object({
    pt: z.string().trim().min(1, 'validation:required').max(ESG_DESCRIPTION_MAX, 'validation:tooLong'),
    en: z.string().trim().max(ESG_DESCRIPTION_MAX, 'validation:tooLong'),
    fr: z.string().trim().max(ESG_DESCRIPTION_MAX, 'validation:tooLong'),
  }),
  /** The year the answers describe: a company answers each period's form once. */
  period: Period,
  editionId: z.uuid().nullable(),
  status: z.enum(ESG_FORM_STATUSES),
  definition: EsgFormDefinition,
});
export type EsgFormInput = z.infer<typeof EsgFormInput>;

export const EsgFormUpdate = EsgFormInput.extend({ version: z.number().int().positive() });
export type EsgFormUpdate = z.infer<typeof EsgFormUpdate>;

export const EsgOrderRequest = z.strictObject({ ids: z.array(z.uuid()).min(1).max(500) });
export type EsgOrderRequest = z.infer<typeof EsgOrderRequest>;

export const EsgFormSummary = z.object({
  id: z.uuid(),
  /** Set on forms the seed loads (its idempotence key); null on forms admins create. */
  code: z.string().nullable(),
  orderNumber: z.number().int(),
  title: LocalizedText,
  description: z.object({ pt: z.string(), en: z.string(), fr: z.string() }),
  period: z.number().int(),
  editionId: z.uuid().nullable(),
  status: z.enum(ESG_FORM_STATUSES),
  /** The definition's version (1, 2, …); editing an answered version makes the next one. */
  definitionVersion: z.number().int(),
  /** Whether a company has answered the latest definition version (it can no longer change in place). */
  locked: z.boolean(),
  questionCount: z.number().int(),
  drafts: z.number().int(),
  submitted: z.number().int(),
  /** The row's version, for optimistic locking of updates. */
  version: z.number().int(),
});
export type EsgFormSummary = z.infer<typeof EsgFormSummary>;

export const EsgForm = EsgFormSummary.extend({ definition: EsgFormDefinition });
export type EsgForm = z.infer<typeof EsgForm>;

/** The public text of the current form (the content manager's sustainability-survey item links to it). */
export const EsgPublicForm = z.object({
  title: LocalizedText,
  description: EsgFormSummary.shape.description,
  period: z.number().int(),
  questionCount: z.number().int(),
});
export type EsgPublicForm = z.infer<typeof EsgPublicForm>;

// ---- answers -----------------------------------------------------------------------------------------------------

/** text: the words; checkbox: the ticked option keys; multipleChoice: one option key; matrix: row key → option key. */
export const EsgAnswer = z.union([
  z.string().max(ESG_TEXT_ANSWER_MAX, 'validation:tooLong'),
  z.array(EsgKey).max(ESG_MAX_OPTIONS),
  z.record(EsgKey, EsgKey),
]);
export type EsgAnswer = z.infer<typeof EsgAnswer>;

export const EsgAnswers = z
  .record(EsgKey, EsgAnswer)
  .refine((answers) => Object.keys(answers).length <= ESG_PILLARS.length * ESG_MAX_QUESTIONS_PER_SECTION, {
    message: 'esg:errors.tooManyAnswers',
  });
export type EsgAnswers = z.infer<typeof EsgAnswers>;

export const SaveEsgAnswersRequest = z.strictObject({ answers: EsgAnswers });
export type SaveEsgAnswersRequest = z.infer<typeof SaveEsgAnswersRequest>;

export const EsgScore = z.object({
  earned: z.number().int(),
  max: z.number().int(),
  /** earned / max in percent, one decimal; null when nothing of it is scored. */
  percent: z.number().nullable(),
});
export type EsgScore = z.infer<typeof EsgScore>;

export const EsgScores = z.object({
  pillars: z.array(EsgScore.extend({ pillar: z.enum(ESG_PILLARS) })),
  overall: EsgScore,
});
export type EsgScores = z.infer<typeof EsgScores>;

/** A sector median and how many companies it stands for; absent below SECTOR_MIN_COMPANIES. */
export const EsgMedian = z.object({ median: z.number(), companies: z.number().int() });
export type EsgMedian = z.infer<typeof EsgMedian>;

export const EsgSectorComparison = z.object({
  section: z.object({ code: z.string(), description: LocalizedText }).nullable(),
  overall: EsgMedian.nullable(),
  pillars: z.array(z.object({ pillar: z.enum(ESG_PILLARS), median: EsgMedian.nullable() })),
});
export type EsgSectorComparison = z.infer<typeof EsgSectorComparison>;

export const EsgResponseSummary = z.object({
  id: z.uuid(),
  formId: z.uuid(),
  formTitle: LocalizedText,
  period: z.number().int(),
  definitionVersion: z.number().int(),
  companyId: z.uuid(),
  companyName: z.string(),
  status: z.enum(ESG_RESPONSE_STATUSES),
  scores: EsgScores.nullable(),
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type EsgResponseSummary = z.infer<typeof EsgResponseSummary>;

export const EsgResponse = EsgResponseSummary.extend({
  answers: EsgAnswers,
  definition: EsgFormDefinition,
  /** Only on submitted answers. */
  sector: EsgSectorComparison.nullable(),
});
export type EsgResponse = z.infer<typeof EsgResponse>;

/** GET companies/{id}/esg: the form to answer now (with the company's answers so far) and its past answers. */
export const CompanyEsg = z.object({
  current: z
    .object({
      form: EsgFormSummary.pick({
        id: true,
        title: true,
        description: true,
        period: true,
        definitionVersion: true,
      }),
      definition: EsgFormDefinition,
      response: EsgResponse.nullable(),
    })
    .nullable(),
  responses: z.array(EsgResponseSummary),
});
export type CompanyEsg = z.infer<typeof CompanyEsg>;

// ---- results -----------------------------------------------------------------------------------------------------

export const EsgCount = z.object({ key: z.string(), label: LocalizedText, count: z.number().int() });
export type EsgCount = z.infer<typeof EsgCount>;

export const EsgQuestionDistribution = z.object({
  questionId: z.string(),
  pillar: z.enum(ESG_PILLARS),
  order: z.number().int(),
  type: z.enum(ESG_QUESTION_TYPES),
  label: LocalizedText,
  /** Companies that answered it. */
  answered: z.number().int(),
  /** Per option (checkbox, multipleChoice); empty for text and matrix. */
  counts: z.array(EsgCount),
  /** Per matrix row, the count of each column. */
  rows: z.array(z.object({ key: z.string(), label: LocalizedText, counts: z.array(EsgCount) })),
});
export type EsgQuestionDistribution = z.infer<typeof EsgQuestionDistribution>;

export const EsgGroupScore = z.object({
  /** '' for the companies that have not said (no city, CAE division or employee range). */
  key: z.string(),
  label: LocalizedText.nullable(),
  companies: z.number().int(),
  /** Mean overall score in percent, one decimal. */
  average: z.number().nullable(),
});
export type EsgGroupScore = z.infer<typeof EsgGroupScore>;

export const EsgResults = z.object({
  form: EsgFormSummary,
  /** Companies on the portal, those that submitted and those with a draft. */
  companies: z.number().int(),
  submitted: z.number().int(),
  drafts: z.number().int(),
  /** submitted / companies in percent, one decimal. */
  responseRate: z.number(),
  questions: z.array(EsgQuestionDistribution),
  byIsland: z.array(EsgGroupScore),
  bySection: z.array(EsgGroupScore),
  byEmployeeRange: z.array(EsgGroupScore),
  responses: z.array(EsgResponseSummary),
});
export type EsgResults = z.infer<typeof EsgResults>;

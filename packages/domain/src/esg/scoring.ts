import { SECTOR_MIN_COMPANIES } from '../diagnosis/engine.ts';
import {
  ESG_PILLARS,
  type EsgAnswer,
  type EsgAnswers,
  type EsgFormDefinition,
  type EsgMedian,
  type EsgPillar,
  type EsgQuestion,
  type EsgScore,
  type EsgScores,
} from './schemas.ts';

/**
 * How ESG answers score. Each scored question contributes points earned out of points possible:
 * - multiple choice: the chosen option's score, out of the highest option score;
 * - checkbox: the sum of the ticked options' scores, out of the sum of all option scores;
 * - matrix: per row the chosen column's score, out of the rows times the highest column score;
 * - text: not scored.
 * A pillar's score and the overall score are the points earned out of the points possible, in percent with
 * one decimal, so a question with more at stake weighs more. Options without a score count as 0 when chosen
 * and add nothing to what is possible. Unanswered questions earn 0.
 */

const scoreOf = (question: Exclude<EsgQuestion, { type: 'text' }>, key: string | undefined): number =>
  question.options.find((option) => option.id === key)?.score ?? 0;

const highest = (question: Exclude<EsgQuestion, { type: 'text' }>): number =>
  Math.max(0, ...question.options.map((option) => option.score ?? 0));

/** Points earned and possible for one question; null when it carries no score. */
export function questionScore(
  question: EsgQuestion,
  answer: EsgAnswer | undefined,
): { earned: number; max: number } | null {
  switch (question.type) {
    case 'text':
      return null;
    case 'multipleChoice': {
      const max = highest(question);
      if (max === 0) return null;
      return { earned: typeof answer === 'string' ? scoreOf(question, answer) : 0, max };
    }
    case 'checkbox': {
      const max = question.options.reduce((sum, option) => sum + (option.score ?? 0), 0);
      if (max === 0) return null;
      const ticked = Array.isArray(answer) ? new Set(answer) : new Set<string>();
      return { earned: [...ticked].reduce((sum, key) => sum + scoreOf(question, key), 0), max };
    }
    case 'matrix': {
      const column = highest(question);
      if (column === 0) return null;
      const chosen = answer && typeof answer === 'object' && !Array.isArray(answer) ? answer : {};
      const earned = question.rows.reduce((sum, row) => sum + scoreOf(question, chosen[row.id]), 0);
      return { earned, max: column * question.rows.length };
    }
  }
}

/** earned / max in percent with one decimal (half away from zero); null when nothing is possible. */
export function percentOf(earned: number, max: number): number | null {
  if (max <= 0) return null;
  return Math.round((earned * 1000) / max) / 10;
}

function score(earned: number, max: number): EsgScore {
  return { earned, max, percent: percentOf(earned, max) };
}

/** The score of each pillar and the overall score of a set of answers. */
export function scoreAnswers(definition: EsgFormDefinition, answers: EsgAnswers): EsgScores {
  let totalEarned = 0;
  let totalMax = 0;
  const pillars = ESG_PILLARS.map((pillar) => {
    const section = definition.sections.find((candidate) => candidate.pillar === pillar);
    let earned = 0;
    let max = 0;
    for (const question of section?.questions ?? []) {
      const result = questionScore(question, answers[question.id]);
      if (!result) continue;
      earned += result.earned;
      max += result.max;
    }
    totalEarned += earned;
    totalMax += max;
    return { pillar, ...score(earned, max) };
  });
  return { pillars, overall: score(totalEarned, totalMax) };
}

/** Whether a question has an answer: words, a ticked box, a chosen option, or every matrix row chosen. */
export function isAnswered(question: EsgQuestion, answer: EsgAnswer | undefined): boolean {
  if (answer === undefined) return false;
  switch (question.type) {
    case 'text':
      return typeof answer === 'string' && answer.trim().length > 0;
    case 'checkbox':
      return Array.isArray(answer) && answer.length > 0;
    case 'multipleChoice':
      return typeof answer === 'string' && question.options.some((option) => option.id === answer);
    case 'matrix':
      return (
        typeof answer === 'object' &&
        !Array.isArray(answer) &&
        question.rows.every((row) => question.options.some((option) => option.id === answer[row.id]))
      );
  }
}

/**
 * Why an answer does not fit its question (an unknown option or row, the wrong shape), or null when it fits.
 * Empty answers fit: drafts may leave anything open.
 */
export function answerProblem(question: EsgQuestion, answer: EsgAnswer): string | null {
  const optionKeys =
    question.type === 'text' ? new Set<string>() : new Set(question.options.map((o) => o.id));
  switch (question.type) {
    case 'text':
      return typeof answer === 'string' ? null : 'esg:errors.invalidAnswer';
    case 'multipleChoice':
      return typeof answer === 'string' && (answer === '' || optionKeys.has(answer))
        ? null
        : 'esg:errors.invalidAnswer';
    case 'checkbox':
      return Array.isArray(answer) &&
        answer.every((key) => optionKeys.has(key)) &&
        new Set(answer).size === answer.length
        ? null
        : 'esg:errors.invalidAnswer';
    case 'matrix': {
      if (typeof answer !== 'object' || Array.isArray(answer)) return 'esg:errors.invalidAnswer';
      const rowKeys = new Set(question.rows.map((row) => row.id));
      return Object.entries(answer).every(([row, option]) => rowKeys.has(row) && optionKeys.has(option))
        ? null
        : 'esg:errors.invalidAnswer';
    }
  }
}

export function allQuestions(definition: EsgFormDefinition): { pillar: EsgPillar; question: EsgQuestion }[] {
  return definition.sections.flatMap((section) =>
    [...section.questions]
      .sort((a, b) => a.order - b.order)
      .map((question) => ({ pillar: section.pillar, question })),
  );
}

/**
 * Problems of a set of answers against the form, by question key: answers to unknown questions or of the
 * wrong shape always; with `final`, also required questions left unanswered ('validation:required',
 * 'Mandatory Field').
 */
export function answerErrors(
  definition: EsgFormDefinition,
  answers: EsgAnswers,
  options: { final: boolean },
): Record<string, string> {
  const errors: Record<string, string> = {};
  const questions = new Map(allQuestions(definition).map(({ question }) => [question.id, question]));
  for (const [key, answer] of Object.entries(answers)) {
    const question = questions.get(key);
    if (!question) {
      errors[key] = 'esg:errors.unknownQuestion';
      continue;
    }
    const problem = answerProblem(question, answer);
    if (problem) errors[key] = problem;
  }
  if (options.final) {
    for (const question of questions.values()) {
      if (question.required && !errors[question.id] && !isAnswered(question, answers[question.id])) {
        errors[question.id] = 'validation:required';
      }
    }
  }
  return errors;
}

export interface EsgSectionProgress {
  pillar: EsgPillar;
  answered: number;
  total: number;
}

/** How many questions of each section have an answer. */
export function sectionProgress(definition: EsgFormDefinition, answers: EsgAnswers): EsgSectionProgress[] {
  return definition.sections.map((section) => ({
    pillar: section.pillar,
    total: section.questions.length,
    answered: section.questions.filter((question) => isAnswered(question, answers[question.id])).length,
  }));
}

/** The middle value (mean of the two middle ones for an even count), one decimal; null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2 === 1
      ? (sorted[middle] as number)
      : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return Math.round(value * 10) / 10;
}

/**
 * The sector median of one score per company, shown only when at least SECTOR_MIN_COMPANIES companies
 * contribute (the diagnosis' anonymity rule); null otherwise.
 */
export function sectorMedian(values: readonly number[]): EsgMedian | null {
  if (values.length < SECTOR_MIN_COMPANIES) return null;
  const value = median(values);
  return value === null ? null : { median: value, companies: values.length };
}

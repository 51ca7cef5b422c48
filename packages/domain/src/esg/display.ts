import type { Language } from '../languages.ts';
import { localized } from '../schemas/reference.ts';
import type { EsgAnswer, EsgQuestion } from './schemas.ts';

/**
 * An answer in words, as the screens, the PDF and the spreadsheet write it: the text as typed; the chosen
 * options' labels; one 'row: column' line per matrix row answered. Empty when there is no answer.
 */
export function answerLines(
  question: EsgQuestion,
  answer: EsgAnswer | undefined,
  language: Language,
): string[] {
  if (answer === undefined) return [];
  if (question.type === 'text') return typeof answer === 'string' && answer.trim() ? [answer] : [];
  const label = (key: string) =>
    localized(question.options.find((o) => o.id === key)?.label, language) || key;
  if (question.type === 'matrix') {
    if (typeof answer !== 'object' || Array.isArray(answer)) return [];
    return [...question.rows]
      .sort((a, b) => a.order - b.order)
      .filter((row) => answer[row.id])
      .map((row) => `${localized(row.label, language)}: ${label(answer[row.id] as string)}`);
  }
  if (Array.isArray(answer)) {
    const ticked = new Set(answer);
    return [...question.options]
      .sort((a, b) => a.order - b.order)
      .filter((option) => ticked.has(option.id))
      .map((option) => localized(option.label, language));
  }
  return typeof answer === 'string' && answer ? [label(answer)] : [];
}

/** The short name of a question in a column header or a chart: its pillar's initial and number ('E1', 'S2'). */
export function questionCode(pillar: 'environment' | 'social' | 'governance', order: number): string {
  return `${pillar.charAt(0).toUpperCase()}${order}`;
}

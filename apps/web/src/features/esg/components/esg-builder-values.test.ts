import { EsgFormDefinition } from '@excelencia/domain';
import { describe, expect, it } from 'vitest';
import { moved, movedTo, newFormValues, newQuestion, removed, withType } from './esg-builder-values.ts';

const items = [
  { id: 'a', order: 1 },
  { id: 'b', order: 2 },
  { id: 'c', order: 3 },
];

describe('the builder values', () => {
  it('move an item up or down and keep the order numbers 1..n', () => {
    expect(moved(items, 2, -1)).toEqual([
      { id: 'a', order: 1 },
      { id: 'c', order: 2 },
      { id: 'b', order: 3 },
    ]);
    expect(moved(items, 0, -1)).toEqual(items);
    // Dragging the first onto the last.
    expect(movedTo(items, 0, 2).map((item) => [item.id, item.order])).toEqual([
      ['b', 1],
      ['c', 2],
      ['a', 3],
    ]);
    expect(removed(items, 0)).toEqual([
      { id: 'b', order: 1 },
      { id: 'c', order: 2 },
    ]);
  });

  it('give each new question what its type needs; a labelled form then passes the shared schema', () => {
    const values = newFormValues(2026);
    const taken = new Set<string>();
    const types = ['checkbox', 'text', 'matrix', 'multipleChoice'] as const;
    const questions = types.map((type, index) => {
      const question = newQuestion(type, index + 1, taken);
      taken.add(question.id);
      return question;
    });
    const label = { pt: 'Pergunta', en: 'Question', fr: 'Question' };
    const labelled = questions.map((question) => {
      const copy = JSON.parse(JSON.stringify(question));
      copy.label = label;
      for (const option of copy.options ?? []) option.label = label;
      for (const row of copy.rows ?? []) row.label = label;
      return copy;
    });
    const definition = {
      sections: values.definition.sections.map((section, index) => ({
        ...section,
        questions: index === 0 ? labelled : [],
      })),
    };
    expect(EsgFormDefinition.safeParse(definition).success).toBe(true);
    expect(withType(questions[2] as never, 'text')).not.toHaveProperty('rows');
    expect(withType(questions[1] as never, 'matrix')).toMatchObject({ type: 'matrix' });
  });
});

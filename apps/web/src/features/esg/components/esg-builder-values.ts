import {
  ESG_PILLARS,
  type EsgForm,
  type EsgFormInput,
  type EsgMatrixRow,
  type EsgOption,
  type EsgQuestion,
  type EsgQuestionType,
} from '@excelencia/domain';

/** The builder's values: the form as sent (the version is added on update). */
export type EsgBuilderValues = EsgFormInput;

const blank = () => ({ pt: '', en: '', fr: '' });

/** A new key no other item of `taken` uses: a prefix and a short random part (answers refer to it). */
export function newKey(prefix: string, taken: ReadonlySet<string>): string {
  for (;;) {
    const key = `${prefix}-${Math.random().toString(36).slice(2, 8)}`;
    if (!taken.has(key)) return key;
  }
}

/** Order numbers 1..n in the list's order. */
export function renumber<T extends { order: number }>(items: readonly T[]): T[] {
  return items.map((item, index) => ({ ...item, order: index + 1 }));
}

/** The list with item `from` moved to place `to` (both inside the list), renumbered. */
export function movedTo<T extends { order: number }>(items: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item) next.splice(to, 0, item);
  return renumber(next);
}

/** The list with item `index` moved by `delta` places (kept inside the list), renumbered. */
export function moved<T extends { order: number }>(items: readonly T[], index: number, delta: number): T[] {
  return movedTo(items, index, index + delta);
}

export function removed<T extends { order: number }>(items: readonly T[], index: number): T[] {
  return renumber(items.filter((_, i) => i !== index));
}

export function newOption(order: number, taken: ReadonlySet<string>): EsgOption {
  return { id: newKey('o', taken), order, label: blank(), score: null };
}

export function newRow(order: number, taken: ReadonlySet<string>): EsgMatrixRow {
  return { id: newKey('r', taken), order, label: blank() };
}

function options(count: number): EsgOption[] {
  const taken = new Set<string>();
  return Array.from({ length: count }, (_, index) => {
    const option = newOption(index + 1, taken);
    taken.add(option.id);
    return option;
  });
}

function rows(count: number): EsgMatrixRow[] {
  const taken = new Set<string>();
  return Array.from({ length: count }, (_, index) => {
    const row = newRow(index + 1, taken);
    taken.add(row.id);
    return row;
  });
}

/** Every question key of the form (new questions must not reuse one). */
export function questionKeys(values: EsgBuilderValues): Set<string> {
  return new Set(values.definition.sections.flatMap((section) => section.questions.map((q) => q.id)));
}

/** A new question of the type, with the options and rows it needs to be valid once labelled. */
export function newQuestion(type: EsgQuestionType, order: number, taken: ReadonlySet<string>): EsgQuestion {
  const base = { id: newKey('q', taken), order, label: blank(), help: blank(), required: false };
  return withType(base, type);
}

/** The question as another type: the texts and flags stay, options and rows are kept or added as it needs. */
export function withType(
  question: Pick<EsgQuestion, 'id' | 'order' | 'label' | 'help' | 'required'> &
    Partial<{ options: EsgOption[]; rows: EsgMatrixRow[] }>,
  type: EsgQuestionType,
): EsgQuestion {
  const base = {
    id: question.id,
    order: question.order,
    label: question.label,
    help: question.help,
    required: question.required,
  };
  const kept = question.options && question.options.length > 0 ? question.options : null;
  switch (type) {
    case 'text':
      return { ...base, type };
    case 'checkbox':
      return { ...base, type, options: kept ?? options(2) };
    case 'multipleChoice':
      return { ...base, type, options: kept && kept.length >= 2 ? kept : options(2) };
    case 'matrix':
      return {
        ...base,
        type,
        options: kept && kept.length >= 2 ? kept : options(3),
        rows: question.rows && question.rows.length > 0 ? question.rows : rows(2),
      };
  }
}

export function newFormValues(year = new Date().getFullYear()): EsgBuilderValues {
  return {
    title: blank(),
    description: blank(),
    period: year,
    editionId: null,
    status: 'draft',
    definition: { sections: ESG_PILLARS.map((pillar) => ({ pillar, questions: [] })) },
  };
}

export function formToValues(form: EsgForm): EsgBuilderValues {
  return {
    title: form.title,
    description: form.description,
    period: form.period,
    editionId: form.editionId,
    status: form.status,
    definition: form.definition,
  };
}

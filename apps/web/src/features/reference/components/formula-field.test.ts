import { describe, expect, it } from 'vitest';
import { aggregateNames, insertName } from './formula-field.tsx';

describe('formula name chips', () => {
  it('lists every node code of the tree once, in tree order', () => {
    const text = { pt: 'x', en: '', fr: '' };
    const node = (code: string) => ({
      id: crypto.randomUUID(),
      code,
      description: text,
      sortOrder: 0,
      accountCodes: [],
    });
    const tree = [
      {
        ...node('ATIVO'),
        nature: 'debit' as const,
        subHeadings: [
          { ...node('ANC'), categories: [{ ...node('AFT'), subCategories: [node('AFT1'), node('ANC')] }] },
        ],
      },
    ];
    expect(aggregateNames(tree)).toEqual(['ATIVO', 'ANC', 'AFT', 'AFT1']);
  });

  it('inserts a name at the caret with spaces around it where needed', () => {
    expect(insertName('', 'EBITDA', 0, 0)).toEqual({ text: 'EBITDA', caret: 6 });
    expect(insertName('RL/', 'ATIVO', 3, 3)).toEqual({ text: 'RL/ ATIVO', caret: 9 });
    expect(insertName('(/ATIVO)', 'RL', 1, 1)).toEqual({ text: '(RL /ATIVO)', caret: 3 });
    expect(insertName('A + B', 'C', 4, 5)).toEqual({ text: 'A + C', caret: 5 });
  });
});

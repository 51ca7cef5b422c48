import { buildBalanceTree, formatAmount, type SelfDiagnosisTree } from '@excelencia/domain';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../testing/render.tsx';
import { EntryForm } from './entry-form.tsx';

type Node = { code: string; accounts?: string[]; children?: Node[] };

let sequence = 0;
const id = () => `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`;
const accountsOf = (node: Node): string[] =>
  node.children ? node.children.flatMap(accountsOf) : (node.accounts ?? []);
const base = (node: Node, sortOrder: number) => ({
  id: id(),
  code: node.code,
  description: { pt: node.code, en: node.code, fr: node.code },
  sortOrder,
  accountCodes: accountsOf(node),
});

/** Ativo (two leaves), Capital próprio and Passivo (one each): headings and sub-headings open, leaves shown. */
function tree(): SelfDiagnosisTree {
  const heading = (node: Node & { nature: 'debit' | 'credit' }, index: number) => ({
    ...base(node, index),
    nature: node.nature,
    subHeadings: (node.children ?? []).map((sub, s) => ({
      ...base(sub, s),
      categories: (sub.children ?? []).map((category, c) => ({ ...base(category, c), subCategories: [] })),
    })),
  });
  return [
    heading(
      {
        code: 'AT',
        nature: 'debit',
        children: [
          { code: 'ANC', children: [{ code: 'AFT', accounts: ['43'] }] },
          { code: 'AC', children: [{ code: 'CX', accounts: ['11'] }] },
        ],
      },
      0,
    ),
    heading(
      {
        code: 'CP',
        nature: 'credit',
        children: [{ code: 'CAP', children: [{ code: 'KS', accounts: ['51'] }] }],
      },
      1,
    ),
    heading(
      {
        code: 'PAS',
        nature: 'credit',
        children: [{ code: 'PC', children: [{ code: 'FOR', accounts: ['22'] }] }],
      },
      2,
    ),
  ];
}

function type(code: string, value: string) {
  fireEvent.change(screen.getByRole('textbox', { name: `Amount of ${code}` }), { target: { value } });
}

function renderForm() {
  return renderWithApp(
    <EntryForm companyId="00000000-0000-4000-8000-00000000000a" tree={buildBalanceTree(tree())} />,
  );
}

// The company has no sheet yet (the form asks for the list to warn before replacing one).
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json([])),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the balance-sheet entry form', () => {
  it('rolls the amounts up to their groups as they are typed', () => {
    renderForm();
    type('AFT', '1000');
    type('CX', '250.5');
    expect(screen.getByTestId('bs-total-ANC').textContent).toBe(formatAmount('1000'));
    expect(screen.getByTestId('bs-total-AT').textContent).toBe(formatAmount('1250.5'));
    expect(screen.getByText('2 / 4')).toBeTruthy();
  });

  it('says by how much Assets miss Equity + Liabilities, and when they meet', () => {
    renderForm();
    type('AFT', '1000');
    type('CX', '500');
    type('KS', '1000');
    type('FOR', '200');
    const check = screen.getByTestId('bs-balance-check');
    expect(check.dataset.status).toBe('mismatch');
    expect(check.textContent).toBe(
      `The Assets value is not equal to the sum of the Equity value + the Liabilities value (difference: ${formatAmount('300')})`,
    );
    type('FOR', '500');
    expect(check.dataset.status).toBe('ok');
    expect(check.textContent).toBe('Assets equal Equity + Liabilities.');
  });

  it('says nothing about the balance while a balance-sheet leaf is empty', () => {
    renderForm();
    type('AFT', '1000');
    expect(screen.getByTestId('bs-balance-check').textContent).toBe('');
  });

  it('names every amount input by its account and column, in the user’s language', () => {
    renderForm();
    const names = screen.getAllByRole('textbox').map((input) => input.getAttribute('aria-label'));
    expect(names.filter((name) => name?.startsWith('Amount of '))).toEqual([
      'Amount of AFT',
      'Amount of CX',
      'Amount of KS',
      'Amount of FOR',
    ]);
  });

  it('says an amount with 3 decimals is wrong and shows no total above it instead of leaving it out', () => {
    renderForm();
    type('AFT', '1000');
    type('CX', '250.125');
    const input = screen.getByRole('textbox', { name: 'Amount of CX' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter an amount with at most 2 decimals.')).toBeTruthy();
    // The group of the bad amount and the heading above it show no number (1 000 alone would be a wrong total).
    for (const group of ['AC', 'AT']) {
      const total = screen.getByTestId(`bs-total-${group}`);
      expect(total.dataset.withheld).toBe('true');
      expect(total.textContent).toBe('—No total while an amount below is wrong.');
    }
    // The sibling group without a bad amount keeps its total.
    expect(screen.getByTestId('bs-total-ANC').textContent).toBe(formatAmount('1000'));
    type('CX', '250.12');
    expect(screen.queryByText('Enter an amount with at most 2 decimals.')).toBeNull();
    expect(screen.getByTestId('bs-total-AT').textContent).toBe(formatAmount('1250.12'));
  });

  it('in Portuguese, says what is wrong in Portuguese', () => {
    renderWithApp(
      <EntryForm companyId="00000000-0000-4000-8000-00000000000a" tree={buildBalanceTree(tree())} />,
      { language: 'pt' },
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Valor de CX' }), { target: { value: '1,005' } });
    expect(screen.getByText('Indique um valor com no máximo 2 casas decimais.')).toBeTruthy();
  });

  it('after Save, names each empty amount', () => {
    renderForm();
    type('AFT', '1000');
    fireEvent.click(screen.getByTestId('bs-save-entry'));
    expect(screen.getAllByText('Enter a value (0 when there is none).')).toHaveLength(3);
  });
});

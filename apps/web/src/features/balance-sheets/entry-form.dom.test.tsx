import { buildBalanceTree, formatAmount, type SelfDiagnosisTree } from '@excelencia/domain';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
  fireEvent.change(screen.getByRole('textbox', { name: code }), { target: { value } });
}

function renderForm() {
  return renderWithApp(
    <EntryForm companyId="00000000-0000-4000-8000-00000000000a" tree={buildBalanceTree(tree())} />,
  );
}

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
});

import {
  type BalanceSheetItem,
  buildBalanceTree,
  formatNumber,
  type SelfDiagnosisTree,
} from '@excelencia/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { SheetsTable, StatementTable } from './views.tsx';

const COMPANY = '00000000-0000-4000-8000-00000000000a';

const sheet = (id: string, startDate: string, extra: Partial<BalanceSheetItem> = {}): BalanceSheetItem => ({
  id: `00000000-0000-4000-8000-0000000000${id}`,
  companyId: COMPANY,
  startDate,
  endDate: `${startDate.slice(0, 4)}-12-31`,
  dateInsert: '2026-01-10T10:00:00.000Z',
  typeFrequence: 'annual',
  tag: 'Y0',
  source: 'upload',
  fileName: `tb-${id}.xlsx`,
  version: 1,
  replaced: false,
  ...extra,
});

describe('the list of sheets', () => {
  it('keeps a replaced sheet listed, marked replaced, without the correct action', () => {
    renderWithApp(
      <SheetsTable
        companyId={COMPANY}
        editPath="/company/balance-sheet"
        onOpen={() => undefined}
        sheets={[
          sheet('25', '2025-01-01', { tag: 'Y1' }),
          sheet('24', '2024-01-01'),
          sheet('23', '2024-01-01', { replaced: true, dateInsert: '2025-01-10T10:00:00.000Z' }),
        ]}
      />,
    );
    const rows = screen.getAllByTestId('bs-row');
    expect(rows.map((row) => row.dataset.replaced ?? '')).toEqual(['', '', 'true']);
    expect(within(rows[2] as HTMLElement).getByTestId('bs-replaced').textContent).toBe('Replaced');
    expect(
      within(rows[2] as HTMLElement).getByText(/kept for the record, left out of the views/),
    ).toBeTruthy();
    expect(within(rows[2] as HTMLElement).queryByTestId('bs-edit')).toBeNull();
    expect(within(rows[1] as HTMLElement).getByTestId('bs-edit')).toBeTruthy();
    expect(screen.getAllByTestId('bs-tag').map((tag) => tag.textContent)).toEqual(['Y1', 'Y0', 'Y0']);
  });
});

type Node = { code: string; accounts?: string[]; children?: Node[] };
let sequence = 0;

/** A self-diagnosis tree of headings → sub-headings → categories, as GET balance-sheets/tree gives it. */
function makeTree(headings: Array<Node & { nature: 'debit' | 'credit' }>): SelfDiagnosisTree {
  const accountsOf = (node: Node): string[] =>
    node.children ? node.children.flatMap(accountsOf) : (node.accounts ?? []);
  const base = (node: Node, sortOrder: number) => ({
    id: `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`,
    code: node.code,
    description: { pt: node.code, en: node.code, fr: node.code },
    sortOrder,
    accountCodes: accountsOf(node),
  });
  return headings.map((heading, h) => ({
    ...base(heading, h),
    nature: heading.nature,
    subHeadings: (heading.children ?? []).map((sub, s) => ({
      ...base(sub, s),
      categories: (sub.children ?? []).map((category, c) => ({ ...base(category, c), subCategories: [] })),
    })),
  }));
}

describe('the balance sheet of a sheet taken before the closing entries', () => {
  /** Assets, equity (capital, results: retained earnings and the period's result) and liabilities; income, costs. */
  const tree = buildBalanceTree(
    makeTree([
      {
        code: 'AT',
        nature: 'debit',
        children: [{ code: 'AC', children: [{ code: 'CLI', accounts: ['21'] }] }],
      },
      {
        code: 'CP',
        nature: 'credit',
        children: [
          { code: 'CPC', children: [{ code: 'CAP', accounts: ['51'] }] },
          {
            code: 'CPR',
            children: [
              { code: 'RT', accounts: ['56'] },
              { code: 'RLPER', accounts: ['818'] },
            ],
          },
        ],
      },
      {
        code: 'PT',
        nature: 'credit',
        children: [{ code: 'PC', children: [{ code: 'FORN', accounts: ['22'] }] }],
      },
      {
        code: 'GAST',
        nature: 'debit',
        children: [{ code: 'GEXP', children: [{ code: 'GP', accounts: ['63'] }] }],
      },
    ]),
  );

  it('shows equity with the period result, as the server reads it, and says where that result comes from', () => {
    // The semiannual sheet entered by hand: Assets 1 500 000 = equity (1 000 000 + 800 000 − 500 000) + 200 000.
    renderWithApp(
      <StatementTable
        tree={tree}
        statement="balance"
        label="Balance sheet"
        sheets={[
          {
            ...sheet('26', '2026-01-01', {
              endDate: '2026-06-30',
              typeFrequence: 'semiannual',
              tag: 'S1',
              source: 'entry',
              fileName: null,
            }),
            values: {
              AT: '1500000.00',
              CP: '1300000.00',
              CPR: '300000.00',
              RT: '800000.00',
              RLPER: '-500000.00',
              PT: '200000.00',
            },
            periodResultAdded: { amount: '-500000.00', codes: ['CP', 'CPR', 'RLPER'] },
            linesCount: 0,
          },
        ]}
      />,
    );
    const cell = (code: string) =>
      within(screen.getByTestId(`bs-view-row-${code}`)).getAllByRole('cell')[1]?.textContent;
    expect([cell('AT'), cell('CP'), cell('RLPER'), cell('PT')]).toEqual([
      formatNumber('1500000'),
      formatNumber('1300000'),
      formatNumber('-500000'),
      formatNumber('200000'),
    ]);
    expect(screen.getByTestId('bs-period-result-note').textContent).toBe(
      `S1 · 1 January 2026 – 30 June 2026: the net result for the period (${formatNumber('-500000')}) is the income statement’s, not yet closed to account 818.`,
    );
  });
});

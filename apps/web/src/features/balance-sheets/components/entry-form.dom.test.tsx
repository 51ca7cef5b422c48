import {
  type BalanceSheetDetail,
  buildBalanceTree,
  formatDayFirstDate,
  formatNumber,
  type SelfDiagnosisTree,
} from '@excelencia/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
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

/**
 * The seed's shape in small: Ativo (cash CX a closed category of two sub-categories), Capital próprio with the
 * period-result leaf RLPER (818), Passivo, Rendimentos (sales VN a closed category) and Gastos. Headings and
 * sub-headings open, categories closed.
 */
function tree(): SelfDiagnosisTree {
  const heading = (node: Node & { nature: 'debit' | 'credit' }, index: number) => ({
    ...base(node, index),
    nature: node.nature,
    subHeadings: (node.children ?? []).map((sub, s) => ({
      ...base(sub, s),
      categories: (sub.children ?? []).map((category, c) => ({
        ...base(category, c),
        subCategories: (category.children ?? []).map((leaf, l) => base(leaf, l)),
      })),
    })),
  });
  return [
    heading(
      {
        code: 'AT',
        nature: 'debit',
        children: [
          { code: 'ANC', children: [{ code: 'AFT', accounts: ['43'] }] },
          {
            code: 'AC',
            children: [
              { code: 'CLI', accounts: ['21'] },
              {
                code: 'CX',
                children: [
                  { code: 'CAIXA', accounts: ['11'] },
                  { code: 'DO', accounts: ['12'] },
                ],
              },
            ],
          },
        ],
      },
      0,
    ),
    heading(
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
      1,
    ),
    heading(
      {
        code: 'PT',
        nature: 'credit',
        children: [{ code: 'PC', children: [{ code: 'FORN', accounts: ['22'] }] }],
      },
      2,
    ),
    heading(
      {
        code: 'REND',
        nature: 'credit',
        children: [
          { code: 'REXP', children: [{ code: 'VN', children: [{ code: 'VENDAS', accounts: ['71'] }] }] },
        ],
      },
      3,
    ),
    heading(
      {
        code: 'GAST',
        nature: 'debit',
        children: [{ code: 'GEXP', children: [{ code: 'GP', accounts: ['63'] }] }],
      },
      4,
    ),
  ];
}

const COMPANY = '00000000-0000-4000-8000-00000000000a';
const amountInput = (code: string) => screen.getByRole('textbox', { name: `Amount of ${code}` });

function type(code: string, value: string) {
  fireEvent.change(amountInput(code), { target: { value } });
}

/** Types the period day first, as the date fields take it ('2026-01-01' is typed '01/01/2026'). */
function setPeriod(startDate: string, endDate: string, frequency = 'semiannual') {
  fireEvent.change(screen.getByTestId('bs-entry-start-date'), {
    target: { value: formatDayFirstDate(startDate) },
  });
  fireEvent.change(screen.getByTestId('bs-entry-end-date'), {
    target: { value: formatDayFirstDate(endDate) },
  });
  fireEvent.change(screen.getByTestId('bs-entry-frequency'), { target: { value: frequency } });
}

function renderForm(
  options: { sheet?: BalanceSheetDetail; onSaved?: (sheet: BalanceSheetDetail) => void } = {},
) {
  return renderWithApp(
    <EntryForm
      companyId={COMPANY}
      tree={buildBalanceTree(tree())}
      sheet={options.sheet ?? null}
      {...(options.onSaved ? { onSaved: options.onSaved } : {})}
    />,
  );
}

/** The bodies sent to the entries routes (POST a new sheet, PUT a correction), with their method. */
let posted: Array<{ values: Record<string, string> } & Record<string, unknown>>;

// The company has no sheet yet (the form asks for the list to warn before replacing one); a POST answers 201.
beforeEach(() => {
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/auth/csrf') return Response.json({ csrfToken: 'token' });
      if (url.endsWith('/entries') && (init?.method === 'POST' || init?.method === 'PUT')) {
        const body = JSON.parse(String(init.body));
        posted.push({ ...body, method: init.method });
        return Response.json(
          {
            id: '00000000-0000-4000-8000-0000000000e1',
            companyId: COMPANY,
            startDate: body.startDate,
            endDate: body.endDate,
            dateInsert: '2026-07-01T10:00:00.000Z',
            typeFrequence: body.typeFrequence,
            tag: 'S1',
            source: 'entry',
            fileName: null,
            version: 1,
            values: body.values,
            periodResultAdded: null,
            linesCount: 0,
          },
          { status: 201 },
        );
      }
      return Response.json([]);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the balance-sheet entry form', () => {
  it('rolls the amounts up to their groups as they are typed', () => {
    renderForm();
    type('AFT', '1000');
    type('CLI', '250.5');
    expect(screen.getByTestId('bs-total-ANC').textContent).toBe(formatNumber('1000'));
    expect(screen.getByTestId('bs-total-AT').textContent).toBe(formatNumber('1250.5'));
  });

  it('says by how much Assets miss Equity + Liabilities, and when they meet', () => {
    renderForm();
    type('AFT', '1000');
    type('CLI', '500');
    type('CAP', '1000');
    type('FORN', '200');
    const check = screen.getByTestId('bs-balance-check');
    expect(check.dataset.status).toBe('mismatch');
    expect(check.textContent).toBe(
      `The Assets value is not equal to the sum of the Equity value + the Liabilities value (difference: ${formatNumber('300')})`,
    );
    type('FORN', '500');
    expect(check.dataset.status).toBe('ok');
    expect(check.textContent).toBe('Assets equal Equity + Liabilities.');
  });

  it('says nothing about the balance until a balance-sheet amount is typed; then a blank amount is 0', () => {
    renderForm();
    expect(screen.getByText('A blank amount counts as 0.')).toBeTruthy();
    const check = screen.getByTestId('bs-balance-check');
    expect(check.textContent).toBe('');
    type('AFT', '1000');
    // Every other amount blank, so 0: Assets 1 000 against nothing.
    expect(check.dataset.status).toBe('mismatch');
    expect(check.textContent).toContain(formatNumber('1000'));
    expect(amountInput('CLI').getAttribute('placeholder')).toBe('0');
  });

  it('names every amount input by its account and column, in the user’s language', () => {
    renderForm();
    const names = screen.getAllByRole('textbox').map((input) => input.getAttribute('aria-label'));
    expect(names.filter((name) => name?.startsWith('Amount of '))).toEqual([
      'Amount of AFT',
      'Amount of CLI',
      'Amount of CAP',
      'Amount of RT',
      'Amount of RLPER',
      'Amount of FORN',
      'Amount of GP',
    ]);
  });

  it('says an amount with 3 decimals is wrong and shows no total above it instead of leaving it out', () => {
    renderForm();
    type('AFT', '1000');
    type('CLI', '250.125');
    const input = amountInput('CLI');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter an amount with at most 2 decimals.')).toBeTruthy();
    // The group of the bad amount and the heading above it show no number (1 000 alone would be a wrong total).
    for (const group of ['AC', 'AT']) {
      const total = screen.getByTestId(`bs-total-${group}`);
      expect(total.dataset.withheld).toBe('true');
      expect(total.textContent).toBe('—No total while an amount below is wrong.');
    }
    // The sibling group without a bad amount keeps its total.
    expect(screen.getByTestId('bs-total-ANC').textContent).toBe(formatNumber('1000'));
    type('CLI', '250.12');
    expect(screen.queryByText('Enter an amount with at most 2 decimals.')).toBeNull();
    expect(screen.getByTestId('bs-total-AT').textContent).toBe(formatNumber('1250.12'));
  });

  it('in Portuguese, says what is wrong in Portuguese', () => {
    renderWithApp(<EntryForm companyId={COMPANY} tree={buildBalanceTree(tree())} />, { language: 'pt' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Valor de CLI' }), { target: { value: '1,005' } });
    expect(screen.getByText('Indique um valor com no máximo 2 casas decimais.')).toBeTruthy();
    expect(screen.getByText('Um valor em branco conta como 0.')).toBeTruthy();
  });
});

describe('the net result for the period: computed from the income statement, counted once', () => {
  /**
   * Semiannual 2026-01-01 to 2026-06-30: fixed assets 1 200 000, customers 300 000, capital 1 000 000, suppliers
   * 200 000, personnel costs 500 000, everything else blank. Debits 1 200 000 + 300 000 + 500 000 = 2 000 000;
   * credits 1 000 000 + 200 000 = 1 200 000: 800 000 of retained earnings are needed.
   */
  function enterReproduction() {
    setPeriod('2026-01-01', '2026-06-30');
    type('AFT', '1200000');
    type('CLI', '300000');
    type('CAP', '1000000');
    type('FORN', '200000');
    type('GP', '500000');
  }

  it('asks for the 800 000 of retained earnings, then shows equity 1 300 000 with the result, and saves it so', async () => {
    const onSaved = vi.fn();
    renderForm({ onSaved });
    enterReproduction();
    const check = screen.getByTestId('bs-balance-check');
    expect(check.dataset.status).toBe('mismatch');
    expect(check.textContent).toContain(`(difference: ${formatNumber('800000')})`);
    type('RT', '800000');
    expect(check.dataset.status).toBe('ok');
    // Equity before closing = 1 000 000 + 800 000 + the result (0 − 500 000) = 1 300 000; + 200 000 = Assets.
    const result = amountInput('RLPER') as HTMLInputElement;
    expect(result.value).toBe(formatNumber('-500000'));
    expect(screen.getByTestId('bs-total-CPR').textContent).toBe(formatNumber('300000'));
    expect(screen.getByTestId('bs-total-CP').textContent).toBe(formatNumber('1300000'));
    expect(screen.getByTestId('bs-total-PT').textContent).toBe(formatNumber('200000'));
    expect(screen.getByTestId('bs-total-AT').textContent).toBe(formatNumber('1500000'));
    // Read-only, and said why: it cannot be typed a second time.
    expect(result.readOnly).toBe(true);
    expect(result.getAttribute('aria-describedby')).toBe('bs-hint-RLPER');
    expect(document.getElementById('bs-hint-RLPER')?.textContent).toBe(
      'Computed from the income statement (income − costs): it is not typed, so it counts once.',
    );
    fireEvent.click(screen.getByTestId('bs-save-entry'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      startDate: '2026-01-01',
      endDate: '2026-06-30',
      typeFrequence: 'semiannual',
    });
    // Every leaf sent, the blank ones as 0; RLPER holds nothing of its own (account 818 before closing).
    expect(posted[0]?.values).toEqual({
      AFT: '1200000.00',
      CLI: '300000.00',
      CAIXA: '0.00',
      DO: '0.00',
      CAP: '1000000.00',
      RT: '800000.00',
      RLPER: '0.00',
      FORN: '200000.00',
      VENDAS: '0.00',
      GP: '500000.00',
    });
  });

  it('correcting an uploaded sheet keeps what its 818 holds besides the period result, and says so', async () => {
    // As the server reads it: 400 on 818 (last year's result awaiting appropriation) + this period's loss of
    // 100 (sales 900 − personnel 1 000) = RLPER 300; AT 1 700 = CP (1 000 + 300) + PT 400.
    const sheet: BalanceSheetDetail = {
      id: '00000000-0000-4000-8000-0000000000e2',
      companyId: COMPANY,
      startDate: '2026-01-01',
      endDate: '2026-03-31',
      dateInsert: '2026-04-02T10:00:00.000Z',
      typeFrequence: 'quarterly',
      tag: 'Q1',
      source: 'upload',
      fileName: 'q1.xlsx',
      version: 1,
      values: {
        AT: '1700.00',
        ANC: '1700.00',
        AFT: '1700.00',
        CP: '1300.00',
        CPC: '1000.00',
        CAP: '1000.00',
        CPR: '300.00',
        RT: '0.00',
        RLPER: '300.00',
        PT: '400.00',
        PC: '400.00',
        FORN: '400.00',
        REND: '900.00',
        REXP: '900.00',
        VN: '900.00',
        VENDAS: '900.00',
        GAST: '1000.00',
        GEXP: '1000.00',
        GP: '1000.00',
      },
      periodResultAdded: { amount: '-100.00', codes: ['CP', 'CPR', 'RLPER'] },
      linesCount: 4,
    };
    const onSaved = vi.fn();
    renderForm({ sheet, onSaved });
    expect((amountInput('RLPER') as HTMLInputElement).value).toBe(formatNumber('300'));
    expect(screen.getByTestId('bs-balance-check').dataset.status).toBe('ok');
    expect(screen.getByTestId('bs-period-result-hint').textContent).toContain(
      `Includes ${formatNumber('400')} on account 818 that is not this period’s result`,
    );
    // A larger loss (200) moves the computed line to 400 − 200, never the 400: AT 1 700 = CP 1 200 + PT 500.
    type('GP', '1100');
    type('FORN', '500');
    expect((amountInput('RLPER') as HTMLInputElement).value).toBe(formatNumber('200'));
    expect(screen.getByTestId('bs-balance-check').dataset.status).toBe('ok');
    fireEvent.click(screen.getByTestId('bs-save-entry'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    // The server gets the 818 amount as it was; it adds the period's result itself, once.
    expect(posted[0]).toMatchObject({ method: 'PUT', version: 1 });
    expect(posted[0]?.values).toMatchObject({ RLPER: '400.00', GP: '1100.00', FORN: '500.00' });
  });
});

describe('Save points at what is missing or wrong', () => {
  it('with no dates, focuses the start date and says so under it; blank amounts are not asked for', async () => {
    renderForm();
    type('AFT', '0');
    fireEvent.click(screen.getByTestId('bs-save-entry'));
    const start = screen.getByTestId('bs-entry-start-date');
    await waitFor(() => expect(document.activeElement).toBe(start));
    expect(start.getAttribute('aria-invalid')).toBe('true');
    const described = (start.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((idRef) => document.getElementById(idRef)?.textContent);
    expect(described).toContain('Please enter a date!');
    expect(screen.queryByText('Enter a value (0 when there is none).')).toBeNull();
    expect(posted).toHaveLength(0);
  });

  it('opens the closed group of a wrong amount, focuses it and says what is wrong next to it', async () => {
    renderForm();
    setPeriod('2026-01-01', '2026-06-30');
    // Cash sits in the closed category CX: open it, type a wrong amount, close it again.
    fireEvent.click(screen.getByRole('button', { name: 'Open CX' }));
    type('CAIXA', '10,005');
    fireEvent.click(screen.getByRole('button', { name: 'Close CX' }));
    expect(screen.queryByRole('textbox', { name: 'Amount of CAIXA' })).toBeNull();
    fireEvent.click(screen.getByTestId('bs-save-entry'));
    const cash = await screen.findByRole('textbox', { name: 'Amount of CAIXA' });
    await waitFor(() => expect(document.activeElement).toBe(cash));
    expect(screen.getByRole('button', { name: 'Close CX' }).getAttribute('aria-expanded')).toBe('true');
    expect(cash.getAttribute('aria-invalid')).toBe('true');
    const described = (cash.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((idRef) => document.getElementById(idRef)?.textContent);
    expect(described).toContain('Enter an amount with at most 2 decimals.');
    expect(posted).toHaveLength(0);
  });

  it('opens a closed group of the income statement too (sales under VN)', async () => {
    renderForm();
    setPeriod('2026-01-01', '2026-06-30');
    fireEvent.click(screen.getByRole('button', { name: 'Open VN' }));
    type('VENDAS', '1.001');
    fireEvent.click(screen.getByRole('button', { name: 'Close VN' }));
    fireEvent.click(screen.getByTestId('bs-save-entry'));
    const sales = await screen.findByRole('textbox', { name: 'Amount of VENDAS' });
    await waitFor(() => expect(document.activeElement).toBe(sales));
  });
});

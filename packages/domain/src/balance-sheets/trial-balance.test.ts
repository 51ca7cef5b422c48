import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalogs.ts';
import { SMALL_TREE } from './test-tree.ts';
import { buildBalanceTree } from './tree.ts';
import { type SheetProblem, TrialBalanceChecker } from './trial-balance.ts';

const tree = buildBalanceTree(SMALL_TREE);
const HEADER = ['Conta', 'Descrição', 'Débito acumulado', 'Crédito acumulado'];

/** Feeds a header (row 1) and the rows (row 2 on) and finishes. */
function check(
  rows: unknown[][],
  options?: { maxRows?: number; maxProblems?: number },
  header: unknown[] = HEADER,
) {
  const checker = new TrialBalanceChecker(tree, options);
  checker.header(header, 1);
  rows.forEach((cells, index) => {
    checker.line(cells, index + 2);
  });
  return checker.finish();
}

function problems(rows: unknown[][], header?: unknown[]): SheetProblem[] {
  const result = check(rows, undefined, header);
  if (result.ok) throw new Error('expected problems');
  return result.problems;
}

const brief = (list: SheetProblem[]) =>
  list.map((p) => `${p.row ?? '-'}${p.column ?? ''} ${p.key.split(':')[1]}`);

describe('TrialBalanceChecker: a clean trial balance', () => {
  it('aggregates 5 lines through the tree, by hand', () => {
    const result = check([
      ['11', 'Caixa', 1000.5, 200.25],
      [21, 'Clientes', '4 000', 0],
      ['2711', 'Devedores e credores diversos', 0, '500,10'],
      ['51', 'Capital', 0, 2500],
      [
        '71',
        'Vendas',
        { formula: 'SUM(X1:X2)', result: 0 },
        { richText: [{ text: '1800' }, { text: '.15' }] },
      ],
    ]);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    // Debit 1000.50 + 4000 = 5000.50; credit 200.25 + 500.10 + 2500 + 1800.15 = 5000.50.
    expect(result.totals.debit.toString()).toBe('5000.5');
    expect(result.totals.credit.toString()).toBe('5000.5');
    const value = (code: string) => result.aggregates.get(code)?.toString();
    expect(value('CAIXA')).toBe('800.25'); // debit-natured: 1000.50 − 200.25
    expect(value('CLI')).toBe('4000');
    expect(value('OCR')).toBe('0'); // 2711 is a credit balance: it goes to the liability
    expect(value('OCP')).toBe('500.1'); // credit-natured: 500.10 − 0
    expect(value('CAP')).toBe('2500');
    expect(value('VN')).toBe('1800.15');
    expect(value('CX')).toBe('800.25');
    expect(value('AT')).toBe('4800.25'); // 800.25 + 4000
    expect(value('CP')).toBe('2500');
    expect(value('PT')).toBe('500.1');
    expect(value('REND')).toBe('1800.15');
    expect(value('GAST')).toBe('0');
    // AT − (CP + PT) = 4800.25 − 3000.10 = 1800.15 = REND − GAST (the result not yet closed to 818).
    expect(result.lines.map((line) => line.account)).toEqual(['11', '21', '2711', '51', '71']);
    expect(result.lines[2]?.credit.toString()).toBe('500.1');
  });

  it('puts an either-side account on the side of its net balance; 25 goes to the current part', () => {
    const result = check([
      ['271', 'Outros devedores', 300, 100],
      ['272', 'Outros credores', 50, 450],
      ['251', 'Empréstimos bancários', 0, 1000],
      ['12', 'Depósitos à ordem', 1200, 0],
      ['22', 'Fornecedores', 0, 0],
    ]);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.aggregates.get('OCR')?.toString()).toBe('200'); // 300 − 100, a debit balance
    expect(result.aggregates.get('OCP')?.toString()).toBe('400'); // 450 − 50, a credit balance
    expect(result.aggregates.get('DF_C')?.toString()).toBe('1000');
    expect(result.aggregates.get('DF_NC')?.toString()).toBe('0');
  });

  it('accepts the header in English or French and in another order, and ignores trailing blank rows', () => {
    const english = check([['11', 'Cash', 10, 10]], undefined, [
      'Account',
      'Description',
      'Accumulated debit',
      'Accumulated credit',
    ]);
    expect(english.ok).toBe(true);
    const checker = new TrialBalanceChecker(tree);
    checker.row([], 1);
    checker.row(['Libellé', 'Compte', 'Crédit cumulé', 'Débit cumulé'], 2);
    checker.row(['Caisse', '11', 5, 5], 3);
    checker.row([null, null, null, null], 4);
    checker.row(['', ' '], 5);
    const french = checker.finish();
    expect(french.ok).toBe(true);
  });
});

describe('TrialBalanceChecker: refused sheets, with row and column', () => {
  it('refuses blank lines between lines and blank values', () => {
    expect(
      brief(
        problems([
          ['11', 'Caixa', 10, 0],
          [],
          ['', '', null, undefined],
          ['12', 'Depósitos', null, 10],
          ['21', '', 0, 0],
          ['', 'Clientes', 0, 0],
        ]),
      ),
    ).toEqual(['3 blankLine', '4 blankLine', '5C blankValue', '6B blankValue', '7A blankValue']);
  });

  it("refuses 'Total…' rows and ledger or class totals (an account that is a prefix of another)", () => {
    const list = problems([
      ['1', 'Meios financeiros líquidos', 10, 0],
      ['11', 'Caixa', 10, 0],
      ['', 'Total da classe 1', 10, 0],
      ['Totais', '', 10, 10],
      ['21', 'Clientes', 0, 10],
      ['211', 'Clientes c/c', 0, 10],
    ]);
    expect(brief(list)).toEqual(['2A ledgerTotal', '4A totalRow', '5A totalRow', '6A ledgerTotal']);
    expect(list[0]?.params).toEqual({ account: '1', other: '11' });
    expect(list[3]?.params).toEqual({ account: '21', other: '211' });
  });

  it('refuses text in amounts', () => {
    const list = problems([
      ['11', 'Caixa', 'abc', 0],
      ['12', 'Depósitos', 0, '1.234,56'],
      ['21', 'Clientes', '#DIV/0!', 0],
    ]);
    expect(brief(list)).toEqual(['2C notANumber', '3D notANumber', '4C notANumber']);
    expect(list[1]?.params).toEqual({ value: '1.234,56' });
  });

  it('refuses a missing column, named in the message', () => {
    const list = problems([['11', 'Caixa', 10]], ['Conta', 'Descrição', 'Débito']);
    expect(brief(list)).toEqual(['1 missingColumn.credit']);
    expect(translate('en', list[0]?.key ?? '')).toBe('The accumulated credit column is missing.');
    const checker = new TrialBalanceChecker(tree);
    expect(checker.finish()).toEqual({
      ok: false,
      problems: ['account', 'description', 'debit', 'credit'].map((c) => ({
        key: `balanceSheets:missingColumn.${c}`,
      })),
    });
  });

  it('refuses malformed and unknown account codes and a repeated account', () => {
    const list = problems([
      ['21.1', 'Clientes', 0, 0],
      ['abc', 'Clientes', 0, 0],
      ['12345678901', 'Clientes', 0, 0],
      ['99', 'Desconhecida', 0, 0],
      ['81', 'Resultados', 0, 0],
      ['11', 'Caixa', 0, 0],
      [11, 'Caixa outra vez', 0, 0],
    ]);
    expect(brief(list)).toEqual([
      '2A malformedAccount',
      '3A malformedAccount',
      '4A malformedAccount',
      '5A unknownAccount',
      '6A unknownAccount',
      '8A duplicateAccount',
    ]);
    expect(list[3]?.params).toEqual({ account: '99' });
    expect(list[5]?.params).toEqual({ account: '11', other: 7 });
  });

  it('refuses a debit total different from the credit total, with both totals', () => {
    const list = problems([
      ['11', 'Caixa', 1000.1, 0],
      ['51', 'Capital', 0, 1000],
    ]);
    expect(list).toEqual([
      {
        key: 'balanceSheets:debitCreditMismatch',
        params: { debit: '1000.10', credit: '1000.00', difference: '0.10' },
      },
    ]);
    expect(translate('en', list[0]?.key ?? '', list[0]?.params)).toBe(
      'The debit total (1000.10) is not equal to the credit total (1000.00); difference: 0.10.',
    );
  });

  it('refuses a sheet without lines', () => {
    expect(problems([])).toEqual([{ key: 'balanceSheets:noLines' }]);
  });

  it('refuses more than maxRows rows and tells the reader to stop', () => {
    const checker = new TrialBalanceChecker(tree, { maxRows: 3 });
    checker.header(HEADER, 1);
    for (let row = 2; row <= 4; row++) checker.line([`11${row}`, 'Caixa', 0, 0], row);
    expect(checker.stopped).toBe(false);
    checker.line(['115', 'Caixa', 0, 0], 5);
    expect(checker.stopped).toBe(true);
    expect(checker.finish()).toEqual({
      ok: false,
      problems: [{ key: 'balanceSheets:tooManyRows', params: { max: 3 } }],
    });
  });

  it('keeps at most maxProblems problems and says there were more', () => {
    const checker = new TrialBalanceChecker(tree, { maxProblems: 2 });
    checker.header(HEADER, 1);
    for (let row = 2; row <= 5; row++) checker.line(['x', 'Caixa', 0, 0], row);
    expect(checker.stopped).toBe(true);
    const result = checker.finish();
    expect(result.ok ? [] : brief(result.problems)).toEqual([
      '2A malformedAccount',
      '3A malformedAccount',
      '- tooManyProblems',
    ]);
  });
});

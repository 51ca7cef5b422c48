import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal.ts';
import { translate } from '../i18n/catalogs.ts';
import { SMALL_TREE } from './test-tree.ts';
import { buildBalanceTree, rollUp, type TreeLevelNode, treeLeaves } from './tree.ts';
import { MAX_CELL_TEXT, type SheetProblem, TrialBalanceChecker } from './trial-balance.ts';

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

  it('refuses a text of more than 1 000 characters in any of the four columns, padding included', () => {
    const long = 'x'.repeat(MAX_CELL_TEXT + 1);
    const list = problems([
      ['11', long, 1000, 0],
      [`1${'1'.repeat(MAX_CELL_TEXT)}`, 'Caixa', 0, 0],
      ['51', 'Capital', 0, ` ${'1'.repeat(MAX_CELL_TEXT)}`],
      ['12', { richText: [{ text: long }] }, 0, 0],
      ['11', 'y'.repeat(MAX_CELL_TEXT), 0, 0],
    ]);
    expect(brief(list)).toEqual(['2B cellTooLong', '3A cellTooLong', '4D cellTooLong', '5B cellTooLong']);
    expect(list[0]?.params).toEqual({ max: '1\u00a0000' });
    // A long text elsewhere on the row is not read.
    expect(
      check([
        ['11', 'Caixa', 1000, 0, long],
        ['51', 'Capital', 0, 1000],
      ]).ok,
    ).toBe(true);
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

  it('refuses a debit total different from the credit total, with both totals as numbers are displayed', () => {
    const list = problems([
      ['11', 'Caixa', 11_673_456, 0],
      ['51', 'Capital', 0, 11_673_455.9],
    ]);
    expect(list).toEqual([
      {
        key: 'balanceSheets:debitCreditMismatch',
        params: { debit: '11\u00a0673\u00a0456', credit: '11\u00a0673\u00a0455.9', difference: '0.1' },
      },
    ]);
    expect(translate('en', list[0]?.key ?? '', list[0]?.params).replace(/\u00a0/g, ' ')).toBe(
      'The debit total (11 673 456) is not equal to the credit total (11 673 455.9); difference: 0.1.',
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
      problems: [{ key: 'balanceSheets:tooManyRows', params: { max: '3' } }],
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

describe('TrialBalanceChecker: its shortcuts give the values of the plain computation', () => {
  /** A spreadsheet number as an amount, the plain way: its 6-decimal text, under 10^15, half-even to cents. */
  function plainAmount(value: number): Decimal | null {
    const decimal = Decimal.tryFromString(value.toFixed(6));
    if (!decimal?.abs().lt(Decimal.fromInteger(10 ** 15))) return null;
    return decimal.round(2);
  }

  const amounts = fc.oneof(
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.double({ min: -1e6, max: 1e6, noNaN: true }),
    fc.integer({ min: -1e9, max: 1e9 }).map((n) => n / 100),
    // Whole numbers of cents give or take a few 10^-7, up to 10^9 (the shortcut on value × 100).
    fc
      .integer({ min: -1e11, max: 1e11 })
      .chain((n) =>
        fc.constantFrom(-2e-7, -1e-7, -9e-8, -1e-8, 1e-8, 9e-8, 1e-7, 2e-7).map((e) => n / 100 + e),
      ),
    // Half-cent ties and their neighbours, where the rounding matters.
    fc
      .integer({ min: -1e8, max: 1e8 })
      .chain((n) => fc.constantFrom(n / 1000, (n + 0.5) / 100, n / 1000 + 1e-6, n / 1000 - 1e-6, n / 10000)),
    fc.constantFrom(
      0,
      -0,
      0.005,
      0.015,
      0.025,
      -0.005,
      1e-7,
      -1e-7,
      2 ** 32 - 0.005,
      2 ** 32 + 0.005,
      2 ** 53,
      2 ** 53 + 2,
      1e15 - 0.125,
      1e15,
      -1e15,
      1e15 + 2,
      1e21,
      -1e21,
      Number.MAX_VALUE,
      Number.MIN_VALUE,
    ),
  );

  it('a number cell: the same amount as Decimal(toFixed(6)).round(2), or the same refusal', () => {
    fc.assert(
      fc.property(amounts, (value) => {
        const expected = plainAmount(value);
        const checker = new TrialBalanceChecker(tree);
        checker.header(HEADER, 1);
        checker.line(['11', 'Caixa', value, 0], 2);
        checker.line(['51', 'Capital', 0, value], 3);
        const result = checker.finish();
        if (expected === null) {
          expect(result.ok ? [] : brief(result.problems)).toEqual(['2C notANumber', '3D notANumber']);
        } else {
          if (!result.ok) throw new Error(`refused ${value}: ${brief(result.problems).join(', ')}`);
          expect(result.lines[0]?.debit.toString()).toBe(expected.toString());
          expect(result.lines[1]?.credit.toString()).toBe(expected.toString());
          expect(result.totals.debit.toString()).toBe(expected.toString());
        }
      }),
      { numRuns: 3000 },
    );
  });

  /** The leaf of an account the plain way: every code of every leaf, longest match, ties by net side. */
  function plainLeaf(leaves: TreeLevelNode[], account: string, debit: Decimal, credit: Decimal) {
    let best: TreeLevelNode[] = [];
    let bestLength = 0;
    for (const leaf of leaves) {
      for (const code of leaf.accountCodes) {
        if (code.length === 0 || !account.startsWith(code) || code.length < bestLength) continue;
        if (code.length > bestLength) {
          best = [leaf];
          bestLength = code.length;
        } else if (!best.includes(leaf)) {
          best.push(leaf);
        }
      }
    }
    if (best.length <= 1) return best[0] ?? null;
    const side = debit.cmp(credit) >= 0 ? 'debit' : 'credit';
    const sameSide = best.filter((leaf) => leaf.nature === side);
    return (sameSide.length > 0 ? sameSide : best).at(-1) ?? null;
  }

  // Accounts of every leaf of the small tree (25 and 27 on both sides), none a prefix of another.
  const ACCOUNTS = ['111', '1299', '211', '221', '2511', '2522', '2711', '2799', '431', '511', '6211', '711'];
  const more = ['8121', '8181'];

  it('leaves, totals and roll-up: the same values as Decimal sums over the plain leaf search', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom(...ACCOUNTS, ...more), { minLength: 1 }),
        fc.array(fc.tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: -1e9, max: 1e9 })), {
          minLength: 14,
          maxLength: 14,
        }),
        fc.constantFrom(1, 10, 100),
        (accounts, cents, divisor) => {
          const lines = accounts.map((account, i) => {
            const [debit, credit] = cents[i] ?? [0, 0];
            return { account, debit: debit / divisor, credit: credit / divisor };
          });
          // A last line on 439 balances the sheet.
          const toDecimal = (value: number) => Decimal.fromString(value.toFixed(2));
          const sum = (side: 'debit' | 'credit') =>
            lines.reduce((total, line) => total.add(toDecimal(line[side])), Decimal.ZERO);
          const gap = sum('debit').sub(sum('credit'));
          lines.push({ account: '439', debit: 0, credit: 0 });
          const last = lines.at(-1) as { debit: number; credit: number };
          if (gap.sign() > 0) last.credit = Number(gap.toString());
          else last.debit = Number(gap.neg().toString());

          const checker = new TrialBalanceChecker(tree);
          checker.header(HEADER, 1);
          lines.forEach((line, i) => {
            checker.line([line.account, `d${i}`, line.debit, line.credit], i + 2);
          });
          const result = checker.finish();
          if (!result.ok) throw new Error(brief(result.problems).join(', '));

          const leaves = treeLeaves(tree);
          const leafValues = new Map<string, Decimal>();
          let debit = Decimal.ZERO;
          let credit = Decimal.ZERO;
          for (const line of lines) {
            const lineDebit = toDecimal(line.debit);
            const lineCredit = toDecimal(line.credit);
            debit = debit.add(lineDebit);
            credit = credit.add(lineCredit);
            const leaf = plainLeaf(leaves, line.account, lineDebit, lineCredit);
            if (!leaf) throw new Error(`no leaf for ${line.account}`);
            const net = leaf.nature === 'debit' ? lineDebit.sub(lineCredit) : lineCredit.sub(lineDebit);
            leafValues.set(leaf.code, (leafValues.get(leaf.code) ?? Decimal.ZERO).add(net));
          }
          const text = (map: Map<string, Decimal>) => [...map].map(([code, value]) => `${code} ${value}`);
          expect(text(result.aggregates)).toEqual(text(rollUp(tree, leafValues)));
          expect(result.totals.debit.eq(debit) && result.totals.credit.eq(credit)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('totals rows: the same answer with or without the shortcut for ASCII texts', () => {
    const totals = [
      'Total',
      'TOTAL geral',
      ' total',
      '- Totais',
      'Sub-total',
      'sous total',
      'Soma',
      'Σ total',
    ];
    const notTotals = ['Totalizador', 'Conta total', 'Caixa', 'Stock', 'Tesouraria', '1 total', 'Ţotal'];
    for (const text of [...totals, ...notTotals, 'Śum', 'Ṫotal', '\u0301total']) {
      const checker = new TrialBalanceChecker(tree);
      checker.header(HEADER, 1);
      checker.line(['11', text, 1, 1], 2);
      const result = checker.finish();
      const refused = !result.ok && result.problems.some((p) => p.key === 'balanceSheets:totalRow');
      const plain = /^(total|totais|totaux|subtotal|sub total|sous total|soma|somme|sum)\b/.test(
        text
          .normalize('NFD')
          .replace(/[\u0300-\u036f]/g, '')
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, ' ')
          .trim(),
      );
      expect(refused, text).toBe(plain);
    }
  });
});

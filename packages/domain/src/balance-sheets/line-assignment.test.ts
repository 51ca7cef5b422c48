import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal.ts';
import { assignLine, leafIndex, linesByNode } from './line-assignment.ts';
import { makeTree, SMALL_TREE } from './test-tree.ts';
import { buildBalanceTree } from './tree.ts';
import { TrialBalanceChecker } from './trial-balance.ts';

const tree = buildBalanceTree(SMALL_TREE);
const index = leafIndex(tree);
const d = (value: string | number) => Decimal.fromString(String(value));
const line = (account: string, debit: string | number, credit: string | number) => ({
  account,
  debit: d(debit),
  credit: d(credit),
});
const assigned = (account: string, debit: string | number, credit: string | number) => {
  const result = assignLine(index, line(account, debit, credit));
  return result ? `${result.leaf.code} ${result.amount.toString()}` : null;
};

describe('assignLine', () => {
  it('feeds the leaf of the account prefix, signed on the leaf natural side', () => {
    expect(assigned('111', 100, 40)).toBe('CAIXA 60'); // asset: debit − credit
    expect(assigned('511', 0, 2500)).toBe('CAP 2500'); // equity: credit − debit
    expect(assigned('6211', 30, 0)).toBe('FSE 30'); // a cost: debit − credit
    expect(assigned('9', 1, 0)).toBeNull();
  });

  it('puts a class-2 account on either side by its net balance', () => {
    expect(assigned('2711', 300, 100)).toBe('OCR 200'); // debit balance: the asset leaf
    expect(assigned('2721', 50, 450)).toBe('OCP 400'); // credit balance: the liability leaf
    expect(assigned('2799', 10, 10)).toBe('OCR 0'); // even: the debit side
    expect(assigned('2511', 0, 1000)).toBe('DF_C 1000'); // two liability leaves: the current part
  });

  it('takes the longest prefix and gives null for an account no leaf lists', () => {
    const nested = buildBalanceTree(
      makeTree([
        {
          code: 'G',
          nature: 'debit',
          children: [
            { code: 'ALL6', accounts: ['6'] },
            { code: 'FSE', accounts: ['62'] },
            { code: 'RENT', accounts: ['6221'] },
          ],
        },
      ]),
    );
    const nestedIndex = leafIndex(nested);
    const leaf = (account: string) => assignLine(nestedIndex, line(account, 1, 0))?.leaf.code ?? null;
    expect(leaf('61')).toBe('ALL6');
    expect(leaf('6211')).toBe('FSE');
    expect(leaf('622101')).toBe('RENT');
    expect(leaf('71')).toBeNull();
  });
});

describe('linesByNode', () => {
  const lines = [
    { account: '111', description: 'Caixa', debit: d(100), credit: d(0) },
    { account: '121', description: 'Banco A', debit: d('900.5'), credit: d(0) },
    { account: '122', description: 'Banco B', debit: d(0), credit: d(2000) },
    { account: '2721', description: 'Credores diversos', debit: d(50), credit: d(450) },
    { account: '2711', description: 'Devedores diversos', debit: d(300), credit: d(100) },
  ];

  it('gives a node the lines of the leaves under it, largest absolute amounts first', () => {
    const byNode = linesByNode(tree, lines);
    const show = (code: string) =>
      byNode.get(code)?.lines.map((l) => `${l.account} ${l.description} ${l.amount.toString()}`);
    expect(show('CX')).toEqual(['122 Banco B -2000', '121 Banco A 900.5', '111 Caixa 100']);
    expect(byNode.get('CX')?.total.toString()).toBe('-999.5');
    expect(show('OCP')).toEqual(['2721 Credores diversos 400']);
    expect(show('AC')).toEqual([
      '122 Banco B -2000',
      '121 Banco A 900.5',
      '2711 Devedores diversos 200',
      '111 Caixa 100',
    ]);
    expect(show('PT')).toEqual(['2721 Credores diversos 400']);
    expect(byNode.get('FORN')).toEqual({ lines: [], others: 0, total: Decimal.ZERO });
  });

  it('keeps at most the limit and counts the others', () => {
    const many = Array.from({ length: 25 }, (_, i) => ({
      account: `12${String(i).padStart(2, '0')}`,
      description: `Banco ${i}`,
      debit: d(i + 1),
      credit: d(0),
    }));
    const node = linesByNode(tree, many).get('DO');
    expect(node?.lines).toHaveLength(20);
    expect(node?.others).toBe(5);
    expect(node?.lines[0]?.account).toBe('1224');
    expect(node?.lines.at(-1)?.account).toBe('1205');
    expect(node?.total.toString()).toBe('325'); // 1 + … + 25, the shown and the others
  });

  it('sums to the aggregates the upload check stored for every node', () => {
    const checker = new TrialBalanceChecker(tree);
    checker.header(['Conta', 'Descrição', 'Débito', 'Crédito'], 1);
    const balanced = [...lines, { account: '511', description: 'Capital', debit: d('1199.5'), credit: d(0) }];
    balanced.forEach((l, i) => {
      checker.line([l.account, l.description, l.debit.toString(), l.credit.toString()], i + 2);
    });
    const result = checker.finish();
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    const byNode = linesByNode(tree, result.lines);
    for (const [code, value] of result.aggregates) {
      expect(byNode.get(code)?.total.toString(), code).toBe(value.toString());
    }
  });
});

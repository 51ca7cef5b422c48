import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal.ts';
import { SMALL_TREE } from './test-tree.ts';
import { balanceCheck, buildBalanceTree, costLineValue, rollUp, treeLeaves, treeNodes } from './tree.ts';

const d = (text: string) => Decimal.fromString(text);
const tree = buildBalanceTree(SMALL_TREE);
const byCode = new Map(treeNodes(tree).map((node) => [node.code, node]));

describe('buildBalanceTree', () => {
  it('inherits the nature of the heading and tells balance-sheet from income-statement headings', () => {
    expect(['AT', 'CAIXA', 'OCR'].map((code) => byCode.get(code)?.nature)).toEqual([
      'debit',
      'debit',
      'debit',
    ]);
    expect(['CP', 'OCP', 'VN'].map((code) => byCode.get(code)?.nature)).toEqual([
      'credit',
      'credit',
      'credit',
    ]);
    expect(tree.map((heading) => heading.statement)).toEqual([
      'balance',
      'balance',
      'balance',
      'income',
      'income',
    ]);
    expect(byCode.get('IRC')?.statement).toBe('income');
  });

  it('marks the nodes of Gastos (debit-natured income heading) as cost lines, and nothing else', () => {
    const costLines = treeNodes(tree)
      .filter((node) => node.isCostLine)
      .map((node) => node.code);
    expect(costLines).toEqual(['GAST', 'GEXP', 'FSE', 'IRC']);
  });

  it('gives the levels and the leaves', () => {
    expect(['AT', 'AC', 'CX', 'CAIXA', 'IRC'].map((code) => byCode.get(code)?.level)).toEqual([
      'heading',
      'subHeading',
      'category',
      'subCategory',
      'subHeading',
    ]);
    expect(treeLeaves(tree).map((leaf) => leaf.code)).toContain('IRC');
    expect(treeLeaves(tree).map((leaf) => leaf.code)).not.toContain('CX');
  });
});

describe('costLineValue', () => {
  it('stores a cost line typed negative as a positive cost, and leaves other lines as typed', () => {
    expect(costLineValue(d('-1500.25'), true).toString()).toBe('1500.25');
    expect(costLineValue(d('1500.25'), true).toString()).toBe('1500.25');
    expect(costLineValue(d('-300'), false).toString()).toBe('-300');
  });
});

describe('rollUp', () => {
  it('sums children into parents exactly, absent leaves counting 0', () => {
    const values = rollUp(
      tree,
      new Map([
        ['CAIXA', d('0.1')],
        ['DO', d('0.2')],
        ['CLI', d('1000000000000.07')],
      ]),
    );
    expect(values.get('CX')?.toString()).toBe('0.3'); // 0.1 + 0.2, no float drift
    expect(values.get('AC')?.toString()).toBe('1000000000000.37');
    expect(values.get('AT')?.toString()).toBe('1000000000000.37');
    expect(values.get('AFT')?.toString()).toBe('0');
    expect(values.size).toBe(treeNodes(tree).length);
  });
});

describe('balanceCheck', () => {
  const balanceLeaves = ['AFT', 'CLI', 'OCR', 'CAIXA', 'DO', 'CAP', 'RLPER', 'FORN', 'DF_NC', 'DF_C', 'OCP'];
  const values = (entries: Record<string, string | null>) => {
    const map = new Map<string, Decimal | null>(balanceLeaves.map((code) => [code, Decimal.ZERO]));
    for (const [code, value] of Object.entries(entries)) map.set(code, value === null ? null : d(value));
    return map;
  };

  it('is ok when Ativo = Capital próprio + Passivo', () => {
    // Ativo 1000 + 250.50 = 1250.50; Capital próprio 1000 − 49.50 = 950.50; Passivo 300.
    const result = balanceCheck(
      values({ AFT: '1000', CAIXA: '250.50', CAP: '1000', RLPER: '-49.50', FORN: '300' }),
      tree,
    );
    expect(result).toEqual({ status: 'ok' });
  });

  it('gives the three totals and the difference Ativo − (Capital próprio + Passivo) on a mismatch', () => {
    const result = balanceCheck(values({ AFT: '1000', CAP: '800', FORN: '150.25' }), tree);
    expect(result.status).toBe('mismatch');
    if (result.status !== 'mismatch') return;
    expect(result.assets.toString()).toBe('1000');
    expect(result.equity.toString()).toBe('800');
    expect(result.liabilities.toString()).toBe('150.25');
    expect(result.difference.toString()).toBe('49.75');
  });

  it('counts the period result still in the income statement as Capital próprio (trial balance before closing)', () => {
    // Ativo 1000 + 500 = 1500; Capital 1000; Passivo 300; result not closed: Vendas 900 − FSE 700 = 200.
    // 1500 = 1000 + 200 + 300 → ok; without the result it would be 200 short.
    const open = values({ AFT: '1000', CAIXA: '500', CAP: '1000', FORN: '300' });
    open.set('VN', d('900'));
    open.set('FSE', d('700'));
    expect(balanceCheck(open, tree)).toEqual({ status: 'ok' });
    open.set('FSE', d('750'));
    const short = balanceCheck(open, tree);
    expect(short.status).toBe('mismatch');
    if (short.status === 'mismatch') {
      expect(short.equity.toString()).toBe('1150');
      expect(short.difference.toString()).toBe('50');
    }
  });

  it('gives no message while a balance field is empty; empty income fields count as 0', () => {
    expect(balanceCheck(values({ AFT: '1000', CAP: null }), tree)).toEqual({ status: 'empty' });
    const withoutOne = values({ AFT: '1000' });
    withoutOne.delete('OCP');
    expect(balanceCheck(withoutOne, tree)).toEqual({ status: 'empty' });
    expect(balanceCheck(values({ VN: null }), tree)).toEqual({ status: 'ok' });
  });

  it('lets Ativo −1 with Capital próprio and Passivo 0 pass only with the option', () => {
    const minusOne = values({ CAIXA: '-1' });
    expect(balanceCheck(minusOne, tree).status).toBe('mismatch');
    expect(balanceCheck(minusOne, tree, { allowAssetsMinusOneWithZeroEquityAndLiabilities: true })).toEqual({
      status: 'ok',
    });
    expect(
      balanceCheck(values({ CAIXA: '-2' }), tree, { allowAssetsMinusOneWithZeroEquityAndLiabilities: true })
        .status,
    ).toBe('mismatch');
    expect(
      balanceCheck(values({ CAIXA: '-1', CAP: '1', FORN: '-1' }), tree, {
        allowAssetsMinusOneWithZeroEquityAndLiabilities: true,
      }).status,
    ).toBe('mismatch');
  });
});

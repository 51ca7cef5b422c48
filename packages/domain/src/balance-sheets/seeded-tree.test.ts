import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal.ts';
import type { SelfDiagnosisTree } from '../schemas/reference.ts';
import { periodResultBesides, periodResultLeaf } from './closing.ts';
import { balanceCheck, buildBalanceTree, financialPosition, treeLeaves, treeNodes } from './tree.ts';
import { TrialBalanceChecker } from './trial-balance.ts';

/**
 * The same rules over the tree the server seeds (docs/seed-data.md). The seed file is plain data with type-only
 * imports; it is loaded by a computed path so the domain's compilation stays inside the domain.
 */
type SeedNode = {
  code: string;
  description: { pt: string; en: string; fr: string };
  accountCodes: string[];
  children: SeedNode[];
};
const seedPath = new URL('../../../../apps/server/src/seed/seed-data/self-diagnosis.ts', import.meta.url)
  .href;
const { SELF_DIAGNOSIS_TREE } = (await import(seedPath)) as {
  SELF_DIAGNOSIS_TREE: Array<SeedNode & { nature: 'debit' | 'credit' }>;
};

let sequence = 0;
const node = (seed: SeedNode, sortOrder: number) => ({
  id: `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`,
  code: seed.code,
  description: seed.description,
  sortOrder,
  accountCodes: seed.accountCodes,
});
const seeded: SelfDiagnosisTree = SELF_DIAGNOSIS_TREE.map((heading, h) => ({
  ...node(heading, h),
  nature: heading.nature,
  subHeadings: heading.children.map((subHeading, s) => ({
    ...node(subHeading, s),
    categories: subHeading.children.map((category, c) => ({
      ...node(category, c),
      subCategories: category.children.map(node),
    })),
  })),
}));
const tree = buildBalanceTree(seeded);

describe('the seeded SNCRF tree', () => {
  it('has Ativo, Capital próprio and Passivo on the balance sheet, Rendimentos and Gastos on the income statement', () => {
    expect(tree.map((heading) => `${heading.code}:${heading.statement}:${heading.nature}`)).toEqual([
      'AT:balance:debit',
      'CP:balance:credit',
      'PT:balance:credit',
      'REND:income:credit',
      'GAST:income:debit',
    ]);
  });

  it('marks the cost lines (and only Gastos) as cost lines', () => {
    const costLines = new Set(
      treeNodes(tree)
        .filter((n) => n.isCostLine)
        .map((n) => n.code),
    );
    for (const code of ['CMVMC', 'FSE', 'GP', 'OGP', 'DEP', 'JUR', 'IRC'])
      expect(costLines.has(code)).toBe(true);
    for (const code of ['VN', 'VENDAS', 'RLPER', 'CX', 'FORN']) expect(costLines.has(code)).toBe(false);
  });

  it('aggregates a trial balance: either-side accounts by their net side, class 8 results to their leaves', () => {
    const checker = new TrialBalanceChecker(tree);
    checker.header(['Conta', 'Descrição', 'Débito acumulado', 'Crédito acumulado'], 1);
    const rows: unknown[][] = [
      ['2431', 'IVA dedutível', 900, 0], // 24 debit balance → EST_DEV
      ['2432', 'IVA liquidado', 0, 1500], // 24 credit balance → EST_CRED
      ['2511', 'Empréstimos bancários', 0, 4000], // 25 → DF_C (current part; the user may move it)
      ['812', 'Imposto estimado', 300, 0], // → IRC
      ['818', 'Resultado líquido', 0, 200], // → RLPER
      ['121', 'Depósitos à ordem', 4500, 0], // → DO → CX
    ];
    rows.forEach((cells, index) => {
      checker.line(cells, index + 2);
    });
    const result = checker.finish();
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    const value = (code: string) => result.aggregates.get(code)?.toString();
    expect([value('EST_DEV'), value('EST_CRED'), value('DF_C'), value('DF_NC')]).toEqual([
      '900',
      '1500',
      '4000',
      '0',
    ]);
    expect([value('IRC'), value('RLPER'), value('DO'), value('CX')]).toEqual(['300', '200', '4500', '4500']);
    // Ativo 900 + 4500 = 5400; Capital próprio 200; Passivo 1500 + 4000 = 5500; Gastos 300.
    expect([value('AT'), value('CP'), value('PT'), value('GAST')]).toEqual(['5400', '200', '5500', '300']);
    expect(result.aggregates.size).toBe(treeNodes(tree).length);
    expect(treeLeaves(tree).length).toBeGreaterThan(50);
  });
});

describe('a semiannual trial balance entered by hand before the closing entries (one rule of equity)', () => {
  const d = (text: string) => Decimal.fromString(text);
  /** Every leaf of the seeded tree at 0 but the given ones, as the entry form sends them (cost lines positive). */
  const entered = (amounts: Record<string, string>) =>
    new Map(treeLeaves(tree).map((leaf) => [leaf.code, d(amounts[leaf.code] ?? '0')]));
  const texts = (values: ReadonlyMap<string, Decimal>, codes: string[]) =>
    Object.fromEntries(codes.map((code) => [code, values.get(code)?.toString() ?? null]));
  // 2026-01-01 to 2026-06-30: fixed assets 1 200 000, customers 300 000, capital 1 000 000, suppliers 200 000,
  // personnel costs 500 000. Debits 1 200 000 + 300 000 + 500 000 = 2 000 000; credits 1 000 000 + 200 000 =
  // 1 200 000: 800 000 of retained earnings are needed for the trial balance to balance.
  const reproduction = { AFT: '1200000', CLI: '300000', CAP: '1000000', FORN: '200000', GP: '500000' };

  it('asks for the 800 000 the trial balance lacks: Assets 1 500 000 against Equity 500 000 + Liabilities 200 000', () => {
    // Equity before closing = capital 1 000 000 + the period's result (0 − 500 000) = 500 000.
    const check = balanceCheck(entered(reproduction), tree);
    expect(check.status).toBe('mismatch');
    if (check.status !== 'mismatch') return;
    expect([check.assets, check.equity, check.liabilities, check.difference].map(String)).toEqual([
      '1500000',
      '500000',
      '200000',
      '800000',
    ]);
  });

  it('with 800 000 of retained earnings it balances, and the sheet as read shows it balanced', () => {
    const leaves = entered({ ...reproduction, RT: '800000' });
    expect(balanceCheck(leaves, tree)).toEqual({ status: 'ok' });
    // Equity before closing = 1 000 000 + 800 000 + result (−500 000) = 1 300 000; + Liabilities 200 000 =
    // 1 500 000 = Assets 1 200 000 + 300 000. Not equity 1 800 000 (the result left out).
    const position = financialPosition(tree, leaves);
    expect(texts(position.values, ['AT', 'CP', 'CPC', 'CPR', 'RT', 'RLPER', 'PT', 'REND', 'GAST'])).toEqual({
      AT: '1500000',
      CP: '1300000',
      CPC: '1000000',
      CPR: '300000',
      RT: '800000',
      RLPER: '-500000',
      PT: '200000',
      REND: '0',
      GAST: '500000',
    });
    expect([position.assets, position.equity, position.liabilities].map(String)).toEqual([
      '1500000',
      '1300000',
      '200000',
    ]);
    expect(position.periodResultAdded?.amount.toString()).toBe('-500000');
    expect(position.periodResultAdded?.codes).toEqual(['CP', 'CPR', 'RLPER']);
    // The form keeps nothing besides the period's result in RLPER: it is computed, not typed.
    expect(periodResultLeaf(tree)?.code).toBe('RLPER');
    expect(periodResultBesides(tree, position.values).toString()).toBe('0');
  });

  it('counts the result once when it is also typed as the net result for the period', () => {
    // RLPER −500 000 beside personnel costs 500 000: the same result on both statements, not a second loss.
    const typedTwice = entered({ ...reproduction, RT: '800000', RLPER: '-500000' });
    expect(balanceCheck(typedTwice, tree)).toEqual({ status: 'ok' });
    const position = financialPosition(tree, typedTwice);
    expect(texts(position.values, ['CP', 'RLPER'])).toEqual({ CP: '1300000', RLPER: '-500000' });
    expect(position.periodResultAdded).toBeNull();
    // Asking for 1 300 000 of retained earnings (the result counted twice) is a mismatch of 500 000.
    const check = balanceCheck(entered({ ...reproduction, RT: '1300000', RLPER: '-500000' }), tree);
    expect(check.status === 'mismatch' && check.difference.toString()).toBe('-500000');
  });
});

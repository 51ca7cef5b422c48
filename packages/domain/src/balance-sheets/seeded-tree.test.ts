import { describe, expect, it } from 'vitest';
import type { SelfDiagnosisTree } from '../schemas/reference.ts';
import { buildBalanceTree, treeLeaves, treeNodes } from './tree.ts';
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

  it("marks SPEC §5's cost lines (and only Gastos) as cost lines", () => {
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

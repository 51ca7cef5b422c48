import type { SelfDiagnosisTree } from '../schemas/reference.ts';

/**
 * A small hand-built self-diagnosis tree for the tests (the shape GET self-diagnosis/tree returns), with the
 * seed's conventions: Ativo, Capital próprio, Passivo, Rendimentos, Gastos; 27 on either side; 25 twice.
 */
type Node = { code: string; accounts?: string[]; children?: Node[] };

let sequence = 0;
const id = () => `00000000-0000-4000-8000-${String(++sequence).padStart(12, '0')}`;
const text = (code: string) => ({ pt: code, en: code, fr: code });
const accountsOf = (node: Node): string[] =>
  node.children ? [...new Set(node.children.flatMap(accountsOf))] : (node.accounts ?? []);
const base = (node: Node, sortOrder: number) => ({
  id: id(),
  code: node.code,
  description: text(node.code),
  sortOrder,
  accountCodes: accountsOf(node),
});

export function makeTree(headings: Array<Node & { nature: 'debit' | 'credit' }>): SelfDiagnosisTree {
  return headings.map((heading, h) => ({
    ...base(heading, h),
    nature: heading.nature,
    subHeadings: (heading.children ?? []).map((subHeading, s) => ({
      ...base(subHeading, s),
      categories: (subHeading.children ?? []).map((category, c) => ({
        ...base(category, c),
        subCategories: (category.children ?? []).map((subCategory, sc) => base(subCategory, sc)),
      })),
    })),
  }));
}

export const SMALL_TREE = makeTree([
  {
    code: 'AT',
    nature: 'debit',
    children: [
      { code: 'ANC', children: [{ code: 'AFT', accounts: ['43'] }] },
      {
        code: 'AC',
        children: [
          { code: 'CLI', accounts: ['21'] },
          { code: 'OCR', accounts: ['27'] },
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
  {
    code: 'CP',
    nature: 'credit',
    children: [
      {
        code: 'CPC',
        children: [
          { code: 'CAP', accounts: ['51'] },
          { code: 'RLPER', accounts: ['818'] },
        ],
      },
    ],
  },
  {
    code: 'PT',
    nature: 'credit',
    children: [
      {
        code: 'PC',
        children: [
          { code: 'FORN', accounts: ['22'] },
          { code: 'DF_NC', accounts: ['25'] },
          { code: 'DF_C', accounts: ['25'] },
          { code: 'OCP', accounts: ['27'] },
        ],
      },
    ],
  },
  {
    code: 'REND',
    nature: 'credit',
    children: [{ code: 'REXP', children: [{ code: 'VN', accounts: ['71'] }] }],
  },
  {
    code: 'GAST',
    nature: 'debit',
    children: [
      { code: 'GEXP', children: [{ code: 'FSE', accounts: ['62'] }] },
      { code: 'IRC', accounts: ['812'] },
    ],
  },
]);

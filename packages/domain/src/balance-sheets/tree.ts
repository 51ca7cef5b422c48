import { Decimal } from '../decimal.ts';
import type { AccountNature, LocalizedText, SelfDiagnosisTree } from '../schemas/reference.ts';
import { periodResultInEquity } from './closing.ts';

/**
 * The self-diagnosis tree as the balance sheet uses it (docs/seed-data.md): leaves take the amounts, a parent
 * is the sum of its children, every amount is positive on the natural side of its heading.
 */

export type TreeLevel = 'heading' | 'subHeading' | 'category' | 'subCategory';

export type TreeLevelNode = {
  code: string;
  description: LocalizedText;
  /** Account codes or prefixes; for a parent the union of its children's. */
  accountCodes: string[];
  /** Inherited from the heading. */
  nature: AccountNature;
  /** 'income' for the income-statement headings (Rendimentos, Gastos), 'balance' otherwise. */
  statement: 'balance' | 'income';
  /** Every node of a debit-natured income heading (Gastos): shown negative in the entry form. */
  isCostLine: boolean;
  level: TreeLevel;
  children: TreeLevelNode[];
};

type RawNode = { code: string; description: LocalizedText; accountCodes: string[] };

/**
 * An income heading lists accounts of classes 6 and 7 only (plus class 8 result accounts such as 812 income
 * tax); a heading with class 1–5 accounts, or no account at all, is a balance-sheet heading.
 */
function statementOf(accountCodes: string[]): 'balance' | 'income' {
  if (accountCodes.length === 0) return 'balance';
  const classes = accountCodes.map((code) => code.charAt(0));
  return classes.every((c) => c === '6' || c === '7' || c === '8') &&
    classes.some((c) => c === '6' || c === '7')
    ? 'income'
    : 'balance';
}

export function buildBalanceTree(tree: SelfDiagnosisTree): TreeLevelNode[] {
  return tree.map((heading) => {
    const statement = statementOf(heading.accountCodes);
    const isCostLine = statement === 'income' && heading.nature === 'debit';
    const make = (node: RawNode, level: TreeLevel, children: TreeLevelNode[]): TreeLevelNode => ({
      code: node.code,
      description: node.description,
      accountCodes: node.accountCodes,
      nature: heading.nature,
      statement,
      isCostLine,
      level,
      children,
    });
    return make(
      heading,
      'heading',
      heading.subHeadings.map((subHeading) =>
        make(
          subHeading,
          'subHeading',
          subHeading.categories.map((category) =>
            make(
              category,
              'category',
              category.subCategories.map((subCategory) => make(subCategory, 'subCategory', [])),
            ),
          ),
        ),
      ),
    );
  });
}

/** Every node, parents before their children, in tree order. */
export function treeNodes(tree: TreeLevelNode[]): TreeLevelNode[] {
  const out: TreeLevelNode[] = [];
  const visit = (node: TreeLevelNode) => {
    out.push(node);
    node.children.forEach(visit);
  };
  tree.forEach(visit);
  return out;
}

/** The nodes without children: the ones that take amounts. */
export function treeLeaves(tree: TreeLevelNode[]): TreeLevelNode[] {
  return treeNodes(tree).filter((node) => node.children.length === 0);
}

/**
 * The stored value of an amount typed in the entry form: cost lines are shown negative (a minus prefixed),
 * but stored positive on their natural (debit) side, so a cost line stores the absolute value.
 */
export function costLineValue(entered: Decimal, isCostLine: boolean): Decimal {
  return isCostLine ? entered.abs() : entered;
}

/** The inverse for the form: a stored cost line is shown negative. */
export function costLineDisplayValue(stored: Decimal, isCostLine: boolean): Decimal {
  return isCostLine ? stored.abs().neg() : stored;
}

/** Every node's value: leaves from `leafValues` (absent = 0), parents the sum of their children. */
export function rollUp(tree: TreeLevelNode[], leafValues: Map<string, Decimal>): Map<string, Decimal> {
  const out = new Map<string, Decimal>();
  const visit = (node: TreeLevelNode): Decimal => {
    const value =
      node.children.length === 0
        ? (leafValues.get(node.code) ?? Decimal.ZERO)
        : node.children.reduce((sum, child) => sum.add(visit(child)), Decimal.ZERO);
    out.set(node.code, value);
    return value;
  };
  tree.forEach(visit);
  return out;
}

export type BalanceCheckResult =
  | { status: 'empty' }
  | { status: 'ok' }
  | { status: 'mismatch'; assets: Decimal; equity: Decimal; liabilities: Decimal; difference: Decimal };

const MINUS_ONE = Decimal.fromInteger(-1);

type FinancialPosition = {
  /**
   * Every node's value as read: leaves as given (absent = 0), parents rolled up, and the period's result still
   * in the income statement counted in equity (periodResultInEquity).
   */
  values: Map<string, Decimal>;
  /** What periodResultInEquity added and to which nodes (leaf last); null when nothing was. */
  periodResultAdded: { amount: Decimal; codes: string[] } | null;
  /** Ativo: the debit-natured balance headings. */
  assets: Decimal;
  /** Capital próprio: the credit-natured balance headings with class 5 accounts, the period's result included. */
  equity: Decimal;
  /** Passivo: the other credit-natured balance headings. */
  liabilities: Decimal;
};

/**
 * A sheet as an accountant reads it, from its leaf amounts: the one rule of equity before the closing entries
 * (periodResultInEquity, docs/adr/0007 and 0018) behind the balance check of the entry form and of the server,
 * the sheet's values the API gives (its balance-sheet and income-statement views) and the diagnosis. So
 * Ativo = Capital próprio + Passivo holds on these values exactly when balanceCheck says 'ok'.
 */
export function financialPosition(
  tree: TreeLevelNode[],
  leafValues: ReadonlyMap<string, Decimal>,
): FinancialPosition {
  const leaves = new Map<string, Decimal>();
  for (const leaf of treeLeaves(tree)) leaves.set(leaf.code, leafValues.get(leaf.code) ?? Decimal.ZERO);
  const { values, added } = periodResultInEquity(tree, rollUp(tree, leaves));
  let assets = Decimal.ZERO;
  let equity = Decimal.ZERO;
  let liabilities = Decimal.ZERO;
  for (const heading of tree) {
    if (heading.statement !== 'balance') continue;
    const total = values.get(heading.code) ?? Decimal.ZERO;
    if (heading.nature === 'debit') assets = assets.add(total);
    else if (heading.accountCodes.some((code) => code.startsWith('5'))) equity = equity.add(total);
    else liabilities = liabilities.add(total);
  }
  return { values, periodResultAdded: added, assets, equity, liabilities };
}

/**
 * Ativo must equal Capital próprio + Passivo (docs/adr/0018), as financialPosition reads the sheet: Capital próprio
 * includes the period's net result still in the income statement (Rendimentos − Gastos) once, so a trial
 * balance before the closing entries balances, and a period-result leaf holding exactly that result is not
 * counted twice. While any balance leaf is null or absent the status is 'empty' (no message); an empty
 * income-statement leaf counts 0. `allowAssetsMinusOneWithZeroEquityAndLiabilities` lets Ativo -1 with the
 * two others 0 pass. The difference is Ativo − (Capital próprio + Passivo).
 */
export function balanceCheck(
  values: Map<string, Decimal | null>,
  tree: TreeLevelNode[],
  options: { allowAssetsMinusOneWithZeroEquityAndLiabilities?: boolean } = {},
): BalanceCheckResult {
  const leafValues = new Map<string, Decimal>();
  for (const heading of tree) {
    for (const leaf of treeLeaves([heading])) {
      const value = values.get(leaf.code);
      if (value === null || value === undefined) {
        if (heading.statement === 'balance') return { status: 'empty' };
        continue;
      }
      leafValues.set(leaf.code, value);
    }
  }
  const { assets, equity, liabilities } = financialPosition(tree, leafValues);
  const difference = assets.sub(equity.add(liabilities));
  if (difference.isZero()) return { status: 'ok' };
  if (
    options.allowAssetsMinusOneWithZeroEquityAndLiabilities &&
    assets.eq(MINUS_ONE) &&
    equity.isZero() &&
    liabilities.isZero()
  ) {
    return { status: 'ok' };
  }
  return { status: 'mismatch', assets, equity, liabilities, difference };
}

import { Decimal } from '../decimal.ts';
import type { TreeLevelNode } from './tree.ts';

/** The SNC account of the period's net result (Resultado líquido do período). */
const PERIOD_RESULT_ACCOUNT = '818';

/** Whether an account code or prefix of the tree covers `account` (81 covers 818; 8181 is part of 818). */
function covers(code: string, account: string): boolean {
  return account.startsWith(code) || code.startsWith(account);
}

/**
 * The period-result leaf and its ancestors, heading first: the first leaf of a credit-natured balance heading
 * (Capital próprio) whose account codes cover 818. Found by account rather than by node code, since
 * administrators edit the tree.
 */
function periodResultPath(tree: TreeLevelNode[]): TreeLevelNode[] | null {
  const find = (node: TreeLevelNode, path: TreeLevelNode[]): TreeLevelNode[] | null => {
    const here = [...path, node];
    if (!node.accountCodes.some((code) => covers(code, PERIOD_RESULT_ACCOUNT))) return null;
    if (node.children.length === 0) return here;
    for (const child of node.children) {
      const found = find(child, here);
      if (found) return found;
    }
    return null;
  };
  for (const heading of tree) {
    if (heading.statement !== 'balance' || heading.nature !== 'credit') continue;
    const found = find(heading, []);
    if (found) return found;
  }
  return null;
}

/**
 * The period-result leaf (RLPER in the seeded tree): the equity leaf whose account codes cover 818, where
 * periodResultInEquity puts the period's result. Null when the tree has none.
 */
export function periodResultLeaf(tree: TreeLevelNode[]): TreeLevelNode | null {
  return periodResultPath(tree)?.at(-1) ?? null;
}

/** Income-statement credit headings minus debit headings (REND − GAST); null when the sheet lacks one. */
function incomeStatementResult(tree: TreeLevelNode[], values: ReadonlyMap<string, Decimal>): Decimal | null {
  let result = Decimal.ZERO;
  for (const heading of tree) {
    if (heading.statement !== 'income') continue;
    const value = values.get(heading.code);
    if (value === undefined) return null;
    result = heading.nature === 'credit' ? result.add(value) : result.sub(value);
  }
  return result;
}

export type PeriodResultInEquity = {
  /** Every node value, with the period's result in the period-result leaf and its ancestors when it was added. */
  values: Map<string, Decimal>;
  /** What was added and to which nodes (leaf last); null when nothing was. */
  added: { amount: Decimal; codes: string[] } | null;
};

/**
 * Capital próprio as an accountant reads a trial balance taken before the closing entries. Until those entries,
 * classes 6 and 7 carry the period's flows and account 818 does not hold the period's result, yet that result
 * belongs to equity at the end date: AT = CP + PT holds only with it (balanceCheck accepts a sheet on the same
 * footing). So the income-statement result (credit headings − debit headings: REND − GAST) is added to the
 * period-result leaf (RLPER in the seeded tree: the equity leaf whose account codes cover 818) and to each of
 * its ancestors up to the equity heading (CPR, CP), so every formula naming any of them reads that equity.
 *
 * The result is counted once:
 * - a sheet after closing has its result on 818 and classes 6 and 7 settled (REND − GAST = 0): nothing is added;
 * - a leaf already holding exactly REND − GAST is the closed balance sheet entered beside the income statement
 *   of the same period: nothing is added;
 * - a leaf holding another amount (typically last year's result not yet appropriated, in the first months of a
 *   year) is real equity beside the year-to-date flows: the result is added to it.
 *
 * The amounts are the sheet's own: a quarter adds the quarter's result, never an annualised one, since equity
 * is a stock at the end date. Nothing is added when the tree has no leaf covering 818 or when the sheet lacks an
 * income-statement heading's value. An ancestor absent from `values` stays absent (its total is unknown). Pure:
 * `values` is not changed.
 */
export function periodResultInEquity(
  tree: TreeLevelNode[],
  values: ReadonlyMap<string, Decimal>,
): PeriodResultInEquity {
  const out = new Map(values);
  const path = periodResultPath(tree) ?? [];
  const leaf = path.at(-1);
  const result = incomeStatementResult(tree, values);
  if (!leaf || result === null || result.isZero()) return { values: out, added: null };
  const booked = values.get(leaf.code) ?? Decimal.ZERO;
  if (booked.eq(result)) return { values: out, added: null };
  const codes: string[] = [];
  for (const node of path) {
    const value = values.get(node.code);
    if (value === undefined && node !== leaf) continue;
    out.set(node.code, (value ?? Decimal.ZERO).add(result));
    codes.push(node.code);
  }
  return { values: out, added: { amount: result, codes } };
}

/**
 * What the period-result leaf holds besides the period's own result, in values read with periodResultInEquity:
 * the leaf as read minus REND − GAST. 0 when the leaf holds only this period's result (nothing on 818 before
 * closing, or exactly the income statement's result); otherwise the amount on 818 that is not this period's
 * result (last year's result awaiting appropriation, or the result of a sheet whose income statement was
 * settled by the closing entries). Entering this amount as the leaf gives back the same values as read, so the
 * entry form keeps it while the period's result itself is computed, never typed (docs/adr/0018).
 */
export function periodResultBesides(
  tree: TreeLevelNode[],
  valuesAsRead: ReadonlyMap<string, Decimal>,
): Decimal {
  const leaf = periodResultLeaf(tree);
  if (!leaf) return Decimal.ZERO;
  const asRead = valuesAsRead.get(leaf.code) ?? Decimal.ZERO;
  return asRead.sub(incomeStatementResult(tree, valuesAsRead) ?? Decimal.ZERO);
}

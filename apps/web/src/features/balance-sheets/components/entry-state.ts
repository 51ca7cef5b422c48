import {
  type BalanceCheckResult,
  balanceCheck,
  blankResult,
  costLineValue,
  Decimal,
  financialPosition,
  formatNumberInput,
  parseNumberInput,
  periodResultBesides,
  periodResultLeaf,
  type TreeLevelNode,
  treeLeaves,
  treeNodes,
} from '@excelencia/domain';

/**
 * The entry form's state as pure functions: which rows show, the typed texts turned into values
 * through the domain rules, the live totals and balance check (the one rule of equity before closing the server,
 * the views and the diagnosis use: docs/adr/0018), and the body sent to the server (leaf values only: the
 * client-only fields never leave the browser).
 */

export interface EntryRow {
  node: TreeLevelNode;
  depth: number;
}

/** Headings and sub-headings start open, categories closed. */
export function initialOpen(tree: TreeLevelNode[]): Set<string> {
  return new Set(
    treeNodes(tree)
      .filter((node) => node.children.length > 0 && (node.level === 'heading' || node.level === 'subHeading'))
      .map((node) => node.code),
  );
}

/** The rows shown: every node whose ancestors are all open, with its depth. */
export function visibleRows(tree: TreeLevelNode[], open: ReadonlySet<string>): EntryRow[] {
  const rows: EntryRow[] = [];
  const visit = (node: TreeLevelNode, depth: number) => {
    rows.push({ node, depth });
    if (open.has(node.code)) for (const child of node.children) visit(child, depth + 1);
  };
  for (const heading of tree) visit(heading, 0);
  return rows;
}

/**
 * What a leaf input holds as the user types: digits, one decimal separator and a leading minus, integer digits
 * grouped in threes; a cost line's minus is shown outside.
 */
export function inputText(raw: string, isCostLine: boolean): string {
  const text = formatNumberInput(raw);
  return isCostLine ? text.replace(/^-/, '') : text;
}

/** The leaf texts of a stored sheet (blank → '0' on edit, docs/adr/0018); cost lines without their sign. */
export function textsFromValues(
  tree: TreeLevelNode[],
  values: Record<string, string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const leaf of treeLeaves(tree)) {
    const stored = blankResult(values[leaf.code], 'edit');
    // '500.00' from the server shows as '500' (the canonical decimal drops trailing zeros).
    out[leaf.code] = inputText(parseNumberInput(stored)?.toString() ?? stored, leaf.isCostLine);
  }
  return out;
}

/**
 * What the period-result leaf (RLPER: the equity leaf covering 818) holds besides the period's result in a stored
 * sheet read by the server (its values as read): 0 for a sheet entered by hand; the amount on 818 of an uploaded
 * trial balance when that is not this period's result. The form keeps it as it is and never lets the result
 * itself be typed (docs/adr/0018).
 */
export function besidesFromValues(tree: TreeLevelNode[], values: Record<string, string>): Decimal {
  const read = new Map<string, Decimal>();
  for (const [code, text] of Object.entries(values)) {
    const value = Decimal.tryFromString(text);
    if (value) read.set(code, value);
  }
  return periodResultBesides(tree, read);
}

export interface EntryEvaluation {
  /**
   * Every node's total as the sheet will be read (stored sign: positive on the natural side), with the period's
   * result in equity (financialPosition): the values the views and the diagnosis show once it is saved.
   */
  totals: Map<string, Decimal>;
  check: BalanceCheckResult;
  /** Leaves whose text is not an amount with at most 2 decimals. */
  invalid: string[];
  /** The value sent for each leaf (a blank one is 0; the period-result leaf holds `besides`). */
  leafValues: Map<string, Decimal>;
  /**
   * Groups holding an invalid leaf: their total is not shown (a sum leaving the bad amount out would change the
   * total without a word).
   */
  withheld: Set<string>;
  /** The period-result leaf, computed and shown read-only; null when the tree has none. */
  periodResult: { code: string; besides: Decimal } | null;
}

/** The codes of the groups above any of `leaves`. */
function groupsAbove(tree: TreeLevelNode[], leaves: ReadonlySet<string>): Set<string> {
  const out = new Set<string>();
  const visit = (node: TreeLevelNode): boolean => {
    if (node.children.length === 0) return leaves.has(node.code);
    let hit = false;
    for (const child of node.children) hit = visit(child) || hit;
    if (hit) out.add(node.code);
    return hit;
  };
  for (const node of tree) visit(node);
  return out;
}

/** Whether an amount field holds nothing (a blank result is 0 on edit). */
const isBlank = (text: string) => text === '' || text === '-';

/**
 * The typed texts through the domain rules. A blank amount is 0; the period-result leaf is never typed: it holds
 * `besides` (what it holds besides the period's result, 0 for a new sheet) and shows the period's result as read.
 * The balance check says nothing while no balance-sheet amount has been typed, nor while an amount is wrong.
 */
export function evaluateEntry(
  tree: TreeLevelNode[],
  texts: Readonly<Record<string, string>>,
  options: { allowAssetsMinusOneWithZeroEquityAndLiabilities?: boolean; besides?: Decimal } = {},
): EntryEvaluation {
  const resultLeaf = periodResultLeaf(tree);
  const besides = options.besides ?? Decimal.ZERO;
  const leafValues = new Map<string, Decimal>();
  const invalid: string[] = [];
  let typedBalance = false;
  const incomeLeaves = new Set<string>();
  for (const leaf of treeLeaves(tree)) {
    if (leaf.statement === 'income') incomeLeaves.add(leaf.code);
    if (leaf.code === resultLeaf?.code) {
      leafValues.set(leaf.code, besides);
      continue;
    }
    const text = (texts[leaf.code] ?? '').trim();
    if (isBlank(text)) {
      leafValues.set(leaf.code, Decimal.ZERO);
      continue;
    }
    if (leaf.statement === 'balance') typedBalance = true;
    const parsed = parseNumberInput(text);
    if (!parsed?.round(2).eq(parsed)) {
      invalid.push(leaf.code);
      continue;
    }
    const entered = leaf.isCostLine ? parsed.abs().neg() : parsed;
    leafValues.set(leaf.code, costLineValue(entered, leaf.isCostLine));
  }
  const totals = financialPosition(tree, leafValues).values;
  const check: BalanceCheckResult =
    typedBalance && invalid.length === 0
      ? balanceCheck(new Map(leafValues), tree, options)
      : { status: 'empty' };
  const withheld = groupsAbove(tree, new Set(invalid));
  // A wrong income-statement amount leaves the period's result unknown, and the equity totals holding it.
  if (resultLeaf && invalid.some((code) => incomeLeaves.has(code))) {
    withheld.add(resultLeaf.code);
    for (const code of groupsAbove(tree, new Set([resultLeaf.code]))) withheld.add(code);
  }
  const periodResult = resultLeaf ? { code: resultLeaf.code, besides } : null;
  return { totals, check, invalid, leafValues, withheld, periodResult };
}

export type EntryBodyResult =
  | { ok: true; values: Record<string, string> }
  | { ok: false; messageKey: string; codes: string[] };

/**
 * The `values` of SaveBalanceSheetEntry (every leaf, a blank one as 0), or why saving is refused: 'Please check
 * the entered data!' (a bad amount, named by `codes`, or the balance check failing).
 */
export function entryBody(evaluation: EntryEvaluation): EntryBodyResult {
  if (evaluation.invalid.length > 0) {
    return { ok: false, messageKey: 'balanceSheets:checkData', codes: evaluation.invalid };
  }
  if (evaluation.check.status === 'mismatch') {
    return { ok: false, messageKey: 'balanceSheets:checkData', codes: [] };
  }
  const values: Record<string, string> = {};
  for (const [code, value] of evaluation.leafValues) values[code] = value.toFixed(2);
  return { ok: true, values };
}

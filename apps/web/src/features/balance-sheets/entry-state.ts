import {
  type BalanceCheckResult,
  balanceCheck,
  blankResult,
  costLineValue,
  type Decimal,
  formatNumberInput,
  parseNumberInput,
  rollUp,
  type TreeLevelNode,
  treeLeaves,
  treeNodes,
} from '@excelencia/domain';

/**
 * The entry form's state (SPEC §3/§5) as pure functions: which rows show, the typed texts turned into values
 * through the domain rules, the live totals and balance check, and the body sent to the server (leaf values
 * only: the client-only fields never leave the browser).
 */

export interface EntryRow {
  node: TreeLevelNode;
  depth: number;
}

/** Headings and sub-headings start open, categories closed (SPEC §4 row groups). */
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

/** What a leaf input holds as the user types: the SPEC §5 format; a cost line's minus is shown outside. */
export function inputText(raw: string, isCostLine: boolean): string {
  const text = formatNumberInput(raw);
  return isCostLine ? text.replace(/^-/, '') : text;
}

/** The leaf texts of a stored sheet (blank → '0' on edit, SPEC §4); cost lines without their sign. */
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

export interface EntryEvaluation {
  /** Every node's total (stored sign: positive on the natural side). */
  totals: Map<string, Decimal>;
  check: BalanceCheckResult;
  /** Leaves left empty. */
  missing: string[];
  /** Leaves whose text is not an amount with at most 2 decimals. */
  invalid: string[];
  /** Stored value of each filled, valid leaf. */
  leafValues: Map<string, Decimal>;
  /**
   * Groups holding an invalid leaf: their total is not shown (a sum leaving the bad amount out would change the
   * total without a word).
   */
  withheld: Set<string>;
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

export function evaluateEntry(
  tree: TreeLevelNode[],
  texts: Readonly<Record<string, string>>,
  options: { allowAssetsMinusOneWithZeroEquityAndLiabilities?: boolean } = {},
): EntryEvaluation {
  const leafValues = new Map<string, Decimal>();
  const forCheck = new Map<string, Decimal | null>();
  const missing: string[] = [];
  const invalid: string[] = [];
  for (const leaf of treeLeaves(tree)) {
    const text = (texts[leaf.code] ?? '').trim();
    if (text === '' || text === '-') {
      missing.push(leaf.code);
      forCheck.set(leaf.code, null);
      continue;
    }
    const parsed = parseNumberInput(text);
    if (!parsed?.round(2).eq(parsed)) {
      invalid.push(leaf.code);
      forCheck.set(leaf.code, null);
      continue;
    }
    const entered = leaf.isCostLine ? parsed.abs().neg() : parsed;
    const value = costLineValue(entered, leaf.isCostLine);
    leafValues.set(leaf.code, value);
    forCheck.set(leaf.code, value);
  }
  const totals = rollUp(tree, leafValues);
  const check = balanceCheck(forCheck, tree, options);
  const withheld = groupsAbove(tree, new Set(invalid));
  return { totals, check, missing, invalid, leafValues, withheld };
}

export type EntryBodyResult =
  | { ok: true; values: Record<string, string> }
  | { ok: false; messageKey: string; codes: string[] };

/**
 * The `values` of SaveBalanceSheetEntry, or why saving is refused: 'Fill all fields!' (a leaf empty),
 * 'Please check the entered data!' (a bad amount or the balance check failing).
 */
export function entryBody(evaluation: EntryEvaluation): EntryBodyResult {
  if (evaluation.missing.length > 0) {
    return { ok: false, messageKey: 'balanceSheets:fillAllFields', codes: evaluation.missing };
  }
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

import { Decimal } from '../decimal.ts';
import { type TreeLevelNode, treeLeaves, treeNodes } from './tree.ts';

/**
 * Which leaf of the self-diagnosis tree a trial-balance line feeds, and with what amount: the one rule the
 * upload's aggregation (TrialBalanceChecker) and the diagnosis's "accounts behind an aggregate" both use.
 */

/** Account code → the leaves listing it (tree order): build once per tree. */
export type LeafIndex = {
  leavesByCode: ReadonlyMap<string, readonly TreeLevelNode[]>;
  /** The same codes character by character, so an account's longest listed prefix is found in one walk. */
  prefixes: PrefixNode;
};

/** The codes of a LeafIndex that go on with one more character: the leaves listing the code so far (or null). */
type PrefixNode = { leaves: readonly TreeLevelNode[] | null; next: Map<number, PrefixNode> };

export function leafIndex(tree: TreeLevelNode[]): LeafIndex {
  const leavesByCode = new Map<string, TreeLevelNode[]>();
  for (const leaf of treeLeaves(tree)) {
    for (const code of leaf.accountCodes) {
      if (code.length === 0) continue;
      const listed = leavesByCode.get(code);
      if (!listed) leavesByCode.set(code, [leaf]);
      else if (!listed.includes(leaf)) listed.push(leaf);
    }
  }
  const prefixes: PrefixNode = { leaves: null, next: new Map() };
  for (const [code, leaves] of leavesByCode) {
    let node = prefixes;
    for (let i = 0; i < code.length; i++) {
      const char = code.charCodeAt(i);
      let next = node.next.get(char);
      if (!next) {
        next = { leaves: null, next: new Map() };
        node.next.set(char, next);
      }
      node = next;
    }
    node.leaves = leaves;
  }
  return { leavesByCode, prefixes };
}

export type LineAssignment = {
  leaf: TreeLevelNode;
  /** What the line adds to the leaf, on the leaf's natural side: debit − credit or credit − debit. */
  amount: Decimal;
};

/**
 * The leaf an account feeds, its line's net side given (`debitSide`: debit ≥ credit): the leaves of its longest
 * matching account-code prefix; when several leaves list that prefix (accounts on either side, 23–28), the one
 * of the line's side; several of that side (25 non-current and current): the last one in tree order, the
 * current part. Undefined when no leaf lists a prefix of the account.
 */
export function accountLeaf(
  index: LeafIndex,
  account: string,
  debitSide: boolean,
): TreeLevelNode | undefined {
  let node = index.prefixes;
  let best: readonly TreeLevelNode[] | null = null;
  for (let i = 0; i < account.length; i++) {
    const next = node.next.get(account.charCodeAt(i));
    if (next === undefined) break;
    node = next;
    if (node.leaves !== null) best = node.leaves;
  }
  if (best === null) return undefined;
  if (best.length === 1) return best[0];
  const side = debitSide ? 'debit' : 'credit';
  let sameSide: TreeLevelNode | undefined;
  for (const candidate of best) if (candidate.nature === side) sameSide = candidate;
  return sameSide ?? best.at(-1);
}

/**
 * The leaf a line feeds (accountLeaf, by the line's net side) and what it adds there. Null when no leaf lists
 * a prefix of the account.
 */
export function assignLine(
  index: LeafIndex,
  line: { account: string; debit: Decimal; credit: Decimal },
): LineAssignment | null {
  const leaf = accountLeaf(index, line.account, line.debit.cmp(line.credit) >= 0);
  if (!leaf) return null;
  const amount = leaf.nature === 'debit' ? line.debit.sub(line.credit) : line.credit.sub(line.debit);
  return { leaf, amount };
}

export type NodeLine = { account: string; description: string; amount: Decimal };

/** At most this many lines are kept per node; the others are counted. */
export const NODE_LINES_SHOWN = 20;

/**
 * The lines behind every node of the tree (a node's are those of the leaves under it), each node's largest
 * absolute amounts first (then by account), at most `limit` with the count of the others. Lines that feed no
 * leaf are left out.
 */
export function linesByNode(
  tree: TreeLevelNode[],
  lines: Iterable<{ account: string; description: string; debit: Decimal; credit: Decimal }>,
  limit: number = NODE_LINES_SHOWN,
): Map<string, { lines: NodeLine[]; others: number; total: Decimal }> {
  const index = leafIndex(tree);
  const byLeaf = new Map<string, NodeLine[]>();
  for (const line of lines) {
    const assigned = assignLine(index, line);
    if (!assigned) continue;
    const list = byLeaf.get(assigned.leaf.code) ?? [];
    list.push({ account: line.account, description: line.description, amount: assigned.amount });
    byLeaf.set(assigned.leaf.code, list);
  }
  const out = new Map<string, { lines: NodeLine[]; others: number; total: Decimal }>();
  for (const node of treeNodes(tree)) {
    const all = treeLeaves([node]).flatMap((leaf) => byLeaf.get(leaf.code) ?? []);
    const sorted = [...all].sort(
      (a, b) =>
        b.amount.abs().cmp(a.amount.abs()) || (a.account < b.account ? -1 : a.account > b.account ? 1 : 0),
    );
    out.set(node.code, {
      lines: sorted.slice(0, limit),
      others: Math.max(0, sorted.length - limit),
      total: all.reduce((sum, line) => sum.add(line.amount), Decimal.ZERO),
    });
  }
  return out;
}

import { Decimal } from '../decimal.ts';
import { type TreeLevelNode, treeLeaves, treeNodes } from './tree.ts';

/**
 * Which leaf of the self-diagnosis tree a trial-balance line feeds, and with what amount: the one rule the
 * upload's aggregation (TrialBalanceChecker) and the diagnosis's "accounts behind an aggregate" both use.
 */

/** Account code → the leaves listing it (tree order), and the longest code: build once per tree. */
export type LeafIndex = {
  leavesByCode: ReadonlyMap<string, readonly TreeLevelNode[]>;
  longestCode: number;
};

export function leafIndex(tree: TreeLevelNode[]): LeafIndex {
  const leavesByCode = new Map<string, TreeLevelNode[]>();
  let longestCode = 0;
  for (const leaf of treeLeaves(tree)) {
    for (const code of leaf.accountCodes) {
      if (code.length === 0) continue;
      const listed = leavesByCode.get(code);
      if (!listed) leavesByCode.set(code, [leaf]);
      else if (!listed.includes(leaf)) listed.push(leaf);
      longestCode = Math.max(longestCode, code.length);
    }
  }
  return { leavesByCode, longestCode };
}

export type LineAssignment = {
  leaf: TreeLevelNode;
  /** What the line adds to the leaf, on the leaf's natural side: debit − credit or credit − debit. */
  amount: Decimal;
};

/**
 * The leaf a line feeds: the leaves of its longest matching account-code prefix; when several leaves list that
 * prefix (accounts on either side, 23–28), the line's net side (debit ≥ credit: debit) picks the leaf of that
 * nature; several of that nature (25 non-current and current): the last one in tree order, the current part.
 * Null when no leaf lists a prefix of the account.
 */
export function assignLine(
  index: LeafIndex,
  line: { account: string; debit: Decimal; credit: Decimal },
): LineAssignment | null {
  let best: readonly TreeLevelNode[] = [];
  for (let length = Math.min(line.account.length, index.longestCode); length > 0; length--) {
    const listed = index.leavesByCode.get(line.account.slice(0, length));
    if (listed) {
      best = listed;
      break;
    }
  }
  let leaf: TreeLevelNode | undefined;
  if (best.length <= 1) leaf = best[0];
  else {
    const side = line.debit.cmp(line.credit) >= 0 ? 'debit' : 'credit';
    const sameSide = best.filter((candidate) => candidate.nature === side);
    leaf = (sameSide.length > 0 ? sameSide : best).at(-1);
  }
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

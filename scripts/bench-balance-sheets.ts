/**
 * The balance-sheet bench case, run by scripts/bench.ts in a child process so its peak memory is its own: a
 * 50 000-line trial balance .xlsx (written with exceljs's streaming writer) parsed, checked and aggregated
 * through the upload's own code path (xlsx guard, streaming reader, TrialBalanceChecker, aggregates).
 */
import { rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildBalanceTree, type SelfDiagnosisTree } from '@excelencia/domain';
import { SELF_DIAGNOSIS_TREE } from '../apps/server/src/db/seed-data/self-diagnosis.ts';
import type { SeedTreeNode } from '../apps/server/src/db/seed-data/types.ts';
import { checkTrialBalanceFile } from '../apps/server/src/modules/balance-sheets/trial-balance-file.ts';
import { bigTrialBalance } from '../apps/server/test/support/balance-sheets.ts';

const LINES = Number(process.env.BENCH_TRIAL_BALANCE_LINES ?? 50_000);
const mib = (kib: number) => `${(kib / 1024).toFixed(1)} MiB`;

/** The seeded tree as the database would return it (ids are not used by the check). */
function node(seed: SeedTreeNode, index: number) {
  return {
    id: '00000000-0000-4000-8000-000000000000',
    code: seed.code,
    description: seed.description,
    sortOrder: index,
    accountCodes: seed.accountCodes,
  };
}
const tree: SelfDiagnosisTree = SELF_DIAGNOSIS_TREE.map((heading, h) => ({
  ...node(heading, h),
  nature: heading.nature,
  subHeadings: heading.children.map((sub, s) => ({
    ...node(sub, s),
    categories: sub.children.map((category, c) => ({
      ...node(category, c),
      subCategories: category.children.map(node),
    })),
  })),
}));

// Given a file (scripts/bench.ts writes it first), only the check runs here; alone, the script writes its own.
const given = process.argv[2];
const path = given ?? join(tmpdir(), `bench-trial-balance-${process.pid}.xlsx`);
if (!given) await writeFile(path, await bigTrialBalance(LINES));
const size = (await stat(path)).size;
const rssBefore = process.resourceUsage().maxRSS;
try {
  const started = performance.now();
  const result = await checkTrialBalanceFile(path, buildBalanceTree(tree), 'en');
  const elapsed = performance.now() - started;
  const peak = process.resourceUsage().maxRSS;
  console.log(
    `trial balance of ${result.lines.length} lines (${(size / 1024 / 1024).toFixed(1)} MiB xlsx): ` +
      `guard + streaming parse + check + aggregate ${elapsed.toFixed(0)} ms; peak RSS ${mib(peak)} ` +
      `(${mib(rssBefore)} before parsing); debit total ${result.totals.debit.toFixed(2)}`,
  );
} finally {
  if (!given) await rm(path, { force: true });
}

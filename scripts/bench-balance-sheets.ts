/**
 * The balance-sheet bench case, run by scripts/bench.ts in a child process so its peak memory is its own: a
 * 50 000-line trial balance .xlsx (written with exceljs's streaming writer) parsed, checked and aggregated
 * through the upload's own code path (xlsx guard, streaming reader, TrialBalanceChecker, aggregates).
 */
import { readFileSync } from 'node:fs';
import { rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildBalanceTree, type SelfDiagnosisTree } from '@excelencia/domain';
import { checkTrialBalanceFile } from '../apps/server/src/modules/balance-sheets/trial-balance-file.ts';
import { SELF_DIAGNOSIS_TREE } from '../apps/server/src/seed/seed-data/self-diagnosis.ts';
import type { SeedTreeNode } from '../apps/server/src/seed/seed-data/types.ts';

const LINES = Number(process.env.BENCH_TRIAL_BALANCE_LINES ?? 50_000);
const mib = (kib: number) => `${(kib / 1024).toFixed(1)} MiB`;

/**
 * Peak RSS of this process in KiB. Linux keeps getrusage's maxRSS across execve, so a child spawned by a big
 * parent reports the parent's peak; /proc/self/status VmHWM belongs to this image alone. Elsewhere: maxRSS.
 */
function peakRss(): number {
  try {
    const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match?.[1]) return Number(match[1]);
  } catch {
    // not Linux
  }
  return process.resourceUsage().maxRSS;
}

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

// Given a file (scripts/bench.ts writes it first), only the check runs here; alone, the script writes its own
// (importing the generator, and so exceljs, only then: the upload's check does not use exceljs).
const given = process.argv[2];
const path = given ?? join(tmpdir(), `bench-trial-balance-${process.pid}.xlsx`);
if (!given) {
  const { bigTrialBalance } = await import('../apps/server/test/support/balance-sheets.ts');
  await writeFile(path, await bigTrialBalance(LINES));
}
const size = (await stat(path)).size;
const rssBefore = peakRss();
try {
  const started = performance.now();
  const result = await checkTrialBalanceFile(path, buildBalanceTree(tree), 'en');
  const elapsed = performance.now() - started;
  const peak = peakRss();
  console.log(
    `trial balance of ${result.lines.length} lines (${(size / 1024 / 1024).toFixed(1)} MiB xlsx): ` +
      `guard + streaming parse + check + aggregate ${elapsed.toFixed(0)} ms; peak RSS ${mib(peak)} ` +
      `(${mib(rssBefore)} before parsing: ${mib(peak - rssBefore)} over that baseline); ` +
      `debit total ${result.totals.debit.toFixed(2)}`,
  );
} finally {
  if (!given) await rm(path, { force: true });
}

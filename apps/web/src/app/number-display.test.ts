import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
/** Every source that shows a number to someone: the web, the server (PDFs, messages), the IdP and the domain. */
const SOURCE_DIRS = ['apps/web/src', 'apps/server/src', 'apps/idp/src', 'packages/domain/src'];

function sources(dir: string): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * Ways to write a number that bypass the one display rule (packages/domain balance-sheets/numbers.ts:
 * formatNumber; docs/adr/0023): a float's or a Decimal's toFixed, toLocaleString and Intl.NumberFormat write their
 * own separators and decimals.
 */
const BYPASSES = [/\.toFixed\(/, /\.toLocaleString\(/, /Intl\.NumberFormat\b/];

/** Where one of them is not a display: `file: what the line holds`, each with why. */
const ALLOWED: ReadonlyArray<[file: string, line: RegExp, why: string]> = [
  ['packages/domain/src/decimal.ts', /^toFixed\(digits: number\): string \{$/, 'Decimal defines toFixed'],
  ['packages/domain/src/balance-sheets/numbers.ts', /rounded\.toFixed\(minDecimals\)/, 'formatNumber itself'],
  [
    'packages/domain/src/balance-sheets/trial-balance.ts',
    /toFixed\(6\)/,
    "a spreadsheet cell's float read as its 6-decimal text, then exact (ADR 0008)",
  ],
  [
    'apps/server/src/modules/balance-sheets/balance-sheets.service.ts',
    /^const amount = \(value: Decimal\) => value\.round\(2\)\.toFixed\(2\);$/,
    'amounts stored and sent in the API as 2-decimal texts (data, not display)',
  ],
  [
    'apps/server/src/modules/diagnosis/diagnosis.presenter.ts',
    /change\.percent\.toFixed\(1\)/,
    "the API's percentage change as data, written by changePercentText for display",
  ],
  [
    'apps/server/src/modules/diagnosis/indicators.ts',
    /indicator\.value\?\.toFixed\(20\)/,
    'indicator values stored in a numeric column',
  ],
  [
    'apps/server/src/modules/applications/eligibility.ts',
    /Number\(Number\(value\)\.toFixed\(6\)\)/,
    "the eligibility's figures as numbers in the API (data)",
  ],
  [
    'apps/web/src/features/balance-sheets/components/entry-state.ts',
    /values\[code\] = value\.toFixed\(2\)/,
    'the amounts a hand-entered sheet sends to the server (data)',
  ],
];

describe('numbers shown anywhere', () => {
  it('are written only through the domain formatter (no toFixed, toLocaleString or Intl.NumberFormat)', () => {
    const found: string[] = [];
    for (const dir of SOURCE_DIRS) {
      for (const file of sources(join(ROOT, dir))) {
        const name = relative(ROOT, file);
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, index) => {
            const text = line.trim();
            if (text.startsWith('*') || text.startsWith('//')) return;
            if (!BYPASSES.some((pattern) => pattern.test(text))) return;
            if (ALLOWED.some(([allowed, pattern]) => allowed === name && pattern.test(text))) return;
            found.push(`${name}:${index + 1}: ${text}`);
          });
      }
    }
    expect(found).toEqual([]);
  });

  it('the allow-list names only lines that still exist', () => {
    const stale = ALLOWED.filter(
      ([file, pattern]) =>
        !readFileSync(join(ROOT, file), 'utf8')
          .split('\n')
          .some((line) => pattern.test(line.trim())),
    );
    expect(stale.map(([file]) => file)).toEqual([]);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * Ways to write a date that bypass the one date rule (packages/domain dates.ts: formatDisplayDate, and
 * formatDisplayPeriod, formatDisplayMonth, formatDisplayTime beside it; docs/adr/0023). Reading the browser's time
 * zone (resolvedOptions) writes no date and is allowed.
 */
const BYPASSES = [
  /\.toLocaleDateString\(/,
  /\.toLocaleTimeString\(/,
  /\.toLocaleString\(/,
  /Intl\.DateTimeFormat\((?![^)]*\)\s*\.resolvedOptions\(\))/,
];

describe('dates in the web app', () => {
  it('are written only through the domain formatters (no toLocale*String or Intl.DateTimeFormat)', () => {
    const found: string[] = [];
    for (const file of sources(SRC)) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (BYPASSES.some((pattern) => pattern.test(line))) {
            found.push(`${relative(SRC, file)}:${index + 1}: ${line.trim()}`);
          }
        });
    }
    expect(found).toEqual([]);
  });

  it('are entered in the day-first Mantine fields (ui/form/date-fields.tsx), never in a native date input', () => {
    // A native date or date-time input shows the browser's order (mm/dd/yyyy) and its time zone.
    const native = /type=["'{]+(date|datetime-local|time|month)["'}]/;
    const found = sources(SRC).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          native.test(line) ? [`${relative(SRC, file)}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compactAxis, compactNumber } from './chart-format.ts';

// Intl separates with no-break spaces; the tests compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('compact axis figures', () => {
  it('writes thousands and millions short, in each language', () => {
    expect([12_000, 1_200_000, -3_400_000_000].map((v) => plain(compactNumber(v, 'pt')))).toEqual([
      '12 mil',
      '1,2 M',
      '-3,4 mM',
    ]);
    expect([12_000, 1_200_000].map((v) => compactNumber(v, 'en'))).toEqual(['12K', '1.2M']);
    expect([12_000, 1_200_000].map((v) => plain(compactNumber(v, 'fr')))).toEqual(['12 k', '1,2 M']);
  });

  it('keeps small figures and ratios whole, and no tick is longer than 7 characters up to 10^12', () => {
    expect(compactNumber(950, 'en')).toBe('950');
    expect(compactNumber(0.375, 'pt')).toBe('0,375');
    for (const value of [999_999, 12_345_678, 987_654_321_012]) {
      expect(compactNumber(value, 'pt').length).toBeLessThanOrEqual(7);
    }
  });

  it('gives nothing for what is not a number; the axis props use the same rule', () => {
    expect(compactNumber('x', 'en')).toBe('');
    expect(compactAxis('en').tickFormatter(2_500_000)).toBe('2.5M');
  });
});

describe('every chart of the web', () => {
  it('draws its value axis with compactAxis', () => {
    const root = join(import.meta.dirname, '..');
    const charts = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.tsx') && !file.includes('.test.'))
      .filter((file) => /from '@mantine\/charts'/.test(readFileSync(join(root, file), 'utf8')));
    expect(charts.length).toBeGreaterThanOrEqual(6);
    expect(
      charts.filter((file) => !readFileSync(join(root, file), 'utf8').includes('compactAxis(language)')),
    ).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal.ts';
import { distribution, quantile } from './statistics.ts';

const d = (values: Array<string | number>) => values.map((v) => Decimal.fromString(String(v)));

describe('quantile', () => {
  it('interpolates between the closest ranks like percentile_cont', () => {
    // 1, 2, 3, 4: position of p25 = 3 × 0.25 = 0.75 → 1 + 0.75 × (2 − 1) = 1.75; median = 1.5 → 2.5; p75 = 2.25 → 3.25
    const sorted = d([1, 2, 3, 4]);
    expect(quantile(sorted, 0.25)?.toString()).toBe('1.75');
    expect(quantile(sorted, 0.5)?.toString()).toBe('2.5');
    expect(quantile(sorted, 0.75)?.toString()).toBe('3.25');
    expect(quantile(sorted, 0)?.toString()).toBe('1');
    expect(quantile(sorted, 1)?.toString()).toBe('4');
  });

  it('takes the middle value of an odd count, the value itself for one, null for none', () => {
    expect(quantile(d(['0.1', '0.2', '0.9']), 0.5)?.toString()).toBe('0.2');
    expect(quantile(d(['-3.5']), 0.25)?.toString()).toBe('-3.5');
    expect(quantile([], 0.5)).toBeNull();
  });

  it('stays exact where floats drift', () => {
    // 0.1 + 0.5 × (0.2 − 0.1) = 0.15 exactly (in floats 0.15000000000000002)
    expect(quantile(d(['0.1', '0.2']), 0.5)?.toString()).toBe('0.15');
  });
});

describe('distribution', () => {
  it('leaves out not-computable values and counts the share meeting the target', () => {
    const rows = [
      { value: Decimal.fromString('0.5'), passed: true },
      { value: Decimal.fromString('0.1'), passed: false },
      { value: null, passed: null },
      { value: Decimal.fromString('0.3'), passed: true },
    ];
    // sorted 0.1, 0.3, 0.5: median 0.3; p25 at 0.5 → 0.2; p75 at 1.5 → 0.4; 2 of 3 pass → 0.6667
    expect(distribution(rows)).toEqual({
      companies: 3,
      p25: Decimal.fromString('0.2'),
      median: Decimal.fromString('0.3'),
      p75: Decimal.fromString('0.4'),
      shareMeetingTarget: Decimal.fromString('0.6667'),
    });
  });

  it('is empty for no computable value', () => {
    expect(distribution([{ value: null, passed: null }])).toEqual({
      companies: 0,
      p25: null,
      median: null,
      p75: null,
      shareMeetingTarget: null,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal.ts';
import { primarySuppression, protectRow, quartileOf, quartiles } from './disclosure.ts';

/** The barometer's quartiles and disclosure control on hand-made cells, the arithmetic written beside each. */

const d = (text: string) => Decimal.fromString(text);
const texts = (q: ReturnType<typeof quartiles>) =>
  q && { q1: q.q1.toString(), median: q.median.toString(), q3: q.q3.toString() };

describe('quartiles (PostgreSQL percentile_cont: position (n − 1) · p, linear between the closest ranks)', () => {
  it('interpolates [1, 2, 3, 4, 10] as percentile_cont does', () => {
    // n = 5: positions 4 · 0.25 = 1, 4 · 0.5 = 2, 4 · 0.75 = 3 (from 0): the values 2, 3 and 4 exactly.
    expect(texts(quartiles(['10', '1', '4', '3', '2'].map(d)))).toEqual({ q1: '2', median: '3', q3: '4' });
  });

  it('interpolates between ranks when the position falls between them', () => {
    // [1, 2, 3, 4, 10, 20]: n = 6, positions 5 · 0.25 = 1.25, 2.5, 3.75.
    // Q1 = 2 + (3 − 2) · 0.25 = 2.25; median = 3 + (4 − 3) · 0.5 = 3.5; Q3 = 4 + (10 − 4) · 0.75 = 8.5.
    expect(texts(quartiles(['1', '2', '3', '4', '10', '20'].map(d)))).toEqual({
      q1: '2.25',
      median: '3.5',
      q3: '8.5',
    });
  });

  it('keeps exact decimals and handles one value and none', () => {
    // [0.1, 0.2]: positions 0.25, 0.5, 0.75 → 0.1 + 0.1 · 0.25 = 0.125, 0.15, 0.175.
    expect(texts(quartiles(['0.2', '0.1'].map(d)))).toEqual({ q1: '0.125', median: '0.15', q3: '0.175' });
    expect(texts(quartiles([d('-3')]))).toEqual({ q1: '-3', median: '-3', q3: '-3' });
    expect(quartiles([])).toBeNull();
  });

  it('places a value in its quartile (at or below a cut point counts in the lower quartile)', () => {
    const cuts = quartiles(['1', '2', '3', '4', '10'].map(d));
    if (!cuts) throw new Error('no cuts');
    expect(['0', '2', '2.5', '3', '4', '4.01'].map((v) => quartileOf(d(v), cuts))).toEqual([
      1, 1, 2, 2, 3, 4,
    ]);
  });
});

describe('primary suppression', () => {
  it('hides a cell of 4 companies, shows one of 5', () => {
    expect(primarySuppression({ count: 4 })).toBe('fewCompanies');
    expect(primarySuppression({ count: 5 })).toBeNull();
  });

  it('hides a cell where one company holds more than 75% of the turnover', () => {
    // 800 of 800 + 50 · 4 = 1000: 80% > 75%.
    const dominated = ['800', '50', '50', '50', '50'].map(d);
    expect(primarySuppression({ count: 5, turnovers: dominated })).toBe('dominance');
    // 750 of 750 + 62.5 · 4 = 1000: exactly 75% is not more than 75%.
    const atLimit = ['750', '62.5', '62.5', '62.5', '62.5'].map(d);
    expect(primarySuppression({ count: 5, turnovers: atLimit })).toBeNull();
    // A negative turnover counts by its size; missing ones as none; all none is no dominance.
    expect(primarySuppression({ count: 5, turnovers: [d('-900'), null, null, d('100'), d('100')] })).toBe(
      'dominance',
    );
    expect(primarySuppression({ count: 5, turnovers: [null, null, null, null, null] })).toBeNull();
  });
});

describe('secondary suppression', () => {
  it('hides the next smallest cell when one suppressed cell could be recovered from the total', () => {
    // Islands 12, 3, 7, 9: total 31. The 3 is hidden (fewer than 5), but 31 − 12 − 7 − 9 = 3 would give it
    // back, so the smallest shown cell (7) is hidden too: 31 − 12 − 9 = 10 = 3 + 7 tells neither.
    const reasons = protectRow([12, 3, 7, 9].map((count) => ({ count })));
    expect(reasons).toEqual([null, 'fewCompanies', 'secondary', null]);
  });

  it('adds nothing when two cells are already suppressed, or when the total is not shown', () => {
    expect(protectRow([12, 3, 4, 9].map((count) => ({ count })))).toEqual([
      null,
      'fewCompanies',
      'fewCompanies',
      null,
    ]);
    expect(
      protectRow(
        [12, 3, 7, 9].map((count) => ({ count })),
        false,
      ),
    ).toEqual([null, 'fewCompanies', null, null]);
    expect(protectRow([12, 7, 9].map((count) => ({ count })))).toEqual([null, null, null]);
  });

  it('protects a dominated cell the same way', () => {
    const dominated = { count: 6, turnovers: ['900', '10', '10', '10', '10', '10'].map(d) };
    expect(protectRow([{ count: 20 }, dominated, { count: 8 }])).toEqual([null, 'dominance', 'secondary']);
  });
});

import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal.ts';
import {
  CHANGE_ARROWS,
  changePercentText,
  groupByType,
  indicatorValueText,
  targetText,
  targetValueText,
} from './display.ts';

/** A display text with its spaces as the no-break spaces the display rule writes. */
const nb = (text: string) => text.replace(/ /g, '\u00a0');

describe('diagnosis figures', () => {
  it('writes a target exactly, trailing zeros dropped', () => {
    expect(targetValueText('0.375')).toBe('0.375');
    expect(targetValueText('0.075')).toBe('0.075');
    expect(targetValueText('0.500000')).toBe('0.5');
    expect(targetValueText('1500000')).toBe(nb('1 500 000'));
    expect(targetValueText('-0.123456')).toBe('-0.123456');
  });

  it('writes a ratio and an amount with at most 2 decimals, trailing zeros dropped', () => {
    expect(indicatorValueText('0.1492')).toBe('0.15');
    expect(indicatorValueText('-0.529')).toBe('-0.53');
    expect(indicatorValueText('0.123456789')).toBe('0.12');
    expect(indicatorValueText('0.5')).toBe('0.5');
    expect(indicatorValueText('-9.99994')).toBe('-10');
    expect(indicatorValueText('10.005')).toBe('10');
    expect(indicatorValueText('1234567.891')).toBe(nb('1 234 567.89'));
    expect(indicatorValueText(Decimal.fromString('2'))).toBe('2');
    expect(indicatorValueText(null)).toBe('');
    expect(indicatorValueText('n/a')).toBe('');
  });

  it('never rounds a failing value onto its target, nor a passing one off it', () => {
    const atLeast = { comparison: '>=' as const, value: '0.43' };
    expect(indicatorValueText('0.4299', atLeast)).toBe('0.4299');
    expect(indicatorValueText('0.42999', atLeast)).toBe('0.42999');
    expect(indicatorValueText('0.4299999999999', atLeast)).toBe('0.4299999999999');
    expect(indicatorValueText('0.43001', atLeast)).toBe('0.43');
    const af = { comparison: '>=' as const, value: '0.375' };
    expect(indicatorValueText('0.37496', af)).toBe('0.37');
    expect(indicatorValueText('0.37504', af)).toBe('0.38');
    // A positive EBITDA of a few cents against '> 0' is not written as 0.
    expect(indicatorValueText('0.004', { comparison: '>', value: '0' })).toBe('0.004');
    expect(indicatorValueText('0.00001', { comparison: '>', value: '0' })).toBe('0.00001');
    expect(indicatorValueText('-0.00001', { comparison: '>', value: '0' })).toBe('0');
    expect(indicatorValueText('1500000.001', { comparison: '<=', value: '1500000' })).toBe(
      nb('1 500 000.001'),
    );
    // Rounding to 2 decimals that does not cross the target keeps 2: 0.3749 failing ≥ 0.375 is 0.37.
    expect(indicatorValueText('0.3749', af)).toBe('0.37');
    expect(indicatorValueText('0.1492', { comparison: '>=', value: '0.2' })).toBe('0.15');
    // '=': the figure shows as many decimals as it takes to differ from the target, or to equal it.
    expect(indicatorValueText('1.00001', { comparison: '=', value: '1' })).toBe('1.00001');
    expect(indicatorValueText('0.123456', { comparison: '=', value: '0.123456' })).toBe('0.123456');
  });
});

describe('diagnosis texts', () => {
  it("writes a target with the reader's comparison sign, its value exactly", () => {
    expect(targetText({ comparison: '>=', value: '0.375' })).toBe('≥ 0.375');
    expect(targetText({ comparison: '<=', value: '0.123456' })).toBe('≤ 0.123456');
    expect(targetText({ comparison: '<', value: '1500000' })).toBe(`< ${nb('1 500 000')}`);
    expect(targetText({ comparison: '>', value: '0.500000' })).toBe('> 0.5');
    expect(targetText({ comparison: '=', value: '1' })).toBe('= 1');
  });

  it('writes a change with 1 decimal and the sign of the figure shown', () => {
    expect(changePercentText('12.34')).toBe(nb('+12.3 %'));
    expect(changePercentText('100')).toBe(nb('+100.0 %'));
    expect(changePercentText('-1234.5')).toBe(nb('-1 234.5 %'));
    expect(changePercentText('1234.5')).toBe(nb('+1 234.5 %'));
    expect(changePercentText('0.0')).toBe(nb('0.0 %'));
    // Rounded to 0.0 either way: no sign, whichever side it came from.
    expect(changePercentText('0.04')).toBe(nb('0.0 %'));
    expect(changePercentText('-0.04')).toBe(nb('0.0 %'));
    expect(changePercentText('n/a')).toBeNull();
    expect(CHANGE_ARROWS).toEqual({ up: '▲', down: '▼', flat: '' });
  });

  it('groups indicators by type in the order received', () => {
    const typed = (code: string, type: string) => ({
      code,
      criterion: { typedescCriterion: { code: type, description: { pt: type, en: type, fr: type } } },
    });
    const groups = groupByType([
      typed('EE_1', 'EE'),
      typed('F_1', 'F'),
      typed('EE_2', 'EE'),
      typed('C_1', 'C'),
    ]);
    expect(groups.map((group) => group.code)).toEqual(['EE', 'F', 'C']);
    expect(groups[0]?.indicators.map((item) => item.code)).toEqual(['EE_1', 'EE_2']);
    expect(groups[0]?.description.en).toBe('EE');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal.ts';
import { blankResult, formatAmount, formatNumberInput, parseNumberInput } from './numbers.ts';

describe('formatNumberInput (SPEC §5)', () => {
  it.each([
    ['1234567,1234', '1 234 567,123 4'],
    ['1234567.1234', '1 234 567.123 4'],
    ['.5', '0.5'],
    [',75', '0,75'],
    ['-.5', '-0.5'],
    ['1.2.3', '1.23'],
    ['1,2.3', '1,23'],
    ['12-3', '123'],
    ['--5', '-5'],
    ['5-', '5'],
    ['1a2b3', '123'],
    ['1 234 5', '12 345'],
    ['-', '-'],
    ['', ''],
    ['12.', '12.'],
    ['1000000', '1 000 000'],
  ])('%j → %j', (raw, expected) => {
    expect(formatNumberInput(raw)).toBe(expected);
  });

  it('is stable when applied again to its own output', () => {
    expect(formatNumberInput(formatNumberInput('-1234567,1234567'))).toBe('-1 234 567,123 456 7');
  });
});

describe('parseNumberInput', () => {
  it('reads spaces, a comma or a dot, and gives null for nothing or non-numbers', () => {
    expect(parseNumberInput('1 234 567,123 4')?.toString()).toBe('1234567.1234');
    expect(parseNumberInput('-0.5')?.toString()).toBe('-0.5');
    expect(parseNumberInput('.5')?.toString()).toBe('0.5');
    expect(parseNumberInput('12.')?.toString()).toBe('12');
    expect(parseNumberInput('')).toBeNull();
    expect(parseNumberInput('-')).toBeNull();
    expect(parseNumberInput('1.234,56')).toBeNull();
    expect(parseNumberInput('12a')).toBeNull();
  });

  const decimalText = fc
    .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.nat({ max: 8 }))
    .map(([negative, units, scale]) => Decimal.of(negative ? -units : units, scale));

  it('reads back what formatNumberInput wrote from any decimal, with either separator', () => {
    fc.assert(
      fc.property(decimalText, fc.constantFrom('.', ','), (value, separator) => {
        const typed = value.toString().replace('.', separator);
        expect(parseNumberInput(formatNumberInput(typed))?.eq(value)).toBe(true);
      }),
    );
  });

  it('reads back what formatAmount displayed, rounded to 2 decimals', () => {
    fc.assert(
      fc.property(decimalText, (value) => {
        expect(parseNumberInput(formatAmount(value))?.eq(value.round(2))).toBe(true);
        expect(formatAmount(formatAmount(value))).toBe(formatAmount(value));
      }),
    );
  });
});

describe('formatAmount (SPEC §5 display)', () => {
  it('groups with spaces, shows at most 2 decimals and keeps a percent sign', () => {
    expect(formatAmount('1234567.891')).toBe('1 234 567.89');
    expect(formatAmount(Decimal.fromString('-1234567.5'))).toBe('-1 234 567.5');
    expect(formatAmount('1234')).toBe('1 234');
    expect(formatAmount('12.5%')).toBe('12.5 %');
    expect(formatAmount('0.125', { percent: true, decimals: 1 })).toBe('0.1 %');
    expect(formatAmount('-0.001')).toBe('0');
    expect(formatAmount(null)).toBe('');
    expect(formatAmount('n/a')).toBe('');
  });

  it('shows a blank result as 0 on edit and as nothing elsewhere (SPEC §4)', () => {
    expect(blankResult('', 'edit')).toBe('0');
    expect(blankResult(null, 'edit')).toBe('0');
    expect(blankResult(undefined, 'display')).toBe('');
    expect(blankResult('  ', 'display')).toBe('');
    expect(blankResult('12.5', 'display')).toBe('12.5');
  });
});

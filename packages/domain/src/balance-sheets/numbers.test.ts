import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal } from '../decimal.ts';
import {
  blankResult,
  formatByteSize,
  formatNumber,
  formatNumberInput,
  numberInputText,
  parseNumberInput,
} from './numbers.ts';

/** A display text with its spaces as the no-break spaces formatNumber writes. */
const nb = (text: string) => text.replace(/ /g, '\u00a0');

describe('formatNumberInput', () => {
  it.each([
    ['1234567,1234', '1 234 567.123 4'],
    ['1234567.1234', '1 234 567.123 4'],
    ['.5', '0.5'],
    [',75', '0.75'],
    ['-.5', '-0.5'],
    ['1.2.3', '1.23'],
    ['1,2.3', '1.23'],
    ['2 500 000,5', '2 500 000.5'],
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
    expect(formatNumberInput(formatNumberInput('-1234567,1234567'))).toBe('-1 234 567.123 456 7');
  });

  it('shows a stored value again as it was typed: no cents added, the same separator (numberInputText)', () => {
    const typed = formatNumberInput('2500000,5');
    expect(typed).toBe('2 500 000.5');
    // Stored as numeric(…, 2) and read back as '2500000.50'.
    expect(numberInputText('2500000.50')).toBe(typed);
    expect(numberInputText('11600000.00')).toBe('11 600 000');
    expect(numberInputText(Decimal.fromString('-0.5'))).toBe('-0.5');
    expect(numberInputText(null)).toBe('');
    expect(numberInputText('n/a')).toBe('');
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }),
        fc.constantFrom('.', ','),
        (cents, separator) => {
          const stored = Decimal.of(cents, 2);
          const shown = formatNumberInput(stored.toString().replace('.', separator));
          expect(numberInputText(stored.toFixed(2))).toBe(shown);
        },
      ),
    );
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

  it('reads back what formatNumber displayed, rounded to 2 decimals', () => {
    fc.assert(
      fc.property(decimalText, (value) => {
        expect(parseNumberInput(formatNumber(value))?.eq(value.round(2))).toBe(true);
        expect(formatNumber(formatNumber(value))).toBe(formatNumber(value));
      }),
    );
  });
});

describe('formatNumber (display)', () => {
  it('groups with no-break spaces, shows at most 2 decimals and keeps a percent sign', () => {
    expect(formatNumber('1234567.891')).toBe('1\u00a0234\u00a0567.89');
    expect(formatNumber(Decimal.fromString('-1234567.5'))).toBe(nb('-1 234 567.5'));
    expect(formatNumber('1234')).toBe(nb('1 234'));
    expect(formatNumber('12.5%')).toBe(nb('12.5 %'));
    expect(formatNumber('0.125', { percent: true, decimals: 1 })).toBe(nb('0.1 %'));
    expect(formatNumber('-0.001')).toBe('0');
    expect(formatNumber(null)).toBe('');
    expect(formatNumber('n/a')).toBe('');
  });

  it('drops trailing zeros: an amount stored with cents is not shown with them', () => {
    expect(formatNumber('11673456.00')).toBe(nb('11 673 456'));
    expect(formatNumber('2500000.50')).toBe(nb('2 500 000.5'));
    expect(formatNumber('100.0', { percent: true, decimals: 1 })).toBe(nb('100 %'));
    expect(formatNumber('0.1492')).toBe('0.15');
    expect(formatNumber('-0.529')).toBe('-0.53');
  });

  it('takes typed text, counts, floats from a chart and bigints alike', () => {
    expect(formatNumber('2 500 000,5')).toBe(nb('2 500 000.5'));
    expect(formatNumber(10_000)).toBe(nb('10 000'));
    expect(formatNumber(0.1 + 0.2)).toBe('0.3');
    expect(formatNumber(0.7)).toBe('0.7');
    expect(formatNumber(-2_500_000.456)).toBe(nb('-2 500 000.46'));
    expect(formatNumber(1.5e-7, { decimals: 8 })).toBe('0.00000015');
    expect(formatNumber(1.2e21)).toBe(nb('1 200 000 000 000 000 000 000'));
    expect(formatNumber(Number.NaN)).toBe('');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('');
    expect(formatNumber(12_345_678_901_234_567_890n)).toBe(nb('12 345 678 901 234 567 890'));
  });

  it('writes a fixed number of decimals and a sign when asked (a change)', () => {
    const change = { decimals: 1, minDecimals: 1, percent: true, signed: true } as const;
    expect(formatNumber('100', change)).toBe(nb('+100.0 %'));
    expect(formatNumber('-1234.56', change)).toBe(nb('-1 234.6 %'));
    expect(formatNumber('-0.04', change)).toBe(nb('0.0 %'));
    expect(formatNumber('3', { minDecimals: 2 })).toBe('3.00');
  });

  it('shows a blank result as 0 on edit and as nothing elsewhere', () => {
    expect(blankResult('', 'edit')).toBe('0');
    expect(blankResult(null, 'edit')).toBe('0');
    expect(blankResult(undefined, 'display')).toBe('');
    expect(blankResult('  ', 'display')).toBe('');
    expect(blankResult('12.5', 'display')).toBe('12.5');
  });
});

describe('formatByteSize', () => {
  const nb = '\u00a0';
  it.each([
    ['pt', 512, `512${nb}B`],
    ['pt', 2048, `2${nb}KB`],
    ['pt', 1_300_000, `1.2${nb}MB`],
    ['pt', 10 * 1024 * 1024, `10${nb}MB`],
    ['pt', 1536 * 1024 * 1024, `1${nb}536${nb}MB`],
    ['en', 0, `0${nb}B`],
    ['en', 1536, `1.5${nb}KB`],
    ['en', 2 * 1024 * 1024, `2${nb}MB`],
    ['en', 1_300_000, `1.2${nb}MB`],
    ['fr', 512, `512${nb}o`],
    ['fr', 1536, `1.5${nb}ko`],
    ['fr', 1_300_000, `1.2${nb}Mo`],
    ['fr', 10 * 1024 * 1024, `10${nb}Mo`],
  ] as const)('%s: %d bytes is "%s"', (language, bytes, text) => {
    expect(formatByteSize(bytes, language)).toBe(text);
  });
});

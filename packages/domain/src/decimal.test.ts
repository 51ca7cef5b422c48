import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, DIVISION_SCALE } from './decimal.ts';

const d = (text: string): Decimal => Decimal.fromString(text);

describe('Decimal: text', () => {
  it('reads canonical text and writes it back without trailing zeros', () => {
    expect(d('1234.56').toString()).toBe('1234.56');
    expect(d('-0.250').toString()).toBe('-0.25');
    expect(d('007.10').toString()).toBe('7.1');
    expect(d('-0').toString()).toBe('0');
    expect(d('0.000').toString()).toBe('0');
    expect(d('100').toString()).toBe('100');
    expect(d('0.00000000000000000000000001').toString()).toBe('0.00000000000000000000000001');
    expect(d('123456789012345678901234567890.5').toString()).toBe('123456789012345678901234567890.5');
    expect(JSON.stringify({ v: d('1.50') })).toBe('{"v":"1.5"}');
  });

  it('refuses anything else', () => {
    for (const bad of [
      '',
      ' 1',
      '1 234,56',
      '1,5',
      '1.',
      '.5',
      '+1',
      '1e3',
      'NaN',
      'Infinity',
      '--1',
      '1.2.3',
    ]) {
      expect(() => d(bad), bad).toThrow(RangeError);
      expect(Decimal.tryFromString(bad), bad).toBeUndefined();
    }
  });

  it('equal values are equal whatever their written scale', () => {
    expect(d('2.50').eq(d('2.5'))).toBe(true);
    expect(d('2.50').cmp(d('2.5'))).toBe(0);
    expect(Decimal.of(2500n, 3).toString()).toBe('2.5');
    expect(Decimal.fromInteger(-42).toString()).toBe('-42');
    expect(() => Decimal.fromInteger(0.5)).toThrow(RangeError);
  });
});

describe('Decimal: arithmetic', () => {
  it('is exact where floats are not', () => {
    expect(d('0.1').add(d('0.2')).toString()).toBe('0.3'); // floats: 0.30000000000000004
    expect(d('0.1').add(d('0.2')).eq(d('0.3'))).toBe(true);
    expect(d('1.1').mul(d('1.1')).toString()).toBe('1.21'); // floats: 1.2100000000000002
    expect(d('0.3').sub(d('0.1')).toString()).toBe('0.2'); // floats: 0.19999999999999998
    // 9 007 199 254 740 993 is not a float; 9 007 199 254 740 992 + 1 stays exact
    expect(d('9007199254740992').add(Decimal.ONE).toString()).toBe('9007199254740993');
  });

  it('hand-computed examples', () => {
    // 1 234.56 + 765.44 = 2 000
    expect(d('1234.56').add(d('765.44')).toString()).toBe('2000');
    // 1 500 000 - 2 250 000.75 = -750 000.75
    expect(d('1500000').sub(d('2250000.75')).toString()).toBe('-750000.75');
    // 12.5 * -0.04 = -0.5
    expect(d('12.5').mul(d('-0.04')).toString()).toBe('-0.5');
    // 2 400 000 / 800 000 = 3
    expect(d('2400000').div(d('800000')).toString()).toBe('3');
    // 1 / 8 = 0.125 exactly
    expect(d('1').div(d('8')).toString()).toBe('0.125');
    // 1 / 3 = 0.333… cut at 20 digits, the 21st is 3: rounds down
    expect(d('1').div(d('3')).toString()).toBe('0.33333333333333333333');
    // 2 / 3 = 0.666… the 21st digit is 6: rounds up
    expect(d('2').div(d('3')).toString()).toBe('0.66666666666666666667');
    // -2 / 3 rounds away from zero the same way
    expect(d('-2').div(d('3')).toString()).toBe('-0.66666666666666666667');
    // 5 / -0.25 = -20
    expect(d('5').div(d('-0.25')).toString()).toBe('-20');
    // 0.75 / 0.005 = 150
    expect(d('0.75').div(d('0.005')).toString()).toBe('150');
    expect(d('-3.5').neg().toString()).toBe('3.5');
    expect(d('-3.5').abs().toString()).toBe('3.5');
    expect(d('3.5').abs().toString()).toBe('3.5');
    expect([d('-0.1').sign(), d('0.00').sign(), d('7').sign()]).toEqual([-1, 0, 1]);
    expect(d('0.000').isZero()).toBe(true);
    expect(Decimal.min(d('2'), d('-1.5'), d('0')).toString()).toBe('-1.5');
    expect(Decimal.max(d('2'), d('-1.5'), d('2.01')).toString()).toBe('2.01');
  });

  it('division by zero throws instead of producing Infinity', () => {
    expect(() => d('1').div(d('0.00'))).toThrow(RangeError);
  });

  it('rounds half to even', () => {
    // toFixed: ties go to the even neighbour, others to the nearest
    expect(d('0.125').toFixed(2)).toBe('0.12'); // tie, 2 is even
    expect(d('0.135').toFixed(2)).toBe('0.14'); // tie, 3 is odd → 4
    expect(d('0.1251').toFixed(2)).toBe('0.13'); // above the tie
    expect(d('2.5').toFixed(0)).toBe('2');
    expect(d('3.5').toFixed(0)).toBe('4');
    expect(d('-2.5').toFixed(0)).toBe('-2');
    expect(d('-3.5').toFixed(0)).toBe('-4');
    expect(d('-0.001').toFixed(2)).toBe('0.00'); // no "-0.00"
    expect(d('12').toFixed(3)).toBe('12.000');
    expect(d('-0.5').toFixed(1)).toBe('-0.5');
    expect(d('1.05').round(1).toString()).toBe('1'); // 1.0 tie, 0 even
    expect(d('99.95').round(1).toString()).toBe('100'); // 99.9|5 tie, 9 odd → 100.0
    // Division ties: 1 / 2^21 has 21 fractional digits …476837158203125; at 20 digits the tie goes even.
    // 1 / 2097152 = 0.000000476837158203125 → 0.00000047683715820312 (2 is even)
    expect(d('1').div(d('2097152')).toString()).toBe('0.00000047683715820312');
    // 3 / 2097152 = 0.000001430511474609375 → 0.00000143051147460938 (7 is odd → 8)
    expect(d('3').div(d('2097152')).toString()).toBe('0.00000143051147460938');
  });

  it('toNumber is the nearest float, for charts', () => {
    expect(d('0.25').toNumber()).toBe(0.25);
    expect(d('-1234.5').toNumber()).toBe(-1234.5);
  });
});

describe('Decimal: properties', () => {
  const decimal = fc
    .tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.nat({ max: 12 }))
    .map(([units, scale]) => Decimal.of(units, scale));
  const nonZero = decimal.filter((x) => !x.isZero());

  it('fromCents is Decimal.of(cents, 2), fields and all, and refuses what is not a safe integer', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer(),
          fc.integer().map((n) => n * 100),
          fc.integer().map((n) => n * 10),
          fc.constantFrom(0, -0, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1000, -10),
        ),
        (cents) => {
          const made = Decimal.fromCents(cents);
          const expected = Decimal.of(BigInt(cents), 2);
          expect([made.units, made.scale]).toEqual([expected.units, expected.scale]);
          expect(Object.isFrozen(made)).toBe(true);
        },
      ),
    );
    for (const bad of [0.5, Number.MAX_SAFE_INTEGER + 1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => Decimal.fromCents(bad), String(bad)).toThrow(RangeError);
    }
  });

  it('text round-trips', () => {
    fc.assert(
      fc.property(decimal, (x) => {
        expect(d(x.toString()).eq(x)).toBe(true);
      }),
    );
  });

  it('subtraction undoes addition; a + b = b + a; a - a = 0', () => {
    fc.assert(
      fc.property(decimal, decimal, (a, b) => {
        expect(a.add(b).sub(b).eq(a)).toBe(true);
        expect(a.add(b).eq(b.add(a))).toBe(true);
        expect(a.sub(a).isZero()).toBe(true);
        expect(a.add(b.neg()).eq(a.sub(b))).toBe(true);
      }),
    );
  });

  it('a * b / b is a within the division rounding; a / b * b is a within |b| * 10^-20', () => {
    const halfUlp = Decimal.of(5n, DIVISION_SCALE + 1);
    fc.assert(
      fc.property(decimal, nonZero, (a, b) => {
        const q = a.div(b);
        // |q - a/b| <= 0.5 * 10^-20  ⇔  |q * b - a| <= 0.5 * 10^-20 * |b|
        expect(q.mul(b).sub(a).abs().cmp(halfUlp.mul(b.abs()))).toBeLessThanOrEqual(0);
        // a * b / b: the exact quotient is a, so the result is a rounded to 20 digits
        expect(a.mul(b).div(b).eq(a.round(DIVISION_SCALE))).toBe(true);
        expect(q.scale).toBeLessThanOrEqual(DIVISION_SCALE);
      }),
    );
  });

  it('cmp agrees with the sign of the difference and toFixed rounds to the nearest', () => {
    fc.assert(
      fc.property(decimal, decimal, fc.nat({ max: 6 }), (a, b, digits) => {
        expect(a.cmp(b)).toBe(a.sub(b).sign());
        const fixed = d(a.toFixed(digits));
        expect(fixed.scale).toBeLessThanOrEqual(digits);
        // |fixed - a| <= 0.5 * 10^-digits
        expect(
          fixed
            .sub(a)
            .abs()
            .cmp(Decimal.of(5n, digits + 1)),
        ).toBeLessThanOrEqual(0);
      }),
    );
  });
});

/**
 * Exact decimal numbers on bigint: value = units / 10^scale. Immutable; every operation returns a new value.
 * Addition, subtraction and multiplication are exact; division rounds half-even to DIVISION_SCALE fractional
 * digits. There is no NaN and no Infinity: dividing by zero throws (callers check the denominator first).
 */

/** Fractional digits kept by `div` (rounded half-even). */
export const DIVISION_SCALE = 20;

const CANONICAL = /^-?\d+(\.\d+)?$/;

const TEN = 10n;
/** 10^0 … 10^47, computed once: every addition of two scales and every division asks for one. */
const POWERS_OF_TEN = Array.from({ length: 48 }, (_, n) => TEN ** BigInt(n));
const pow10 = (n: number): bigint => POWERS_OF_TEN[n] ?? TEN ** BigInt(n);

/** n / d rounded half to even, with d > 0. */
function divideHalfEven(n: bigint, d: bigint): bigint {
  const q = n / d; // truncates towards zero
  const r = n % d; // same sign as n
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice > d || (twice === d && q % 2n !== 0n)) return n < 0n ? q - 1n : q + 1n;
  return q;
}

export class Decimal {
  /** The integer of the value scaled by 10^scale; never has trailing zeros when scale > 0. */
  readonly units: bigint;
  /** Number of fractional digits (>= 0). */
  readonly scale: number;

  private constructor(units: bigint, scale: number, normalized = false) {
    // Normalize: no trailing fractional zeros, so equal values have equal fields.
    while (!normalized && scale > 0 && units % TEN === 0n) {
      units /= TEN;
      scale--;
    }
    this.units = units;
    this.scale = scale;
    Object.freeze(this);
  }

  static readonly ZERO = new Decimal(0n, 0);
  static readonly ONE = new Decimal(1n, 0);

  /** A decimal from its canonical text: optional '-', digits, optional '.' and digits ("1234.56", "-0.25"). */
  static fromString(text: string): Decimal {
    const parsed = Decimal.tryFromString(text);
    if (!parsed) throw new RangeError(`Not a decimal: ${JSON.stringify(text)}`);
    return parsed;
  }

  /** Like fromString, but undefined for a text that is not a canonical decimal. */
  static tryFromString(text: string): Decimal | undefined {
    if (typeof text !== 'string' || !CANONICAL.test(text)) return undefined;
    const negative = text.startsWith('-');
    const [whole, fraction = ''] = (negative ? text.slice(1) : text).split('.') as [string, string?];
    const units = BigInt(whole + fraction);
    return new Decimal(negative ? -units : units, fraction.length);
  }

  /** A decimal from an integer (bigint, or a safe integer number). */
  static fromInteger(value: bigint | number): Decimal {
    if (typeof value === 'number' && !Number.isSafeInteger(value)) {
      throw new RangeError(`Not a safe integer: ${value}`);
    }
    return new Decimal(BigInt(value), 0);
  }

  /**
   * cents / 100 for a safe integer of cents (`Decimal.of(BigInt(cents), 2)`), normalized with number arithmetic:
   * the upload check makes one or two per trial-balance line (docs/adr/0008-trial-balance-reader.md).
   */
  static fromCents(cents: number): Decimal {
    if (!Number.isSafeInteger(cents)) throw new RangeError(`Not a safe integer: ${cents}`);
    if (cents % 10 !== 0) return new Decimal(BigInt(cents), 2, true);
    if (cents % 100 !== 0) return new Decimal(BigInt(cents / 10), 1, true);
    return new Decimal(BigInt(cents / 100), 0, true);
  }

  /** units / 10^scale. */
  static of(units: bigint, scale = 0): Decimal {
    if (!Number.isInteger(scale) || scale < 0) throw new RangeError(`Bad scale: ${scale}`);
    return new Decimal(units, scale);
  }

  /** The units of this value at a larger (or equal) scale. */
  private unitsAt(scale: number): bigint {
    return this.units * pow10(scale - this.scale);
  }

  add(other: Decimal): Decimal {
    const scale = Math.max(this.scale, other.scale);
    return new Decimal(this.unitsAt(scale) + other.unitsAt(scale), scale);
  }

  sub(other: Decimal): Decimal {
    const scale = Math.max(this.scale, other.scale);
    return new Decimal(this.unitsAt(scale) - other.unitsAt(scale), scale);
  }

  mul(other: Decimal): Decimal {
    return new Decimal(this.units * other.units, this.scale + other.scale);
  }

  /**
   * this / other rounded half-even to `digits` fractional digits (DIVISION_SCALE by default), in one exact step;
   * throws RangeError when other is 0.
   */
  div(other: Decimal, digits = DIVISION_SCALE): Decimal {
    if (other.units === 0n) throw new RangeError('Division by zero');
    if (!Number.isInteger(digits) || digits < 0) throw new RangeError(`Bad digits: ${digits}`);
    // (a / 10^sa) / (b / 10^sb) = a * 10^sb / (b * 10^sa); scaled by 10^digits.
    let numerator = this.units * pow10(other.scale + digits);
    let denominator = other.units * pow10(this.scale);
    if (denominator < 0n) {
      numerator = -numerator;
      denominator = -denominator;
    }
    return new Decimal(divideHalfEven(numerator, denominator), digits);
  }

  neg(): Decimal {
    return new Decimal(-this.units, this.scale);
  }

  abs(): Decimal {
    return this.units < 0n ? this.neg() : this;
  }

  /** -1, 0 or 1. */
  sign(): -1 | 0 | 1 {
    return this.units < 0n ? -1 : this.units > 0n ? 1 : 0;
  }

  isZero(): boolean {
    return this.units === 0n;
  }

  /** -1, 0 or 1 as this is less than, equal to or greater than other. */
  cmp(other: Decimal): -1 | 0 | 1 {
    const scale = Math.max(this.scale, other.scale);
    const a = this.unitsAt(scale);
    const b = other.unitsAt(scale);
    return a < b ? -1 : a > b ? 1 : 0;
  }

  eq(other: Decimal): boolean {
    return this.units === other.units && this.scale === other.scale;
  }

  lt(other: Decimal): boolean {
    return this.cmp(other) < 0;
  }

  gt(other: Decimal): boolean {
    return this.cmp(other) > 0;
  }

  static min(first: Decimal, ...rest: Decimal[]): Decimal {
    return rest.reduce((a, b) => (b.lt(a) ? b : a), first);
  }

  static max(first: Decimal, ...rest: Decimal[]): Decimal {
    return rest.reduce((a, b) => (b.gt(a) ? b : a), first);
  }

  /** This value rounded half-even to `digits` fractional digits (digits >= 0). */
  round(digits: number): Decimal {
    if (!Number.isInteger(digits) || digits < 0) throw new RangeError(`Bad digits: ${digits}`);
    if (this.scale <= digits) return this;
    return new Decimal(divideHalfEven(this.units, pow10(this.scale - digits)), digits);
  }

  /** Canonical text: no exponent, no trailing fractional zeros ("1234.56", "-0.25", "0"). */
  toString(): string {
    return format(this.units, this.scale);
  }

  /** Text with exactly `digits` fractional digits, rounded half-even; a value rounded to zero has no '-'. */
  toFixed(digits: number): string {
    const rounded = this.round(digits);
    return format(rounded.unitsAt(digits), digits);
  }

  toJSON(): string {
    return this.toString();
  }

  /** The nearest float, for charts only; never use it for arithmetic or comparisons. */
  toNumber(): number {
    return Number(this.toString());
  }
}

function format(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? `.${digits.slice(digits.length - scale)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

import { Decimal } from '../decimal.ts';
import type { Language } from '../languages.ts';

/**
 * Number input and display (docs/adr/0023). Input keeps digits, one decimal separator (the first '.' or ',' typed,
 * written '.' as every number of the portal is) and a leading minus; a leading separator gets a 0 prefix;
 * integer digits are grouped in threes from the right and decimals in threes from the left, with spaces.
 * Display (formatNumber) groups with no-break spaces, shows at most 2 decimals and keeps a percent sign. Values
 * are parsed after removing spaces.
 */

const SPACES = /[\s\u00a0\u202f]/g;

function groupInteger(digits: string, separator = ' '): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

function groupDecimals(digits: string): string {
  return (digits.match(/\d{1,3}/g) ?? []).join(' ');
}

/**
 * '1234567,1234' → '1 234 567.123 4'; ',5' → '0.5'; '-12a3' → '-123'; '1.2.3' → '1.23'; '5-' → '5'. A comma typed
 * as the separator is shown as the '.' numbers are displayed with, so what the field shows while typing is what
 * it shows again once the value is saved and read back (numberInputText).
 */
export function formatNumberInput(raw: string): string {
  let negative = false;
  let seen = false; // a digit or the separator has been kept
  let separator = '';
  let whole = '';
  let fraction = '';
  for (const char of raw) {
    if (char >= '0' && char <= '9') {
      if (separator) fraction += char;
      else whole += char;
      seen = true;
    } else if (char === '.' || char === ',') {
      separator = '.';
      seen = true;
    } else if (char === '-' && !seen && !negative) {
      negative = true;
    }
  }
  const sign = negative ? '-' : '';
  if (!separator) return sign + groupInteger(whole);
  return `${sign}${groupInteger(whole || '0')}${separator}${groupDecimals(fraction)}`;
}

/**
 * A stored value ('2500000.50') as a number input shows it again: '2 500 000.5', the text typed for it (trailing
 * zeros of the stored cents dropped); '' for null or what is not a number.
 */
export function numberInputText(value: Decimal | string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const decimal = typeof value === 'string' ? parseNumberInput(value.trim()) : value;
  return decimal ? formatNumberInput(decimal.toString()) : '';
}

/** Spaces removed, ',' or '.' as the separator: '1 234,5' → 1234.5; '', '-' or text that is not a number → null. */
export function parseNumberInput(text: string): Decimal | null {
  const compact = text.replace(SPACES, '').replace(',', '.');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(compact)) return null;
  const negative = compact.startsWith('-');
  let body = negative ? compact.slice(1) : compact;
  if (body.startsWith('.')) body = `0${body}`;
  if (body.endsWith('.')) body = body.slice(0, -1);
  const value = Decimal.fromString(body);
  return negative ? value.neg() : value;
}

/**
 * The space between groups of digits and before a percent sign: a no-break space (U+00A0), so '1 234 567' and
 * '12.5 %' never break across lines; the same character on the screens, in the PDFs and spreadsheets and in the
 * server's messages (a narrow no-break space would be narrower in some fonts only: one width everywhere).
 */
const NUMBER_GROUP_SEPARATOR = '\u00a0';

export interface NumberDisplayOptions {
  /** At most this many decimals (default 2), rounded half-even; trailing zeros are dropped. */
  decimals?: number;
  /** At least this many decimals, zeros added (a percentage change always has 1). Default 0. */
  minDecimals?: number;
  /** Followed by ' %' (a text ending in '%' keeps it as well). */
  percent?: boolean;
  /** '+' before a figure above zero (a change). */
  signed?: boolean;
}

/**
 * A float as the exact decimal of its shortest text (0.1 → 0.1, 1e-7 → 0.0000001, 0.1 + 0.2 →
 * 0.30000000000000004); null when not finite. For figures drawn as floats (charts); never for arithmetic.
 */
export function decimalOfNumber(value: number): Decimal | null {
  if (!Number.isFinite(value)) return null;
  const [mantissa = '0', exponentText] = String(value).split('e');
  const exact = Decimal.fromString(mantissa);
  const exponent = Number(exponentText ?? 0);
  if (exponent === 0) return exact;
  const shift = Decimal.fromInteger(10n ** BigInt(Math.abs(exponent)));
  return exponent > 0 ? exact.mul(shift) : exact.div(shift, exact.scale - exponent);
}

/**
 * The one display rule of numbers (docs/adr/0023: displayed numbers are grouped with spaces, limited to 2 decimals
 * and keep a percent sign), on every screen, chart, PDF and server message in the three languages alike:
 * '1 234 567.89' (groups of three split by a no-break space, '.' before the decimals as the criteria's targets
 * write '≥ 0.375', at most `decimals` decimals, default 2, rounded half-even, trailing zeros dropped), '-0.53',
 * '12.5 %' with `percent` or from a text ending in '%'. Takes a Decimal, a canonical or typed text ('1 234,5'),
 * a number (a count, a float drawn on a chart) or a bigint; null, '' and what is not a number give ''.
 */
export function formatNumber(
  value: Decimal | string | number | bigint | null | undefined,
  options: NumberDisplayOptions = {},
): string {
  if (value === null || value === undefined) return '';
  let percent = options.percent ?? false;
  let decimal: Decimal | null;
  if (typeof value === 'string') {
    let text = value.trim();
    if (text.endsWith('%')) {
      percent = true;
      text = text.slice(0, -1);
    }
    decimal = parseNumberInput(text);
  } else if (typeof value === 'number') {
    decimal = decimalOfNumber(value);
  } else if (typeof value === 'bigint') {
    decimal = Decimal.fromInteger(value);
  } else {
    decimal = value;
  }
  if (!decimal) return '';
  const decimals = options.decimals ?? 2;
  const rounded = decimal.round(decimals);
  const minDecimals = Math.min(options.minDecimals ?? 0, decimals);
  const text = rounded.scale < minDecimals ? rounded.toFixed(minDecimals) : rounded.toString();
  const negative = text.startsWith('-');
  const [whole = '', fraction] = (negative ? text.slice(1) : text).split('.');
  const sign = negative ? '-' : options.signed && rounded.sign() > 0 ? '+' : '';
  const grouped = `${sign}${groupInteger(whole, NUMBER_GROUP_SEPARATOR)}${fraction ? `.${fraction}` : ''}`;
  return percent ? `${grouped}${NUMBER_GROUP_SEPARATOR}%` : grouped;
}

/** The byte units of each language: French writes octets ('o', 'ko', 'Mo'). */
const BYTE_UNITS: Readonly<Record<Language, readonly [bytes: string, kilo: string, mega: string]>> = {
  pt: ['B', 'KB', 'MB'],
  en: ['B', 'KB', 'MB'],
  fr: ['o', 'ko', 'Mo'],
};

/**
 * A size in bytes as every screen writes it, a file's or a limit's: '512 B', '2 KB', '1.2 MB', '10 MB' ('10 Mo'
 * in French), in units of 1 024, the figure through formatNumber (at most 1 decimal, trailing zeros dropped) and
 * kept with its unit by a no-break space.
 */
export function formatByteSize(bytes: number, language: Language): string {
  const [byteUnit, kiloUnit, megaUnit] = BYTE_UNITS[language];
  const [value, unit] =
    bytes < 1024
      ? [bytes, byteUnit]
      : bytes < 1024 * 1024
        ? [bytes / 1024, kiloUnit]
        : [bytes / (1024 * 1024), megaUnit];
  return `${formatNumber(value, { decimals: 1 })}${NUMBER_GROUP_SEPARATOR}${unit}`;
}

/** A blank result becomes '0' in an edit form and '' elsewhere; other values are unchanged. */
export function blankResult(value: string | null | undefined, mode: 'edit' | 'display'): string {
  if (value === null || value === undefined || value.trim() === '') return mode === 'edit' ? '0' : '';
  return value;
}

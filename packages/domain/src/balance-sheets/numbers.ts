import { Decimal } from '../decimal.ts';

/**
 * Number input and display (SPEC §5). Input keeps digits, one decimal separator (the first '.' or ',' typed)
 * and a leading minus; a leading separator gets a 0 prefix; integer digits are grouped in threes from the
 * right and decimals in threes from the left, with spaces. Display groups with spaces, shows at most 2
 * decimals and keeps a percent sign. Values are parsed after removing spaces.
 */

const SPACES = /[\s\u00a0\u202f]/g;

function groupInteger(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

function groupDecimals(digits: string): string {
  return (digits.match(/\d{1,3}/g) ?? []).join(' ');
}

/** '1234567,1234' → '1 234 567,123 4'; '.5' → '0.5'; '-12a3' → '-123'; '1.2.3' → '1.23'; '5-' → '5'. */
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
      if (!separator) separator = char;
      seen = true;
    } else if (char === '-' && !seen && !negative) {
      negative = true;
    }
  }
  const sign = negative ? '-' : '';
  if (!separator) return sign + groupInteger(whole);
  return `${sign}${groupInteger(whole || '0')}${separator}${groupDecimals(fraction)}`;
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
 * Display: '1 234 567.89' (spaces between groups, '.' before decimals, at most `decimals` decimals, default 2,
 * rounded half-even); `percent` or a text ending in '%' gives '12.5 %'; null, '' and text that is not a
 * number give ''.
 */
export function formatAmount(
  value: Decimal | string | null | undefined,
  options: { decimals?: number; percent?: boolean } = {},
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
  } else {
    decimal = value;
  }
  if (!decimal) return '';
  const text = decimal.round(options.decimals ?? 2).toString();
  const negative = text.startsWith('-');
  const [whole = '', fraction] = (negative ? text.slice(1) : text).split('.');
  const grouped = `${negative ? '-' : ''}${groupInteger(whole)}${fraction ? `.${fraction}` : ''}`;
  return percent ? `${grouped} %` : grouped;
}

/** SPEC §4: a blank result becomes '0' in an edit form and '' elsewhere; other values are unchanged. */
export function blankResult(value: string | null | undefined, mode: 'edit' | 'display'): string {
  if (value === null || value === undefined || value.trim() === '') return mode === 'edit' ? '0' : '';
  return value;
}

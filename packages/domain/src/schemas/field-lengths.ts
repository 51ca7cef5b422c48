/**
 * The longest text each kind of field takes. The schemas refuse longer input and the web forms stop typing at the
 * same number (`maxLength`), so the two limits cannot disagree.
 */

/** A NIF (the tax number) is exactly 9 digits. */
export const NIF_LENGTH = 9;

/** Whether a search term could be the start of a NIF: 1 to 9 digits, nothing else. */
export function isNifPrefix(term: string): boolean {
  return /^\d+$/.test(term) && term.length <= NIF_LENGTH;
}

/** Whole and decimal digits of a criterion's target (numeric(20,6)). */
export const DECIMAL_INTEGER_DIGITS = 14;
export const DECIMAL_FRACTION_DIGITS = 6;
/** Whole and decimal digits of an annual turnover (numeric(18,2)). */
export const TURNOVER_INTEGER_DIGITS = 16;
export const TURNOVER_FRACTION_DIGITS = 2;

export const FIELD_LENGTHS = {
  /** A person's or a company's name, and other one-line free text. */
  name: 200,
  /** The longest address SMTP carries (RFC 5321). */
  email: 254,
  phone: 30,
  nif: NIF_LENGTH,
  password: 128,
  /** A reference item's code and a self-diagnosis node's code. */
  code: 20,
  /** Each language of a text kept in pt, en and fr (descriptions, recommendations). */
  localizedText: 500,
  companyWebsite: 500,
  partnerWebsite: 300,
  /** A criterion's target: an optional minus sign, the whole digits, a dot and the decimals. */
  targetValue: 1 + DECIMAL_INTEGER_DIGITS + 1 + DECIMAL_FRACTION_DIGITS,
  /** Why an administrator sends a document back, decides, suspends or withdraws a seal. */
  reason: 2000,
  /** An annual turnover: the whole digits, a dot and the cents. */
  turnover: TURNOVER_INTEGER_DIGITS + 1 + TURNOVER_FRACTION_DIGITS,
} as const;

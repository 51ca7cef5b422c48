import { describe, expect, it } from 'vitest';
import { isEmailAddress } from './email.ts';
import { FIELD_LENGTHS, isNifPrefix, NIF_LENGTH } from './field-lengths.ts';
import { CriterionInput, DecimalString } from './reference.ts';
import { Nif } from './registration.ts';

describe('field lengths', () => {
  it('a NIF is exactly NIF_LENGTH digits', () => {
    expect(Nif.safeParse('1'.repeat(NIF_LENGTH)).success).toBe(true);
    expect(Nif.safeParse('1'.repeat(NIF_LENGTH - 1)).success).toBe(false);
    expect(Nif.safeParse('1'.repeat(NIF_LENGTH + 1)).success).toBe(false);
  });

  it('a NIF prefix is 1 to NIF_LENGTH digits', () => {
    expect(isNifPrefix('2')).toBe(true);
    expect(isNifPrefix('1'.repeat(NIF_LENGTH))).toBe(true);
    expect(isNifPrefix('1'.repeat(NIF_LENGTH + 1))).toBe(false);
    expect(isNifPrefix('')).toBe(false);
    expect(isNifPrefix('12a')).toBe(false);
  });

  it('the longest target the form lets through is one the schema takes', () => {
    const longest = `-${'9'.repeat(14)}.${'9'.repeat(6)}`;
    expect(longest).toHaveLength(FIELD_LENGTHS.targetValue);
    expect(DecimalString.safeParse(longest).success).toBe(true);
    expect(DecimalString.safeParse(`${longest}9`).success).toBe(false);
    expect(CriterionInput.shape.targetValue).toBe(DecimalString);
  });
});

describe('isEmailAddress', () => {
  it('takes an address with spaces around it and refuses one without a domain', () => {
    expect(isEmailAddress(' Ana@Example.cv ')).toBe(true);
    expect(isEmailAddress('ana@')).toBe(false);
    expect(isEmailAddress('')).toBe(false);
  });

  it('refuses an address longer than the field', () => {
    const local = 'a'.repeat(64);
    const long = `${local}@${['b', 'c', 'd', 'e'].map((c) => c.repeat(60)).join('.')}.cv`;
    expect(long.length).toBeGreaterThan(FIELD_LENGTHS.email);
    expect(isEmailAddress(long)).toBe(false);
  });
});

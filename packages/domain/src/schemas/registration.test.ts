import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/catalogs.ts';
import { RegisterCompanyRequest } from './registration.ts';

const valid = {
  companyName: 'Morabeza Comércio, Lda',
  responsibleName: 'Maria Lopes',
  email: 'Maria@Morabeza.cv',
  phone: '+238 991 23 45',
  nif: '123456789',
  password: 'Segredo-2026!',
  confirmPassword: 'Segredo-2026!',
  caeSectionId: '00000000-0000-4000-8000-000000000001',
  caeDivisionId: '00000000-0000-4000-8000-000000000002',
  islandId: '00000000-0000-4000-8000-000000000003',
  cityId: '00000000-0000-4000-8000-000000000004',
  acceptedTerms: true,
  language: 'fr',
};

/** The English message of the first issue on `field` for the form with `change`. */
function messageFor(change: Record<string, unknown>, field: string): string | undefined {
  const result = RegisterCompanyRequest.safeParse({ ...valid, ...change });
  if (result.success) return undefined;
  const issue = result.error.issues.find((i) => i.path.join('.') === field);
  return issue ? translate('en', issue.message) : undefined;
}

describe('RegisterCompanyRequest', () => {
  it('accepts a complete form and normalises the e-mail', () => {
    const result = RegisterCompanyRequest.parse(valid);
    expect(result.email).toBe('maria@morabeza.cv');
  });

  it.each([
    [{ companyName: '' }, 'companyName', 'Company name is required'],
    [{ companyName: '   ' }, 'companyName', 'Company name is required'],
    [{ companyName: undefined }, 'companyName', 'Company name is required'],
    [{ responsibleName: '' }, 'responsibleName', 'Responsible name is required'],
    [{ email: '' }, 'email', 'Mandatory Field'],
    [{ email: 'maria@' }, 'email', 'Invalid email address'],
    [{ email: 'not an email' }, 'email', 'Invalid email address'],
    [{ phone: '123456' }, 'phone', 'Phone must have at least 7 numbers'],
    [{ phone: '12-34-56' }, 'phone', 'Phone must have at least 7 numbers'],
    [{ phone: 'abcdefghij' }, 'phone', 'Phone must have at least 7 numbers'],
    [{ nif: '12345678' }, 'nif', 'NIF must have 9 numbers!'],
    [{ nif: '1234567890' }, 'nif', 'NIF must have 9 numbers!'],
    [{ nif: '12345678a' }, 'nif', 'NIF must have 9 numbers!'],
    [{ nif: '' }, 'nif', 'NIF must have 9 numbers!'],
    [{ password: '' }, 'password', 'Mandatory Field'],
    [{ confirmPassword: 'Segredo-2027!' }, 'confirmPassword', 'Passwords must match'],
    [{ acceptedTerms: false }, 'acceptedTerms', 'You must accept the terms and conditions'],
    [{ caeSectionId: '' }, 'caeSectionId', 'Choose an option'],
    [{ caeDivisionId: undefined }, 'caeDivisionId', 'Choose an option'],
    [{ islandId: 'x' }, 'islandId', 'Choose an option'],
    [{ cityId: '' }, 'cityId', 'Choose an option'],
  ])('%o → %s: %s', (change, field, message) => {
    expect(messageFor(change, field)).toBe(message);
  });

  it('says the passwords differ while every other field is still empty (the form shows it as the user types)', () => {
    const result = RegisterCompanyRequest.safeParse({
      password: 'Segredo-2026!',
      confirmPassword: 'Segredo-2027!',
    });
    expect(result.success).toBe(false);
    const messages = result.success
      ? []
      : result.error.issues.filter((i) => i.path.join('.') === 'confirmPassword').map((i) => i.message);
    expect(messages).toEqual(['validation:passwordsMustMatch']);
  });

  it('accepts phones with 7 or more digits written with spaces, + and dashes', () => {
    for (const phone of ['2601234', '+238 260 12 34', '(238) 991-2345']) {
      expect(messageFor({ phone }, 'phone')).toBeUndefined();
    }
  });

  it('gives the messages in Portuguese and French too', () => {
    const result = RegisterCompanyRequest.safeParse({ ...valid, nif: '1' });
    expect(result.success).toBe(false);
    const key = result.success ? '' : (result.error.issues[0]?.message ?? '');
    expect(translate('pt', key)).toBe('O NIF deve ter 9 números!');
    expect(translate('fr', key)).toBe('Le NIF doit comporter 9 chiffres !');
  });
});

import { translate } from '@excelencia/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import type { Translate } from '../../ui/form/zod-resolver.ts';
import { fieldErrorsOf, resendOfferOf, signInHref } from './form-errors.ts';

const en: Translate = (key, params) => translate('en', key, params);
const FIELDS = ['email', 'nif', 'companyName'];
const conflict = (code: string, path?: string) =>
  new ApiError(409, {
    code,
    key: `errors:${code}`,
    message: `message of ${code}`,
    ...(path ? { details: [{ path, message: `message of ${code}` }] } : {}),
  });

describe('resendOfferOf (register page after a refused submission)', () => {
  it('offers a new link for a registration waiting for confirmation, with the e-mail entered', () => {
    expect(resendOfferOf(conflict('registration_pending'), 'ana@empresa.cv')).toEqual({
      kind: 'pending',
      email: 'ana@empresa.cv',
    });
  });

  it('offers sign-in and a new link when the e-mail is in use', () => {
    expect(resendOfferOf(conflict('email_taken', 'email'), 'ana@empresa.cv')).toEqual({
      kind: 'taken',
      email: 'ana@empresa.cv',
    });
  });

  it('offers nothing for a taken NIF, another error or a network failure', () => {
    expect(resendOfferOf(conflict('nif_taken', 'nif'), 'ana@empresa.cv')).toBeNull();
    expect(
      resendOfferOf(
        new ApiError(400, { code: 'registration_pending', key: 'x', message: 'x' }),
        'ana@empresa.cv',
      ),
    ).toBeNull();
    expect(resendOfferOf(new TypeError('Failed to fetch'), 'ana@empresa.cv')).toBeNull();
  });
});

describe('fieldErrorsOf', () => {
  it('puts a conflict under its field and leaves registration_pending to the page (no field)', () => {
    expect(fieldErrorsOf(conflict('email_taken', 'email'), FIELDS, en)).toEqual({
      email: 'message of email_taken',
    });
    expect(fieldErrorsOf(conflict('nif_taken'), FIELDS, en)).toEqual({ nif: 'message of nif_taken' });
    expect(fieldErrorsOf(conflict('registration_pending'), FIELDS, en)).toBeNull();
  });
});

describe('signInHref', () => {
  it('comes back to the company dashboard in the language', () => {
    expect(signInHref('fr')).toBe('/auth/login?callbackUrl=%2Ffr%2Fcompany%2Fdashboard&lang=fr');
  });
});

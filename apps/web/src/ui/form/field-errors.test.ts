import { translate } from '@excelencia/domain';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { fieldErrorsOf } from './field-errors.ts';
import type { Translate } from './zod-resolver.ts';

const en: Translate = (key, params) => translate('en', key, params);
const FIELDS = ['email', 'nif', 'companyName'];
const conflict = (code: string, path?: string) =>
  new ApiError(409, {
    code,
    key: `errors:${code}`,
    message: `message of ${code}`,
    ...(path ? { details: [{ path, message: `message of ${code}` }] } : {}),
  });

describe('fieldErrorsOf', () => {
  it("puts a taken NIF under its field, and the server's details under theirs", () => {
    expect(fieldErrorsOf(conflict('nif_taken'), FIELDS, en)).toEqual({ nif: 'message of nif_taken' });
    expect(fieldErrorsOf(conflict('nif_taken', 'nif'), FIELDS, en)).toEqual({ nif: 'message of nif_taken' });
  });

  it('leaves any other refusal to a toast (nothing under a field)', () => {
    expect(fieldErrorsOf(conflict('rate_limited'), FIELDS, en)).toBeNull();
    expect(fieldErrorsOf(new TypeError('Failed to fetch'), FIELDS, en)).toBeNull();
  });
});

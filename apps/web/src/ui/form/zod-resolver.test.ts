import { CityInput, EmployeeRangeInput, SimpleReferenceInput, translate } from '@excelencia/domain';
import { describe, expect, it } from 'vitest';
import {
  fieldPath,
  hasFieldPath,
  serverFieldErrors,
  type Translate,
  zodIssuesToErrors,
  zodResolver,
} from './zod-resolver.ts';

const en: Translate = (key, params) => translate('en', key, params);
const pt: Translate = (key, params) => translate('pt', key, params);

describe('zodResolver (shared schemas → Mantine form errors)', () => {
  it('puts the catalog texts under the right fields, in the user language', () => {
    const validate = zodResolver(SimpleReferenceInput, en);
    const errors = validate({
      code: '',
      description: { pt: '', en: 'x'.repeat(501), fr: '' },
      isActive: true,
    });
    expect(errors).toEqual({
      code: 'Mandatory Field',
      'description.pt': 'Mandatory Field',
      'description.en': 'At most 500 characters',
    });
    expect(
      zodResolver(SimpleReferenceInput, pt)({ code: 'a b', description: { pt: 'x', en: '', fr: '' } }),
    ).toEqual({ code: 'Use só letras, algarismos, hífen ou sublinhado (até 20)' });
  });

  it('checks the payload built from the values (empty number input → null, cross-field rule)', () => {
    const toPayload = (values: { min: number | ''; max: number | '' }) => ({
      code: 'R1',
      description: { pt: 'Micro', en: '', fr: '' },
      minEmployees: values.min === '' ? Number.NaN : values.min,
      maxEmployees: values.max === '' ? null : values.max,
    });
    const validate = zodResolver(EmployeeRangeInput, en, toPayload);
    expect(validate({ min: 10, max: '' })).toEqual({});
    expect(validate({ min: 10, max: 5 })).toEqual({
      maxEmployees: 'The maximum cannot be lower than the minimum',
    });
    expect(validate({ min: '', max: 5 })).toEqual({ minEmployees: 'Enter a whole number of 0 or more' });
  });

  it('asks to choose a parent when none is selected, and never shows zod’s English', () => {
    const errors = zodResolver(
      CityInput,
      en,
    )({ code: 'PR', description: { pt: 'Praia', en: '', fr: '' }, islandId: '' });
    expect(errors).toEqual({ islandId: 'Choose an option' });
    expect(
      zodIssuesToErrors(
        [{ code: 'invalid_type', path: ['x'], message: 'Invalid input: expected string' }],
        pt,
      ),
    ).toEqual({ x: 'Campo obrigatório' });
  });
});

describe('server details → form fields', () => {
  it('normalises the paths the API reports', () => {
    expect(fieldPath('body/description/pt')).toBe('description.pt');
    expect(fieldPath('/code')).toBe('code');
    expect(fieldPath('description.en')).toBe('description.en');
    expect(fieldPath('accountCodes[2]')).toBe('accountCodes.2');
  });

  it('keeps known fields, translates catalog keys and sets the rest apart', () => {
    const fields = new Set(['code', 'description.pt']);
    const result = serverFieldErrors(
      [
        { path: 'code', message: 'This code is already in use.' },
        { path: 'body/description/pt', message: 'validation:required' },
        { path: 'body/unknown', message: 'Something else' },
      ],
      (path) => fields.has(path),
      en,
    );
    expect(result).toEqual({
      fields: { code: 'This code is already in use.', 'description.pt': 'Mandatory Field' },
      other: ['Something else'],
    });
  });
});

describe('which server paths are form fields', () => {
  it('follows nested objects and arrays, not inherited names', () => {
    const values = { code: '', description: { pt: '', en: '', fr: '' }, accountCodes: ['61'] };
    expect(hasFieldPath(values, 'description.en')).toBe(true);
    expect(hasFieldPath(values, 'accountCodes.0')).toBe(true);
    expect(hasFieldPath(values, 'description.de')).toBe(false);
    expect(hasFieldPath(values, 'code.length')).toBe(false);
    expect(hasFieldPath(values, 'toString')).toBe(false);
  });
});

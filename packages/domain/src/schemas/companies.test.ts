import { describe, expect, it } from 'vitest';
import { UpdateCompanyRequest } from './companies.ts';

const base = {
  version: 1,
  companyName: ' Ação Lda ',
  responsibleName: 'Ana',
  email: 'Ana@Example.CV',
  phone: '+238 991 23 45',
  nif: '123456789',
  caeDivisionId: '8b1c4a7e-2f0e-4d5c-9a1b-1c2d3e4f5a6b',
  cityId: '9b1c4a7e-2f0e-4d5c-9a1b-1c2d3e4f5a6b',
};

function messagesOf(input: Record<string, unknown>): Record<string, string> {
  const result = UpdateCompanyRequest.safeParse({ ...base, ...input });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('UpdateCompanyRequest', () => {
  it('accepts the registration fields alone, empty optional fields becoming null', () => {
    const parsed = UpdateCompanyRequest.parse({ ...base, legalName: '', website: '', establishmentDate: '' });
    expect(parsed).toMatchObject({
      companyName: 'Ação Lda',
      email: 'ana@example.cv',
      legalName: null,
      website: null,
      establishmentDate: null,
      annualTurnover: null,
      employeeCount: null,
      companyTypeId: null,
      isListed: false,
    });
  });

  it('keeps the registration rules and messages', () => {
    expect(messagesOf({ nif: '12345' })).toEqual({ nif: 'validation:nifDigits' });
    expect(messagesOf({ phone: '12 34' })).toEqual({ phone: 'validation:phoneMinDigits' });
    expect(messagesOf({ companyName: ' ' })).toEqual({ companyName: 'validation:companyNameRequired' });
  });

  it('checks the company table fields', () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(messagesOf({ establishmentDate: tomorrow })).toEqual({
      establishmentDate: 'companies:validation.futureDate',
    });
    expect(messagesOf({ establishmentDate: '2020-02-30' })).toEqual({
      establishmentDate: 'validation:invalidDate',
    });
    expect(messagesOf({ annualTurnover: '-1' })).toEqual({ annualTurnover: 'companies:validation.turnover' });
    expect(messagesOf({ annualTurnover: '1.234' })).toEqual({
      annualTurnover: 'companies:validation.turnover',
    });
    expect(messagesOf({ employeeCount: 2.5 })).toEqual({ employeeCount: 'validation:wholeNumber' });
    expect(messagesOf({ website: 'ftp://x.cv' })).toEqual({ website: 'validation:invalidUrl' });
    expect(messagesOf({ contactPhone: '123' })).toEqual({ contactPhone: 'validation:phoneMinDigits' });
    expect(messagesOf({ contactEmail: 'nope' })).toEqual({ contactEmail: 'validation:invalidEmail' });
    expect(
      UpdateCompanyRequest.parse({
        ...base,
        establishmentDate: '1999-05-01',
        annualTurnover: '150000.50',
        employeeCount: 12,
        website: 'https://acao.cv',
      }),
    ).toMatchObject({ establishmentDate: '1999-05-01', annualTurnover: '150000.50', employeeCount: 12 });
  });
});

import { describe, expect, it } from 'vitest';
import {
  COMPANY_PICKER_SIZE,
  companyOptionLabel,
  companyPickerQueryString,
  MORE_OPTION_VALUE,
  type PickerCompany,
  pickerOptions,
  pickerSearchTerm,
} from './company-picker-options.ts';

const company = (n: number): PickerCompany => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  companyName: `Empresa ${n}`,
  nif: String(200000000 + n),
});
const more = (shown: number, total: number) => `first ${shown} of ${total}`;

describe('company picker', () => {
  it('labels a company with its name and NIF', () => {
    expect(companyOptionLabel({ companyName: 'Atlântico, Lda', nif: '200000001' })).toBe(
      'Atlântico, Lda · 200000001',
    );
  });

  it('asks the server for the first 20 by name, with the typed name or NIF', () => {
    expect(companyPickerQueryString('')).toBe('page=1&pageSize=20&sort=companyName&order=asc');
    expect(new URLSearchParams(companyPickerQueryString('são vicente')).get('search')).toBe('são vicente');
    expect(COMPANY_PICKER_SIZE).toBe(20);
  });

  it('searches nothing while the box shows the chosen label, and at most 100 characters', () => {
    expect(pickerSearchTerm('Empresa 1 · 200000001', 'Empresa 1 · 200000001')).toBe('');
    expect(pickerSearchTerm('  empresa ', 'Empresa 1 · 200000001')).toBe('empresa');
    expect(pickerSearchTerm('2000', undefined)).toBe('2000');
    expect(pickerSearchTerm('x'.repeat(150), undefined)).toHaveLength(100);
  });

  it('keeps the chosen company shown when it is not among the matches, except while the admin types', () => {
    const page = { items: [company(1), company(2)], total: 2, page: 1, pageSize: 20 };
    const chosen = { value: company(150).id, label: companyOptionLabel(company(150)) };
    expect(pickerOptions(page, chosen, { isTyping: false, moreLabel: more }).map((o) => o.label)).toEqual([
      'Empresa 150 · 200000150',
      'Empresa 1 · 200000001',
      'Empresa 2 · 200000002',
    ]);
    expect(pickerOptions(page, chosen, { isTyping: true, moreLabel: more })).toHaveLength(2);
    const inPage = { value: company(2).id, label: companyOptionLabel(company(2)) };
    expect(pickerOptions(page, inPage, { isTyping: false, moreLabel: more })).toHaveLength(2);
    expect(pickerOptions(undefined, chosen, { isTyping: false, moreLabel: more })).toEqual([chosen]);
  });

  it('ends with a disabled line when the server has more matches than it sent', () => {
    const items = Array.from({ length: 20 }, (_, i) => company(i + 1));
    const options = pickerOptions({ items, total: 153, page: 1, pageSize: 20 }, null, {
      isTyping: false,
      moreLabel: more,
    });
    expect(options).toHaveLength(21);
    expect(options.at(-1)).toEqual({ value: MORE_OPTION_VALUE, label: 'first 20 of 153', disabled: true });
  });
});

import { type CompanyProfile, FIELD_LENGTHS } from '@excelencia/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '../../../lib/api-client.ts';
import { companyProfile } from '../../../testing/companies.tsx';
import { renderWithApp } from '../../../testing/render.tsx';
import { CompanyProfileForm } from './company-form.tsx';

const COMPANY = companyProfile({
  caeSectionId: '00000000-0000-4000-8000-0000000000c1',
  caeDivisionId: '00000000-0000-4000-8000-0000000000c2',
  islandId: '00000000-0000-4000-8000-0000000000c3',
  cityId: '00000000-0000-4000-8000-0000000000c4',
});

const sent: unknown[] = [];

beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/auth/csrf')) return Response.json({ csrfToken: 'token' });
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body));
        sent.push(body);
        return Response.json({ ...COMPANY, ...body, version: 4 });
      }
      return Response.json([]);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  forgetCsrfToken();
});

describe("the company profile's annual turnover", () => {
  it('is shown and typed grouped in threes, and sent as a plain decimal', async () => {
    renderWithApp(<CompanyProfileForm company={COMPANY} canEditNif={false} />, { language: 'pt' });
    const field = screen.getByLabelText('Volume de negócios anual (aprox.)') as HTMLInputElement;
    // Stored '11600000.00': no cents the user never typed.
    expect(field.value).toBe('11 600 000');

    fireEvent.change(field, { target: { value: '1234567,5' } });
    expect(field.value).toBe('1 234 567.5');

    fireEvent.click(screen.getByTestId('company-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0] as { annualTurnover: string }).annualTurnover).toBe('1234567.5');
  });

  it("shows '2 500 000,5' typed the same way once saved and reloaded (no '.50' added)", async () => {
    const first = renderWithApp(<CompanyProfileForm company={COMPANY} canEditNif={false} />, {
      language: 'pt',
    });
    const field = screen.getByLabelText('Volume de negócios anual (aprox.)') as HTMLInputElement;
    fireEvent.change(field, { target: { value: '2 500 000,5' } });
    const typed = field.value;
    expect(typed).toBe('2 500 000.5');
    fireEvent.click(screen.getByTestId('company-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0] as { annualTurnover: string }).annualTurnover).toBe('2500000.5');
    first.unmount();

    // The server keeps 2 decimals: the profile comes back with '2500000.50'.
    renderWithApp(
      <CompanyProfileForm company={{ ...COMPANY, annualTurnover: '2500000.50' }} canEditNif={false} />,
      { language: 'pt' },
    );
    const reloaded = screen.getByLabelText('Volume de negócios anual (aprox.)') as HTMLInputElement;
    expect(reloaded.value).toBe(typed);
  });

  it('takes the 16 whole digits of the largest turnover with their group spaces', () => {
    renderWithApp(<CompanyProfileForm company={COMPANY} canEditNif={false} />, { language: 'pt' });
    const field = screen.getByLabelText('Volume de negócios anual (aprox.)') as HTMLInputElement;
    fireEvent.change(field, { target: { value: '9999999999999999.99' } });
    expect(field.value).toBe('9 999 999 999 999 999.99');
    expect(field.value.length).toBeLessThanOrEqual(field.maxLength);
  });
});

describe("the company profile's text fields", () => {
  it('stop typing at the length the server accepts (FIELD_LENGTHS), every one of them', () => {
    renderWithApp(<CompanyProfileForm company={COMPANY} canEditNif />, { language: 'en' });
    const form = screen.getByTestId('company-form');
    const limits = Object.fromEntries(
      [...form.querySelectorAll<HTMLInputElement>('input')]
        .filter((input) => ['text', 'email', 'tel', 'url'].includes(input.type))
        .map((input) => [
          input.labels?.[0]?.textContent?.replace(/\s*\*$/, '') ?? input.name,
          input.maxLength,
        ])
        // The number of employees is a number field: its limit is a value, not a length; the establishment
        // date is typed day first, 'DD/MM/YYYY' (its own test below).
        .filter(([label]) => label !== 'Number of employees' && label !== 'Establishment date'),
    );
    expect(limits).toEqual({
      'Legal name': FIELD_LENGTHS.name,
      Owner: FIELD_LENGTHS.name,
      Manager: FIELD_LENGTHS.name,
      // The turnover's digits with their group spaces (its own test above).
      'Annual turnover (approx.)': expect.any(Number),
      'Contact phone': FIELD_LENGTHS.phone,
      'Contact email': FIELD_LENGTHS.email,
      Website: FIELD_LENGTHS.companyWebsite,
      'Company name': FIELD_LENGTHS.name,
      NIF: FIELD_LENGTHS.nif,
      'Responsible person': FIELD_LENGTHS.name,
      'Corporate email': FIELD_LENGTHS.email,
      Phone: FIELD_LENGTHS.phone,
    });
  });
});

describe('the profile of a company holding the status', () => {
  const HOLDING: CompanyProfile = {
    ...COMPANY,
    holdsSeal: true,
    pendingNameChange: {
      id: '00000000-0000-4000-8000-0000000000d1',
      companyId: COMPANY.id,
      nif: COMPANY.nif,
      fromCompanyName: COMPANY.companyName,
      fromLegalName: null,
      toCompanyName: 'Banco Comercial do Atlântico, SA',
      toLegalName: null,
      status: 'pending',
      requestedAt: '2026-11-27T12:00:00.000Z',
      requestedBy: 'Empresa Demo',
      decidedAt: null,
      decidedBy: null,
      reason: null,
      version: 1,
    },
  };

  it('says the name change waits for approval, and that a change of the name goes to an administrator', () => {
    renderWithApp(<CompanyProfileForm company={HOLDING} canEditNif={false} />, { language: 'en' });
    const notice = screen.getByTestId('name-change-pending');
    expect(notice.textContent).toContain('Name change pending approval');
    expect(notice.textContent).toContain(
      'Requested on 27 November 2026: “Banco Comercial do Atlântico, SA”.',
    );
    expect((screen.getByLabelText(/^Company name/) as HTMLInputElement).value).toBe('Demo Comércio, Lda');
    expect(
      screen.getAllByText(/a change of its name or legal name is sent to an administrator/),
    ).toHaveLength(2);
  });

  it("locks the NIF even in an admin's form, in Portuguese", () => {
    renderWithApp(<CompanyProfileForm company={HOLDING} canEditNif />, { language: 'pt' });
    expect((screen.getByLabelText(/^NIF/) as HTMLInputElement).disabled).toBe(true);
    expect(
      screen.getByText('A empresa detém o estatuto Excelência: o NIF não pode ser alterado.'),
    ).toBeTruthy();
    expect(screen.getByTestId('name-change-pending').textContent).toContain(
      'Alteração do nome pendente de aprovação',
    );
  });

  it('without the status: no notice, and an admin edits the NIF', () => {
    renderWithApp(<CompanyProfileForm company={COMPANY} canEditNif />, { language: 'en' });
    expect(screen.queryByTestId('name-change-pending')).toBeNull();
    expect((screen.getByLabelText(/^NIF/) as HTMLInputElement).disabled).toBe(false);
  });
});

describe("the company profile's establishment date", () => {
  it('is shown and typed day first (DD/MM/YYYY), and sent as an ISO date', async () => {
    renderWithApp(
      <CompanyProfileForm company={{ ...COMPANY, establishmentDate: '2015-03-02' }} canEditNif={false} />,
      { language: 'fr' },
    );
    const field = screen.getByLabelText('Date de création') as HTMLInputElement;
    expect(field.type).toBe('text');
    expect(field.value).toBe('02/03/2015');
    expect(field.placeholder).toBe('JJ/MM/AAAA');
    expect(field.maxLength).toBe(10);
    fireEvent.change(field, { target: { value: '01/04/2016' } });
    fireEvent.click(screen.getByTestId('company-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0] as { establishmentDate: string }).establishmentDate).toBe('2016-04-01');
  });
});

import type { CompanyProfile, CompanyRole, Language } from '@excelencia/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '../../../lib/api-client.ts';
import { companyProfile, renderAsCompanyMember } from '../../../testing/companies.tsx';
import { renderWithApp } from '../../../testing/render.tsx';
import { AcceptTermsCheckbox } from '../../registration/components/accept-terms.tsx';
import { CompanyProfilePage } from './company-profile-page.tsx';

/** The statistical-use switch of the company profile: its owner withdraws it; the others only see its state. */
const COMPANY = companyProfile({
  id: '00000000-0000-4000-8000-00000000000b',
  version: 1,
  companyName: 'Barómetro, Lda',
  responsibleName: null,
  email: 'empresa@barometro.cv',
  phone: null,
  nif: '200000002',
  annualTurnover: null,
});

let profile: CompanyProfile;
const puts: unknown[] = [];

beforeEach(() => {
  profile = { ...COMPANY };
  puts.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/auth/csrf')) return Response.json({ csrfToken: 'token' });
      if (url.endsWith(`/companies/${COMPANY.id}/statistics-consent`) && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { allowed: boolean };
        puts.push(body);
        profile = { ...profile, statisticsAllowed: body.allowed };
        return Response.json({
          allowed: body.allowed,
          withdrawnAt: body.allowed ? null : '2026-11-29T07:00:00.000Z',
        });
      }
      return url.endsWith(`/companies/${COMPANY.id}`) ? Response.json(profile) : Response.json([]);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  forgetCsrfToken();
});

function asRole(role: CompanyRole, language: Language = 'en') {
  return renderAsCompanyMember(<CompanyProfilePage />, COMPANY, role, {
    language,
    email: 'rui@barometro.cv',
  });
}

describe('the statistical-use consent on the company profile', () => {
  it('owner: turning the switch off withdraws it, and the page says the figures are out of the barometer', async () => {
    asRole('owner');
    const section = await screen.findByTestId('statistics-consent');
    const toggle = within(section).getByRole('switch', { name: 'Allow anonymised statistical use' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(section.textContent).toContain('used, anonymised, in the public barometer');
    fireEvent.click(toggle);
    await waitFor(() => expect(puts).toEqual([{ allowed: false }]));
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
    expect(section.textContent).toContain("Withdrawn: the company's figures are in neither the barometer");
  });

  it('owner: while the change saves, the switch keeps the focus (busy, not disabled) and a second press sends nothing', async () => {
    const serve = globalThis.fetch;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'PUT') await held;
        return serve(input, init);
      }),
    );
    asRole('owner');
    const section = await screen.findByTestId('statistics-consent');
    const toggle = within(section).getByRole('switch', { name: 'Allow anonymised statistical use' });
    toggle.focus();
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-busy')).toBe('true'));
    expect((toggle as HTMLInputElement).disabled).toBe(false);
    expect(document.activeElement).toBe(toggle);
    fireEvent.click(toggle);
    release();
    await waitFor(() => expect(toggle.getAttribute('aria-busy')).toBeNull());
    expect(puts).toEqual([{ allowed: false }]);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
    expect(document.activeElement).toBe(toggle);
  });

  it('viewer, in Portuguese: sees the state, cannot change it', async () => {
    profile = { ...COMPANY, statisticsAllowed: false };
    asRole('viewer', 'pt');
    const section = await screen.findByTestId('statistics-consent');
    const toggle = within(section).getByRole('switch', { name: 'Permitir o uso estatístico, anonimizado' });
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
    expect((toggle as HTMLInputElement).disabled).toBe(true);
    expect(section.textContent).toContain('Retirado: os números da empresa não entram no barómetro');
  });

  it('is granted by the registration terms, which say so beside their checkbox (fr)', () => {
    renderWithApp(<AcceptTermsCheckbox checked={false} onChange={() => {}} />, { language: 'fr' });
    expect(screen.getByTestId('accept-terms').closest('.mantine-Checkbox-root')?.textContent ?? '').toContain(
      "Les conditions incluent l'usage, anonymisé, des indicateurs de l'entreprise dans le baromètre public",
    );
  });
});

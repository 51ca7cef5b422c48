import type { CompanyProfile, CompanyRole } from '@excelencia/domain';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignedInContext } from '../../../lib/signed-in-context.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { CompanyProfilePage } from './company-profile-page.tsx';

/** The company's profile by role: an owner changes it, an accountant or a viewer reads it and is told why. */
const COMPANY: CompanyProfile = {
  id: '00000000-0000-4000-8000-00000000000a',
  version: 3,
  companyName: 'Demo Comércio, Lda',
  responsibleName: 'Empresa Demo',
  email: 'empresa@excelencia.cv',
  phone: '9912345',
  nif: '200000001',
  legalName: null,
  ownerName: null,
  managerName: null,
  establishmentDate: null,
  annualTurnover: '11600000.00',
  employeeCount: null,
  contactPhone: null,
  contactEmail: null,
  website: null,
  isListed: false,
  companyTypeId: null,
  companySituationId: null,
  caeSectionId: null,
  caeDivisionId: null,
  islandId: null,
  cityId: null,
  companyType: null,
  companySituation: null,
  caeSection: null,
  caeDivision: null,
  island: null,
  city: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  holdsSeal: false,
  pendingNameChange: null,
  statisticsAllowed: true,
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith(`/companies/${COMPANY.id}`) ? Response.json(COMPANY) : Response.json([]),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

function asRole(role: CompanyRole) {
  return renderWithApp(
    <SignedInContext.Provider
      value={{
        session: {
          status: 'authenticated',
          user: { id: 'u1', name: 'Rui', email: 'rui@contas.cv' },
          roles: ['company'],
          expires: '2099-01-01T00:00:00.000Z',
          language: 'en',
        },
        selectedCompany: { id: COMPANY.id, companyName: COMPANY.companyName, nif: COMPANY.nif, role },
      }}
    >
      <CompanyProfilePage />
    </SignedInContext.Provider>,
  );
}

describe('the company profile by role', () => {
  for (const [role, name] of [
    ['accountant', 'Accountant'],
    ['viewer', 'Viewer'],
  ] as const) {
    it(`${role}: the fields are read only and the note says only an owner changes them`, async () => {
      asRole(role);
      const fields = await screen.findByTestId('company-profile-fields');
      expect(fields.hasAttribute('disabled')).toBe(true);
      const note = screen.getByTestId('role-note');
      expect(note.textContent).toBe(
        role === 'viewer'
          ? `Your role: ${name} — read only.`
          : `Your role: ${name} — only an owner can change this.`,
      );
    });
  }

  it('owner: the fields can be changed and there is no note', async () => {
    asRole('owner');
    const fields = await screen.findByTestId('company-profile-fields');
    expect(fields.hasAttribute('disabled')).toBe(false);
    expect(screen.queryByTestId('role-note')).toBeNull();
  });
});

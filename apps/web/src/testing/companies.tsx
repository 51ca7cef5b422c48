import type { CompanyProfile, CompanyRole, Language } from '@excelencia/domain';
import type { ReactNode } from 'react';
import { SignedInContext } from '../lib/signed-in-context.ts';
import { renderWithApp } from './render.tsx';

/**
 * The demo company's profile as GET companies/{id} gives it (Demo Comércio, Lda, NIF 200000001, no reference data
 * chosen, statistical use allowed), with `overrides` on top.
 */
export function companyProfile(overrides: Partial<CompanyProfile> = {}): CompanyProfile {
  return {
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
    ...overrides,
  };
}

/** `ui` shown to Rui (`email`), signed in as a company user with `company` selected in `role`, in `language`. */
export function renderAsCompanyMember(
  ui: ReactNode,
  company: Pick<CompanyProfile, 'id' | 'companyName' | 'nif'>,
  role: CompanyRole,
  { language = 'en', email }: { language?: Language; email: string },
) {
  return renderWithApp(
    <SignedInContext.Provider
      value={{
        session: {
          status: 'authenticated',
          user: { id: 'u1', name: 'Rui', email },
          roles: ['company'],
          expires: '2099-01-01T00:00:00.000Z',
          language,
        },
        selectedCompany: { id: company.id, companyName: company.companyName, nif: company.nif, role },
      }}
    >
      {ui}
    </SignedInContext.Provider>,
    { language },
  );
}

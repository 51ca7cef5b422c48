import type { CompanyRole } from '@excelencia/domain';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { companyProfile, renderAsCompanyMember } from '../../../testing/companies.tsx';
import { CompanyProfilePage } from './company-profile-page.tsx';

/** The company's profile by role: an owner changes it, an accountant or a viewer reads it and is told why. */
const COMPANY = companyProfile();

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
  return renderAsCompanyMember(<CompanyProfilePage />, COMPANY, role, { email: 'rui@contas.cv' });
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

import { type CompanyRole, translate } from '@excelencia/domain';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignedInContext } from '../../../lib/signed-in-context.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { DiagnosisPage } from './company-diagnosis-page.tsx';

/** The self-diagnosis by role: owners and accountants run one, a viewer reads the saved ones. */
const COMPANY = {
  id: '00000000-0000-4000-8000-00000000000a',
  companyName: 'Boa Vista, Lda',
  nif: '200000021',
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json([])),
  );
});
afterEach(() => vi.unstubAllGlobals());

function asRole(role: CompanyRole) {
  return renderWithApp(
    <SignedInContext.Provider
      value={{
        session: {
          status: 'authenticated',
          user: { id: 'u1', name: 'Lia', email: 'lia@boavista.cv' },
          roles: ['company'],
          expires: '2099-01-01T00:00:00.000Z',
          language: 'en',
        },
        selectedCompany: { ...COMPANY, role },
      }}
    >
      <DiagnosisPage />
    </SignedInContext.Provider>,
  );
}

describe('the self-diagnosis by role', () => {
  it('a viewer has no form to run one, and is told why', async () => {
    asRole('viewer');
    expect((await screen.findByTestId('role-note')).textContent).toBe('Your role: Viewer — read only.');
    expect(screen.queryByTestId('dg-form')).toBeNull();
    expect(screen.queryByTestId('dg-form-loading')).toBeNull();
  });

  for (const role of ['owner', 'accountant'] as const) {
    it(`${role}: runs one`, async () => {
      asRole(role);
      const title = translate('en', 'diagnosisWeb:form.title');
      expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
      expect(screen.queryByTestId('role-note')).toBeNull();
    });
  }
});

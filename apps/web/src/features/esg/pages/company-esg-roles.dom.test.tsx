import { type CompanyRole, ESG_SAMPLE_DEFINITION } from '@excelencia/domain';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignedInContext } from '../../../lib/signed-in-context.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { CompanyEsgPage } from './company-esg-page.tsx';

/** The ESG survey by role: an owner answers it; an accountant or a viewer reads the draft, told why. */
const COMPANY = { id: '00000000-0000-4000-8000-000000000001', companyName: 'Demo, Lda', nif: '200000001' };
const FORM = '00000000-0000-4000-8000-000000000002';
const TITLE = { pt: 'ESG 2026', en: 'ESG 2026', fr: 'ESG 2026' };

const ESG = {
  current: {
    form: {
      id: FORM,
      title: TITLE,
      description: { pt: '', en: '', fr: '' },
      period: 2026,
      definitionVersion: 1,
    },
    definition: ESG_SAMPLE_DEFINITION,
    response: {
      id: '00000000-0000-4000-8000-000000000003',
      formId: FORM,
      formTitle: TITLE,
      period: 2026,
      definitionVersion: 1,
      companyId: COMPANY.id,
      companyName: COMPANY.companyName,
      status: 'draft',
      scores: null,
      submittedAt: null,
      updatedAt: '2026-11-20T10:00:00.000Z',
      answers: {},
      definition: ESG_SAMPLE_DEFINITION,
      sector: null,
    },
  },
  responses: [],
};

beforeEach(() => {
  if (!('fonts' in document) || !document.fonts) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener() {}, removeEventListener() {} },
    });
  }
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(ESG)),
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
        selectedCompany: { ...COMPANY, role },
      }}
    >
      <CompanyEsgPage />
    </SignedInContext.Provider>,
  );
}

describe('the ESG survey by role', () => {
  it('an accountant reads the draft without answering, and is told only an owner can', async () => {
    asRole('accountant');
    expect((await screen.findByTestId('role-note')).textContent).toBe(
      'Your role: Accountant — only an owner can change this.',
    );
    expect(screen.getByTestId('esg-answers-view')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /submit/i })).toBeNull();
  });

  it('an owner answers it', async () => {
    asRole('owner');
    expect(await screen.findByRole('button', { name: /submit/i })).toBeTruthy();
    expect(screen.queryByTestId('role-note')).toBeNull();
  });
});

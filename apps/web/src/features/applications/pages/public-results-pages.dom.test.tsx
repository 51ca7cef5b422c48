import type { DistinguishedCompany, SealVerification } from '@excelencia/domain';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { DistinguishedPage, SealVerificationPage } from './public-results-pages.tsx';

const at = (month: number) => `2025-${String(month).padStart(2, '0')}-01T12:00:00.000Z`;
const EDITION = {
  id: '00000000-0000-4000-8000-0000000000e1',
  number: 2,
  year: 2025,
  indicatorYear: 2024,
  registrationOpensAt: at(1),
  registrationClosesAt: at(2),
  applicationOpensAt: at(3),
  applicationClosesAt: at(4),
  evaluationStartsAt: at(5),
  evaluationEndsAt: at(6),
  resultsAt: at(7),
  resultsPublishedAt: at(7),
  applicationsClosedAt: at(7),
  regulationFileName: null,
  version: 2,
};

/** A seal issued to one name, the company renamed since with an admin's approval. */
const RENAMED = {
  companyName: 'Mercearia Boa Esperança, Lda',
  nif: '200000031',
  currentName: 'Banco Comercial do Atlântico, SA',
  renamedAt: '2026-11-28T12:00:00.000Z',
};

function serve(routes: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://portal.test');
      const found = Object.entries(routes).find(([path]) => url.pathname.endsWith(path));
      if (found) return Response.json(found[1]);
      return Response.json(
        { error: { code: 'not_found', key: 'errors:notFound', message: 'x' } },
        { status: 404 },
      );
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

/** The check page at its address, as the QR code opens it. */
const renderCheck = (language: 'en' | 'pt') =>
  renderWithApp(
    <Routes>
      <Route path="/:lang/public/selo/:code" element={<SealVerificationPage />} />
    </Routes>,
    { language, path: `/${language}/public/selo/abcdefghijkl` },
  );

describe("the seal's public check (where the certificate's QR code points)", () => {
  const check = (overrides: Partial<SealVerification>): SealVerification => ({
    status: 'valid',
    editionYear: 2025,
    editionNumber: 2,
    validUntil: '2026-07-01T12:00:00.000Z',
    issuedAt: '2025-07-01T12:00:00.000Z',
    statusSince: '2025-07-01T12:00:00.000Z',
    ...RENAMED,
    ...overrides,
  });

  it('names the company the status was issued to, and the name it is known by since its approved rename', async () => {
    serve({ '/public/seals/abcdefghijkl': check({}) });
    renderCheck('en');
    expect((await screen.findByTestId('seal-company')).textContent).toBe(RENAMED.companyName);
    expect(screen.getByTestId('seal-nif').textContent).toBe('200000031');
    expect(screen.getByTestId('seal-renamed').textContent).toBe(
      'Known since 28 November 2026 as Banco Comercial do Atlântico, SA.',
    );
    expect(screen.getByTestId('seal-since').textContent).toBe('Valid since 1 July 2025.');
  });

  it('says a suspended status is suspended, and since when, in Portuguese', async () => {
    serve({
      '/public/seals/abcdefghijkl': check({
        status: 'suspended',
        statusSince: '2026-03-02T12:00:00.000Z',
        currentName: null,
        renamedAt: null,
      }),
    });
    renderCheck('pt');
    expect((await screen.findByTestId('seal-verdict')).getAttribute('data-status')).toBe('suspended');
    expect(screen.getByText('Estatuto suspenso')).toBeTruthy();
    expect(screen.getByTestId('seal-since').textContent).toBe('Suspenso desde 2 - março - 2026.');
    expect(screen.queryByTestId('seal-renamed')).toBeNull();
  });
});

describe('the public list of distinguished companies', () => {
  it('shows the issued name with the name the company has now', async () => {
    const row: DistinguishedCompany = {
      ...RENAMED,
      island: null,
      city: null,
      section: null,
      sealCode: 'abcdefghijkl',
      validUntil: '2026-07-01T12:00:00.000Z',
      status: 'valid',
      isRenewal: false,
    };
    serve({ '/public/editions': [EDITION], '/distinguished': [row] });
    renderWithApp(<DistinguishedPage />, { language: 'en' });
    const listed = await screen.findByTestId('distinguished-row');
    expect(listed.textContent).toContain(RENAMED.companyName);
    expect(screen.getByTestId('distinguished-renamed').textContent).toBe(
      'Now: Banco Comercial do Atlântico, SA, since 28 November 2026',
    );
  });
});

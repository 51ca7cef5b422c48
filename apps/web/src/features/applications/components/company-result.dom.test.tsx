import type { Application, Seal } from '@excelencia/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { ApplicationResult } from './company-result.tsx';

const SEAL: Seal = {
  id: '00000000-0000-4000-8000-0000000000a1',
  code: 'abcdefghijkl',
  editionId: '00000000-0000-4000-8000-0000000000e1',
  editionNumber: 2,
  editionYear: 2025,
  companyId: '00000000-0000-4000-8000-0000000000c1',
  companyName: 'Mercearia Boa Esperança, Lda',
  nif: '200000031',
  currentName: null,
  renamedAt: null,
  issuedAt: '2025-07-01T12:00:00.000Z',
  validUntil: '2026-07-01T12:00:00.000Z',
  status: 'valid',
  statusSince: '2025-07-01T12:00:00.000Z',
  reason: null,
  version: 1,
};

function application(seal: Seal): Application {
  return {
    id: '00000000-0000-4000-8000-0000000000b1',
    editionId: seal.editionId,
    companyId: seal.companyId,
    companyName: seal.companyName,
    nif: seal.nif,
    status: 'evaluated',
    complete: true,
    eligible: true,
    indicatorYear: 2024,
    applicationFinancialIndicators: [],
    missingYears: [],
    files: [],
    reopenedFileType: null,
    returnReason: null,
    submittedAt: '2025-04-01T12:00:00.000Z',
    decision: {
      decision: 'evaluated',
      reason: null,
      decidedBy: 'Ana Admin',
      decidedAt: '2025-05-01T12:00:00.000Z',
      confirmedBy: 'Bruno Admin',
      confirmedAt: '2025-05-02T12:00:00.000Z',
    },
    resultsPublished: true,
    applicationsClosedAt: null,
    seal,
    version: 5,
  };
}

describe("the company's result: its certificate", () => {
  it('downloads while the status is valid', () => {
    renderWithApp(<ApplicationResult application={application(SEAL)} />, { language: 'en' });
    expect(screen.getByTestId('app-certificate').textContent).toContain('Download certificate');
    expect(screen.queryByTestId('app-certificate-unavailable')).toBeNull();
  });

  it('is not offered while the status is suspended: the message says why, with the date of the suspension', () => {
    const suspended = { ...SEAL, status: 'suspended' as const, statusSince: '2026-03-02T12:00:00.000Z' };
    renderWithApp(<ApplicationResult application={application(suspended)} />, { language: 'en' });
    expect(screen.queryByTestId('app-certificate')).toBeNull();
    expect(screen.getByTestId('app-certificate-unavailable').textContent).toBe(
      'The certificate cannot be downloaded while the status is suspended or withdrawn; the public check shows its current state.',
    );
    expect(screen.getByTestId('app-seal-since').textContent).toBe('since 2 March 2026');
    expect(screen.getByTestId('app-seal-link').textContent).toContain('/en/public/selo/abcdefghijkl');
  });

  it('is not offered once the status is withdrawn, in French', () => {
    const withdrawn = { ...SEAL, status: 'withdrawn' as const };
    renderWithApp(<ApplicationResult application={application(withdrawn)} />, { language: 'fr' });
    expect(screen.queryByTestId('app-certificate')).toBeNull();
    expect(screen.getByTestId('app-certificate-unavailable').textContent).toContain(
      'Le certificat ne peut pas être téléchargé',
    );
  });
});

describe("the company's result: the badge for its website", () => {
  it('shows the badge and the HTML to copy: a link to the live public check around the image', () => {
    renderWithApp(<ApplicationResult application={application(SEAL)} />, { language: 'pt' });
    const origin = window.location.origin;
    const preview = screen.getByTestId('app-seal-badge-preview');
    expect(preview.getAttribute('src')).toBe(
      `${origin}/app/api/v1/public/seals/abcdefghijkl/badge.svg?language=pt`,
    );
    const code = (screen.getByTestId('app-seal-badge-code') as HTMLTextAreaElement).value;
    expect(code).toBe(
      `<a href="${origin}/pt/public/selo/abcdefghijkl" target="_blank" rel="noopener">` +
        `<img src="${origin}/app/api/v1/public/seals/abcdefghijkl/badge.svg?language=pt" ` +
        'alt="Estatuto Excelência de Mercearia Boa Esperança, Lda: verificar o estado atual" width="260" height="64"></a>',
    );
    expect(screen.getByTestId('app-seal-badge-copy').textContent).toBe('Copiar o código');
    const html = new DOMParser().parseFromString(code, 'text/html');
    expect(html.querySelector('a > img')?.getAttribute('alt')).toContain('Mercearia Boa Esperança');
  });
});

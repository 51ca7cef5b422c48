import type { Application, ApplicationFile } from '@excelencia/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { DocumentsSection } from './admin-application-documents.tsx';

const file = (type: number, validity: Partial<ApplicationFile>): ApplicationFile => ({
  id: `00000000-0000-4000-8000-00000000010${type}`,
  fileName: `200000021_${type}_doc.pdf`,
  fileType: type,
  dateInsert: '2026-03-01T10:00:00.000Z',
  size: 2048,
  ...validity,
});

const application: Application = {
  id: '00000000-0000-4000-8000-0000000000a1',
  editionId: '00000000-0000-4000-8000-0000000000e1',
  companyId: '00000000-0000-4000-8000-0000000000c1',
  companyName: 'Boa Vista, Lda',
  nif: '200000021',
  status: 'pending',
  complete: false,
  eligible: true,
  indicatorYear: 2025,
  applicationFinancialIndicators: [],
  missingYears: [],
  files: [
    // INPS, 90 days: runs out on 31 March 2026, before the evaluation ends.
    file(0, { issuedAt: '2026-01-01', validUntil: '2026-03-31', expiresBeforeEvaluationEnds: true }),
    // The certificate, 365 days: valid to the end.
    file(2, { issuedAt: '2026-02-01', validUntil: '2027-01-31', expiresBeforeEvaluationEnds: false }),
    // No limit for the accounts report; a file from before issue dates has none.
    file(4, { issuedAt: '2025-12-20', validUntil: null, expiresBeforeEvaluationEnds: false }),
    file(5, { issuedAt: null, validUntil: null, expiresBeforeEvaluationEnds: false }),
  ],
  reopenedFileType: null,
  returnReason: null,
  submittedAt: '2026-03-02T10:00:00.000Z',
  decision: null,
  resultsPublished: false,
  applicationsClosedAt: null,
  seal: null,
  version: 3,
};

const row = (type: number) =>
  screen
    .getAllByTestId('document-row')
    .find((el) => el.getAttribute('data-slot') === String(type)) as HTMLElement;

describe("the evaluator's documents: issue date, valid until and the early expiry", () => {
  it.each([
    [
      'en',
      '1 January 2026',
      '31 March 2026',
      'Runs out on 31 March 2026, before the evaluation ends',
      'No limit',
      'Not given',
    ],
    [
      'pt',
      '1 - janeiro - 2026',
      '31 - março - 2026',
      'Expira a 31 - março - 2026, antes do fim da avaliação',
      'Sem limite',
      'Não indicada',
    ],
    [
      'fr',
      '1er janvier 2026',
      '31 mars 2026',
      'Expire le 31 mars 2026, avant la fin de l’évaluation',
      'Sans limite',
      'Non indiquée',
    ],
  ] as const)('%s', (language, issued, until, flag, noLimit, notGiven) => {
    renderWithApp(<DocumentsSection application={application} />, { language });
    expect(within(row(0)).getByTestId('document-issued-at').textContent).toBe(issued);
    expect(within(row(0)).getByTestId('document-valid-until').textContent).toBe(`${until}${flag}`);
    expect(within(row(0)).getByTestId('doc-expires-early').textContent).toBe(flag);
    expect(within(row(2)).queryByTestId('doc-expires-early')).toBeNull();
    expect(within(row(4)).getByTestId('document-valid-until').textContent).toBe(noLimit);
    expect(within(row(5)).getByTestId('document-issued-at').textContent).toBe(notGiven);
    expect(within(row(1)).getByTestId('document-issued-at').textContent).toBe('');
  });
});

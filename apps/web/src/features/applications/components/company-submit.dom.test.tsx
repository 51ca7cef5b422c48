import type { Application, ApplicationFile } from '@excelencia/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { draftApplication } from '../../../testing/applications.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { SubmitPanel } from './company-submit.tsx';

const file = (type: number): ApplicationFile => ({
  id: `00000000-0000-4000-8000-00000000010${type}`,
  fileName: `200000001_${type}_doc.pdf`,
  fileType: type,
  dateInsert: '2026-11-25T10:00:00.000Z',
  size: 1000,
});

function application(files: ApplicationFile[]): Application {
  return draftApplication({
    companyId: '00000000-0000-4000-8000-00000000000a',
    companyName: 'Demo Comércio, Lda',
    nif: '200000001',
    files,
  });
}

describe('what still stops a submission', () => {
  it('pt: counts the missing documents in words, not with a "(s)" placeholder', () => {
    renderWithApp(<SubmitPanel application={application([])} uploading={false} />, { language: 'pt' });
    expect(screen.getByText('A candidatura está incompleta: faltam 8 documentos.')).toBeTruthy();
  });

  it.each([
    ['pt', 'A candidatura está incompleta: falta 1 documento.'],
    ['en', 'The application is incomplete: 1 document is missing.'],
    ['fr', 'La candidature est incomplète : il manque 1 document.'],
  ] as const)('%s: one missing document is singular', (language, text) => {
    renderWithApp(
      <SubmitPanel application={application([0, 1, 2, 3, 4, 5, 6].map(file))} uploading={false} />,
      { language },
    );
    expect(screen.getByText(text)).toBeTruthy();
  });
});

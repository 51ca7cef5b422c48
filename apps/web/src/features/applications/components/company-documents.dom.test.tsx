import type { Application, ApplicationFile, Edition, Language } from '@excelencia/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, forgetCsrfToken } from '../../../lib/api-client.ts';
import { BOA_VISTA, draftApplication } from '../../../testing/applications.ts';
import { renderAsCompanyMember } from '../../../testing/companies.tsx';
import { editionTakingApplications } from '../../../testing/editions.ts';
import { DocumentSlots, useUploadState } from './company-documents.tsx';

const upload = vi.hoisted(() => ({ send: vi.fn() }));
vi.mock('../../../ui/upload-with-progress.ts', () => ({ uploadWithProgress: upload.send }));
vi.mock('../../../ui/notify.ts', () => ({ notifySuccess: vi.fn() }));

const COMPANY = BOA_VISTA;

/** The edition taking applications, with the demo validities: 90 days INPS and Finance, 365 the certificate. */
const EDITION: Edition = editionTakingApplications({
  documentValidityDays: [90, 90, 365, null, null, null, null, null],
});

const FLAGGED: ApplicationFile = {
  id: '00000000-0000-4000-8000-0000000000f2',
  fileName: '200000021_1_financas.pdf',
  fileType: 1,
  dateInsert: '2026-03-01T10:00:00.000Z',
  size: 2048,
  issuedAt: '2026-01-01',
  validUntil: '2026-03-31',
  expiresBeforeEvaluationEnds: true,
};

function application(files: ApplicationFile[] = []): Application {
  return draftApplication({ editionId: EDITION.id, files });
}

beforeEach(() => {
  upload.send.mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://portal.test').pathname;
      if (path.endsWith('/auth/csrf')) return Response.json({ csrfToken: 'token' });
      if (path.endsWith('/editions/current')) return Response.json(EDITION);
      if (path.endsWith(`/applications/${application().id}`)) return Response.json(application());
      return Response.json(
        { error: { code: 'not_found', key: 'errors:notFound', message: 'x' } },
        { status: 404 },
      );
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  forgetCsrfToken();
});

function Slots({ app }: { app: Application }) {
  return <DocumentSlots application={app} uploads={useUploadState()} />;
}

function renderSlots(app: Application, language: Language = 'en') {
  return renderAsCompanyMember(<Slots app={app} />, COMPANY, 'owner', {
    language,
    email: 'maria@boavista.cv',
  });
}

const slot = (type: number) =>
  screen
    .getAllByTestId('doc-slot')
    .find((el) => el.getAttribute('data-slot') === String(type)) as HTMLElement;

const PDF = () =>
  new File(['%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'], 'inps.pdf', {
    type: 'application/pdf',
  });

function chooseFile(type: number) {
  const input = slot(type).querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [PDF()] } });
}

describe("the document upload's issue date", () => {
  // Today is 1 February 2026 in these tests (the validity rules compare the issue date with today).
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-02-01T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('en: a type with a validity asks for the issue date, says how long it is valid, and uploads only with it', async () => {
    upload.send.mockResolvedValue({ ...FLAGGED, id: '00000000-0000-4000-8000-0000000000f3', fileType: 0 });
    renderSlots(application());
    await waitFor(() => expect(within(slot(0)).getByText('Valid for 90 days from issue')).toBeTruthy());
    const date = within(slot(0)).getByLabelText(/Issue date/) as HTMLInputElement;
    // The house's day-first date field (DD/MM/YYYY), not the browser's own date input.
    expect(date.type).toBe('text');
    expect(date.getAttribute('aria-required')).toBe('true');
    const button = within(slot(0)).getByTestId('doc-upload') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    // The certificate is valid for a year; a type without a validity needs no date.
    expect(within(slot(2)).getByText('Valid for 365 days from issue')).toBeTruthy();
    expect(within(slot(3)).getByText('No validity limit')).toBeTruthy();
    expect((within(slot(3)).getByTestId('doc-upload') as HTMLButtonElement).disabled).toBe(false);

    fireEvent.change(date, { target: { value: '15/01/2026' } });
    await waitFor(() => expect(button.disabled).toBe(false));
    chooseFile(0);
    await waitFor(() => expect(upload.send).toHaveBeenCalledTimes(1));
    const form = upload.send.mock.calls[0]?.[0].form as FormData;
    expect(form.get('fileType')).toBe('0');
    expect(form.get('issuedAt')).toBe('2026-01-15');
  });

  it("shows the server's document_expired message under the slot", async () => {
    const message =
      'The document “Social security (INPS) regularised-status declaration” is no longer valid: it ran out on 1 January 2026. Upload a more recent one.';
    upload.send.mockRejectedValue(
      new ApiError(409, { code: 'document_expired', key: 'documentValidity:expired', message }),
    );
    renderSlots(application());
    await waitFor(() => expect(within(slot(0)).getByText('Valid for 90 days from issue')).toBeTruthy());
    // Valid here through 20 April 2026; the server, whose clock or settings may differ, has the last word.
    fireEvent.change(within(slot(0)).getByLabelText(/Issue date/), { target: { value: '20/01/2026' } });
    chooseFile(0);
    await waitFor(() => expect(within(slot(0)).getByTestId('doc-problem').textContent).toBe(message));
  });

  it('says a document whose validity already ran out before sending it (the rule the server applies)', async () => {
    renderSlots(application());
    await waitFor(() => expect(within(slot(0)).getByText('Valid for 90 days from issue')).toBeTruthy());
    fireEvent.change(within(slot(0)).getByLabelText(/Issue date/), { target: { value: '03/10/2025' } });
    chooseFile(0);
    await waitFor(() =>
      expect(within(slot(0)).getByTestId('doc-problem').textContent).toBe(
        'The document “Social security (INPS) regularised-status declaration” is no longer valid: it ran out on 31 December 2025. Upload a more recent one.',
      ),
    );
    expect(upload.send).not.toHaveBeenCalled();
  });

  it.each([
    ['pt', 'Válido 90 dias a partir da emissão', 'Expira a 31 - março - 2026, antes do fim da avaliação'],
    ['en', 'Valid for 90 days from issue', 'Runs out on 31 March 2026, before the evaluation ends'],
    ['fr', 'Valable 90 jours à partir de l’émission', 'Expire le 31 mars 2026, avant la fin de l’évaluation'],
  ] as const)(
    '%s: the validity in words, and a document that runs out before the evaluation ends is flagged with the date',
    async (language, validFor, flag) => {
      renderSlots(application([FLAGGED]), language);
      await waitFor(() => expect(within(slot(0)).getByText(validFor)).toBeTruthy());
      expect(within(slot(1)).getByTestId('doc-expires-early').textContent).toBe(flag);
    },
  );
});

import {
  type ClosureRequest,
  type CompanyRole,
  type DataExport,
  type Language,
  translate,
} from '@excelencia/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '../../../lib/api-client.ts';
import { SignedInContext } from '../../../lib/signed-in-context.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { ModalHost } from '../../../ui/modal-host.tsx';
import { EXPORT_POLL_MS } from '../queries.ts';
import { CompanyDataPage } from './company-data-page.tsx';

const COMPANY_ID = '00000000-0000-4000-8000-0000000000c1';
const EXPORT_ID = '00000000-0000-4000-8000-0000000000e1';

const exportOf = (overrides: Partial<DataExport>): DataExport => ({
  id: EXPORT_ID,
  state: 'running',
  progress: 40,
  requestedByName: 'Maria Lopes',
  createdAt: '2026-11-27T10:00:00.000Z',
  readyAt: null,
  expiresAt: null,
  sizeBytes: null,
  downloadUrl: null,
  ...overrides,
});

const pendingClosure = (reason: string): ClosureRequest => ({
  id: '00000000-0000-4000-8000-0000000000f1',
  companyId: COMPANY_ID,
  companyName: 'Demo Comércio, Lda',
  nif: '200000001',
  status: 'pending',
  reason,
  requestedByName: 'Maria Lopes',
  requestedAt: '2026-11-28T09:00:00.000Z',
  decidedByName: null,
  decidedAt: null,
  decisionReason: null,
});

let role: CompanyRole;
let exportsAnswers: DataExport[][];
let closure: ClosureRequest | null;
const writes: { method: string; url: string; body: unknown }[] = [];
const reads: string[] = [];

beforeEach(() => {
  role = 'owner';
  exportsAnswers = [[]];
  closure = null;
  writes.length = 0;
  reads.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      if (url.includes('/auth/csrf')) return Response.json({ csrfToken: 'token' });
      if (method !== 'GET') {
        const body = init?.body ? JSON.parse(String(init.body)) : null;
        writes.push({ method, url, body });
        if (url.endsWith('/exports')) {
          exportsAnswers = [[exportOf({ state: 'queued', progress: 0 })]];
          return Response.json(exportOf({ state: 'queued', progress: 0 }), { status: 202 });
        }
        if (url.endsWith('/closure') && method === 'POST') {
          closure = pendingClosure(body.reason);
          return Response.json(closure, { status: 201 });
        }
        if (url.endsWith('/closure') && method === 'DELETE') {
          closure = closure ? { ...closure, status: 'withdrawn' } : null;
          return new Response(null, { status: 204 });
        }
      }
      reads.push(url);
      if (url.endsWith(`/companies/${COMPANY_ID}/exports`)) {
        // Each read takes the next answer; the last one stays.
        const next = exportsAnswers.length > 1 ? exportsAnswers.shift() : exportsAnswers[0];
        return Response.json(next ?? []);
      }
      if (url.endsWith(`/companies/${COMPANY_ID}/closure`)) return Response.json(closure);
      if (url.endsWith(`/exports/${EXPORT_ID}/file`)) {
        return new Response('PK', {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="data.zip"',
          },
        });
      }
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  forgetCsrfToken();
});

function renderPage(language: Language) {
  renderWithApp(
    <SignedInContext.Provider
      value={{
        session: {
          status: 'authenticated',
          user: { id: 'u1', name: 'Maria Lopes', email: 'maria@example.cv' },
          roles: ['company'],
          expires: '2030-01-01T00:00:00.000Z',
          language,
        },
        selectedCompany: { id: COMPANY_ID, companyName: 'Demo Comércio, Lda', nif: '200000001', role },
      }}
    >
      <CompanyDataPage />
      <ModalHost />
    </SignedInContext.Provider>,
    { language },
  );
}

describe("the company's exports", () => {
  it('shows a running export with its progress, reads it again until it is ready, then offers the zip', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    exportsAnswers = [
      [exportOf({ state: 'running', progress: 40 })],
      [
        exportOf({
          state: 'ready',
          progress: 100,
          readyAt: '2026-11-27T10:05:00.000Z',
          expiresAt: '2026-12-04T10:05:00.000Z',
          sizeBytes: 1_250_000,
          downloadUrl: `/app/api/v1/companies/${COMPANY_ID}/exports/${EXPORT_ID}/file`,
        }),
      ],
    ];
    renderPage('en');
    const row = await screen.findByTestId('export-row');
    expect(within(row).getByTestId('export-state').textContent).toBe('Being prepared');
    expect(within(row).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(row.textContent).toContain('Asked for on 27 November 2026');
    expect(row.textContent).toContain('by Maria Lopes');
    expect(screen.getByTestId('export-prepare').hasAttribute('disabled')).toBe(true);
    expect(screen.queryByTestId('export-download')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(EXPORT_POLL_MS));
    expect(await screen.findByTestId('export-download')).toBeTruthy();
    const ready = screen.getByTestId('export-row');
    expect(within(ready).getByTestId('export-state').textContent).toBe('Ready');
    expect(within(ready).queryByRole('progressbar')).toBeNull();
    expect(within(ready).getByTestId('export-size').textContent).toMatch(/^Size: 1\.2\sMB$/);
    expect(within(ready).getByTestId('export-expiry').textContent).toMatch(
      /^Available until 4 December 2026/,
    );
    expect(screen.getByTestId('export-prepare').hasAttribute('disabled')).toBe(false);
    fireEvent.click(screen.getByTestId('export-download'));
    await waitFor(() => expect(reads.some((url) => url.endsWith(`/exports/${EXPORT_ID}/file`))).toBe(true));
    // Nothing is being built any more: no further reads.
    const count = reads.filter((url) => url.endsWith('/exports')).length;
    await act(() => vi.advanceTimersByTimeAsync(EXPORT_POLL_MS * 3));
    expect(reads.filter((url) => url.endsWith('/exports')).length).toBe(count);
  });

  it('says what an export holds, and asks for one', async () => {
    renderPage('pt');
    expect(await screen.findByTestId('exports-empty')).toBeTruthy();
    const contents = screen.getByTestId('export-contents').textContent ?? '';
    expect(contents).toContain('os balancetes e as suas linhas');
    expect(contents).toContain('as consultas das entidades parceiras');
    expect(
      screen.getByText('Quando estiver pronta, recebe um e-mail com um link válido durante 7 dias.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('export-prepare'));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({
      method: 'POST',
      url: expect.stringContaining(`/companies/${COMPANY_ID}/exports`),
    });
    expect(within(await screen.findByTestId('export-row')).getByTestId('export-state').textContent).toBe(
      'Em espera',
    );
  });
});

describe("closing the company's account", () => {
  it('an owner gives a reason, confirms after reading what is erased, then withdraws the pending request', async () => {
    renderPage('en');
    const section = await screen.findByTestId('data-closure');
    // What closing erases and what stays, in the privacy page's words.
    expect(within(section).getByTestId('closure-effects').textContent).toContain(
      translate('en', 'contentPublic:dataRights.closure.text'),
    );
    expect(within(section).getByTestId('closure-privacy-link').getAttribute('href')).toBe(
      '/en/public/privacy',
    );
    fireEvent.change(await within(section).findByTestId('closure-reason'), {
      target: { value: 'We are ceasing trading.' },
    });
    fireEvent.click(within(section).getByTestId('closure-ask'));
    // The confirmation step names what will be erased; nothing is sent before it.
    expect(await screen.findByText("Close Demo Comércio, Lda's account?")).toBeTruthy();
    expect(writes).toHaveLength(0);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByTestId('closure-effects').textContent).toBe(
      translate('en', 'contentPublic:dataRights.closure.text'),
    );
    fireEvent.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({ method: 'POST', body: { reason: 'We are ceasing trading.' } });

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const state = await screen.findByTestId('closure-state');
    expect(state.textContent).toContain('Closure request waiting for an administrator');
    expect(state.textContent).toContain('Reason: We are ceasing trading.');
    expect(screen.queryByTestId('closure-form')).toBeNull();
    fireEvent.click(within(state).getByTestId('closure-withdraw'));
    fireEvent.click(await screen.findByTestId('confirm-button'));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]).toMatchObject({
      method: 'DELETE',
      url: expect.stringContaining(`/companies/${COMPANY_ID}/closure`),
    });
    expect((await screen.findByTestId('closure-state')).textContent).toContain('Closure request withdrawn');
    // Withdrawn, the owner may ask again.
    expect(await screen.findByTestId('closure-form')).toBeTruthy();
  });

  it.each([
    ['pt', 'viewer', 'O seu papel nesta empresa: Leitor.'],
    ['fr', 'accountant', 'Votre rôle dans cette entreprise : Comptable.'],
  ] as const)(
    '%s: a %s reads what closing means and the state, without the owner controls',
    async (language, memberRole, note) => {
      role = memberRole;
      closure = pendingClosure('');
      renderPage(language);
      expect((await screen.findByTestId('data-owner-only')).textContent).toContain(note);
      expect(await screen.findByTestId('closure-state')).toBeTruthy();
      expect(screen.getByTestId('closure-effects').textContent).toContain(
        translate(language, 'contentPublic:dataRights.closure.text'),
      );
      expect(screen.queryByTestId('data-exports')).toBeNull();
      expect(screen.queryByTestId('closure-form')).toBeNull();
      expect(screen.queryByTestId('closure-withdraw')).toBeNull();
      expect(reads.some((url) => url.endsWith('/exports'))).toBe(false);
    },
  );
});

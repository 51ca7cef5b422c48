import type { NifConflict } from '@excelencia/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '../../../lib/api-client.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { ModalHost } from '../../../ui/modal-host.tsx';
import { AdminCompaniesPage } from '../pages/admin-companies-page.tsx';
import { AdminNifConflicts } from './admin-nif-conflicts.tsx';

const SQUATTER = {
  kind: 'registration',
  id: '00000000-0000-4000-8000-0000000000a1',
  companyName: 'Falsa, Lda',
  name: 'Zé Falso',
  email: 'ocupa@falsa.cv',
  language: 'fr',
  createdBy: null,
  createdAt: '2026-11-27T09:00:00.000Z',
  expiresAt: '2026-11-29T09:00:00.000Z',
} as const;
const PRE_REGISTRATION = {
  kind: 'preRegistration',
  id: '00000000-0000-4000-8000-0000000000a2',
  companyName: 'Pastelaria Boa Vista, Lda',
  name: 'Maria Lopes',
  email: 'maria@boavista.cv',
  language: 'pt',
  createdBy: 'Banco Demo',
  createdAt: '2026-11-26T10:00:00.000Z',
  expiresAt: '2026-12-03T10:00:00.000Z',
} as const;
const COMPANY = {
  kind: 'company',
  id: '00000000-0000-4000-8000-0000000000c1',
  companyName: 'Confirmada, SA',
  name: 'Dono',
  email: 'dono@confirmada.cv',
  language: null,
  createdBy: null,
  createdAt: '2026-01-10T10:00:00.000Z',
  expiresAt: null,
} as const;

const settled: unknown[] = [];
let conflicts: NifConflict[];

beforeEach(() => {
  settled.length = 0;
  conflicts = [
    { nif: '500000001', claims: [PRE_REGISTRATION, SQUATTER] },
    { nif: '500000004', claims: [COMPANY, { ...SQUATTER, id: '00000000-0000-4000-8000-0000000000a3' }] },
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/auth/csrf')) return Response.json({ csrfToken: 'token' });
      if (url.endsWith('/companies/nif-conflicts/settle')) {
        const body = JSON.parse(String(init?.body));
        settled.push(body);
        conflicts = conflicts.filter((c) => c.nif !== body.nif);
        return Response.json({ nif: body.nif, kept: PRE_REGISTRATION, cancelled: [SQUATTER] });
      }
      if (url.endsWith('/companies/nif-conflicts')) return Response.json(conflicts);
      return Response.json([]);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  forgetCsrfToken();
});

describe('the admin list of NIF conflicts', () => {
  it("shows both claimants' names, e-mails and dates, and keeps the one chosen after a confirmation", async () => {
    renderWithApp(
      <>
        <AdminNifConflicts />
        <ModalHost />
      </>,
      { language: 'en' },
    );
    const [first, second] = await screen.findAllByTestId('nif-conflict');
    expect(within(first as HTMLElement).getByRole('heading').textContent).toBe('NIF 500000001');
    const [pre, squatter] = within(first as HTMLElement).getAllByTestId('nif-claim');
    expect(pre?.textContent).toContain('Pre-registration not accepted');
    expect(pre?.textContent).toContain('Pastelaria Boa Vista, Lda');
    expect(pre?.textContent).toContain('Pre-registered by Banco Demo');
    expect(pre?.textContent).toContain('Maria Lopes');
    expect(pre?.textContent).toContain('maria@boavista.cv');
    expect(pre?.textContent).toContain('26 November 2026');
    expect(squatter?.textContent).toContain('Registration not confirmed');
    expect(squatter?.textContent).toContain('ocupa@falsa.cv');
    expect(squatter?.textContent).toContain('29 November 2026');

    // A confirmed company can only be kept: the other claim of its NIF offers no button.
    const claims = within(second as HTMLElement).getAllByTestId('nif-claim');
    expect(claims.map((row) => within(row).queryAllByTestId('nif-claim-keep').length)).toEqual([1, 0]);

    fireEvent.click(
      within(pre as HTMLElement).getByRole('button', {
        name: 'Keep the request of Pastelaria Boa Vista, Lda (maria@boavista.cv)',
      }),
    );
    const confirm = await screen.findByTestId('confirm-button');
    expect(screen.getByText(/The other unconfirmed requests for NIF 500000001 are cancelled/)).toBeTruthy();
    fireEvent.click(confirm);
    await waitFor(() => expect(settled).toHaveLength(1));
    expect(settled[0]).toEqual({
      nif: '500000001',
      keep: { kind: 'preRegistration', id: PRE_REGISTRATION.id },
    });
    await waitFor(() => expect(screen.getAllByTestId('nif-conflict')).toHaveLength(1));
  });

  it('says when there is nothing to settle, in Portuguese', async () => {
    conflicts = [];
    renderWithApp(<AdminNifConflicts />, { language: 'pt' });
    expect((await screen.findByTestId('nif-conflicts-empty')).textContent).toBe('Não há conflitos de NIF.');
  });

  it("is the companies page's 'NIF conflicts' tab, opened by ?tab=conflicts", async () => {
    renderWithApp(<AdminCompaniesPage />, { language: 'fr', path: '/?tab=conflicts' });
    expect(screen.getByTestId('tab-nif-conflicts').textContent).toBe('Conflits de NIF');
    expect(await screen.findAllByTestId('nif-conflict')).toHaveLength(2);
  });
});

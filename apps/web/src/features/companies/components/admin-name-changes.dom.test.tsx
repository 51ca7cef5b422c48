import type { NameChange } from '@excelencia/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '../../../lib/api-client.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { AdminNameChanges } from './admin-name-changes.tsx';

const REQUEST: NameChange = {
  id: '00000000-0000-4000-8000-0000000000d1',
  companyId: '00000000-0000-4000-8000-0000000000c1',
  nif: '200000031',
  fromCompanyName: 'Mercearia Boa Esperança, Lda',
  fromLegalName: null,
  toCompanyName: 'Banco Comercial do Atlântico, SA',
  toLegalName: 'BCA, SA',
  status: 'pending',
  requestedAt: '2026-11-27T12:00:00.000Z',
  requestedBy: 'Maria',
  decidedAt: null,
  decidedBy: null,
  reason: null,
  version: 3,
};

const decisions: { url: string; body: unknown }[] = [];
let queue: NameChange[];

beforeEach(() => {
  decisions.length = 0;
  queue = [REQUEST];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/auth/csrf')) return Response.json({ csrfToken: 'token' });
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        decisions.push({ url, body });
        queue = [];
        return Response.json({ ...REQUEST, status: body.approve ? 'approved' : 'refused', version: 4 });
      }
      if (url.includes('/companies/name-changes?status=pending')) return Response.json(queue);
      return Response.json([]);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  forgetCsrfToken();
});

describe('the admin queue of name changes', () => {
  it('shows the current and the requested names, and approves with the version read', async () => {
    renderWithApp(<AdminNameChanges />, { language: 'en' });
    const row = await screen.findByTestId('name-change-row');
    expect(row.textContent).toContain('Mercearia Boa Esperança, Lda');
    expect(row.textContent).toContain('NIF 200000031');
    expect(within(row).getByTestId('name-change-to').textContent).toBe('Banco Comercial do Atlântico, SA');
    expect(row.textContent).toContain('Legal name: BCA, SA');
    expect(row.textContent).toContain('27 November 2026 by Maria');

    fireEvent.click(within(row).getByTestId('name-change-approve'));
    const dialog = await screen.findByTestId('name-change-dialog');
    expect(dialog.textContent).toContain('The company will be named “Banco Comercial do Atlântico, SA”.');
    fireEvent.click(within(dialog).getByTestId('reason-confirm'));
    await waitFor(() => expect(decisions).toHaveLength(1));
    expect(decisions[0]?.url).toContain(`/companies/name-changes/${REQUEST.id}/decision`);
    expect(decisions[0]?.body).toEqual({ approve: true, version: 3 });
    expect(await screen.findByTestId('name-changes-empty')).toBeTruthy();
  });

  it('refuses only with a reason, which is sent', async () => {
    renderWithApp(<AdminNameChanges />, { language: 'pt' });
    fireEvent.click(await screen.findByTestId('name-change-refuse'));
    const dialog = await screen.findByTestId('name-change-dialog');
    fireEvent.click(within(dialog).getByTestId('reason-confirm'));
    expect(await within(dialog).findByText('Campo obrigatório')).toBeTruthy();
    expect(decisions).toHaveLength(0);
    fireEvent.change(within(dialog).getByTestId('reason-input'), {
      target: { value: 'Falta a certidão comercial.' },
    });
    fireEvent.click(within(dialog).getByTestId('reason-confirm'));
    await waitFor(() => expect(decisions).toHaveLength(1));
    expect(decisions[0]?.body).toEqual({ approve: false, reason: 'Falta a certidão comercial.', version: 3 });
  });
});

import { type ClosureRequest, translate } from '@excelencia/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '../../../lib/api-client.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { ModalHost } from '../../../ui/modal-host.tsx';
import { AdminClosureRequests } from './admin-closure-requests.tsx';

const request = (overrides: Partial<ClosureRequest>): ClosureRequest => ({
  id: '00000000-0000-4000-8000-0000000000f1',
  companyId: '00000000-0000-4000-8000-0000000000c1',
  companyName: 'Mercearia Boa Esperança, Lda',
  nif: '200000031',
  status: 'pending',
  reason: 'Cessação de atividade.',
  requestedByName: 'Maria',
  requestedAt: '2026-11-27T12:00:00.000Z',
  decidedByName: null,
  decidedAt: null,
  decisionReason: null,
  ...overrides,
});

const REFUSED = request({
  id: '00000000-0000-4000-8000-0000000000f2',
  companyName: 'Padaria Central, Lda',
  nif: '200000032',
  status: 'refused',
  requestedAt: '2026-11-28T12:00:00.000Z',
  decidedByName: 'Admin',
  decidedAt: '2026-11-28T13:00:00.000Z',
  decisionReason: 'Há uma candidatura em avaliação.',
});
const PENDING = request({});

let queue: ClosureRequest[];
const decisions: { url: string; body: unknown }[] = [];

beforeEach(() => {
  decisions.length = 0;
  // The refused one first, as the server may answer: the screen puts the pending one on top.
  queue = [REFUSED, PENDING];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/auth/csrf')) return Response.json({ csrfToken: 'token' });
      if (init?.method === 'POST') {
        const body = init.body ? JSON.parse(String(init.body)) : null;
        decisions.push({ url, body });
        const status = url.endsWith('/approve') ? 'approved' : 'refused';
        queue = queue.map((item) =>
          item.id === PENDING.id ? { ...item, status, decidedAt: '2026-11-29T08:00:00.000Z' } : item,
        );
        return Response.json(queue.find((item) => item.id === PENDING.id));
      }
      if (url.endsWith('/closure-requests')) return Response.json(queue);
      return Response.json([]);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  forgetCsrfToken();
});

function renderQueue(language: 'pt' | 'en' | 'fr') {
  renderWithApp(
    <>
      <AdminClosureRequests />
      <ModalHost />
    </>,
    { language },
  );
}

describe("the admin's closure requests", () => {
  it('lists the pending requests first, and approves after a confirmation naming what is erased', async () => {
    renderQueue('en');
    const rows = await screen.findAllByTestId('closure-request-row');
    expect(rows.map((row) => within(row).getByTestId('closure-request-state').textContent)).toEqual([
      'Pending',
      'Refused',
    ]);
    const [pending, refused] = rows as [HTMLElement, HTMLElement];
    expect(pending.textContent).toContain('Mercearia Boa Esperança, Lda');
    expect(pending.textContent).toContain('NIF 200000031');
    expect(pending.textContent).toContain('Asked for on 27 November 2026');
    expect(pending.textContent).toContain('Cessação de atividade.');
    expect(refused.textContent).toContain('Há uma candidatura em avaliação.');
    expect(within(refused).queryByTestId('closure-approve')).toBeNull();

    fireEvent.click(within(pending).getByTestId('closure-approve'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain("Close Mercearia Boa Esperança, Lda's account?");
    expect(dialog.textContent).toContain('Mercearia Boa Esperança, Lda (NIF 200000031) are erased');
    // What is erased and what stays, in the privacy page's words.
    expect(within(dialog).getByTestId('closure-effects').textContent).toBe(
      translate('en', 'contentPublic:dataRights.closure.text'),
    );
    expect(decisions).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() => expect(decisions).toHaveLength(1));
    expect(decisions[0]?.url).toContain(`/closure-requests/${PENDING.id}/approve`);
    await waitFor(() =>
      expect(screen.getAllByTestId('closure-request-state').map((badge) => badge.textContent)).toEqual([
        'Approved',
        'Refused',
      ]),
    );
  });

  it('refuses only with a reason, which is sent', async () => {
    renderQueue('pt');
    fireEvent.click(await screen.findByTestId('closure-refuse'));
    const dialog = await screen.findByTestId('closure-refuse-dialog');
    fireEvent.click(within(dialog).getByTestId('reason-confirm'));
    expect(await within(dialog).findByText('Campo obrigatório')).toBeTruthy();
    expect(decisions).toHaveLength(0);
    fireEvent.change(within(dialog).getByTestId('reason-input'), {
      target: { value: 'Há uma candidatura em avaliação.' },
    });
    fireEvent.click(within(dialog).getByTestId('reason-confirm'));
    await waitFor(() => expect(decisions).toHaveLength(1));
    expect(decisions[0]?.url).toContain(`/closure-requests/${PENDING.id}/refuse`);
    expect(decisions[0]?.body).toEqual({ reason: 'Há uma candidatura em avaliação.' });
  });

  it('says so when no company asked', async () => {
    queue = [];
    renderQueue('fr');
    expect((await screen.findByTestId('closure-requests-empty')).textContent).toBe(
      "Il n'y a aucune demande de fermeture de compte.",
    );
  });
});

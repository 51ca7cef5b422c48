import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { CompanyPartnerSharing } from './company-partner-sharing.tsx';

const COMPANY = '00000000-0000-4000-8000-0000000000c1';
const REQUEST = '00000000-0000-4000-8000-0000000000f1';
const NONE = { status: false, diagnosis: false };
const ASSISTING = {
  partnerEntityId: '00000000-0000-4000-8000-0000000000e1',
  code: 'BA',
  name: 'Banco A',
  assists: true,
  consent: { status: true, diagnosis: false },
  updatedAt: '2026-03-01T10:00:00.000Z',
  followRequest: null,
};
const ASKING = {
  partnerEntityId: '00000000-0000-4000-8000-0000000000e2',
  code: 'BB',
  name: 'Banco B',
  assists: false,
  consent: NONE,
  updatedAt: null,
  followRequest: { id: REQUEST, requestedBy: 'Bruno Tavares', requestedAt: '2026-03-02T10:00:00.000Z' },
};

/** The sharing table, the access log, and the answers to a decision. */
function serve(items: unknown[]) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/auth/csrf')) return Response.json({ csrfToken: 'csrf-token' });
      if (url.includes('/partner-consents')) return Response.json(items);
      if (url.includes('/partner-access-log'))
        return Response.json({ items: [], total: 0, page: 1, pageSize: 10 });
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return Response.json({
        id: REQUEST,
        companyId: COMPANY,
        companyName: 'Empresa, Lda',
        nif: '300000001',
        status: 'accepted',
        requestedBy: 'Bruno Tavares',
        requestedAt: '2026-03-02T10:00:00.000Z',
        decidedAt: '2026-03-03T10:00:00.000Z',
      });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('CompanyPartnerSharing', () => {
  it("shows an entity's request to follow the company, who asked, and accepts it", async () => {
    const calls = serve([ASSISTING, ASKING]);
    renderWithApp(<CompanyPartnerSharing companyId={COMPANY} canChange />);
    const rows = await screen.findAllByTestId('consent-row');
    expect(rows.map((row) => row.getAttribute('data-code'))).toEqual(['BA', 'BB']);
    expect(within(rows[0] as HTMLElement).queryByTestId('follow-request')).toBeNull();
    const request = within(rows[1] as HTMLElement).getByTestId('follow-request');
    expect(request.textContent).toContain('Asks to follow the company');
    expect(request.textContent).toContain('Asked by Bruno Tavares on');
    expect(screen.getByText(/If you accept, the entity assists the company from then on/)).toBeTruthy();
    // Its consent stays the company's choice: the switches are there, off.
    expect(within(rows[1] as HTMLElement).getByTestId('consent-status')).toHaveProperty('checked', false);

    fireEvent.click(within(request).getByRole('button', { name: "Accept Banco B's request" }));
    await waitFor(() =>
      expect(calls).toEqual([
        {
          url: `/app/api/v1/companies/${COMPANY}/follow-requests/${REQUEST}/decision`,
          body: { accept: true },
        },
      ]),
    );
  });

  it('refuses it in Portuguese', async () => {
    const calls = serve([ASKING]);
    renderWithApp(<CompanyPartnerSharing companyId={COMPANY} canChange />, { language: 'pt' });
    const request = await screen.findByTestId('follow-request');
    expect(request.textContent).toContain('Pede para acompanhar a empresa');
    fireEvent.click(within(request).getByRole('button', { name: 'Recusar o pedido de Banco B' }));
    await waitFor(() => expect(calls.map((c) => c.body)).toEqual([{ accept: false }]));
  });

  it('offers no answer to an admin, who only reads', async () => {
    serve([ASKING]);
    renderWithApp(<CompanyPartnerSharing companyId={COMPANY} canChange={false} />);
    const request = await screen.findByTestId('follow-request');
    expect(within(request).queryAllByRole('button')).toEqual([]);
  });

  it.each([
    ['en', 'No partner entity assists your company or asked to follow it.'],
    ['fr', "Aucune entité partenaire n'accompagne votre entreprise ni n'a demandé à la suivre."],
  ] as const)(
    '%s: says that no entity concerns the company, rather than listing every bank',
    async (language, text) => {
      serve([]);
      renderWithApp(<CompanyPartnerSharing companyId={COMPANY} canChange />, { language });
      expect((await screen.findByTestId('partner-consents-none')).textContent).toBe(text);
    },
  );
});

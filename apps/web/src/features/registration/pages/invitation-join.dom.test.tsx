import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '../../../lib/api-client.ts';
import { i18n } from '../../../lib/i18n.ts';
import { LanguageContext } from '../../../lib/language-context.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { InvitationPage } from './invitation-page.tsx';

const COMPANY_ID = '00000000-0000-4000-8000-0000000000c1';
const TEAM_INVITATION = {
  companyName: 'Hotel Atlântico, Lda',
  email: 'rui@contas.cv',
  name: '',
  role: 'accountant',
  kind: 'team',
  hasAccount: true,
  invitedByName: 'Ana Lopes',
};
const SIGNED_IN = {
  status: 'authenticated',
  user: { id: 'u-rui', name: 'Rui Tavares', email: 'rui@contas.cv' },
  roles: ['uma_authorization', 'company'],
  expires: '2099-01-01T00:00:00.000Z',
  language: 'fr',
};

/** The invitation's summary, the session (signed in or not) and the answer to joining. */
function serve(options: {
  summary?: object;
  session?: object;
  join?: () => Response;
}): { url: string; body: unknown }[] {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/auth/csrf')) return Response.json({ csrfToken: 'csrf-token' });
      if (url.endsWith('/auth/session'))
        return Response.json(options.session ?? { status: 'unauthenticated' });
      if (url.endsWith('/me/companies')) return Response.json([]);
      if (init?.method === 'POST') {
        calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
        return (
          options.join?.() ??
          Response.json({ companyId: COMPANY_ID, companyName: 'Hotel Atlântico, Lda', role: 'accountant' })
        );
      }
      return Response.json(options.summary ?? TEAM_INVITATION);
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  forgetCsrfToken();
  window.localStorage.clear();
});

const open = (language: 'pt' | 'en' | 'fr' = 'en') =>
  renderWithApp(<InvitationPage />, { language, path: '/register/invitation?token=abc' });

describe('a team invitation', () => {
  it('shows the company, the role and who invites; with an account, asks to sign in and come back', async () => {
    serve({});
    open();
    expect((await screen.findByTestId('invitation-role')).textContent).toBe('Accountant');
    expect(screen.getByTestId('invitation-company').textContent).toBe('Hotel Atlântico, Lda');
    expect(screen.getByTestId('invitation-inviter').textContent).toBe('Ana Lopes');
    expect(
      screen.getByText('Ana Lopes invites you to work on Hotel Atlântico, Lda in the portal, as Accountant.'),
    ).toBeTruthy();
    const signIn = screen.getByTestId('invitation-sign-in-to-accept');
    const href = new URL(signIn.getAttribute('href') ?? '', 'http://portal');
    expect(href.pathname).toBe('/auth/login');
    expect(href.searchParams.get('callbackUrl')).toBe('/en/register/invitation?token=abc');
    expect(screen.queryByTestId('invitation-submit')).toBeNull();
  });

  it('without an account, sets a password as an owner invitation does', async () => {
    serve({ summary: { ...TEAM_INVITATION, hasAccount: false } });
    open('pt');
    expect((await screen.findByTestId('invitation-role')).textContent).toBe('Contabilista');
    expect(screen.getByTestId('invitation-submit')).toBeTruthy();
    expect(screen.queryByTestId('invitation-join')).toBeNull();
  });

  it('without an account, asks the name, filled with the one the owner typed, and sends what the person keeps', async () => {
    const calls = serve({ summary: { ...TEAM_INVITATION, name: 'Rui Tavares', hasAccount: false } });
    open('fr');
    const name = await screen.findByLabelText('Votre nom');
    await waitFor(() => expect((name as HTMLInputElement).value).toBe('Rui Tavares'));
    fireEvent.change(name, { target: { value: 'Rui M. Tavares' } });
    for (const label of [/^Mot de passe/, /^Confirmer le mot de passe/]) {
      fireEvent.change(screen.getByLabelText(label), { target: { value: 'Contas-do-Sal-2026!' } });
    }
    fireEvent.click(screen.getByTestId('accept-terms'));
    fireEvent.click(screen.getByTestId('invitation-submit'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ token: 'abc', name: 'Rui M. Tavares', acceptedTerms: true });
  });

  it('signed in: Accept joins with the token, chooses the company and goes to the company dashboard', async () => {
    const calls = serve({ session: SIGNED_IN });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    // The page and the dashboard it leads to, in French.
    await i18n.changeLanguage('fr');
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <MantineProvider>
            <LanguageContext.Provider value="fr">
              <MemoryRouter initialEntries={['/fr/register/invitation?token=abc']}>
                <Routes>
                  <Route path="/fr/register/invitation" element={<InvitationPage />} />
                  <Route path="/fr/company/dashboard" element={<p data-testid="dashboard">dashboard</p>} />
                </Routes>
              </MemoryRouter>
            </LanguageContext.Provider>
          </MantineProvider>
        </QueryClientProvider>
      </I18nextProvider>,
    );
    expect((await screen.findByTestId('invitation-signed-in-as')).textContent).toBe(
      'Connecté en tant que rui@contas.cv.',
    );
    fireEvent.click(screen.getByTestId('invitation-join'));
    expect(await screen.findByTestId('dashboard')).toBeTruthy();
    expect(calls).toEqual([{ url: '/app/api/v1/invitations/join', body: { token: 'abc' } }]);
    expect(window.localStorage.getItem('companyID')).toContain(COMPANY_ID);
    await waitFor(() =>
      expect(invalidate).toHaveBeenCalledWith({ queryKey: ['companies', 'mine'], refetchType: 'all' }),
    );
  });

  it('a partner who joins signs in again, so that the session carries the company role', async () => {
    const calls = serve({ session: { ...SIGNED_IN, roles: ['uma_authorization', 'partner'] } });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    open();
    fireEvent.click(await screen.findByTestId('invitation-join'));
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([{ url: '/app/api/v1/invitations/join', body: { token: 'abc' } }]);
    const href = new URL(String(assign.mock.calls[0]?.[0]), 'http://portal');
    expect(href.pathname).toBe('/auth/login');
    expect(href.searchParams.get('callbackUrl')).toBe('/en/company/dashboard');
  });

  it("signed in with another address: the server's refusal is shown with its message", async () => {
    serve({
      session: { ...SIGNED_IN, user: { ...SIGNED_IN.user, email: 'outro@contas.cv' } },
      join: () =>
        Response.json(
          {
            error: {
              code: 'invitation_email',
              key: 'teams:errors.invitationEmail',
              message: 'This invitation is for another e-mail address.',
            },
          },
          { status: 403 },
        ),
    });
    open();
    fireEvent.click(await screen.findByTestId('invitation-join'));
    expect((await screen.findByTestId('invitation-join-error')).textContent).toBe(
      'This invitation is for another e-mail address.',
    );
  });
});

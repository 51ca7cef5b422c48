import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { InvitationPage } from './invitation-page.tsx';

const PASSWORD = 'Convite-Seguro-2026!';
const SUMMARY = {
  companyName: 'Hotel Atlântico, Lda',
  email: 'responsavel.financeiro.e.administrativo@hotel-atlantico-boa-vista.cv',
  name: 'Rui Gomes',
};

/** The invitation's summary, and the server's answer to accepting it. */
function serve(answer: () => Response = () => Response.json({ status: 'accepted', email: SUMMARY.email })) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/auth/csrf')) return Response.json({ csrfToken: 'csrf-token' });
      if (url.includes('/invitations/') && !url.endsWith('/accept')) return Response.json(SUMMARY);
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return answer();
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

const open = (language: 'pt' | 'en' | 'fr' = 'en') =>
  renderWithApp(<InvitationPage />, { language, path: '/register/invitation?token=abc' });

function typePasswords() {
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: PASSWORD } });
  fireEvent.change(screen.getByLabelText(/^Confirm password/), { target: { value: PASSWORD } });
}

describe('InvitationPage', () => {
  it('shows the logo leading home, and the e-mail wrapping inside its card', async () => {
    serve();
    open();
    const email = await screen.findByTestId('invitation-email');
    expect(email.textContent).toBe(SUMMARY.email);
    // A long address breaks anywhere rather than widening the page on a phone (checked at 390 px in e2e).
    expect(email.style.overflowWrap).toBe('anywhere');
    expect(screen.getByRole('link', { name: 'Business Excellence, home page' }).getAttribute('href')).toBe(
      '/en/',
    );
  });

  it('asks to accept the privacy policy and the regulation, as registering does, before anything is sent', async () => {
    const calls = serve();
    open();
    await screen.findByTestId('invitation-email');
    const terms = screen.getByTestId('accept-terms');
    const label = terms.closest('.mantine-Checkbox-root') ?? document.body;
    expect(
      within(label as HTMLElement)
        .getByRole('link', { name: 'Privacy policy' })
        .getAttribute('href'),
    ).toBe('/en/public/privacy');
    expect(
      within(label as HTMLElement)
        .getByRole('link', { name: 'Regulation' })
        .getAttribute('href'),
    ).toBe('/en/public/regulation');
    typePasswords();
    fireEvent.click(screen.getByTestId('invitation-submit'));
    expect(await screen.findByText('You must accept the terms and conditions')).toBeTruthy();
    expect(calls).toEqual([]);

    fireEvent.click(terms);
    expect(screen.queryByText('You must accept the terms and conditions')).toBeNull();
    fireEvent.click(screen.getByTestId('invitation-submit'));
    expect(await screen.findByTestId('invitation-accepted')).toBeTruthy();
    expect(calls).toEqual([
      {
        url: '/app/api/v1/invitations/accept',
        body: { token: 'abc', password: PASSWORD, confirmPassword: PASSWORD, acceptedTerms: true },
      },
    ]);
  });

  it("puts the server's refusal of the terms under the checkbox, in the page's language", async () => {
    serve(() =>
      Response.json(
        {
          error: {
            code: 'validation',
            key: 'errors:validation',
            message: 'Dados inválidos',
            details: [{ path: 'acceptedTerms', message: 'Tem de aceitar os termos e condições' }],
          },
        },
        { status: 400 },
      ),
    );
    open('pt');
    await screen.findByTestId('invitation-email');
    fireEvent.change(screen.getByLabelText(/^Palavra-passe/), { target: { value: PASSWORD } });
    fireEvent.change(screen.getByLabelText(/^Confirmar palavra-passe/), { target: { value: PASSWORD } });
    fireEvent.click(screen.getByTestId('accept-terms'));
    fireEvent.click(screen.getByTestId('invitation-submit'));
    expect(await screen.findByText('Tem de aceitar os termos e condições')).toBeTruthy();
    expect(screen.queryByTestId('invitation-accepted')).toBeNull();
  });
});

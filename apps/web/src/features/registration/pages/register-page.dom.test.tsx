import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { RegisterPage } from './register-page.tsx';

beforeEach(() => {
  // The pickers' options: none needed here.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json([])),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function type(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('RegisterPage', () => {
  it("says 'Passwords must match' as the confirmation is typed, with every other field still empty", async () => {
    renderWithApp(<RegisterPage />);
    type(/^Password/, 'Segredo-2026!');
    type(/^Confirm password/, 'Segr');
    // Still the start of the password: the user is typing, nothing to say yet.
    expect(screen.queryByText('Passwords must match')).toBeNull();
    type(/^Confirm password/, 'Segx');
    expect(await screen.findByText('Passwords must match')).toBeTruthy();
    type(/^Confirm password/, 'Segredo-2026!');
    expect(screen.queryByText('Passwords must match')).toBeNull();
    // Changing the password once confirmed shows it again at once.
    type(/^Password/, 'Segredo-2026!!');
    expect(await screen.findByText('Passwords must match')).toBeTruthy();
    // Nothing else was flagged: the other fields were never touched.
    expect(screen.queryByText('Company name is required')).toBeNull();
  });

  it('says it in Portuguese and French too', async () => {
    for (const [language, confirmLabel, message] of [
      ['pt', /^Confirmar palavra-passe/, 'As palavras-passe não coincidem'],
      ['fr', /^Confirmer le mot de passe/, 'Les mots de passe ne correspondent pas'],
    ] as const) {
      const view = renderWithApp(<RegisterPage />, { language });
      fireEvent.change(screen.getByLabelText(confirmLabel), { target: { value: 'x' } });
      expect(await screen.findByText(message)).toBeTruthy();
      view.unmount();
    }
  });
});

const OPTION = (n: number) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  code: `C${n}`,
  label: `Option ${n}`,
});

/** The options of every select, and the server's answer to the registration. */
function serve(answer: () => Response) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/public/options/')) return Response.json([OPTION(1)]);
      if (url.endsWith('/auth/csrf')) return Response.json({ csrfToken: 'csrf-token' });
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return answer();
    }),
  );
  return calls;
}

async function fillAndSubmit(email: string) {
  type(/^Company name/, 'Pastelaria Boa Vista, Lda');
  type(/^Responsible person/, 'Maria Lopes');
  type(/^Corporate email/, email);
  type(/^Phone/, '+238 991 23 45');
  type(/^NIF/, '123456789');
  type(/^Password/, 'Segredo-2026!');
  type(/^Confirm password/, 'Segredo-2026!');
  for (const id of ['select-caeSection', 'select-caeDivision', 'select-island', 'select-city']) {
    const select = await screen.findByTestId(id);
    await within(select).findByText('Option 1');
    fireEvent.change(select, { target: { value: OPTION(1).id } });
  }
  fireEvent.click(screen.getByTestId('accept-terms'));
  fireEvent.click(screen.getByTestId('register-submit'));
}

describe('RegisterPage after submitting', () => {
  it('shows "check your e-mail" with the address, a new-link form and sign-in, for any address the server accepted', async () => {
    // The server answers an address with an account exactly as a new one: 202 {status, email}.
    const calls = serve(() =>
      Response.json({ status: 'pending', email: 'conta@empresa.cv' }, { status: 202 }),
    );
    renderWithApp(<RegisterPage />);
    await fillAndSubmit('Conta@Empresa.cv');
    const sent = await screen.findByTestId('register-sent');
    expect(sent.textContent).toContain('We sent a message to conta@empresa.cv.');
    expect(within(sent).getByRole('textbox')).toHaveProperty('value', 'conta@empresa.cv');
    expect(within(sent).getByTestId('register-sent-sign-in').getAttribute('href')).toBe(
      '/auth/login?callbackUrl=%2Fen%2Fcompany%2Fdashboard&lang=en',
    );
    expect(calls).toEqual([
      expect.objectContaining({
        url: '/app/api/v1/registrations',
        body: expect.objectContaining({ email: 'conta@empresa.cv', language: 'en' }),
      }),
    ]);
  });

  it("puts a confirmed company's NIF under the NIF field and stays on the form", async () => {
    serve(() =>
      Response.json(
        {
          error: {
            code: 'nif_taken',
            key: 'errors:nifTaken',
            message: 'A company is already registered with this NIF.',
            details: [{ path: 'nif', message: 'A company is already registered with this NIF.' }],
          },
        },
        { status: 409 },
      ),
    );
    renderWithApp(<RegisterPage />);
    await fillAndSubmit('nova@empresa.cv');
    expect(await screen.findByText('A company is already registered with this NIF.')).toBeTruthy();
    expect(screen.queryByTestId('register-sent')).toBeNull();
  });
});

describe('RegisterPage, the division and city selects', () => {
  const errorOf = (select: HTMLElement) =>
    select.getAttribute('aria-invalid') === 'true'
      ? (document.getElementById(
          select
            .getAttribute('aria-describedby')
            ?.split(' ')
            .find((id) => id.includes('error')) ?? '',
        )?.textContent ?? 'invalid')
      : null;

  it('shows no error on a disabled select; the error appears once its section or island is chosen', async () => {
    serve(() => Response.json({ status: 'pending', email: 'x@y.cv' }, { status: 202 }));
    renderWithApp(<RegisterPage />);
    const section = await screen.findByTestId('select-caeSection');
    const division = screen.getByTestId('select-caeDivision');
    const island = screen.getByTestId('select-island');
    const city = screen.getByTestId('select-city');
    expect(division).toHaveProperty('disabled', true);
    expect(city).toHaveProperty('disabled', true);

    // Submitting the empty form flags what can be fixed now, not the disabled selects.
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('Company name is required')).toBeTruthy();
    expect(errorOf(section)).toBe('Choose an option');
    expect(errorOf(island)).toBe('Choose an option');
    expect(errorOf(division)).toBeNull();
    expect(errorOf(city)).toBeNull();
    expect(screen.getAllByText('Choose an option')).toHaveLength(2);

    // A section chosen: the division can be chosen now, and says it must be.
    await within(section).findByText('Option 1');
    fireEvent.change(section, { target: { value: OPTION(1).id } });
    expect(division).toHaveProperty('disabled', false);
    expect(errorOf(section)).toBeNull();
    await vi.waitFor(() => expect(errorOf(division)).toBe('Choose an option'));
    expect(errorOf(city)).toBeNull();
    await within(division).findByText('Option 1');
    fireEvent.change(division, { target: { value: OPTION(1).id } });
    await vi.waitFor(() => expect(errorOf(division)).toBeNull());
  });

  it('says nothing under a division emptied by another section before any submit', async () => {
    serve(() => Response.json({ status: 'pending', email: 'x@y.cv' }, { status: 202 }));
    renderWithApp(<RegisterPage />);
    const section = await screen.findByTestId('select-caeSection');
    await within(section).findByText('Option 1');
    fireEvent.change(section, { target: { value: OPTION(1).id } });
    const division = screen.getByTestId('select-caeDivision');
    expect(division).toHaveProperty('disabled', false);
    expect(errorOf(division)).toBeNull();
  });
});

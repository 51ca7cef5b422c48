import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../testing/render.tsx';
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

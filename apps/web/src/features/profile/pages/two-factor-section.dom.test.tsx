import type { Language, TwoFactorStatus } from '@excelencia/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignedInContext } from '../../../lib/signed-in-context.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { ProfilePage } from './profile-page.tsx';

function stubApi(twoFactor: TwoFactorStatus) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('/me/two-factor')) return Response.json(twoFactor);
      if (url.includes('/me/profile')) {
        return Response.json({ name: 'Ana', email: 'ana@example.cv', language: 'en', profilePicture: null });
      }
      return Response.json([]);
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

function renderProfile(language: Language, roles: string[] = ['company']) {
  renderWithApp(
    <SignedInContext.Provider
      value={{
        session: {
          status: 'authenticated',
          user: { id: 'u1', name: 'Ana', email: 'ana@example.cv' },
          roles,
          expires: '2030-01-01T00:00:00.000Z',
          language,
        },
        selectedCompany: null,
      }}
    >
      <ProfilePage />
    </SignedInContext.Provider>,
    { language },
  );
}

describe("the profile's two-factor sign-in", () => {
  it('shows it off, with a link to turn it on at the identity provider', async () => {
    stubApi({ enabled: false, required: false, credentialId: null });
    renderProfile('en');
    const link = await screen.findByRole('link', { name: 'Turn on two-factor sign-in' });
    expect(link.getAttribute('href')).toBe('/auth/two-factor?callbackUrl=%2Fen%2Fusers%2Fprofile');
    expect(screen.getByTestId('two-factor-state').textContent).toBe('State: Off');
    expect(screen.getByRole('heading', { name: 'Two-factor sign-in' })).toBeTruthy();
  });

  it('shows it on, with a link that removes that credential (in French)', async () => {
    stubApi({ enabled: true, required: false, credentialId: 'cred-1' });
    renderProfile('fr');
    const link = await screen.findByRole('link', { name: 'Désactiver la connexion en deux étapes' });
    expect(link.getAttribute('href')).toBe(
      '/auth/two-factor/remove?callbackUrl=%2Ffr%2Fusers%2Fprofile&credentialId=cred-1',
    );
    expect(screen.getByTestId('two-factor-state').textContent).toBe('État : Activée');
  });

  it('offers no way off when it is required (in Portuguese)', async () => {
    stubApi({ enabled: true, required: true, credentialId: 'cred-2' });
    renderProfile('pt', ['admin']);
    expect(
      await screen.findByText('Obrigatória para administradores: não pode ser desativada.'),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Desativar a verificação em dois passos' })).toBeNull();
  });
});

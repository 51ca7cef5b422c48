import type { Language } from '@excelencia/domain';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignedInContext } from '../../../lib/signed-in-context.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { ProfilePage } from './profile-page.tsx';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).includes('/me/profile')
        ? Response.json({
            name: 'Empresa Demo',
            email: 'empresa@excelencia.cv',
            language: 'pt',
            profilePicture: null,
          })
        : String(input).includes('/accounts/by-email/')
          ? Response.json({
              id: '00000000-0000-4000-8000-0000000000a1',
              name: 'Empresa Demo',
              profilePicture: null,
              userGroup: 'company',
            })
          : Response.json([]),
    ),
  );
});

afterEach(() => vi.unstubAllGlobals());

function renderProfile(language: Language) {
  renderWithApp(
    <SignedInContext.Provider
      value={{
        session: {
          status: 'authenticated',
          user: { id: 'u1', name: 'Empresa Demo', email: 'empresa@excelencia.cv' },
          roles: ['company'],
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

describe("the profile picture's size limit", () => {
  it.each([
    ['pt', 'JPEG, PNG ou WebP, até 2 MB.'],
    ['en', 'JPEG, PNG or WebP, up to 2 MB.'],
    ['fr', "JPEG, PNG ou WebP, jusqu'à 2 Mo."],
  ] as const)('%s: is written as the other limits are ("%s", not "2.0 MB")', async (language, text) => {
    renderProfile(language);
    expect(await screen.findByText(text)).toBeTruthy();
  });
});

describe('what the portal keeps of the person', () => {
  it('offers the download of my data on the profile, saying what it holds', async () => {
    renderProfile('en');
    expect((await screen.findByTestId('personal-data-download')).textContent).toBe('Download my data');
    expect(screen.getByTestId('personal-data-contents').textContent).toContain('your last 1000 actions');
  });
});

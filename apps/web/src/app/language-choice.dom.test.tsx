import type { Language } from '@excelencia/domain';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';
import { Providers } from './providers.tsx';
import { routes } from './router.tsx';

/** The account as the portal keeps it: the language its mails are written in. */
let stored: Language;
/** The PUTs the page sent, in order: `${path} ${language}`. */
let writes: string[];

function answer(url: string, init?: RequestInit): Response {
  const path = new URL(url, 'http://portal.test').pathname;
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { language?: Language }) : {};
  const profile = () => ({ name: 'Ana', email: 'ana@empresa.cv', language: stored, profilePicture: null });
  if (path === '/auth/session') {
    return Response.json({
      status: 'authenticated',
      user: { id: '00000000-0000-4000-8000-0000000000a1', name: 'Ana', email: 'ana@empresa.cv' },
      roles: ['company', 'uma_authorization'],
      expires: '2099-01-01T00:00:00.000Z',
      language: stored,
    });
  }
  if (path === '/auth/csrf') return Response.json({ csrfToken: 'csrf' });
  if (init?.method === 'PUT' && (path.endsWith('/me/profile') || path.endsWith('/me/language'))) {
    writes.push(`${path.replace('/app/api/v1/', '')} ${body.language}`);
    if (body.language) stored = body.language;
    return Response.json(path.endsWith('/me/profile') ? profile() : { language: stored });
  }
  if (path.endsWith('/me/profile')) return Response.json(profile());
  if (path.endsWith('/me/companies')) return Response.json([]);
  if (path.includes('/accounts/by-email/')) {
    return Response.json({
      id: '00000000-0000-4000-8000-0000000000a1',
      name: 'Ana',
      profilePicture: null,
      userGroup: 'company',
    });
  }
  return Response.json(
    { error: { code: 'not_found', key: 'errors:notFound', message: 'x' } },
    { status: 404 },
  );
}

beforeEach(() => {
  writes = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => answer(String(input), init)),
  );
});

afterEach(() => vi.unstubAllGlobals());

function openApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

/** Waits for the page and everything its first render started (the session, the profile, their effects). */
async function settled(check: () => void) {
  await waitFor(check);
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('the language stored on the account (the one its mails use)', () => {
  it('is not overwritten by the language of the page a person opens (a /pt/ link from a mail)', async () => {
    stored = 'fr';
    openApp('/pt/users/profile');
    await settled(() => expect(screen.getByTestId('profile-language')).toBeTruthy());
    expect(writes).toEqual([]);
    expect(stored).toBe('fr');
  });

  it('is the one chosen in the profile: saved once, then the app moves to that prefix without writing another', async () => {
    stored = 'pt';
    const router = openApp('/pt/users/profile');
    const select = await screen.findByTestId('profile-language');
    fireEvent.change(select, { target: { value: 'fr' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/users/profile'));
    // The session is read again (it says fr now) while the page moves from /pt/ to /fr/.
    await settled(() => expect(document.documentElement.lang).toBe('fr'));
    await settled(() => expect(screen.getByTestId('profile-language')).toBeTruthy());
    expect(writes).toEqual(['me/profile fr']);
    expect(stored).toBe('fr');
  });

  it('is the one picked in the language selector of the signed-in area', async () => {
    stored = 'pt';
    const router = openApp('/pt/users/profile');
    await screen.findByTestId('profile-language');
    fireEvent.click(screen.getByTestId('language-selector'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'English' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/users/profile'));
    await settled(() => expect(writes).toEqual(['me/language en']));
    expect(stored).toBe('en');
  });
});

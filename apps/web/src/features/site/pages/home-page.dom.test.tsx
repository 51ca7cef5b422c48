import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PublicLayout } from '../../../app/layouts/public-layout.tsx';
import { renderWithApp } from '../../../testing/render.tsx';
import { HomePage } from './public-pages.tsx';

const COMPANY_SESSION = {
  status: 'authenticated',
  user: { id: 'u1', name: 'Empresa Demo', email: 'empresa@excelencia.cv' },
  roles: ['company', 'uma_authorization'],
  expires: new Date(Date.now() + 3_600_000).toISOString(),
  language: 'en',
};

/** The portal's answers: the session given, and no edition announced. */
function serve(session: object) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith('/auth/session')
        ? Response.json(session)
        : Response.json(
            { error: { code: 'not_found', key: 'errors:notFound', message: 'x' } },
            { status: 404 },
          ),
    ),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('HomePage and the public header', () => {
  it('invites a visitor to register the company', async () => {
    serve({ status: 'unauthenticated' });
    renderWithApp(
      <>
        <PublicLayout />
        <HomePage />
      </>,
    );
    expect(await screen.findByRole('link', { name: 'Register the company' })).toBeTruthy();
    expect(await screen.findAllByRole('link', { name: 'Register' })).not.toHaveLength(0);
  });

  it('does not offer registration to a signed-in company user', async () => {
    serve(COMPANY_SESSION);
    renderWithApp(
      <>
        <PublicLayout />
        <HomePage />
      </>,
    );
    expect(await screen.findAllByRole('link', { name: 'My area' })).not.toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Register the company' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();
  });
});

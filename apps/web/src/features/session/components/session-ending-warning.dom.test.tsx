import { useQuery } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthenticatedSession } from '../../../lib/signed-in-context.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { sessionKeys } from '../queries.ts';
import { SessionEndingWarning } from './session-ending-warning.tsx';

const NOW = Date.parse('2026-11-28T10:00:00.000Z');

function session(expiresInMs: number): AuthenticatedSession {
  return {
    status: 'authenticated',
    user: { id: 'u1', name: 'Ana', email: 'ana@example.cv' },
    roles: ['company', 'uma_authorization'],
    expires: new Date(NOW + expiresInMs).toISOString(),
    language: 'en',
  };
}

/** The warning as the layout shows it: fed from the session query, which an extension updates. */
function FromSessionQuery({ initial, now }: { initial: AuthenticatedSession; now: () => number }) {
  const { data } = useQuery({
    queryKey: sessionKeys.current(),
    queryFn: () => initial,
    initialData: initial,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return <SessionEndingWarning session={data} now={now} />;
}

let calls: string[];
function stubApi(extend: () => Response) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      if (url === '/auth/csrf') return Response.json({ csrfToken: 'csrf-token' });
      if (url === '/auth/session/extend') return extend();
      return Response.json({});
    }),
  );
}

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'],
    shouldAdvanceTime: true,
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the warning before the session ends', () => {
  it('stays hidden until two minutes are left, then counts down and extends the session on request', async () => {
    let now = NOW;
    stubApi(() => Response.json(session(12 * 3_600_000)));
    renderWithApp(<FromSessionQuery initial={session(5 * 60_000)} now={() => now} />);
    expect(screen.queryByRole('dialog')).toBeNull();

    // Three minutes later, two are left.
    now += 3 * 60_000;
    await act(async () => {
      vi.advanceTimersByTime(3 * 60_000);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Your session is about to end' });
    expect(dialog.textContent).toContain('your session ends in 2:00');
    expect(dialog.textContent).toContain('What you have typed stays on this page.');
    now += 5_000;
    await act(async () => {
      vi.advanceTimersByTime(5_000);
    });
    expect(dialog.textContent).toContain('your session ends in 1:55');

    vi.useRealTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(calls).toContain('POST /auth/session/extend'));
    // The session query now holds the extended session: twelve hours left, no warning.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so when the session cannot be extended, and offers only to sign out', async () => {
    stubApi(() => Response.json({ error: { code: 'unauthorized', message: 'x' } }, { status: 401 }));
    renderWithApp(<SessionEndingWarning session={session(90_000)} now={() => NOW} />, { language: 'fr' });
    const dialog = await screen.findByRole('dialog', { name: 'Votre session va se terminer' });
    expect(dialog.textContent).toContain('se termine dans 1:30');
    vi.useRealTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Rester connecté' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      "La session n'a pas pu être prolongée. Gardez une copie de ce que vous avez saisi et reconnectez-vous.",
    );
    expect(screen.queryByRole('button', { name: 'Rester connecté' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Se déconnecter' })).toBeTruthy();
  });
});

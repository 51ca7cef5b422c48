import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignedInContext } from '../../../lib/signed-in-context.ts';
import { draftApplication } from '../../../testing/applications.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { useAdminApplicationQuery } from '../queries.ts';
import { DecisionSection } from './admin-application-decision.tsx';

const pending = draftApplication({
  status: 'pending',
  complete: true,
  submittedAt: '2026-03-02T10:00:00.000Z',
  version: 3,
});

const decided = draftApplication({
  ...pending,
  status: 'evaluated',
  decision: {
    decision: 'evaluated',
    reason: null,
    decidedBy: 'Administrador',
    decidedAt: '2026-03-05T10:00:00.000Z',
    confirmedBy: null,
    confirmedAt: null,
  },
  version: 4,
});

beforeEach(() => {
  let current = pending;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/auth/csrf')) return Response.json({ csrfToken: 'token' });
      if (url.endsWith('/evaluation') && init?.method === 'POST') {
        current = decided;
        return Response.json(current);
      }
      if (url.endsWith(`/applications/${pending.id}`)) return Response.json(current);
      return Response.json([]);
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

/** The decision card as the evaluation drawer shows it: on the application as read (and stored) by the query. */
function Drawer() {
  const { data } = useAdminApplicationQuery(pending.id);
  return data ? <DecisionSection application={data} /> : null;
}

describe('the decision card in the evaluation drawer', () => {
  it('gives the focus to the recorded decision once the form (and its button, which had it) gives way to it', async () => {
    renderWithApp(
      <SignedInContext.Provider
        value={{
          session: {
            status: 'authenticated',
            user: { id: 'admin', name: 'Administrador', email: 'admin@excelencia.cv' },
            roles: ['admin'],
            expires: '2099-01-01T00:00:00.000Z',
            language: 'en',
          },
          selectedCompany: null,
        }}
      >
        <Drawer />
      </SignedInContext.Provider>,
    );
    fireEvent.click(await screen.findByTestId('decision-evaluated'));
    const submit = screen.getByTestId('evaluation-submit');
    submit.focus();
    fireEvent.click(submit);
    const line = await screen.findByTestId('decision-line');
    await waitFor(() => expect(document.activeElement).toBe(line));
    // Focusable by script only: it is not a stop of the Tab order.
    expect(line.getAttribute('tabindex')).toBe('-1');
  });
});

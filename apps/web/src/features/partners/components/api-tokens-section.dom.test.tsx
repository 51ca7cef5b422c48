import type { PartnerApiToken } from '@excelencia/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { ModalHost } from '../../../ui/modal-host.tsx';
import { ApiTokensSection } from './api-tokens-section.tsx';

const TOKENS_URL = '/app/api/v1/users/profile/api-tokens';

const token = (id: string, name: string, rest: Partial<PartnerApiToken> = {}): PartnerApiToken => ({
  id: `00000000-0000-4000-8000-0000000000${id}`,
  name,
  prefix: `exp_${id}ab`,
  createdByName: 'Parceiro Demo',
  createdAt: '2026-03-01T10:00:00.000Z',
  expiresAt: '2099-01-01T00:00:00.000Z',
  revokedAt: null,
  lastUsedAt: null,
  ...rest,
});

const ACTIVE = token('a1', 'Core banking', { lastUsedAt: '2026-03-02T09:30:00.000Z' });
const REVOKED = token('a2', 'Old system', { revokedAt: '2026-03-03T10:00:00.000Z' });
const EXPIRED = token('a3', 'Trial', { expiresAt: '2026-01-01T00:00:00.000Z' });

/** The entity's tokens as the server keeps them; a POST adds one and answers it with its secret, a DELETE revokes. */
function serve(initial: PartnerApiToken[]) {
  let tokens = [...initial];
  const calls: { method: string; url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      if (url.endsWith('/auth/csrf')) return Response.json({ csrfToken: 'csrf-token' });
      if (method === 'GET' && url === TOKENS_URL) return Response.json(tokens);
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (method === 'POST' && url === TOKENS_URL) {
        const made = token('b1', body.name);
        tokens = [made, ...tokens];
        return Response.json({ ...made, token: 'exp_b1ab-the-whole-secret' }, { status: 201 });
      }
      if (method === 'DELETE') {
        tokens = tokens.map((t) =>
          url.endsWith(t.id) ? { ...t, revokedAt: '2026-03-04T10:00:00.000Z' } : t,
        );
        return new Response(null, { status: 204 });
      }
      return Response.json({}, { status: 404 });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

const row = (name: string) => {
  const found = screen.getAllByTestId('api-token-row').find((r) => r.textContent?.includes(name));
  if (!found) throw new Error(`no row for ${name}`);
  return found;
};

describe("the partner's API tokens", () => {
  it('lists each token with its start, maker and state; only an active one can be revoked', async () => {
    serve([ACTIVE, REVOKED, EXPIRED]);
    renderWithApp(<ApiTokensSection />);
    expect(await screen.findByRole('heading', { name: 'API access' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('api-token-row')).toHaveLength(3));
    const active = row('Core banking');
    expect(active.textContent).toContain('exp_a1ab…');
    expect(active.textContent).toContain('Parceiro Demo');
    expect(within(active).getByText('Active')).toBeTruthy();
    expect(within(active).getByRole('button', { name: 'Revoke Core banking' })).toBeTruthy();
    expect(within(row('Old system')).getByText('Revoked')).toBeTruthy();
    expect(within(row('Old system')).queryByRole('button')).toBeNull();
    expect(within(row('Trial')).getByText('Expired')).toBeTruthy();
    expect(within(row('Trial')).queryByRole('button')).toBeNull();
  });

  it('says so when there is none', async () => {
    serve([]);
    renderWithApp(<ApiTokensSection />);
    expect(await screen.findByText('There are no tokens yet.')).toBeTruthy();
  });

  it('asks for a name before making a token, then shows the new token once and lists it', async () => {
    const calls = serve([]);
    renderWithApp(<ApiTokensSection />);
    await screen.findByText('There are no tokens yet.');
    const create = screen.getByRole('button', { name: 'Create token' });
    fireEvent.click(create);
    expect(await screen.findByText('Mandatory Field')).toBeTruthy();
    expect(calls).toEqual([]);

    fireEvent.change(screen.getByLabelText(/^Token name/), { target: { value: 'Core banking' } });
    fireEvent.change(screen.getByLabelText('Valid for'), { target: { value: '365' } });
    fireEvent.click(create);
    await waitFor(() =>
      expect(calls).toEqual([{ method: 'POST', url: TOKENS_URL, body: { name: 'Core banking', days: 365 } }]),
    );
    const created = await screen.findByTestId('api-token-created');
    expect(created.textContent).toContain('Copy this token now: it will not be shown again.');
    expect(within(created).getByText('exp_b1ab-the-whole-secret')).toBeTruthy();
    expect(within(created).getByRole('button', { name: 'Copy the token' })).toBeTruthy();
    await waitFor(() => expect(within(row('Core banking')).getByText('Active')).toBeTruthy());
    // The form is ready for another one.
    expect(screen.getByLabelText(/^Token name/)).toHaveProperty('value', '');
  });

  it('revokes a token after a confirmation naming it; the list then shows it revoked', async () => {
    const calls = serve([ACTIVE]);
    renderWithApp(
      <>
        <ApiTokensSection />
        <ModalHost />
      </>,
    );
    await waitFor(() => expect(screen.getAllByTestId('api-token-row')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Revoke Core banking' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('The token "Core banking" stops working at once.')).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(calls).toEqual([{ method: 'DELETE', url: `${TOKENS_URL}/${ACTIVE.id}`, body: undefined }]),
    );
    await waitFor(() => expect(within(row('Core banking')).getByText('Revoked')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Revoke Core banking' })).toBeNull();
  });
});

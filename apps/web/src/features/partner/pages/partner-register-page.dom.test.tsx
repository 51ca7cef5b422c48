import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { PartnerRegisterPage } from './partner-register-page.tsx';

const REQUEST = {
  id: '00000000-0000-4000-8000-0000000000f1',
  companyId: '00000000-0000-4000-8000-0000000000c1',
  companyName: 'Registada Sozinha, Lda',
  nif: '300000002',
  status: 'pending',
  requestedBy: 'Parceiro Demo',
  requestedAt: '2026-03-02T10:00:00.000Z',
  decidedAt: null,
};

const error = (status: number, code: string, message: string, path?: string) =>
  Response.json(
    { error: { code, key: code, message, ...(path ? { details: [{ path, message }] } : {}) } },
    { status },
  );

/** The entity's lists, and the server's answers to a pre-registration and a follow request. */
function serve(answers: { preRegister?: () => Response; follow?: () => Response }) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      if (url.endsWith('/auth/csrf')) return Response.json({ csrfToken: 'csrf-token' });
      if (method === 'GET' && url.endsWith('/partner/follow-requests')) {
        return Response.json(calls.some((c) => c.url.endsWith('/follow-requests')) ? [REQUEST] : []);
      }
      if (method === 'GET') return Response.json([]);
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.endsWith('/partner/companies')) return (answers.preRegister ?? (() => Response.json({})))();
      return (answers.follow ?? (() => Response.json(REQUEST, { status: 201 })))();
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

function type(scope: HTMLElement, label: RegExp, value: string) {
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
}

describe('PartnerRegisterPage, following a company that registered on its own', () => {
  it('asks to follow it by NIF, then lists the request waiting for the company', async () => {
    const calls = serve({});
    renderWithApp(<PartnerRegisterPage />);
    expect(screen.queryByTestId('follow-requests')).toBeNull();
    fireEvent.click(await screen.findByTestId('follow-add'));
    const form = await screen.findByTestId('follow-request-form');
    type(form, /^Company's NIF/, '300000002');
    fireEvent.click(within(form).getByTestId('follow-request-submit'));
    await waitFor(() =>
      expect(calls).toEqual([{ url: '/app/api/v1/partner/follow-requests', body: { nif: '300000002' } }]),
    );
    const row = await screen.findByTestId('follow-request-row');
    expect(row.getAttribute('data-status')).toBe('pending');
    expect(row.textContent).toContain('Registada Sozinha, Lda');
    expect(row.textContent).toContain('Waiting for the company');
  });

  it("puts the server's refusal under the NIF", async () => {
    serve({
      follow: () => error(404, 'follow_company_unknown', 'No registered company has this NIF.', 'nif'),
    });
    renderWithApp(<PartnerRegisterPage />);
    fireEvent.click(await screen.findByTestId('follow-add'));
    const form = await screen.findByTestId('follow-request-form');
    type(form, /^Company's NIF/, '399999999');
    fireEvent.click(within(form).getByTestId('follow-request-submit'));
    expect(await within(form).findByText('No registered company has this NIF.')).toBeTruthy();
  });

  it('offers to ask to follow a company whose NIF a pre-registration finds registered, with that NIF', async () => {
    const calls = serve({
      preRegister: () => error(409, 'nif_taken', 'A company is already registered with this NIF.', 'nif'),
    });
    renderWithApp(<PartnerRegisterPage />);
    fireEvent.click(await screen.findByTestId('assisted-add'));
    const form = await screen.findByTestId('pre-register-form');
    type(form, /^Company name/, 'Registada Sozinha, Lda');
    type(form, /^NIF/, '300000002');
    type(form, /^Responsible person(?!')/, 'Rita');
    type(form, /^Responsible person's email/, 'rita@registada.cv');
    fireEvent.click(within(form).getByTestId('pre-register-submit'));
    const taken = await screen.findByTestId('pre-register-nif-taken');
    expect(taken.textContent).toContain('This company is already registered on the portal');
    fireEvent.click(within(taken).getByTestId('pre-register-follow-instead'));
    const follow = await screen.findByTestId('follow-request-form');
    expect(within(follow).getByLabelText(/^Company's NIF/)).toHaveProperty('value', '300000002');
    fireEvent.click(within(follow).getByTestId('follow-request-submit'));
    await waitFor(() =>
      expect(calls.at(-1)).toEqual({
        url: '/app/api/v1/partner/follow-requests',
        body: { nif: '300000002' },
      }),
    );
  });
});

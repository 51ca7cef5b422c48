import { type AssistedCompany, type Language, translate } from '@excelencia/domain';
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

const assisted = (nif: string, name: string, rest: Partial<AssistedCompany> = {}): AssistedCompany => ({
  companyId: `00000000-0000-4000-8000-${nif.padStart(12, '0')}`,
  companyName: name,
  nif,
  state: 'invited',
  invitationExpired: false,
  consent: { status: false, diagnosis: false },
  assistedSince: '2026-02-10T10:00:00.000Z',
  ...rest,
});

/** The entity's assisted companies; a pre-registration is answered by `preRegister` in the caller's language. */
function serveAssisted(
  companies: AssistedCompany[],
  preRegister: (language: Language) => Response = () => Response.json({}, { status: 201 }),
) {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/auth/csrf')) return Response.json({ csrfToken: 'csrf-token' });
      if ((init?.method ?? 'GET') === 'GET') {
        return Response.json(url.endsWith('/partner/companies') ? companies : []);
      }
      posts.push(JSON.parse(String(init?.body)));
      const language = (init?.headers as Record<string, string> | undefined)?.['x-language'] as Language;
      return preRegister(language);
    }),
  );
  return posts;
}

describe('PartnerRegisterPage, the companies the entity assists', () => {
  it('lists each company with where it stands and what it shares', async () => {
    serveAssisted([
      assisted('200000002', 'Mercearia Atlântico, Lda', {
        state: 'sheets',
        consent: { status: true, diagnosis: true },
      }),
      assisted('200000003', 'Pescas do Sal, SA', { invitationExpired: true }),
    ]);
    renderWithApp(<PartnerRegisterPage />);
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByTestId('assisted-row');
    expect(rows).toHaveLength(2);
    const [shared, invited] = rows as [HTMLElement, HTMLElement];
    expect(within(shared).getByText('Mercearia Atlântico, Lda')).toBeTruthy();
    expect(within(shared).getByText('200000002')).toBeTruthy();
    expect(within(shared).getByText('Trial balances uploaded')).toBeTruthy();
    expect(within(shared).getByText('State')).toBeTruthy();
    expect(within(shared).getByText('Self-diagnosis')).toBeTruthy();
    expect(within(shared).getByRole('button', { name: 'Open Mercearia Atlântico, Lda' })).toBeTruthy();
    expect(within(invited).getByText('Invited')).toBeTruthy();
    expect(within(invited).getByText('Invitation expired')).toBeTruthy();
    expect(within(invited).getByText('Nothing shared')).toBeTruthy();
    // One company keeps its state to itself: the page says more comes once it is shared.
    expect(screen.getByText('More detail once the state is shared')).toBeTruthy();
  });

  it('says so when it assists none yet', async () => {
    serveAssisted([]);
    renderWithApp(<PartnerRegisterPage />);
    expect(await screen.findByText('You do not assist any company yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('PartnerRegisterPage, pre-registering a company', () => {
  async function openForm() {
    fireEvent.click(await screen.findByRole('button', { name: 'Register company' }));
    return screen.findByTestId('pre-register-form');
  }

  it('says under each field what is missing or wrong, and sends nothing', async () => {
    const posts = serveAssisted([]);
    renderWithApp(<PartnerRegisterPage />);
    const form = await openForm();
    type(form, /^NIF/, '12345');
    type(form, /^Responsible person's email/, 'rita@');
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('Company name is required')).toBeTruthy();
    expect(within(form).getByText('NIF must have 9 numbers!')).toBeTruthy();
    expect(within(form).getByText('Responsible name is required')).toBeTruthy();
    expect(within(form).getByText('Invalid email address')).toBeTruthy();
    expect(posts).toEqual([]);
  });

  it("puts the server's refusal under the field it names, in the user's language", async () => {
    // As the server answers a name with a control character: 400, the detail under the field, in its language.
    const posts = serveAssisted([], (language) =>
      Response.json(
        {
          error: {
            code: 'validation',
            key: 'errors:validation',
            message: translate(language, 'errors:validation'),
            details: [{ path: 'companyName', message: translate(language, 'validation:invalidCharacters') }],
          },
        },
        { status: 400 },
      ),
    );
    renderWithApp(<PartnerRegisterPage />, { language: 'pt' });
    fireEvent.click(await screen.findByRole('button', { name: 'Registar empresa' }));
    const form = await screen.findByTestId('pre-register-form');
    type(form, /^Nome da empresa/, 'Mercearia\u0007 Atlântico');
    type(form, /^NIF/, '200000002');
    type(form, /^Nome do responsável/, 'Rita');
    type(form, /^E-mail do responsável/, 'rita@atlantico.cv');
    fireEvent.click(within(form).getByRole('button', { name: 'Enviar convite' }));
    const name = within(form).getByLabelText(/^Nome da empresa/);
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(within(form).getByText('Contém caracteres inválidos')).toBeTruthy();
    expect(posts).toHaveLength(1);
    // The drawer stays open with what was typed.
    expect(name).toHaveProperty('value', 'Mercearia\u0007 Atlântico');
  });
});

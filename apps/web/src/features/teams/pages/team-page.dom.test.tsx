import type { CompanyMember, CompanyRole } from '@excelencia/domain';
import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '../../../lib/api-client.ts';
import { SignedInContext } from '../../../lib/signed-in-context.ts';
import { renderWithApp } from '../../../testing/render.tsx';
import { ModalHost } from '../../../ui/modal-host.tsx';
import { myCompaniesQueryOptions } from '../../companies/queries.ts';
import { TeamPage } from './team-page.tsx';

const COMPANY_ID = '00000000-0000-4000-8000-0000000000c1';
const ANA = '00000000-0000-4000-8000-0000000000a1';
const RUI = '00000000-0000-4000-8000-0000000000a2';
const INVITATION = '00000000-0000-4000-8000-0000000000e1';

const member = (accountId: string, name: string, email: string, role: CompanyRole): CompanyMember => ({
  accountId,
  name,
  email,
  role,
  since: '2026-03-02T10:00:00.000Z',
  status: 'active',
  invitationId: null,
  expiresAt: null,
});

const TEAM: CompanyMember[] = [
  member(ANA, 'Ana Lopes', 'ana@boavista.cv', 'owner'),
  member(RUI, 'Rui Tavares', 'rui@contas.cv', 'accountant'),
  {
    accountId: null,
    name: '',
    email: 'lia@boavista.cv',
    role: 'viewer',
    since: '2026-11-20T10:00:00.000Z',
    status: 'invited',
    invitationId: INVITATION,
    expiresAt: '2026-11-27T10:00:00.000Z',
  },
];

interface Call {
  method: string;
  url: string;
  body: unknown;
}
const calls: Call[] = [];
/** What the server answers to a state-changing call (a refusal, or the row). */
let answer: (call: Call) => Response;

beforeEach(() => {
  calls.length = 0;
  answer = () => new Response(null, { status: 204 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/auth/csrf')) return Response.json({ csrfToken: 'token' });
      const method = init?.method ?? 'GET';
      if (method === 'GET' && url.endsWith(`/companies/${COMPANY_ID}/members`)) return Response.json(TEAM);
      if (method === 'GET') return Response.json([]);
      const call = { method, url, body: init?.body ? JSON.parse(String(init.body)) : null };
      calls.push(call);
      return answer(call);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  forgetCsrfToken();
});

function refusal(status: number, code: string, message: string): Response {
  return Response.json({ error: { code, key: `teams:errors.${code}`, message } }, { status });
}

/** The company selector's read of GET me/companies, as the signed-in layout keeps it. */
function MyCompanies() {
  useQuery(myCompaniesQueryOptions());
  return null;
}

function renderTeam(
  role: CompanyRole,
  me = role === 'owner' ? ANA : RUI,
  language: 'en' | 'pt' | 'fr' = 'en',
) {
  const self = TEAM.find((row) => row.accountId === me);
  return renderWithApp(
    <SignedInContext.Provider
      value={{
        session: {
          status: 'authenticated',
          user: { id: me, name: self?.name ?? '', email: self?.email ?? '' },
          roles: ['company'],
          expires: '2099-01-01T00:00:00.000Z',
          language,
        },
        selectedCompany: { id: COMPANY_ID, companyName: 'Boa Vista, Lda', nif: '200000031', role },
      }}
    >
      <TeamPage />
      <ModalHost />
      <MyCompanies />
    </SignedInContext.Provider>,
    { language },
  );
}

describe('the team page of an owner', () => {
  it('lists the members with role and since, and the pending invitation with its expiry', async () => {
    renderTeam('owner');
    const rows = await screen.findAllByTestId('team-member');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('Ana Lopes');
    expect(rows[0]?.textContent).toContain('(you)');
    expect(rows[0]?.textContent).toContain('Since: 2 March 2026');
    expect(within(rows[1] as HTMLElement).getByLabelText('Role of Rui Tavares')).toHaveProperty(
      'value',
      'accountant',
    );
    const invitation = screen.getByTestId('team-invitation');
    expect(invitation.textContent).toContain('lia@boavista.cv');
    expect(invitation.textContent).toContain('Viewer');
    expect(within(invitation).getByTestId('invitation-expires').textContent).toContain('27 November 2026');
    expect(screen.getByTestId('invite-form')).toBeTruthy();
    expect(screen.queryByTestId('team-owner-only')).toBeNull();
  });

  it('changes a role with PUT, and shows the last-owner refusal with its message', async () => {
    answer = (call) =>
      (call.body as { role: string }).role === 'viewer'
        ? refusal(409, 'last_owner', 'The company must keep at least one owner.')
        : Response.json({ ...TEAM[1], role: 'owner' });
    renderTeam('owner');
    const select = await screen.findByLabelText('Role of Rui Tavares');
    fireEvent.change(select, { target: { value: 'owner' } });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      url: `/app/api/v1/companies/${COMPANY_ID}/members/${RUI}`,
      body: { role: 'owner' },
    });
    fireEvent.change(screen.getByLabelText('Role of Ana Lopes'), { target: { value: 'viewer' } });
    expect((await screen.findByTestId('team-error')).textContent).toBe(
      'The company must keep at least one owner.',
    );
  });

  it("reads the user's companies again after changing its own role, so the pages follow it", async () => {
    answer = () => Response.json({ ...TEAM[0], role: 'accountant' });
    const mine = () => vi.mocked(fetch).mock.calls.filter(([url]) => String(url).endsWith('/me/companies'));
    renderTeam('owner');
    const select = await screen.findByLabelText('Role of Ana Lopes');
    await waitFor(() => expect(mine()).toHaveLength(1));
    fireEvent.change(select, { target: { value: 'accountant' } });
    await waitFor(() => expect(mine()).toHaveLength(2));
  });

  it('removes a member after confirming', async () => {
    renderTeam('owner');
    const rows = await screen.findAllByTestId('team-member');
    fireEvent.click(within(rows[1] as HTMLElement).getByTestId('member-remove'));
    expect((await screen.findByText('Remove Rui Tavares?')).textContent).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-button'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'DELETE',
      url: `/app/api/v1/companies/${COMPANY_ID}/members/${RUI}`,
    });
  });

  it('resends and cancels a pending invitation', async () => {
    answer = (call) =>
      call.method === 'POST' ? Response.json(TEAM[2]) : new Response(null, { status: 204 });
    renderTeam('owner');
    fireEvent.click(await screen.findByTestId('invitation-resend'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: `/app/api/v1/companies/${COMPANY_ID}/invitations/${INVITATION}/resend`,
    });
    fireEvent.click(screen.getByTestId('invitation-cancel'));
    fireEvent.click(await screen.findByTestId('confirm-button'));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]).toMatchObject({
      method: 'DELETE',
      url: `/app/api/v1/companies/${COMPANY_ID}/invitations/${INVITATION}`,
    });
  });

  it("invites with the e-mail, the role and the mail's language; each role says what it may do", async () => {
    answer = () => Response.json({ ...TEAM[2], email: 'novo@contas.cv' }, { status: 201 });
    renderTeam('owner');
    const form = await screen.findByTestId('invite-form');
    expect(form.textContent).toContain('Prepares the figures');
    expect(form.textContent).toContain('Sees everything of the company, changes nothing.');
    fireEvent.change(within(form).getByLabelText(/The person's e-mail/), {
      target: { value: 'novo@contas.cv' },
    });
    fireEvent.click(within(form).getByLabelText('Viewer'));
    fireEvent.change(within(form).getByTestId('invite-language'), { target: { value: 'fr' } });
    fireEvent.click(within(form).getByTestId('invite-submit'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: `/app/api/v1/companies/${COMPANY_ID}/members`,
      body: { email: 'novo@contas.cv', role: 'viewer', language: 'fr' },
    });
  });

  it('shows the invite form errors: a bad address under its field, a server refusal with its message', async () => {
    answer = () => refusal(409, 'already_member', 'This person is already a member of the company.');
    renderTeam('owner');
    const form = await screen.findByTestId('invite-form');
    const email = within(form).getByLabelText(/The person's e-mail/);
    fireEvent.change(email, { target: { value: 'not-an-address' } });
    fireEvent.click(within(form).getByTestId('invite-submit'));
    expect(await within(form).findByText('Invalid email address')).toBeTruthy();
    expect(calls).toHaveLength(0);
    fireEvent.change(email, { target: { value: 'rui@contas.cv' } });
    fireEvent.click(within(form).getByTestId('invite-submit'));
    expect((await within(form).findByTestId('invite-error')).textContent).toBe(
      'This person is already a member of the company.',
    );
  });
});

describe('the team page of an accountant or a viewer', () => {
  for (const role of ['accountant', 'viewer'] as const) {
    it(`${role}: reads the team, without the owner's controls, and can leave`, async () => {
      renderTeam(role);
      const rows = await screen.findAllByTestId('team-member');
      expect(rows).toHaveLength(2);
      expect(screen.queryByTestId('member-role-select')).toBeNull();
      expect(screen.queryByTestId('member-remove')).toBeNull();
      expect(screen.queryByTestId('invite-form')).toBeNull();
      expect(screen.queryByTestId('invitation-resend')).toBeNull();
      expect(screen.getByTestId('team-owner-only').textContent).toContain('Only an owner can invite');
      expect(screen.getAllByTestId('member-role').map((badge) => badge.textContent)).toEqual([
        'Owner',
        'Accountant',
      ]);
      expect(screen.getByTestId('team-leave')).toBeTruthy();
    });
  }

  it('leaves the company after confirming: DELETE on its own membership', async () => {
    renderTeam('accountant');
    fireEvent.click(await screen.findByTestId('team-leave'));
    expect(await screen.findByText('Leave Boa Vista, Lda?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-button'));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'DELETE',
      url: `/app/api/v1/companies/${COMPANY_ID}/members/${RUI}`,
    });
  });

  it('says the role in Portuguese and French', async () => {
    renderTeam('viewer', RUI, 'pt');
    expect((await screen.findByTestId('team-your-role')).textContent).toBe('O seu papel: Leitor');
  });
});

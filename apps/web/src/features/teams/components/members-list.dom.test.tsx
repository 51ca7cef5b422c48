import type { CompanyMember } from '@excelencia/domain';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render.tsx';
import { CompanyMembersList } from './members-list.tsx';

const COMPANY_ID = '00000000-0000-4000-8000-0000000000c1';
const MEMBERS: CompanyMember[] = [
  {
    accountId: '00000000-0000-4000-8000-0000000000a1',
    name: 'Ana Lopes',
    email: 'ana@boavista.cv',
    role: 'owner',
    since: '2026-03-02T10:00:00.000Z',
    status: 'active',
    invitationId: null,
    expiresAt: null,
  },
  {
    accountId: null,
    name: '',
    email: 'rui@contas.cv',
    role: 'accountant',
    since: '2026-11-20T10:00:00.000Z',
    status: 'invited',
    invitationId: '00000000-0000-4000-8000-0000000000e1',
    expiresAt: '2026-11-27T10:00:00.000Z',
  },
];
let asked: string[];

beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      asked.push(String(input));
      return Response.json(MEMBERS);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe("the admin's view of a company's members", () => {
  it('lists each member and invitation with its role', async () => {
    renderWithApp(<CompanyMembersList companyId={COMPANY_ID} />);
    const rows = await screen.findAllByTestId('company-member');
    expect(asked).toEqual([`/app/api/v1/companies/${COMPANY_ID}/members`]);
    expect(rows[0]?.textContent).toContain('Ana Lopes');
    expect(rows[0]?.textContent).toContain('Owner');
    expect(rows[0]?.textContent).toContain('Since: 2 March 2026');
    expect(rows[1]?.textContent).toContain('rui@contas.cv');
    expect(rows[1]?.textContent).toContain('Accountant');
    expect(rows[1]?.textContent).toContain('Invited');
  });

  it('speaks French', async () => {
    renderWithApp(<CompanyMembersList companyId={COMPANY_ID} />, { language: 'fr' });
    expect(await screen.findByText('Membres et rôles')).toBeTruthy();
    const rows = await screen.findAllByTestId('company-member');
    expect(rows[1]?.textContent).toContain('Comptable');
    // French sets its colon apart with a no-break space.
    expect(rows[0]?.textContent).toContain('Depuis\u00a0: 2 mars 2026');
  });
});

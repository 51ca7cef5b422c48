import {
  CompanyMember,
  CompanyMembersResponse,
  type InviteMemberRequest,
  MyCompaniesOverviewResponse,
  type MyCompanyOverview,
  type UpdateMemberRequest,
} from '@excelencia/domain';
import { API_BASE, apiJson } from '../../lib/api-client.ts';

/**
 * The calls of a company's team (docs/adr/0028-company-teams.md): its members and pending invitations, the
 * owner's invitations and changes, leaving, and the caller's companies with their latest state. Every answer is
 * parsed with the shared schemas.
 */

const enc = encodeURIComponent;
const team = (companyId: string) => `${API_BASE}/companies/${enc(companyId)}`;

/** `GET companies/{companyId}/members`: the members, then the pending invitations. */
export async function fetchMembers(companyId: string, signal?: AbortSignal): Promise<CompanyMembersResponse> {
  return CompanyMembersResponse.parse(await apiJson<unknown>(`${team(companyId)}/members`, { signal }));
}

/** The owner invites someone by e-mail with a role; the answer is the invitation's row. */
export async function inviteMember(companyId: string, body: InviteMemberRequest): Promise<CompanyMember> {
  return CompanyMember.parse(await apiJson<unknown>(`${team(companyId)}/members`, { method: 'POST', body }));
}

export async function updateMemberRole(
  companyId: string,
  accountId: string,
  body: UpdateMemberRequest,
): Promise<CompanyMember> {
  return CompanyMember.parse(
    await apiJson<unknown>(`${team(companyId)}/members/${enc(accountId)}`, { method: 'PUT', body }),
  );
}

/** An owner removes a member; a member removing itself leaves the company. */
export async function removeMember(companyId: string, accountId: string): Promise<void> {
  await apiJson<unknown>(`${team(companyId)}/members/${enc(accountId)}`, { method: 'DELETE' });
}

export async function cancelInvitation(companyId: string, invitationId: string): Promise<void> {
  await apiJson<unknown>(`${team(companyId)}/invitations/${enc(invitationId)}`, { method: 'DELETE' });
}

export async function resendInvitation(companyId: string, invitationId: string): Promise<CompanyMember> {
  return CompanyMember.parse(
    await apiJson<unknown>(`${team(companyId)}/invitations/${enc(invitationId)}/resend`, { method: 'POST' }),
  );
}

/** `GET me/companies/overview`: the caller's companies, its role in each and each one's latest state. */
export async function fetchCompaniesOverview(signal?: AbortSignal): Promise<MyCompanyOverview[]> {
  return MyCompaniesOverviewResponse.parse(
    await apiJson<unknown>(`${API_BASE}/me/companies/overview`, { signal }),
  );
}

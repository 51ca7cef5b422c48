import {
  type AcceptInvitationRequest,
  InvitationAccepted,
  InvitationJoined,
  InvitationSummary,
  type RegisterCompanyRequest,
  RegistrationConfirmed,
  RegistrationPending,
  ResendAccepted,
} from '@excelencia/domain';
import { API_BASE, apiJson } from '../../lib/api-client.ts';

/** The calls of registration and invitations; every answer is parsed with the shared schemas. */

const enc = encodeURIComponent;

export async function postRegistration(body: RegisterCompanyRequest): Promise<RegistrationPending> {
  return RegistrationPending.parse(
    await apiJson<unknown>(`${API_BASE}/registrations`, { method: 'POST', body }),
  );
}

export async function confirmRegistration(token: string): Promise<RegistrationConfirmed> {
  return RegistrationConfirmed.parse(
    await apiJson<unknown>(`${API_BASE}/registrations/confirm`, { method: 'POST', body: { token } }),
  );
}

export async function resendRegistration(email: string): Promise<ResendAccepted> {
  return ResendAccepted.parse(
    await apiJson<unknown>(`${API_BASE}/registrations/resend`, { method: 'POST', body: { email } }),
  );
}

export async function fetchInvitation(token: string, signal?: AbortSignal): Promise<InvitationSummary> {
  return InvitationSummary.parse(await apiJson<unknown>(`${API_BASE}/invitations/${enc(token)}`, { signal }));
}

export async function acceptInvitation(body: AcceptInvitationRequest): Promise<InvitationAccepted> {
  return InvitationAccepted.parse(
    await apiJson<unknown>(`${API_BASE}/invitations/accept`, { method: 'POST', body }),
  );
}

/** A signed-in user with the invitation's e-mail joins the company's team with the invitation's role. */
export async function joinInvitation(token: string): Promise<InvitationJoined> {
  return InvitationJoined.parse(
    await apiJson<unknown>(`${API_BASE}/invitations/join`, { method: 'POST', body: { token } }),
  );
}

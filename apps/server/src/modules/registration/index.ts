/**
 * What other areas use of the registration area: which claim holds a NIF (a confirmed company or a pending one) and
 * the error when a company holds it already, the invitations service the partner area invites through, and the
 * states of registrations and invitations as SQL.
 */
export type { InvitationsService } from './invitations.service.ts';
export { invitationStateWhere, nifHolder, openRegistrationWhere } from './registration.repository.ts';
export { nifTaken } from './registration.service.ts';

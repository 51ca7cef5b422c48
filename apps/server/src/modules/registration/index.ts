/**
 * The area's front door (docs/adr/0027): the routes and services app.ts wires, and what other areas use: which claim
 * holds a NIF (a confirmed company or a pending one) and the error when a company holds it already, the invitations
 * service the partner area invites through, and the states of registrations and invitations as SQL; for a company's
 * team (the companies area): the invitation link, its audit entity and the 409 of an accepted invitation.
 */
export { TEAM_INVITATIONS_ENTITY } from './entities.ts';
export type { InvitationsService } from './invitations.service.ts';
export { createInvitationsService, invitationAccepted } from './invitations.service.ts';
export { invitationLink } from './mails.ts';
export { createNifClaimsService } from './nif-claims.service.ts';
export { createPublicOptions } from './reference-checks.ts';
export { invitationStateWhere, nifHolder, openRegistrationWhere } from './registration.repository.ts';
export { registrationRoutes } from './registration.routes.ts';
export { createRegistrationService, nifTaken } from './registration.service.ts';

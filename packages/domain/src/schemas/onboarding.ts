import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';
import { COMPANY_ROLES } from '../teams/roles.ts';
import { OptionalPersonName } from '../teams/schemas.ts';
import { EmailAddress } from './email.ts';
import { FIELD_LENGTHS } from './field-lengths.ts';
import { NewPassword, PASSWORDS_MATCH, PasswordConfirmation, passwordsAreEqual } from './password.ts';
import { ListQuery } from './reference.ts';
import { AcceptedTerms, Nif, Phone } from './registration.ts';

/**
 * The API of company onboarding: the public options of the registration form, the e-mail
 * confirmation of a registration, and the administrator's pre-registration with its invitation.
 * The registration form itself is RegisterCompanyRequest (registration.ts).
 */

/** How long a registration link stays valid (hours). */
export const REGISTRATION_LINK_HOURS = 48;
/** How long an invitation link stays valid (days). */
export const INVITATION_LINK_DAYS = 7;
/**
 * Registration mails (confirmation links, a repeated registration, "someone tried with your address") one
 * address receives in REGISTRATION_MAIL_WINDOW_MINUTES, whoever asks; past it the answer stays the same and no
 * mail goes.
 */
export const REGISTRATION_MAILS_PER_ADDRESS = 3;
export const REGISTRATION_MAIL_WINDOW_MINUTES = 60;
/** Companies one partner entity may pre-register in PARTNER_PRE_REGISTRATION_WINDOW_MINUTES; more answer 429. */
export const PARTNER_PRE_REGISTRATIONS_PER_WINDOW = 20;
export const PARTNER_PRE_REGISTRATION_WINDOW_MINUTES = 60;

/** One choice of a public select (CAE section or division, island, city); label in the caller's language. */
export const PublicOption = z.object({ id: z.uuid(), code: z.string(), label: z.string() });
export type PublicOption = z.infer<typeof PublicOption>;
export const CaeDivisionOptionsQuery = z.object({ sectionId: z.uuid().optional() });
export const CityOptionsQuery = z.object({ islandId: z.uuid().optional() });

/** A link token as it travels in the URL (base64url of 32 random bytes). */
const Token = z.string().trim().min(1, 'validation:required').max(200, 'validation:tooLong');

export const RegistrationPending = z.object({ status: z.literal('pending'), email: z.string() });
export type RegistrationPending = z.infer<typeof RegistrationPending>;
export const ConfirmRegistrationRequest = z.object({ token: Token });
export const RegistrationConfirmed = z.object({ status: z.literal('confirmed'), email: z.string() });
export type RegistrationConfirmed = z.infer<typeof RegistrationConfirmed>;
export const ResendRegistrationRequest = z.object({ email: EmailAddress });
export const ResendAccepted = z.object({ status: z.literal('accepted') });
export type ResendAccepted = z.infer<typeof ResendAccepted>;

/**
 * What the invitation page shows before the password is set or the invitation is joined. `kind`: 'owner' is an
 * administrator's pre-registration (the invited person sets a password), 'team' an owner's invitation into the
 * company's team (docs/adr/0028-company-teams.md), which someone with an account (`hasAccount`) joins while
 * signed in. `invitedByName` is who invites (null for an administrator's pre-registration). Absent: an
 * administrator's pre-registration of an owner.
 */
export const InvitationSummary = z.object({
  companyName: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(COMPANY_ROLES).optional(),
  kind: z.enum(['owner', 'team']).optional(),
  hasAccount: z.boolean().optional(),
  invitedByName: z.string().nullable().optional(),
});
export type InvitationSummary = z.infer<typeof InvitationSummary>;
export const InvitationTokenParam = z.object({ token: Token });

/** `POST invitations/join {token}` (signed in, the invitation's e-mail): joins the company with its role. */
export const JoinInvitationRequest = z.object({ token: Token });
export type JoinInvitationRequest = z.infer<typeof JoinInvitationRequest>;
export const InvitationJoined = z.object({
  companyId: z.uuid(),
  companyName: z.string(),
  role: z.enum(COMPANY_ROLES),
});
export type InvitationJoined = z.infer<typeof InvitationJoined>;

/**
 * The invitation page's form: a password typed twice, and the privacy policy and regulation accepted as a
 * self-registration accepts them (the same message when they are not).
 */
const invitationChoice = {
  /** The invited person's name, as they want it on their account (optional: else the invitation's). */
  name: OptionalPersonName,
  password: NewPassword,
  confirmPassword: PasswordConfirmation,
  acceptedTerms: AcceptedTerms,
};
export const InvitationChoice = z.object(invitationChoice).refine(passwordsAreEqual, PASSWORDS_MATCH);
export type InvitationChoice = z.infer<typeof InvitationChoice>;

export const AcceptInvitationRequest = z
  .object({ token: Token, ...invitationChoice })
  .refine(passwordsAreEqual, PASSWORDS_MATCH);
export type AcceptInvitationRequest = z.infer<typeof AcceptInvitationRequest>;
export const InvitationAccepted = z.object({ status: z.literal('accepted'), email: z.string() });
export type InvitationAccepted = z.infer<typeof InvitationAccepted>;

/** Admin: a company entered by the administrator; its responsible person is invited by e-mail. */
export const PreRegisterCompanyRequest = z.object({
  companyName: z
    .string('validation:companyNameRequired')
    .trim()
    .min(1, 'validation:companyNameRequired')
    .max(FIELD_LENGTHS.name, 'validation:tooLong'),
  nif: Nif,
  email: EmailAddress,
  responsibleName: z
    .string('validation:responsibleNameRequired')
    .trim()
    .min(1, 'validation:responsibleNameRequired')
    .max(FIELD_LENGTHS.name, 'validation:tooLong'),
  /** Optional: an empty field counts as none. */
  phone: z.union([z.literal('').transform(() => undefined), Phone]).optional(),
  language: z.enum(LANGUAGES, 'validation:selectOne').default('pt'),
  caeDivisionId: z.uuid('validation:selectOne').optional(),
  cityId: z.uuid('validation:selectOne').optional(),
});
export type PreRegisterCompanyRequest = z.infer<typeof PreRegisterCompanyRequest>;

export const INVITATION_STATES = ['pending', 'accepted', 'expired'] as const;
export type InvitationState = (typeof INVITATION_STATES)[number];

export const PreRegistrationItem = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  companyName: z.string(),
  nif: z.string(),
  email: z.string(),
  name: z.string(),
  language: z.enum(LANGUAGES),
  state: z.enum(INVITATION_STATES),
  sentCount: z.number().int(),
  lastSentAt: z.string(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PreRegistrationItem = z.infer<typeof PreRegistrationItem>;
export const PreRegistrationIdParam = z.object({ id: z.uuid() });

/** Search over company name, NIF and e-mail; filter by state; newest first unless sorted. */
export const PreRegistrationListQuery = ListQuery.omit({ isActive: true }).extend({
  state: z.enum(INVITATION_STATES).optional(),
});

/**
 * A claim on a NIF: a registration waiting for its e-mail confirmation, a pre-registration whose invitation
 * nobody accepted yet (both until their link expires), or the confirmed company that holds it.
 */
const NIF_CLAIM_KINDS = ['registration', 'preRegistration', 'company'] as const;

export const NifClaim = z.object({
  kind: z.enum(NIF_CLAIM_KINDS),
  /** The pending registration's, the invitation's or the company's id. */
  id: z.uuid(),
  companyName: z.string(),
  /** The responsible person. */
  name: z.string(),
  email: z.string(),
  /** The language of the claimant's mails; null for a confirmed company. */
  language: z.enum(LANGUAGES).nullable(),
  /** Who pre-registered it (an administrator's or a partner's name); null for the others. */
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  /** When the claim's link expires; null for a confirmed company. */
  expiresAt: z.string().nullable(),
});
export type NifClaim = z.infer<typeof NifClaim>;

/** Two claims or more on one NIF, at least one of them not confirmed: an administrator keeps one. */
export const NifConflict = z.object({ nif: z.string(), claims: z.array(NifClaim) });
export type NifConflict = z.infer<typeof NifConflict>;

/** Keeps one claim of a NIF; every other unconfirmed claim on it is cancelled and its claimant told by e-mail. */
export const SettleNifConflictRequest = z.object({
  nif: Nif,
  keep: z.object({
    kind: z.enum(NIF_CLAIM_KINDS, 'validation:selectOne'),
    id: z.uuid('validation:selectOne'),
  }),
});
export type SettleNifConflictRequest = z.infer<typeof SettleNifConflictRequest>;

export const NifConflictSettled = z.object({ nif: z.string(), kept: NifClaim, cancelled: z.array(NifClaim) });
export type NifConflictSettled = z.infer<typeof NifConflictSettled>;

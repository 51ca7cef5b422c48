import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';
import { EmailAddress } from './email.ts';
import { FIELD_LENGTHS } from './field-lengths.ts';
import { NewPassword, PASSWORDS_MATCH, PasswordConfirmation, passwordsAreEqual } from './password.ts';
import { ListQuery } from './reference.ts';
import { Nif, Phone } from './registration.ts';

/**
 * The API of company onboarding: the public options of the registration form, the e-mail
 * confirmation of a registration, and the administrator's pre-registration with its invitation.
 * The registration form itself is RegisterCompanyRequest (registration.ts).
 */

/** How long a registration link stays valid (hours). */
export const REGISTRATION_LINK_HOURS = 48;
/** How long an invitation link stays valid (days). */
export const INVITATION_LINK_DAYS = 7;

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

/** What the invitation page shows before the password is set. */
export const InvitationSummary = z.object({ companyName: z.string(), email: z.string(), name: z.string() });
export type InvitationSummary = z.infer<typeof InvitationSummary>;
export const InvitationTokenParam = z.object({ token: Token });

export const AcceptInvitationRequest = z
  .object({
    token: Token,
    password: NewPassword,
    confirmPassword: PasswordConfirmation,
  })
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

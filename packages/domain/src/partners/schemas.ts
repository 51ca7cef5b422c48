import { z } from 'zod';
import { APPLICATION_STATUSES, Eligibility } from '../applications/schemas.ts';
import { COMPANY_ROLES } from '../teams/roles.ts';
import { PendingFollowRequest } from './follow-requests.ts';

/**
 * The partner area (the partner's menu): the companies a partner entity assists, the consent each company
 * gives partner entities, and who read what.
 */

/**
 * Where an assisted company stands, in the order it gets there. 'invited' and 'registered' come from the
 * partner's own invitation; the others need the company's consent to its state.
 */
export const ASSISTED_STATES = ['invited', 'registered', 'sheets', 'draft', 'submitted', 'result'] as const;
export type AssistedState = (typeof ASSISTED_STATES)[number];

/** The two levels a company grants a partner entity, each on its own and revocable. */
export const CONSENT_LEVELS = ['status', 'diagnosis'] as const;
export type ConsentLevel = (typeof CONSENT_LEVELS)[number];

export const Consent = z.object({ status: z.boolean(), diagnosis: z.boolean() });
export type Consent = z.infer<typeof Consent>;

export const AssistedCompany = z
  .object({
    companyId: z.uuid(),
    companyName: z.string(),
    nif: z.string(),
    state: z.enum(ASSISTED_STATES),
    /** The invitation expired before the company registered. */
    invitationExpired: z.boolean(),
    consent: Consent,
    assistedSince: z.string(),
  })
  .meta({
    examples: [
      {
        companyId: '6f1d2c3b-4a5e-4f60-8a71-92b3c4d5e6f7',
        companyName: 'Mercearia Atlântico, Lda',
        nif: '200000002',
        state: 'sheets',
        invitationExpired: false,
        consent: { status: true, diagnosis: true },
        assistedSince: '2026-11-25T09:00:00.000Z',
      },
    ],
  });
export type AssistedCompany = z.infer<typeof AssistedCompany>;

export const PartnerCompanyParams = z.object({ companyId: z.uuid() });

/**
 * What a partner reads of one company: its public data always, its state and latest application with the state
 * consent, and the eight criteria against their thresholds with the diagnosis consent (null without). `members`:
 * the company's team, names and roles only (no e-mails), owners first.
 */
export const PartnerCompanyView = z.object({
  companyId: z.uuid(),
  companyName: z.string(),
  nif: z.string(),
  isAssisted: z.boolean(),
  consent: Consent,
  state: z.enum(ASSISTED_STATES).nullable(),
  application: z
    .object({
      editionNumber: z.number().int(),
      editionYear: z.number().int(),
      status: z.enum(APPLICATION_STATUSES),
      submittedAt: z.string().nullable(),
      /** The company held a seal issued by an earlier edition (a lower number): a renewal. */
      isRenewal: z.boolean(),
    })
    .nullable(),
  diagnosis: Eligibility.nullable(),
  members: z.array(z.object({ name: z.string(), role: z.enum(COMPANY_ROLES) })).default([]),
});
export type PartnerCompanyView = z.infer<typeof PartnerCompanyView>;

/** One edition of the partner dashboard: its assisted companies' progress against all applicants. */
export const PartnerEditionCounts = z.object({
  editionId: z.uuid(),
  number: z.number().int(),
  year: z.number().int(),
  resultsPublished: z.boolean(),
  assisted: z.number().int(),
  registered: z.number().int(),
  /** Assisted companies that submitted an application (counted only under the state consent). */
  applied: z.number().int(),
  /** Assisted companies distinguished in published results (public data). */
  distinguished: z.number().int(),
  applicants: z.number().int(),
  distinguishedTotal: z.number().int(),
});
export type PartnerEditionCounts = z.infer<typeof PartnerEditionCounts>;

export const PartnerDashboard = z.object({
  entity: z.object({ id: z.uuid(), code: z.string(), name: z.string() }),
  assisted: z.number().int(),
  registered: z.number().int(),
  editions: z.array(PartnerEditionCounts),
});
export type PartnerDashboard = z.infer<typeof PartnerDashboard>;

/**
 * A company's consent to one partner entity, as its profile lists them: the entities that assist it, that ask to
 * follow it, or that hold a consent it may still withdraw; no other.
 */
export const PartnerConsentItem = z.object({
  partnerEntityId: z.uuid(),
  code: z.string(),
  name: z.string(),
  /** The entity registered the company, or the company accepted its request to follow it (it assists it). */
  assists: z.boolean(),
  consent: Consent,
  updatedAt: z.string().nullable(),
  /** The entity's request to follow the company, waiting for the company's answer; null when none. */
  followRequest: PendingFollowRequest.nullable(),
});
export type PartnerConsentItem = z.infer<typeof PartnerConsentItem>;

export const PartnerConsentParams = z.object({ companyId: z.uuid(), partnerEntityId: z.uuid() });
export const UpdatePartnerConsentRequest = Consent;
export type UpdatePartnerConsentRequest = z.infer<typeof UpdatePartnerConsentRequest>;

/** Who at which partner entity read which of the company's data, and when. */
export const PartnerAccessEntry = z.object({
  id: z.uuid(),
  at: z.string(),
  partnerEntityName: z.string(),
  readerName: z.string(),
  level: z.enum(CONSENT_LEVELS),
  via: z.enum(['session', 'bearer']),
});
export type PartnerAccessEntry = z.infer<typeof PartnerAccessEntry>;

export const PartnerAccessLogQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * A partner's own system reads the partner API with a token made on /users/profile: `exp_` and 32 random bytes
 * (base64url), shown once; only its sha256 is stored. It acts for the entity it was made for while its maker is still
 * one of that entity's users, until it expires or is revoked.
 */
export const API_TOKEN_PREFIX = 'exp_';
export const API_TOKEN_DAYS = [30, 90, 365] as const;

export const PartnerApiToken = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The token's first characters, to tell tokens apart. */
  prefix: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type PartnerApiToken = z.infer<typeof PartnerApiToken>;

export const CreatePartnerApiTokenRequest = z.object({
  name: z.string('validation:required').trim().min(1, 'validation:required').max(100, 'validation:tooLong'),
  days: z.union(
    API_TOKEN_DAYS.map((d) => z.literal(d)),
    'validation:selectOne',
  ),
});
export type CreatePartnerApiTokenRequest = z.infer<typeof CreatePartnerApiTokenRequest>;

/** The answer to creating a token: the only time the token itself is shown. */
export const CreatedPartnerApiToken = PartnerApiToken.extend({ token: z.string() });
export type CreatedPartnerApiToken = z.infer<typeof CreatedPartnerApiToken>;

export const PartnerApiTokenParams = z.object({ id: z.uuid() });

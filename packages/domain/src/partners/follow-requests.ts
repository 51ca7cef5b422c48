import { z } from 'zod';
import {
  PARTNER_PRE_REGISTRATION_WINDOW_MINUTES,
  PARTNER_PRE_REGISTRATIONS_PER_WINDOW,
} from '../schemas/onboarding.ts';
import { Nif } from '../schemas/registration.ts';

/**
 * A partner entity asks to follow a company that registered on its own (its NIF is taken, so the entity cannot
 * pre-register it). The company accepts (the entity assists it from then on) or refuses; what the entity may see
 * stays the company's consent either way.
 */

const FOLLOW_REQUEST_STATUSES = ['pending', 'accepted', 'refused'] as const;
export type FollowRequestStatus = (typeof FOLLOW_REQUEST_STATUSES)[number];

/** Requests one entity may send in the window, as many as its pre-registrations; more answer 429. */
export const PARTNER_FOLLOW_REQUESTS_PER_WINDOW = PARTNER_PRE_REGISTRATIONS_PER_WINDOW;
export const PARTNER_FOLLOW_REQUEST_WINDOW_MINUTES = PARTNER_PRE_REGISTRATION_WINDOW_MINUTES;

/** POST partner/follow-requests: the company by its NIF. */
export const CreateFollowRequest = z.object({ nif: Nif });
export type CreateFollowRequest = z.infer<typeof CreateFollowRequest>;

/** A request as its entity sees it. */
export const PartnerFollowRequest = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  companyName: z.string(),
  nif: z.string(),
  status: z.enum(FOLLOW_REQUEST_STATUSES),
  /** Who at the entity asked; null once that account is gone. */
  requestedBy: z.string().nullable(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type PartnerFollowRequest = z.infer<typeof PartnerFollowRequest>;

/** A pending request as the company sees it, beside the entity's consent. */
export const PendingFollowRequest = z.object({
  id: z.uuid(),
  requestedBy: z.string().nullable(),
  requestedAt: z.string(),
});
export type PendingFollowRequest = z.infer<typeof PendingFollowRequest>;

export const FollowRequestParams = z.object({ companyId: z.uuid(), id: z.uuid() });

/** POST companies/{companyId}/follow-requests/{id}/decision: accept (the entity assists the company) or refuse. */
export const FollowRequestDecision = z.object({ accept: z.boolean() });
export type FollowRequestDecision = z.infer<typeof FollowRequestDecision>;

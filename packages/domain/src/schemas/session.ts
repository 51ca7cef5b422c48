import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';

export const SessionResponse = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('authenticated'),
    user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
    roles: z.array(z.string()),
    expires: z.string().describe('ISO date-time when the session ends'),
    language: z.enum(LANGUAGES).nullable(),
  }),
  z.object({ status: z.literal('unauthenticated') }),
]);
export type SessionResponse = z.infer<typeof SessionResponse>;

export const CsrfResponse = z.object({ csrfToken: z.string() });
export type CsrfResponse = z.infer<typeof CsrfResponse>;

export const LogoutResponse = z.object({
  redirectUrl: z
    .string()
    .describe(
      'Where the browser goes next: /auth/logout/end?hint=… (it redirects to the provider sign-out), or the home page',
    ),
});
export type LogoutResponse = z.infer<typeof LogoutResponse>;

/** GET /auth/login query: where to return after sign-in (a same-origin path) and the sign-in page language. */
export const LoginQuery = z.object({
  callbackUrl: z.string().max(2048).optional(),
  lang: z.enum(LANGUAGES).optional(),
});
export type LoginQuery = z.infer<typeof LoginQuery>;

/** GET /auth/two-factor/remove query: the one-time code credential to remove, besides LoginQuery's fields. */
export const RemoveTwoFactorQuery = LoginQuery.extend({
  credentialId: z.string().regex(/^[\w-]{1,100}$/),
});
export type RemoveTwoFactorQuery = z.infer<typeof RemoveTwoFactorQuery>;

/** GET me/two-factor: the caller's two-factor sign-in (a one-time code app) at the identity provider. */
export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  required: z
    .boolean()
    .describe(
      'The provider requires it of this account (an admin with REQUIRE_ADMIN_TOTP): it cannot be turned off',
    ),
  credentialId: z
    .string()
    .nullable()
    .describe(
      "The provider's id of the one-time code credential (what kc_action=delete_credential:<id> names)",
    ),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

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

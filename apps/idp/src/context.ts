import { createLocalJWKSet, type JWTPayload, jwtVerify } from 'jose';
import type Provider from 'oidc-provider';
import type { AccountStore } from './accounts.ts';
import type { InteractionSteps } from './interaction-steps.ts';
import type { IdpKeys } from './keys.ts';
import type { LoginGuard } from './login-guard.ts';
import type { PasswordResets } from './password-resets.ts';
import { ACCESS_TOKEN_AUDIENCE } from './provider.ts';
import type { IdpLogger, IdpMail } from './types.ts';

/** What the idp's HTTP routes share. The provider exists once the server listens (the issuer needs the port). */
export interface IdpContext {
  realm: string;
  /** /realms/<realm>, URL-encoded as in the issuer. */
  realmPath: string;
  accounts: AccountStore;
  guard: LoginGuard;
  /** The clock of the sign-in waits and one-time codes (a test may set it). */
  now: () => number;
  /** Every account with the admin role must use two-factor sign-in (enrolled at its next sign-in). */
  requireAdminTotp: boolean;
  /** Sign-ins whose password was right and whose one-time code is still to come. */
  pendingCodes: InteractionSteps<{ accountId: string }>;
  /** The secret shown on an enrolment page, until a code confirms it. */
  enrolments: InteractionSteps<{ accountId: string; secret: string }>;
  resets: PasswordResets;
  /** Delivers mail; undefined when the host gave no way (then no password reset is offered). */
  sendMail: ((mail: IdpMail) => Promise<void>) | undefined;
  /** The client's home page in a language (where a reset ends when its sign-in request is gone). */
  homeFor(language: string): string | undefined;
  logger: IdpLogger;
  /** Origins a form on an idp page may lead to: ours and the clients' redirect targets. */
  formActionOrigins: string[];
  issuer(): string;
  provider(): Provider;
  /** Verifies one of our access tokens (signature, issuer, audience, expiry); throws when invalid. */
  verifyAccessToken(token: string): Promise<JWTPayload>;
}

export function accessTokenVerifier(keys: IdpKeys, issuer: () => string) {
  const jwks = createLocalJWKSet(keys.verification);
  return async (token: string): Promise<JWTPayload> => {
    const { payload } = await jwtVerify(token, jwks, {
      issuer: issuer(),
      audience: ACCESS_TOKEN_AUDIENCE,
      typ: 'at+jwt',
      algorithms: ['RS256'],
      requiredClaims: ['exp', 'sub'],
    });
    return payload;
  };
}

/** The token of an `Authorization: Bearer <token>` header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

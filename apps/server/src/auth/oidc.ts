import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import * as client from 'openid-client';
import type { Config } from '../config.ts';
import { AppError } from '../platform/errors.ts';

export const SCOPES = 'openid email profile offline_access';

/** The claims the portal reads from an access or ID token (Keycloak's shape). */
export interface IdentityClaims {
  sub: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  roles: string[];
  locale: string | undefined;
}

export function claimsOf(payload: JWTPayload | Record<string, unknown>): IdentityClaims {
  const p = payload as Record<string, unknown>;
  const realmAccess = p.realm_access as { roles?: unknown } | undefined;
  const roles = Array.isArray(realmAccess?.roles)
    ? realmAccess.roles.filter((r): r is string => typeof r === 'string')
    : [];
  const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
  return {
    sub: String(p.sub ?? ''),
    email: str(p.email)?.toLowerCase(),
    emailVerified: p.email_verified === true,
    name: str(p.name) ?? str(p.preferred_username),
    roles,
    locale: str(p.locale),
  };
}

export interface Oidc {
  redirectUri: string;
  /** The discovered provider configuration; fetched on first use and kept (retried after a failure). */
  configuration(): Promise<client.Configuration>;
  /** Verifies an access token (signature by the provider's JWKS, issuer, expiry). Throws on failure. */
  verifyAccessToken(token: string): Promise<JWTPayload>;
}

export function providerUnavailable(cause: unknown): AppError {
  return new AppError(503, 'identity_provider_unavailable', 'errors:identityProviderUnavailable', { cause });
}

/** Discovers a provider for one client id/secret (http issuers are allowed outside https deployments). */
export function discover(issuerUrl: string, clientId: string, clientSecret: string) {
  const isHttp = issuerUrl.startsWith('http:');
  return client.discovery(
    new URL(issuerUrl),
    clientId,
    { client_secret: clientSecret },
    client.ClientSecretBasic(clientSecret),
    isHttp ? { execute: [client.allowInsecureRequests] } : {},
  );
}

export function createOidc(config: Config): Oidc {
  let discovered: Promise<client.Configuration> | undefined;
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

  const configuration = () => {
    if (!discovered) {
      discovered = discover(config.issuerUrl, config.clientId, config.clientSecret).catch(
        (error: unknown) => {
          discovered = undefined;
          throw providerUnavailable(error);
        },
      );
    }
    return discovered;
  };

  return {
    redirectUri: `${config.publicUrl}/auth/callback`,
    configuration,
    async verifyAccessToken(token) {
      const conf = await configuration();
      const metadata = conf.serverMetadata();
      if (!jwks) {
        if (!metadata.jwks_uri) throw providerUnavailable(new Error('The provider publishes no jwks_uri'));
        jwks = createRemoteJWKSet(new URL(metadata.jwks_uri));
      }
      const { payload, protectedHeader } = await jwtVerify(token, jwks, {
        issuer: metadata.issuer,
        clockTolerance: 5,
      });
      if (typeof payload.exp !== 'number') throw new Error('The token has no expiry');
      // Only access tokens: RFC 9068 `typ: at+jwt` (oidc-provider) or Keycloak's `typ: Bearer` claim. An ID token
      // (which travels through the browser as id_token_hint) is signed by the same key and must not pass.
      const headerType = protectedHeader.typ?.toLowerCase();
      const isAccessToken =
        headerType === 'at+jwt' || headerType === 'application/at+jwt' || payload.typ === 'Bearer';
      if (!isAccessToken) throw new Error('Not an access token');
      return payload;
    },
  };
}

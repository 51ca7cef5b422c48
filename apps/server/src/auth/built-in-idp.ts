import { join } from 'node:path';
import { type IdpMail, startIdp } from '@excelencia/idp';
import { adminUrlFromIssuer, type Config } from '../config.ts';
import type { Executor } from '../db/client.ts';
import { enqueueMail } from '../platform/mail/outbox.ts';
import { postLogoutRedirectUris } from './auth.service.ts';
import { createIdentityAdmin } from './identity-admin.ts';

export type BuiltInIdp = Awaited<ReturnType<typeof startIdp>>;

/**
 * Starts the built-in identity provider for this configuration (ISSUER_URL unset). With the portal's database,
 * its mails (password reset links) go through the portal's outbox (ADR 0011). It reads the client's address as
 * the portal does (TRUST_PROXY) and asks admins for two-factor sign-in per REQUIRE_ADMIN_TOTP (ADR 0019).
 */
export async function startBuiltInIdp(
  config: Config,
  port = config.idpPort,
  mailDb?: Executor,
): Promise<BuiltInIdp> {
  return startIdp({
    ...(mailDb ? { sendMail: async (mail: IdpMail) => void (await enqueueMail(mailDb, mail)) } : {}),
    issuer: config.issuerUrl,
    port,
    host: config.host,
    dataDir: join(config.dataDir, 'idp'),
    trustProxy: config.trustProxy,
    requireAdminTotp: config.requireAdminTotp,
    clients: [
      {
        clientId: config.clientId,
        clientSecret: config.clientSecret,
        redirectUris: [`${config.publicUrl}/auth/callback`],
        postLogoutRedirectUris: postLogoutRedirectUris(config.publicUrl),
        adminApi: true,
      },
    ],
  });
}

/** The configuration pointed at a running built-in provider (its port may have been chosen at start). */
export function withIssuer(config: Config, issuer: string): Config {
  const idpAdminUrl = adminUrlFromIssuer(issuer);
  return { ...config, issuerUrl: issuer, idpAdminUrl };
}

export function identityAdminFor(config: Config) {
  return createIdentityAdmin({
    issuerUrl: config.issuerUrl,
    adminUrl: config.idpAdminUrl,
    clientId: config.idpAdminClientId,
    clientSecret: config.idpAdminClientSecret,
  });
}

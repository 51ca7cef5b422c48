import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import { AccountStore } from './accounts.ts';
import { adminRoutes } from './admin-routes.ts';
import { accessTokenVerifier, type IdpContext } from './context.ts';
import { InteractionSteps } from './interaction-steps.ts';
import { loadKeys } from './keys.ts';
import { LoginGuard } from './login-guard.ts';
import { loginRoutes } from './login-routes.ts';
import { contentSecurityPolicy } from './pages.ts';
import { PasswordResets } from './password-resets.ts';
import { createProvider } from './provider.ts';
import { ProviderStore } from './provider-store.ts';
import { resetRoutes } from './reset-routes.ts';
import type { IdpClient, IdpLogger, IdpOptions, RunningIdp } from './types.ts';
import { userinfoRoutes } from './userinfo-routes.ts';

const SILENT: IdpLogger = { info() {}, warn() {}, error() {} };

function parseIssuer(issuer: string): { url: URL; realm: string; realmPath: string } {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new Error(`The idp issuer must be an absolute URL, got "${issuer}"`);
  }
  const match = /^\/realms\/([^/]+)\/?$/.exec(url.pathname);
  if (!match?.[1] || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash) {
    throw new Error(`The idp issuer must look like http(s)://host:port/realms/<realm>, got "${issuer}"`);
  }
  return { url, realm: decodeURIComponent(match[1]), realmPath: `/realms/${match[1]}` };
}

function positiveSeconds(value: number | undefined, fallback: number, name: string): number {
  const seconds = value ?? fallback;
  if (!Number.isSafeInteger(seconds) || seconds <= 0) throw new Error(`${name} must be a positive integer`);
  return seconds;
}

/** Origins of every address a client may be sent back to (the only targets of forms on idp pages). */
function clientOrigins(clients: IdpClient[]): string[] {
  const origins = new Set<string>();
  for (const client of clients) {
    for (const uri of [...client.redirectUris, ...client.postLogoutRedirectUris]) {
      const origin = URL.parse(uri)?.origin;
      if (origin && origin !== 'null') origins.add(origin);
    }
  }
  return [...origins];
}

/** The first client's post-logout address in the language (its home page), else its first one. */
function clientHome(clients: IdpClient[], language: string): string | undefined {
  const uris = clients[0]?.postLogoutRedirectUris ?? [];
  return uris.find((uri) => uri.endsWith(`/${language}/`)) ?? uris[0];
}

/** Hands every other request under the issuer path to oidc-provider, mounted there (body left unread). */
async function providerRoutes(app: FastifyInstance, idp: IdpContext): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  let callback: ReturnType<Provider['callback']> | undefined;
  app.all(`${idp.realmPath}/*`, (request, reply) => {
    reply.hijack();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    const url = raw.url ?? '/';
    raw.originalUrl = url;
    raw.url = url.slice(idp.realmPath.length) || '/';
    callback ??= idp.provider().callback();
    void callback(raw, reply.raw);
  });
}

/**
 * Starts the built-in identity provider on its own port. With port 0 a free port is taken and the
 * returned issuer carries it; otherwise the issuer is used as given (it may sit behind a proxy).
 */
export async function startIdp(options: IdpOptions & { port: number; host?: string }): Promise<RunningIdp> {
  const { url, realm, realmPath } = parseIssuer(options.issuer);
  const logger = options.logger ?? SILENT;
  const accessTokenTtlSeconds = positiveSeconds(options.accessTokenTtlSeconds, 300, 'accessTokenTtlSeconds');
  const refreshTokenTtlSeconds = positiveSeconds(
    options.refreshTokenTtlSeconds,
    8 * 60 * 60,
    'refreshTokenTtlSeconds',
  );
  const [accounts, keys, store, resets] = await Promise.all([
    AccountStore.open(options.dataDir),
    loadKeys(options.dataDir),
    ProviderStore.open(options.dataDir, (err) => logger.error({ err }, 'idp: could not save provider state')),
    PasswordResets.open(options.dataDir),
  ]);

  let issuer: string | undefined;
  let provider: Provider | undefined;
  const formActionOrigins = clientOrigins(options.clients);
  const now = options.now ?? Date.now;
  const stepTtlMs = 30 * 60_000;
  const idp: IdpContext = {
    realm,
    realmPath,
    accounts,
    guard: new LoginGuard(undefined, now),
    now,
    requireAdminTotp: options.requireAdminTotp ?? false,
    pendingCodes: new InteractionSteps(stepTtlMs, now),
    enrolments: new InteractionSteps(stepTtlMs, now),
    resets,
    sendMail: options.sendMail,
    homeFor: (language) => clientHome(options.clients, language),
    logger,
    formActionOrigins,
    issuer: () => {
      if (!issuer) throw new Error('The idp is not listening yet');
      return issuer;
    },
    provider: () => {
      if (!provider) throw new Error('The idp is not listening yet');
      return provider;
    },
    verifyAccessToken: accessTokenVerifier(keys, () => idp.issuer()),
  };

  // The client's address (request.ip) is read as the portal reads it: X-Forwarded-For only behind a trusted proxy.
  const app = Fastify({
    logger: false,
    bodyLimit: 64 * 1024,
    forceCloseConnections: true,
    trustProxy: options.trustProxy ?? false,
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('content-security-policy')) {
      reply.header('Content-Security-Policy', contentSecurityPolicy(undefined, formActionOrigins));
    }
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'no-referrer');
    return payload;
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'Not Found' }));
  app.setErrorHandler((error: { statusCode?: number }, _request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) logger.error({ err: error }, 'idp: request failed');
    return reply.code(status).send({ error: status >= 500 ? 'unknown_error' : 'invalid_request' });
  });
  await app.register(async (scope) => providerRoutes(scope, idp));
  await app.register(async (scope) => loginRoutes(scope, idp));
  await app.register(async (scope) => resetRoutes(scope, idp));
  await app.register(async (scope) => userinfoRoutes(scope, idp));
  await app.register(async (scope) => adminRoutes(scope, idp, options.clients));

  await app.listen({ port: options.port, host: options.host ?? '127.0.0.1' });
  const issuerUrl = new URL(url.href);
  if (options.port === 0) issuerUrl.port = String((app.server.address() as AddressInfo).port);
  issuer = issuerUrl.href.replace(/\/$/, '');
  provider = createProvider({
    issuer,
    realmPath,
    clients: options.clients,
    accounts,
    keys,
    store,
    accessTokenTtlSeconds,
    refreshTokenTtlSeconds,
    formActionOrigins,
    logger,
    requireAdminTotp: idp.requireAdminTotp,
  });
  logger.info({ issuer }, 'idp: listening');

  return {
    issuer,
    origin: issuerUrl.origin,
    async close() {
      await app.close();
      await Promise.all([accounts.flush(), store.flush(), resets.flush()]);
    },
  };
}

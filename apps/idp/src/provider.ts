import type { Language } from '@excelencia/domain';
import Provider, {
  type Configuration,
  errors,
  type Grant,
  interactionPolicy,
  type KoaContextWithOIDC,
  type Account as OidcAccount,
} from 'oidc-provider';
import { type Account, type AccountStore, fullNameOf, realmRolesOf } from './accounts.ts';
import type { IdpKeys } from './keys.ts';
import {
  contentSecurityPolicy,
  errorPage,
  message,
  newNonce,
  pageLanguage,
  signedOutPage,
  signOutPage,
} from './pages.ts';
import type { ProviderStore } from './provider-store.ts';
import { isTotpRequired } from './two-factor.ts';
import type { IdpClient, IdpLogger } from './types.ts';

/** The one resource server of the realm: every access token is a JWT for it, with Keycloak's audience. */
export const PORTAL_RESOURCE = 'urn:excelencia:portal';
export const ACCESS_TOKEN_AUDIENCE = 'account';
/** Scopes the portal client is granted without a consent screen (first-party). */
export const GRANTED_SCOPES = 'openid email profile offline_access';
/** Keycloak's realm-management client roles that open the admin REST API. */
/** The kc_action value of a password change, and the interaction prompt that carries it out. */
export const UPDATE_PASSWORD_ACTION = 'UPDATE_PASSWORD';
export const UPDATE_PASSWORD_PROMPT = 'update_password';
/** Keycloak's required action and kc_action value that sets up a one-time code app, and its prompt. */
const CONFIGURE_TOTP_ACTION = 'CONFIGURE_TOTP';
export const CONFIGURE_TOTP_PROMPT = 'configure_totp';
/** Keycloak's kc_action=delete_credential:<credential id> (here: the one-time code), and its prompt. */
const DELETE_CREDENTIAL_ACTION = 'delete_credential';
export const DELETE_CREDENTIAL_PROMPT = 'delete_credential';

/** What the interaction pages of these actions hand back to the provider when they are done. */
interface ActionResults {
  passwordUpdated?: boolean;
  totpConfigured?: boolean;
  credentialDeleted?: boolean;
}

/** The credential id of kc_action=delete_credential:<id> ('' for a bare delete_credential), or undefined. */
export function deleteCredentialTarget(kcAction: unknown): string | undefined {
  if (kcAction === DELETE_CREDENTIAL_ACTION) return '';
  if (typeof kcAction !== 'string' || !kcAction.startsWith(`${DELETE_CREDENTIAL_ACTION}:`)) return undefined;
  return kcAction.slice(DELETE_CREDENTIAL_ACTION.length + 1);
}
export const ADMIN_API_ROLES = ['manage-users', 'view-users', 'query-users', 'view-realm'];

/** The oidc-provider routes, renamed to Keycloak's paths under the issuer. */
export const ROUTES = {
  authorization: '/protocol/openid-connect/auth',
  token: '/protocol/openid-connect/token',
  jwks: '/protocol/openid-connect/certs',
  userinfo: '/protocol/openid-connect/userinfo',
  end_session: '/protocol/openid-connect/logout',
  revocation: '/protocol/openid-connect/revoke',
  introspection: '/protocol/openid-connect/token/introspect',
  pushed_authorization_request: '/protocol/openid-connect/ext/par/request',
} as const;

export interface ProviderSetup {
  issuer: string;
  /** The issuer's path (/realms/<realm>), under which the provider is mounted. */
  realmPath: string;
  clients: IdpClient[];
  accounts: AccountStore;
  keys: IdpKeys;
  store: ProviderStore;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  formActionOrigins: string[];
  logger: IdpLogger;
  /** Accounts with the admin role must use two-factor sign-in (see the configure_totp prompt). */
  requireAdminTotp: boolean;
}

/** Claims of an account, in Keycloak's names; the scopes in `claims` below decide which reach a token. */
export function accountClaims(account: Account): Record<string, unknown> & { sub: string } {
  const locale = account.attributes.locale?.[0];
  const name = fullNameOf(account);
  // Like Keycloak, empty names are left out rather than sent as ''.
  return {
    sub: account.id,
    email: account.email,
    email_verified: account.emailVerified,
    ...(name ? { name } : {}),
    ...(account.firstName ? { given_name: account.firstName } : {}),
    ...(account.lastName ? { family_name: account.lastName } : {}),
    preferred_username: account.email,
    ...(locale ? { locale } : {}),
    realm_access: { roles: realmRolesOf(account) },
  };
}

/** Adds everything a first-party client may have to a grant, so no consent screen is ever needed. */
export function grantEverything(grant: Grant): void {
  grant.addOIDCScope(GRANTED_SCOPES);
  grant.addResourceScope(PORTAL_RESOURCE, GRANTED_SCOPES);
}

function languageOf(ctx: KoaContextWithOIDC): Language {
  let requested: unknown;
  try {
    requested = ctx.oidc?.params?.ui_locales;
  } catch {
    requested = undefined;
  }
  return pageLanguage([requested], ctx.get('accept-language'));
}

function sendPage(
  ctx: KoaContextWithOIDC,
  formActionOrigins: string[],
  render: (language: Language, nonce: string) => string,
): void {
  const nonce = newNonce();
  ctx.set('Content-Security-Policy', contentSecurityPolicy(nonce, formActionOrigins));
  ctx.type = 'html';
  ctx.body = render(languageOf(ctx), nonce);
}

export function createProvider(setup: ProviderSetup): Provider {
  const { accounts, logger, formActionOrigins } = setup;
  const adminClients = new Set(setup.clients.filter((c) => c.adminApi).map((c) => c.clientId));

  const policy = interactionPolicy.base();
  // A session whose account was since disabled or deleted must sign in again.
  policy
    .get('login')
    ?.checks.add(
      new interactionPolicy.Check('account_unavailable', 'End-User authentication is required', (ctx) =>
        Boolean(ctx.oidc.session?.accountId && !ctx.oidc.account),
      ),
    );

  // Keycloak's application-initiated action: kc_action=UPDATE_PASSWORD asks the signed-in user for a new
  // password (login-routes.ts shows the page) before returning to the client.
  policy.add(
    new interactionPolicy.Prompt(
      { name: UPDATE_PASSWORD_PROMPT, requestable: false },
      new interactionPolicy.Check(
        'update_password_requested',
        'The client asked for a password change',
        (ctx) =>
          ctx.oidc.params?.kc_action === UPDATE_PASSWORD_ACTION &&
          (ctx.oidc.result as { passwordUpdated?: boolean } | undefined)?.passwordUpdated !== true,
      ),
    ),
    1,
  );

  const resultOf = (ctx: KoaContextWithOIDC) => (ctx.oidc.result ?? {}) as ActionResults;
  const sessionAccount = (ctx: KoaContextWithOIDC) => {
    const id = ctx.oidc.session?.accountId;
    return id ? accounts.findById(id) : undefined;
  };

  // Keycloak's CONFIGURE_TOTP: asked for by the client (kc_action), or a required action of an admin without
  // two-factor sign-in when it is required; login-routes.ts shows the enrolment before returning to the client.
  policy.add(
    new interactionPolicy.Prompt(
      { name: CONFIGURE_TOTP_PROMPT, requestable: false },
      new interactionPolicy.Check('configure_totp_requested', 'The client asked to set up TOTP', (ctx) =>
        Boolean(
          ctx.oidc.params?.kc_action === CONFIGURE_TOTP_ACTION &&
            sessionAccount(ctx) &&
            resultOf(ctx).totpConfigured !== true,
        ),
      ),
      new interactionPolicy.Check('configure_totp_required', 'Two-factor sign-in is required', (ctx) => {
        const account = sessionAccount(ctx);
        return Boolean(account && !account.totp && isTotpRequired(account, setup.requireAdminTotp));
      }),
    ),
    2,
  );

  // Keycloak's application-initiated delete_credential: removing the one-time code, confirmed with a code.
  policy.add(
    new interactionPolicy.Prompt(
      { name: DELETE_CREDENTIAL_PROMPT, requestable: false },
      new interactionPolicy.Check(
        'delete_credential_requested',
        'The client asked to remove a credential',
        (ctx) =>
          Boolean(
            deleteCredentialTarget(ctx.oidc.params?.kc_action) !== undefined &&
              sessionAccount(ctx) &&
              resultOf(ctx).credentialDeleted !== true,
          ),
      ),
    ),
    3,
  );

  const configuration: Configuration = {
    adapter: setup.store.adapterFor,
    // A client without redirect URIs (a service such as the portal's admin client) only uses client_credentials.
    clients: setup.clients.map((c) => {
      const signsUsersIn = c.redirectUris.length > 0;
      return {
        client_id: c.clientId,
        client_secret: c.clientSecret,
        redirect_uris: c.redirectUris,
        post_logout_redirect_uris: c.postLogoutRedirectUris,
        grant_types: signsUsersIn
          ? ['authorization_code', 'refresh_token', 'client_credentials']
          : ['client_credentials'],
        response_types: signsUsersIn ? ['code'] : [],
        token_endpoint_auth_method: 'client_secret_basic',
      };
    }),
    jwks: setup.keys.signing as Configuration['jwks'],
    cookies: {
      names: { session: 'idp_session', interaction: 'idp_interaction', resume: 'idp_interaction_resume' },
      keys: setup.keys.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    routes: ROUTES,
    scopes: ['openid', 'email', 'profile', 'offline_access'],
    claims: {
      openid: ['sub', 'realm_access'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'preferred_username', 'locale'],
    },
    // Keycloak puts the scopes' claims into the ID token of the code flow too.
    conformIdTokenClaims: false,
    extraParams: ['kc_locale', 'kc_action'],
    discovery: { ui_locales_supported: ['pt', 'en', 'fr'] },
    pkce: { required: () => true },
    clientBasedCORS: () => false,
    features: {
      devInteractions: { enabled: false },
      dPoP: { enabled: false },
      clientCredentials: { enabled: true },
      introspection: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      // The userinfo endpoint is served by userinfo-routes.ts, which accepts the JWT access tokens (as Keycloak does).
      userinfo: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) =>
          sendPage(ctx, formActionOrigins, (language, nonce) => signOutPage(language, nonce, form)),
        postLogoutSuccessSource: (ctx) => sendPage(ctx, formActionOrigins, signedOutPage),
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async (_ctx, _client, oneOf) => oneOf ?? PORTAL_RESOURCE,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resource) => {
          if (resource !== PORTAL_RESOURCE) throw new errors.InvalidTarget();
          return {
            scope: GRANTED_SCOPES,
            audience: ACCESS_TOKEN_AUDIENCE,
            accessTokenTTL: setup.accessTokenTtlSeconds,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    interactions: {
      policy,
      url: async (_ctx, interaction) => `${setup.realmPath}/login-actions/${interaction.uid}`,
    },
    loadExistingGrant: async (ctx) => {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      const grant =
        existing?.accountId === session.accountId
          ? existing
          : new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grantEverything(grant);
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx, sub): Promise<OidcAccount | undefined> => {
      const account = accounts.findById(sub);
      if (!account?.enabled) return undefined;
      return { accountId: account.id, claims: () => accountClaims(account) };
    },
    extraTokenClaims: async (_ctx, token) => {
      const accountId = 'accountId' in token ? token.accountId : undefined;
      if (accountId) {
        const account = accounts.findById(accountId);
        if (!account) return undefined;
        const { sub: _sub, ...claims } = accountClaims(account);
        return { azp: token.clientId, ...claims };
      }
      // A service account (client_credentials): no realm roles; admin clients get Keycloak's realm-management roles.
      return {
        azp: token.clientId,
        preferred_username: `service-account-${token.clientId}`,
        realm_access: { roles: [] },
        ...(token.clientId && adminClients.has(token.clientId)
          ? { resource_access: { 'realm-management': { roles: ADMIN_API_ROLES } } }
          : {}),
      };
    },
    // First-party clients always get a refresh token, as Keycloak gives one on every code exchange.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: setup.accessTokenTtlSeconds,
      ClientCredentials: setup.accessTokenTtlSeconds,
      IdToken: setup.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      Interaction: 30 * 60,
      Session: setup.refreshTokenTtlSeconds,
      Grant: setup.refreshTokenTtlSeconds,
      // A rotated refresh token keeps the end of the one it replaces: a sign-in lasts at most the refresh TTL.
      RefreshToken: (ctx) =>
        ctx?.oidc?.entities.RotatedRefreshToken?.remainingTTL ?? setup.refreshTokenTtlSeconds,
    },
    renderError: (ctx, out, error) => {
      const status = (error as Partial<errors.OIDCProviderError>).statusCode ?? 500;
      if (status >= 500) logger.error({ err: error }, 'idp: provider error');
      const detail = [out.error, out.error_description].filter(Boolean).join(': ');
      sendPage(ctx, formActionOrigins, (language, nonce) =>
        errorPage(language, nonce, message(language, 'errors.generic'), detail),
      );
    },
  };

  const provider = new Provider(setup.issuer, configuration);
  provider.proxy = false;

  provider.on('server_error', (_ctx: unknown, err: unknown) => {
    logger.error({ err }, 'idp: server error');
  });

  // Security headers on every provider response; pages set their own nonce'd policy, which wins.
  provider.use(async (ctx, next) => {
    ctx.set('Content-Security-Policy', contentSecurityPolicy(undefined, formActionOrigins));
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'no-referrer');
    await next();
    // The discovery document names our own userinfo endpoint (see userinfo-routes.ts).
    if (ctx.oidc?.route === 'discovery' && ctx.body && typeof ctx.body === 'object') {
      (ctx.body as Record<string, unknown>).userinfo_endpoint = `${setup.issuer}${ROUTES.userinfo}`;
    }
  });

  return provider;
}

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGES,
  type Language,
  type SessionResponse,
} from '@excelencia/domain';
import * as client from 'openid-client';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { AppError, unauthorized } from '../platform/errors.ts';
import {
  type AccountRow,
  findAccountByEmail,
  findAccountById,
  findAccountBySubject,
  insertAccountIfAbsent,
  updateAccount,
} from './accounts.repository.ts';
import { claimsOf, type IdentityClaims, type Oidc, providerUnavailable, SCOPES } from './oidc.ts';
import {
  deleteSession,
  extendSessionUntil,
  findSession,
  insertSession,
  lockSession,
  type SessionRow,
  sessionWithAccountLookup,
  updateSessionTokens,
} from './sessions.repository.ts';
import type { AuthContext, SessionContext } from './types.ts';

/** What the short-lived sign-in cookie keeps between /auth/login and /auth/callback. */
export interface LoginState {
  verifier: string;
  state: string;
  nonce: string;
  callbackUrl: string;
  language: Language;
}

export const REFRESH_MARGIN_MS = 30_000;

export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function expiryFrom(tokens: { expires_in?: number }, payload: { exp?: number } | undefined): Date {
  if (typeof payload?.exp === 'number') return new Date(payload.exp * 1000);
  return new Date(Date.now() + (tokens.expires_in ?? 300) * 1000);
}

/** Keycloak's application-initiated actions (kc_action) the portal asks for. */
export type AuthAction = 'UPDATE_PASSWORD' | 'CONFIGURE_TOTP' | `delete_credential:${string}`;

export interface AuthService {
  /**
   * Starts a sign-in at the provider. `action` asks the provider for one of Keycloak's application-initiated
   * actions (kc_action), such as UPDATE_PASSWORD; the callback then completes as a normal sign-in.
   */
  startLogin(input: {
    callbackUrl: string;
    language: Language;
    action?: AuthAction;
  }): Promise<{ url: string; state: LoginState }>;
  completeLogin(currentUrl: URL, state: LoginState): Promise<{ sessionToken: string; maxAgeSeconds: number }>;
  resolveSession(sessionToken: string): Promise<{ auth: AuthContext; session: SessionContext } | null>;
  resolveBearer(accessToken: string): Promise<AuthContext>;
  sessionResponse(sessionToken: string | undefined): Promise<SessionResponse>;
  /**
   * Gives a session that has not ended a new full lifetime (SESSION_MAX_AGE_HOURS from now), once the provider has
   * refreshed its tokens: a provider session that ended, was revoked or whose account was disabled ends this one
   * too (null). For the warning before a session ends (docs/adr/0021).
   */
  extendSession(sessionToken: string | undefined): Promise<{ maxAgeSeconds: number } | null>;
  /** Ends the session; the browser then goes through the provider's sign-out back to the home page in `language`. */
  logout(sessionToken: string | undefined, language: Language): Promise<{ redirectUrl: string }>;
  /** Finds or creates the account of a verified identity (by subject, then email) and refreshes its data. */
  upsertAccount(claims: IdentityClaims, language?: Language): Promise<AccountRow>;
}

export function createAuthService(deps: { config: Config; db: Database; oidc: Oidc }): AuthService {
  const { config, db, oidc } = deps;

  async function upsertAccount(claims: IdentityClaims, language?: Language): Promise<AccountRow> {
    if (!claims.sub || !claims.email) throw unauthorized();
    const name = claims.name ?? claims.email;
    for (let attempt = 0; attempt < 2; attempt++) {
      const bySubject = await findAccountBySubject(db, claims.sub);
      const byEmail = await findAccountByEmail(db, claims.email);
      const existing = bySubject ?? byEmail;
      if (existing) {
        // Linking an identity to an account by e-mail alone needs a verified address, unless the account was
        // never linked (created by the portal before its first sign-in).
        if (!bySubject && existing.subject !== null && !claims.emailVerified) throw unauthorized();
        // An e-mail already held by another account is not taken over; the account keeps its own.
        const email = byEmail && byEmail.id !== existing.id ? existing.email : claims.email;
        const wanted = { subject: claims.sub, email, name, roles: claims.roles };
        const changed =
          existing.subject !== wanted.subject ||
          existing.email !== wanted.email ||
          existing.name !== wanted.name ||
          JSON.stringify(existing.roles) !== JSON.stringify(wanted.roles);
        if (changed) await updateAccount(db, existing.id, wanted);
        return { ...existing, ...wanted };
      }
      const fromLocale = claims.locale?.slice(0, 2);
      await insertAccountIfAbsent(db, {
        subject: claims.sub,
        email: claims.email,
        name,
        roles: claims.roles,
        language: language ?? (isLanguage(fromLocale) ? fromLocale : DEFAULT_LANGUAGE),
      });
    }
    const created = await findAccountBySubject(db, claims.sub);
    if (!created) throw new Error('The account could not be stored');
    return created;
  }

  function authOf(
    account: Pick<AccountRow, 'id' | 'email' | 'name' | 'language'>,
    roles: string[],
    via: AuthContext['via'],
  ): AuthContext {
    return {
      accountId: account.id,
      email: account.email,
      name: account.name,
      roles,
      language: account.language,
      via,
    };
  }

  const isFresh = (row: Pick<SessionRow, 'accessExpiresAt'>) =>
    row.accessExpiresAt.getTime() - REFRESH_MARGIN_MS > Date.now();
  /** Refreshes in flight in this process, by session id: the concurrent calls of one page share one. */
  const refreshing = new Map<string, Promise<SessionRow | null>>();

  /**
   * Refreshes the tokens of a session whose access token is (nearly) expired, or of any session with `force` (an
   * extension asks the provider even when the access token is fresh); null when that fails.
   */
  function refreshed(row: SessionRow, force = false): Promise<SessionRow | null> {
    if (isFresh(row) && !force) return Promise.resolve(row);
    const key = force ? `${row.id}:force` : row.id;
    let pending = refreshing.get(key);
    if (!pending) {
      pending = refreshUnderLock(row.id, force).finally(() => refreshing.delete(key));
      refreshing.set(key, pending);
    }
    return pending;
  }

  /**
   * The refresh itself, with the session's row locked: the provider rotates refresh tokens and revokes the whole
   * grant when a rotated one is used again, so two refreshes of one session (from two instances) must not race.
   * Whoever waited for the lock finds the tokens refreshed and uses them.
   */
  function refreshUnderLock(id: string, force: boolean): Promise<SessionRow | null> {
    return db.transaction(async (tx) => {
      const row = await lockSession(tx, id);
      if (!row) return null;
      if (isFresh(row) && !force) return row;
      if (!row.refreshToken) return null;
      let values: Pick<SessionRow, 'accessToken' | 'refreshToken' | 'idToken' | 'roles' | 'accessExpiresAt'>;
      try {
        const conf = await oidc.configuration();
        const tokens = await client.refreshTokenGrant(conf, row.refreshToken);
        const payload = await oidc.verifyAccessToken(tokens.access_token);
        values = {
          accessToken: tokens.access_token,
          refreshToken: tokens.refresh_token ?? row.refreshToken,
          idToken: tokens.id_token ?? row.idToken,
          roles: claimsOf(payload).roles,
          accessExpiresAt: expiryFrom(tokens, payload),
        };
      } catch {
        // Refused (revoked, expired) or unreachable: the session ends.
        return null;
      }
      await updateSessionTokens(tx, id, values);
      return { ...row, ...values };
    });
  }

  const findSessionWithAccount = sessionWithAccountLookup(db);

  async function resolveSession(sessionToken: string) {
    if (!/^[\w-]{20,100}$/.test(sessionToken)) return null;
    const id = sha256(sessionToken);
    // One round trip on every signed-in request: the session and its account, without the tokens.
    const found = await findSessionWithAccount(id);
    if (!found) return null;
    if (found.expiresAt.getTime() <= Date.now() || !found.account.isActive) {
      await deleteSession(db, id);
      return null;
    }
    if (found.accessExpiresAt.getTime() - REFRESH_MARGIN_MS > Date.now()) {
      const { account } = found;
      return {
        auth: authOf({ id: found.accountId, ...account }, found.roles, 'session'),
        session: { id, csrfToken: found.csrfToken, expiresAt: found.expiresAt },
      };
    }
    // The access token is (nearly) expired: the whole row, to refresh its tokens at the provider.
    const row = await findSession(db, id);
    const current = row ? await refreshed(row) : null;
    if (!current) {
      await deleteSession(db, id);
      return null;
    }
    const account = await findAccountById(db, current.accountId);
    if (!account?.isActive) {
      await deleteSession(db, id);
      return null;
    }
    return {
      auth: authOf(account, current.roles, 'session'),
      session: { id, csrfToken: current.csrfToken, expiresAt: current.expiresAt },
    };
  }

  return {
    upsertAccount,
    resolveSession,

    async startLogin({ callbackUrl, language, action }) {
      const conf = await oidc.configuration();
      const verifier = client.randomPKCECodeVerifier();
      const state: LoginState = {
        verifier,
        state: client.randomState(),
        nonce: client.randomNonce(),
        callbackUrl,
        language,
      };
      const url = client.buildAuthorizationUrl(conf, {
        redirect_uri: oidc.redirectUri,
        scope: SCOPES,
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: state.state,
        nonce: state.nonce,
        ui_locales: language,
        ...(action ? { kc_action: action } : {}),
      });
      return { url: url.href, state };
    },

    async completeLogin(currentUrl, state) {
      const conf = await oidc.configuration();
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(conf, currentUrl, {
          pkceCodeVerifier: state.verifier,
          expectedState: state.state,
          expectedNonce: state.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        if (error instanceof client.ClientError || error instanceof client.ResponseBodyError) {
          throw new AppError(400, 'callback_failed', 'errors:callbackFailed', { cause: error });
        }
        throw providerUnavailable(error);
      }
      const accessPayload = await oidc.verifyAccessToken(tokens.access_token);
      const fromAccess = claimsOf(accessPayload);
      const fromId = claimsOf(tokens.claims() ?? {});
      const claims: IdentityClaims = {
        sub: fromId.sub || fromAccess.sub,
        emailVerified: fromAccess.emailVerified || fromId.emailVerified,
        email: fromAccess.email ?? fromId.email,
        name: fromAccess.name ?? fromId.name,
        roles: fromAccess.roles,
        locale: fromId.locale ?? fromAccess.locale,
      };
      const account = await upsertAccount(claims, state.language);
      if (!account.isActive) throw new AppError(403, 'account_disabled', 'errors:forbidden');
      const sessionToken = randomToken();
      const maxAgeSeconds = Math.round(config.sessionMaxAgeHours * 3600);
      await insertSession(db, {
        id: sha256(sessionToken),
        accountId: account.id,
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token ?? null,
        idToken: tokens.id_token ?? null,
        roles: claims.roles,
        csrfToken: randomToken(),
        accessExpiresAt: expiryFrom(tokens, accessPayload),
        expiresAt: new Date(Date.now() + maxAgeSeconds * 1000),
      });
      return { sessionToken, maxAgeSeconds };
    },

    async resolveBearer(accessToken) {
      let claims: IdentityClaims;
      try {
        claims = claimsOf(await oidc.verifyAccessToken(accessToken));
      } catch (error) {
        if (error instanceof AppError) throw error;
        throw unauthorized('errors:invalidToken');
      }
      const account = await upsertAccount(claims);
      if (!account.isActive) throw unauthorized('errors:invalidToken');
      return authOf(account, claims.roles, 'bearer');
    },

    async sessionResponse(sessionToken) {
      const resolved = sessionToken ? await resolveSession(sessionToken) : null;
      if (!resolved) return { status: 'unauthenticated' };
      const { auth, session } = resolved;
      return {
        status: 'authenticated',
        user: { id: auth.accountId, name: auth.name, email: auth.email },
        roles: auth.roles,
        expires: session.expiresAt.toISOString(),
        language: auth.language,
      };
    },

    async extendSession(sessionToken) {
      if (!sessionToken || !/^[\w-]{20,100}$/.test(sessionToken)) return null;
      const id = sha256(sessionToken);
      const row = await findSession(db, id);
      if (!row || row.expiresAt.getTime() <= Date.now()) return null;
      const current = await refreshed(row, true);
      const account = current ? await findAccountById(db, current.accountId) : undefined;
      if (!current || !account?.isActive) {
        await deleteSession(db, id);
        return null;
      }
      const maxAgeSeconds = Math.round(config.sessionMaxAgeHours * 3600);
      await extendSessionUntil(db, id, new Date(Date.now() + maxAgeSeconds * 1000));
      return { maxAgeSeconds };
    },

    async logout(sessionToken, language) {
      const home = postLogoutRedirectUri(config.publicUrl, language);
      const localHome = `/${language}/`;
      if (!sessionToken || !/^[\w-]{20,100}$/.test(sessionToken)) return { redirectUrl: localHome };
      const id = sha256(sessionToken);
      const row = await findSession(db, id);
      if (!row) return { redirectUrl: localHome };
      await deleteSession(db, id);
      try {
        const conf = await oidc.configuration();
        if (!conf.serverMetadata().end_session_endpoint) return { redirectUrl: localHome };
        const params: Record<string, string> = { post_logout_redirect_uri: home, client_id: config.clientId };
        if (row.idToken) params.id_token_hint = row.idToken;
        return { redirectUrl: client.buildEndSessionUrl(conf, params).href };
      } catch {
        return { redirectUrl: localHome };
      }
    },
  };
}

/**
 * Where the provider sends the browser after signing out: the home page in the user's language. Register all three
 * (postLogoutRedirectUris) at the provider; Keycloak accepts `$PUBLIC_URL/*`.
 */
export function postLogoutRedirectUri(publicUrl: string, language: Language): string {
  return `${publicUrl}/${language}/`;
}

export function postLogoutRedirectUris(publicUrl: string): string[] {
  return [`${publicUrl}/`, ...LANGUAGES.map((language) => postLogoutRedirectUri(publicUrl, language))];
}

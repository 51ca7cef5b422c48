import type { Language, Role } from '@excelencia/domain';

/** Who is calling, resolved from the session cookie or a bearer token. */
export interface AuthContext {
  accountId: string;
  email: string;
  name: string;
  roles: string[];
  language: Language;
  via: 'session' | 'bearer';
  /** Set for a partner API token: the partner entity it acts for. */
  partnerEntityId?: string;
}

/** The browser session behind a cookie-authenticated request. */
export interface SessionContext {
  id: string;
  csrfToken: string;
  expiresAt: Date;
}

/**
 * The roles a route under /app/api/v1 allows: 'public' for everyone, or the realm roles of which the caller
 * needs at least one (`uma_authorization` alone = any signed-in user; it is always required besides).
 */
export type RouteRoles = 'public' | Role[];

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    authSession: SessionContext | null;
  }
  interface FastifyContextConfig {
    roles?: RouteRoles;
    /**
     * false: a state-changing public route that checks its own token instead of the CSRF header: a link's token
     * (RFC 8058 one-click), or the session's token in the field of a plain HTML form (sign-out).
     */
    csrf?: false;
    /**
     * true: a public route that never looks at its caller (the health checks), so the guard reads neither cookie nor
     * token: a check polled with a session cookie answers as without one, even while the database is down.
     */
    anonymous?: true;
  }
}

export interface IdpClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  /** may call the admin REST API with a client_credentials token */
  adminApi?: boolean;
}

export interface IdpLogger {
  info(o: object, msg?: string): void;
  warn(o: object, msg?: string): void;
  error(o: object, msg?: string): void;
}

/** A mail the idp sends (a password reset link); the host application delivers it (the portal: its outbox). */
export interface IdpMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  language: 'pt' | 'en' | 'fr';
}

export interface IdpOptions {
  /** MUST look like http(s)://host:port/realms/<realm>, e.g. http://localhost:3001/realms/excelencia */
  issuer: string;
  clients: IdpClient[];
  /** persist accounts (JSON, atomic write), signing keys (JWKS) and cookie keys here; omitted = memory only */
  dataDir?: string;
  /** default 300 */
  accessTokenTtlSeconds?: number;
  /** default 8 h */
  refreshTokenTtlSeconds?: number;
  logger?: IdpLogger;
  /**
   * Delivers the idp's mails. With it the sign-in page offers 'Forgot your password?' (a reset link by e-mail);
   * without it there is no way to reach the user, so no such link.
   */
  sendMail?: (mail: IdpMail) => Promise<void>;
  /**
   * Honour X-Forwarded-For for the client's address (the sign-in waits are per account and address): only when
   * a proxy in front sets it (the portal's TRUST_PROXY). Default false: the socket's address.
   */
  trustProxy?: boolean;
  /** Every account with the admin role must use two-factor sign-in; one without it enrols at its next sign-in. */
  requireAdminTotp?: boolean;
  /** The clock of the sign-in waits and one-time codes, in epoch ms (tests); default Date.now. */
  now?: () => number;
}

export interface RunningIdp {
  /** The issuer, with the real port when the idp was started on port 0. */
  issuer: string;
  /** scheme://host:port of the issuer; the admin REST API lives at `${origin}/admin/realms/<realm>`. */
  origin: string;
  close(): Promise<void>;
}

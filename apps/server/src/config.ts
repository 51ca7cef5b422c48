import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { S3Location } from './platform/files/s3-driver.ts';

/** How long a visitor's public answer is shared with the next visitors by default (PUBLIC_CACHE_MS). */
export const DEFAULT_PUBLIC_CACHE_MS = 5000;

/** Every environment variable the server reads, with a one-line description (the README mirrors this). */
export const CONFIG_DOCS: ReadonlyArray<{ name: string; default: string; description: string }> = [
  { name: 'NODE_ENV', default: 'development', description: 'development, test or production.' },
  { name: 'HOST', default: '127.0.0.1', description: 'Interface the portal server listens on.' },
  { name: 'PORT', default: '3000', description: 'Port the portal server listens on.' },
  {
    name: 'PUBLIC_URL',
    default: 'http://localhost:$PORT',
    description:
      'Address users open; used for sign-in redirects and secure cookies (https outside localhost).',
  },
  {
    name: 'DATA_DIR',
    default: './data',
    description: 'Folder for the embedded database, files and IdP data.',
  },
  {
    name: 'FILES_URL',
    default: '(unset)',
    description:
      's3://[key:secret@]bucket[/prefix][?endpoint=http://host:port&region=…&forcePathStyle=true] stores uploaded files in an S3-compatible bucket; unset = local disk in $DATA_DIR/files.',
  },
  {
    name: 'DATABASE_URL',
    default: '(unset)',
    description: 'postgres://… of a PostgreSQL 15+ database; unset = embedded PGlite in $DATA_DIR/db.',
  },
  {
    name: 'ISSUER_URL',
    default: '(unset)',
    description: 'OIDC issuer (e.g. a Keycloak realm); unset = start the built-in identity provider.',
  },
  { name: 'IDP_PORT', default: '3001', description: 'Port of the built-in identity provider.' },
  { name: 'CLIENT_ID', default: 'portal', description: 'OIDC client id of the portal.' },
  {
    name: 'CLIENT_SECRET',
    default: '(dev default with the built-in IdP)',
    description: 'OIDC client secret; required with ISSUER_URL and in production.',
  },
  {
    name: 'IDP_ADMIN_URL',
    default: 'derived from ISSUER_URL',
    description:
      'Admin REST base (http://h/realms/r → http://h/admin/realms/r) used to create and manage users.',
  },
  {
    name: 'IDP_ADMIN_CLIENT_ID',
    default: '$CLIENT_ID',
    description: 'Client (with client-credentials) that calls the admin REST API.',
  },
  { name: 'IDP_ADMIN_CLIENT_SECRET', default: '$CLIENT_SECRET', description: 'Secret of that admin client.' },
  {
    name: 'SESSION_SECRET',
    default: '(generated into $DATA_DIR outside production)',
    description: 'At least 32 characters; signs the short-lived sign-in cookie. Required in production.',
  },
  { name: 'SESSION_MAX_AGE_HOURS', default: '12', description: 'How long a browser session lasts.' },
  {
    name: 'SMTP_URL',
    default: '(unset)',
    description: 'smtp(s)://user:pass@host:port for outgoing mail; unset = mail stays in the outbox.',
  },
  { name: 'MAIL_FROM', default: 'Excelência <no-reply@localhost>', description: 'Sender of outgoing mail.' },
  {
    name: 'TRUST_PROXY',
    default: 'true when PUBLIC_URL is https',
    description:
      "Trust X-Forwarded-* from the TLS proxy in front (client address for rate limits, logs and the built-in IdP's sign-in waits).",
  },
  {
    name: 'REQUIRE_ADMIN_TOTP',
    default: 'true, false with DEMO_DATA',
    description:
      'Built-in identity provider: accounts with the admin role must use two-factor sign-in (an authenticator app); one without it sets it up at its next sign-in. With ISSUER_URL, require it in Keycloak (README).',
  },
  { name: 'LOG_LEVEL', default: 'info', description: 'fatal, error, warn, info, debug, trace or silent.' },
  {
    name: 'METRICS_TOKEN',
    default: '(unset)',
    description:
      'At least 16 characters: GET /metrics on the portal port answers Prometheus text to `Authorization: Bearer <token>`; unset = no /metrics there.',
  },
  {
    name: 'METRICS_PORT',
    default: '(unset)',
    description:
      'Serve /metrics (no token) on this port of HOST instead, for a scraper on a private network.',
  },
  {
    name: 'PUBLIC_CACHE_MS',
    default: String(DEFAULT_PUBLIC_CACHE_MS),
    description:
      "How long a visitor's public answer (directory, edition, news, form options) is shared with the next visitors; 0 = never.",
  },
  { name: 'BODY_LIMIT_BYTES', default: '1048576', description: 'Largest accepted request body (JSON).' },
  {
    name: 'DEMO_DATA',
    default: 'true with the built-in IdP outside production',
    description:
      "Create the demo accounts and company at start (idempotent), with the demo companies' sheets the first time; refused in production.",
  },
  {
    name: 'WEB_DIST_DIR',
    default: 'apps/web/dist',
    description: 'Built single-page app the server serves (npm run build).',
  },
];

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  FILES_URL: optionalString.pipe(
    z.url({ protocol: /^s3$/, error: 'must be s3://bucket/prefix?…' }).optional(),
  ),
  AWS_REGION: optionalString,
  AWS_DEFAULT_REGION: optionalString,
  ISSUER_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  IDP_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  CLIENT_ID: z.string().min(1).default('portal'),
  CLIENT_SECRET: optionalString,
  IDP_ADMIN_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  IDP_ADMIN_CLIENT_ID: optionalString,
  IDP_ADMIN_CLIENT_SECRET: optionalString,
  SESSION_SECRET: optionalString.pipe(z.string().min(32).optional()),
  SESSION_MAX_AGE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(12),
  SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().min(3).default('Excelência <no-reply@localhost>'),
  TRUST_PROXY: optionalString.pipe(booleanString.optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  METRICS_TOKEN: optionalString.pipe(z.string().min(16).optional()),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  PUBLIC_CACHE_MS: z.coerce.number().int().min(0).default(DEFAULT_PUBLIC_CACHE_MS),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  DEMO_DATA: optionalString.pipe(booleanString.optional()),
  REQUIRE_ADMIN_TOTP: optionalString.pipe(booleanString.optional()),
  WEB_DIST_DIR: optionalString,
});

/** The query of FILES_URL: every key known, so a misspelt one is an error, not ignored. */
const FilesUrlQuery = z.strictObject({
  endpoint: z.url({ protocol: /^https?$/ }).optional(),
  region: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/)
    .optional(),
  forcePathStyle: booleanString.optional(),
});

const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** Where uploaded files live: local disk, or a bucket (FILES_URL). */
export type FilesConfig = { kind: 'disk'; root: string } | ({ kind: 's3' } & S3Location);

/**
 * s3://[accessKeyId:secretAccessKey@]bucket[/prefix][?endpoint=…&region=…&forcePathStyle=true|false]. The
 * region falls back to AWS_REGION, AWS_DEFAULT_REGION, then us-east-1; path-style addressing is the default
 * with an endpoint (S3-compatible servers), virtual-hosted without (AWS). Throws a readable message.
 */
export function parseFilesUrl(
  value: string,
  env: { AWS_REGION?: string | undefined; AWS_DEFAULT_REGION?: string | undefined } = {},
): Extract<FilesConfig, { kind: 's3' }> {
  const url = new URL(value);
  if (url.protocol !== 's3:') throw new Error('FILES_URL must start with s3://');
  const bucket = url.hostname;
  if (!BUCKET_NAME.test(bucket) || url.port) {
    throw new Error(
      'FILES_URL: the bucket (s3://bucket/…) must be 3 to 63 lowercase letters, digits, dots or dashes',
    );
  }
  const query = FilesUrlQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) {
    const problems = query.error.issues.map((issue) =>
      issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    );
    throw new Error(`FILES_URL: ${problems.join('; ')}`);
  }
  const path = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  if (path !== '' && path.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    throw new Error('FILES_URL: the prefix must be plain folder names (no empty, . or .. parts)');
  }
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  if (Boolean(user) !== Boolean(password)) {
    throw new Error(
      'FILES_URL: give both the access key id and the secret (s3://key:secret@bucket), or neither',
    );
  }
  const { endpoint, region, forcePathStyle } = query.data;
  return {
    kind: 's3',
    bucket,
    prefix: path ? `${path}/` : '',
    ...(endpoint ? { endpoint: endpoint.replace(/\/+$/, '') } : {}),
    region: region ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1',
    forcePathStyle: forcePathStyle ?? Boolean(endpoint),
    ...(user ? { credentials: { accessKeyId: user, secretAccessKey: password } } : {}),
  };
}

export const BUILT_IN_REALM = 'excelencia';
const DEV_CLIENT_SECRET = 'portal-dev-secret-change-me';

export interface Config {
  nodeEnv: 'development' | 'test' | 'production';
  isProduction: boolean;
  host: string;
  port: number;
  /** Without a trailing slash. */
  publicUrl: string;
  /** True when PUBLIC_URL is https: cookies get Secure, responses get HSTS. */
  isHttps: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where uploaded files live (FILES_URL; local disk in $DATA_DIR/files by default). */
  files: FilesConfig;
  /** True when the portal starts its own identity provider (ISSUER_URL unset). */
  builtInIdp: boolean;
  issuerUrl: string;
  idpPort: number;
  clientId: string;
  clientSecret: string;
  idpAdminUrl: string;
  idpAdminClientId: string;
  idpAdminClientSecret: string;
  sessionSecret: string;
  sessionMaxAgeHours: number;
  smtpUrl: string | undefined;
  trustProxy: boolean;
  mailFrom: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Bearer token of GET /metrics on the portal's port (METRICS_TOKEN); unset = no /metrics there. */
  metricsToken: string | undefined;
  /** A port of its own for /metrics, without a token (METRICS_PORT). */
  metricsPort: number | undefined;
  bodyLimitBytes: number;
  /** How long a visitor's public answer is shared with the next visitors, in ms (0: never). */
  publicCacheMs: number;
  demoData: boolean;
  /** The built-in provider asks every admin for two-factor sign-in (REQUIRE_ADMIN_TOTP; off with the demo data). */
  requireAdminTotp: boolean;
  webDistDir: string;
}

/** http://h/realms/r → http://h/admin/realms/r (Keycloak's admin REST base of a realm). */
export function adminUrlFromIssuer(issuer: string): string {
  const url = new URL(issuer);
  const match = /^(.*)\/realms\/([^/]+)\/?$/.exec(url.pathname);
  if (!match) throw new Error(`Cannot derive IDP_ADMIN_URL from ISSUER_URL ${issuer}: set IDP_ADMIN_URL.`);
  return `${url.origin}${match[1]}/admin/realms/${match[2]}`;
}

function isLocalHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/** Reads the dev session secret from $DATA_DIR, creating it on the first start. */
function devSessionSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Parses the environment once. Throws an Error listing every problem when it is not usable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const problems: string[] = [];

  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const publicHost = new URL(publicUrl);
  const isHttps = publicHost.protocol === 'https:';
  if (isProduction && !isHttps && !isLocalHost(publicHost.hostname)) {
    problems.push('PUBLIC_URL must be https in production (http is allowed only for localhost).');
  }

  const dataDir = resolve(e.DATA_DIR);
  const builtInIdp = !e.ISSUER_URL;
  const issuerUrl = (e.ISSUER_URL ?? `http://localhost:${e.IDP_PORT}/realms/${BUILT_IN_REALM}`).replace(
    /\/+$/,
    '',
  );

  let clientSecret = e.CLIENT_SECRET;
  if (!clientSecret) {
    if (builtInIdp && !isProduction) clientSecret = DEV_CLIENT_SECRET;
    else problems.push('CLIENT_SECRET is required (with ISSUER_URL and in production).');
  }

  let sessionSecret = e.SESSION_SECRET;
  if (!sessionSecret) {
    if (isProduction) problems.push('SESSION_SECRET (at least 32 characters) is required in production.');
    else sessionSecret = devSessionSecret(dataDir);
  }

  let idpAdminUrl = e.IDP_ADMIN_URL;
  if (!idpAdminUrl) {
    try {
      idpAdminUrl = adminUrlFromIssuer(issuerUrl);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }

  const demoData = e.DEMO_DATA ?? (builtInIdp && !isProduction);
  if (isProduction && demoData) {
    problems.push('DEMO_DATA creates accounts with published passwords: not allowed in production.');
  }

  let files: FilesConfig = { kind: 'disk', root: join(dataDir, 'files') };
  if (e.FILES_URL) {
    try {
      files = parseFilesUrl(e.FILES_URL, e);
    } catch (error) {
      problems.push((error as Error).message);
    }
  }

  if (problems.length > 0) throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);

  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    isHttps,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    files,
    builtInIdp,
    issuerUrl,
    idpPort: e.IDP_PORT,
    clientId: e.CLIENT_ID,
    clientSecret: clientSecret as string,
    idpAdminUrl: (idpAdminUrl as string).replace(/\/+$/, ''),
    idpAdminClientId: e.IDP_ADMIN_CLIENT_ID ?? e.CLIENT_ID,
    idpAdminClientSecret: e.IDP_ADMIN_CLIENT_SECRET ?? (clientSecret as string),
    sessionSecret: sessionSecret as string,
    sessionMaxAgeHours: e.SESSION_MAX_AGE_HOURS,
    smtpUrl: e.SMTP_URL,
    trustProxy: e.TRUST_PROXY ?? isHttps,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    publicCacheMs: e.PUBLIC_CACHE_MS,
    demoData,
    // The demo accounts sign in with their published passwords alone; everywhere else admins need a second factor.
    requireAdminTotp: e.REQUIRE_ADMIN_TOTP ?? !demoData,
    webDistDir: e.WEB_DIST_DIR
      ? resolve(e.WEB_DIST_DIR)
      : fileURLToPath(new URL('../../web/dist', import.meta.url)),
  };
}

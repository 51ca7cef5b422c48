import type { NamespaceName } from '@excelencia/domain';

/**
 * The message catalogs in the groups the web app loads, one file per language and group (built by the
 * message-catalogs plugin of vite.config.ts): every page loads `start` in its language at start, the public and
 * registration pages load `public` with their layout, and a signed-in page loads `public` and `signedIn` with its
 * own code (docs/adr/0025), so a visitor downloads neither the other languages nor the signed-in areas' texts, and
 * the signed-in layout draws before the areas' texts have arrived.
 */
export const MESSAGE_GROUPS = {
  /** The layouts (menus, top bar, loading screen) and the error and validation texts of any answer. */
  start: ['shell', 'common', 'errors', 'validation'],
  /** The public pages, registration, and what the signed-in pages share with them. */
  public: [
    'pages',
    'companies',
    'registration',
    'directory',
    'reference',
    'applications',
    'applicationsWeb',
    'balanceSheetsWeb',
    'barometer',
    'barometerWeb',
    'newsletter',
    'contentPublic',
    'teams',
    'visits',
  ],
  signedIn: [
    'appeals',
    'applicationMessages',
    'applicationsAdmin',
    'automationsWeb',
    'balanceSheets',
    'contentAdmin',
    'diagnosis',
    'diagnosisWeb',
    'documentValidity',
    'esg',
    'formula',
    'insightsWeb',
    'partners',
    'newsletterAdmin',
    'broadcasts',
    'companyData',
    'teamsWeb',
  ],
} as const satisfies Record<string, readonly NamespaceName[]>;

export type MessageGroup = keyof typeof MESSAGE_GROUPS;

/** Namespaces only the server and the identity provider use (mails, sign-in pages, server texts). */
export const SERVER_ONLY_NAMESPACES = [
  'appealsMail',
  'applicationMessagesMail',
  'automationsMail',
  'broadcastsMail',
  'documentValidityMail',
  'idp',
  'mail',
  'newsletterMail',
  'server',
] as const satisfies readonly NamespaceName[];

const NAMESPACE_NAMES: ReadonlySet<string> = new Set([
  ...Object.values(MESSAGE_GROUPS).flat(),
  ...SERVER_ONLY_NAMESPACES,
]);
const MESSAGE_KEY = /^([a-z][A-Za-z]*):[A-Za-z][\w.]*$/;

/**
 * Whether a message from a schema or the server is a catalog key ('validation:tooLong') rather than plain text;
 * the same rule as the domain's isCatalogKey, without bundling the catalogs it looks namespaces up in.
 */
export function isMessageKey(message: string): boolean {
  const namespace = MESSAGE_KEY.exec(message)?.[1];
  return namespace !== undefined && NAMESPACE_NAMES.has(namespace);
}

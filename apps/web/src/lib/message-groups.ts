import type { NamespaceName } from '@excelencia/domain';

/**
 * The message catalogs in the groups the web app loads, one file per language and group (built by the
 * message-catalogs plugin of vite.config.ts): a page loads `public` in its language at start, and the
 * signed-in layout loads `signedIn` with its code, so a visitor downloads neither the other languages nor the
 * signed-in areas' texts.
 */
export const MESSAGE_GROUPS = {
  /** The layouts, the public pages, registration, and the error and validation texts of any answer. */
  public: [
    'shell',
    'common',
    'errors',
    'validation',
    'pages',
    'companies',
    'registration',
    'directory',
    'reference',
    'applications',
    'applicationsWeb',
    'balanceSheetsWeb',
    'barometer',
    'newsletter',
    'contentPublic',
    'teams',
  ],
  signedIn: [
    'applicationsAdmin',
    'automationsWeb',
    'balanceSheets',
    'contentAdmin',
    'diagnosis',
    'diagnosisWeb',
    'esg',
    'formula',
    'partners',
    'newsletterAdmin',
    'companyData',
    'teamsWeb',
  ],
} as const satisfies Record<string, readonly NamespaceName[]>;

export type MessageGroup = keyof typeof MESSAGE_GROUPS;

/** Namespaces only the server and the identity provider use (mails, sign-in pages, server texts). */
export const SERVER_ONLY_NAMESPACES = [
  'automationsMail',
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

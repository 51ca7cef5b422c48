import type { Language } from '../languages.ts';
import { appeals, appealsMail } from './appeals.ts';
import { applicationMessages } from './application-messages.ts';
import { applicationMessagesMail } from './application-messages-mail.ts';
import { applications } from './applications.ts';
import { applicationsAdmin } from './applications-admin.ts';
import { applicationsWeb } from './applications-web.ts';
import { automationsMail } from './automations-mail.ts';
import { automationsWeb } from './automations-web.ts';
import { balanceSheets } from './balance-sheets.ts';
import { balanceSheetsWeb } from './balance-sheets-web.ts';
import { barometer } from './barometer.ts';
import { barometerWeb } from './barometer-web.ts';
import { broadcasts } from './broadcasts.ts';
import { broadcastsMail } from './broadcasts-mail.ts';
import { common } from './common.ts';
import { companies } from './companies.ts';
import { companyData } from './company-data.ts';
import { contentAdmin } from './content-admin.ts';
import { contentPublic } from './content-public.ts';
import type { MessageTree } from './define.ts';
import { diagnosis } from './diagnosis.ts';
import { diagnosisWeb } from './diagnosis-web.ts';
import { directory } from './directory.ts';
import { documentValidity, documentValidityMail } from './document-validity.ts';
import { errors } from './errors.ts';
import { esg } from './esg.ts';
import { formula } from './formula.ts';
import { idp } from './idp.ts';
import { insightsWeb, visits } from './insights.ts';
import { mail } from './mail.ts';
import { newsletter } from './newsletter.ts';
import { newsletterAdmin } from './newsletter-admin.ts';
import { newsletterMail } from './newsletter-mail.ts';
import { pages } from './pages.ts';
import { partners } from './partners.ts';
import { reference } from './reference.ts';
import { registration } from './registration.ts';
import { server } from './server.ts';
import { shell } from './shell.ts';
import { teams } from './teams.ts';
import { teamsWeb } from './teams-web.ts';
import { validation } from './validation.ts';

/**
 * Every namespace of the message catalogs. An area adds its own file beside this one
 * (defineMessages) and one line here.
 */
export const namespaces = {
  appeals,
  appealsMail,
  applicationMessages,
  applicationMessagesMail,
  applications,
  applicationsAdmin,
  applicationsWeb,
  automationsMail,
  automationsWeb,
  balanceSheets,
  balanceSheetsWeb,
  barometer,
  barometerWeb,
  broadcasts,
  broadcastsMail,
  common,
  companies,
  companyData,
  contentAdmin,
  contentPublic,
  diagnosis,
  directory,
  diagnosisWeb,
  documentValidity,
  documentValidityMail,
  errors,
  esg,
  formula,
  idp,
  insightsWeb,
  mail,
  newsletter,
  newsletterAdmin,
  newsletterMail,
  pages,
  partners,
  reference,
  registration,
  server,
  shell,
  teams,
  teamsWeb,
  validation,
  visits,
} as const;

export type NamespaceName = keyof typeof namespaces;

export function catalogFor(language: Language): Record<NamespaceName, MessageTree> {
  const out = {} as Record<NamespaceName, MessageTree>;
  for (const name of Object.keys(namespaces) as NamespaceName[]) {
    out[name] = namespaces[name][language] as MessageTree;
  }
  return out;
}

const CATALOG_KEY = /^([a-z][A-Za-z]*):[A-Za-z][\w.]*$/;

/**
 * Whether a message is a catalog key ('validation:tooLong': a known namespace, a colon, a dotted path) rather
 * than plain text. Schemas and the server carry keys; anything else is shown or replaced as it is.
 */
export function isCatalogKey(message: string): boolean {
  const namespace = CATALOG_KEY.exec(message)?.[1];
  return namespace !== undefined && Object.hasOwn(namespaces, namespace);
}

const pluralRules = new Map<Language, Intl.PluralRules>();

/**
 * The keys a count's message is looked up under, as i18next does on the web (the `_one`/`_other` suffixes of
 * CLDR's plural categories): `_zero` first for 0 where a message has one, then the count's category in the
 * language, then `_other`, then the key itself (a message that does not depend on the count).
 */
function pluralKeys(language: Language, path: string, count: number): string[] {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  const category = rules.select(count);
  return [...(count === 0 ? [`${path}_zero`] : []), `${path}_${category}`, `${path}_other`, path];
}

/**
 * Looks up 'namespace:dotted.key' in a language; returns the key itself when absent. With a numeric `count` a
 * message may have plural forms (`key_one`, `key_other`; pluralKeys).
 */
export function translate(
  language: Language,
  key: string,
  params: Record<string, string | number> = {},
): string {
  const [ns, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['common', key];
  const tree = (namespaces as Record<string, { [L in Language]: MessageTree }>)[ns]?.[language];
  const lookup = (dotted: string): string | undefined => {
    let node: string | MessageTree | undefined = tree;
    for (const part of dotted.split('.')) {
      node = typeof node === 'object' ? node[part] : undefined;
    }
    return typeof node === 'string' ? node : undefined;
  };
  const candidates = typeof params.count === 'number' ? pluralKeys(language, path, params.count) : [path];
  let message: string | undefined;
  for (const candidate of candidates) {
    message = lookup(candidate);
    if (message !== undefined) break;
  }
  if (message === undefined) return key;
  return message.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

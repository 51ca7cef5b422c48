import type { Language, MessageTree } from '@excelencia/domain';
import type { i18n as I18n } from 'i18next';
import type { MessageGroup } from './message-groups.ts';

interface CatalogModule {
  messages: Readonly<Record<string, MessageTree>>;
  languageNames: Readonly<Record<string, MessageTree>>;
}

/** One chunk per language and group: the bundler sees each import, so nothing else ships with a page. */
const CATALOGS: Record<Language, Record<MessageGroup, () => Promise<CatalogModule>>> = {
  pt: {
    start: () => import('virtual:messages/pt/start'),
    public: () => import('virtual:messages/pt/public'),
    signedIn: () => import('virtual:messages/pt/signedIn'),
  },
  en: {
    start: () => import('virtual:messages/en/start'),
    public: () => import('virtual:messages/en/public'),
    signedIn: () => import('virtual:messages/en/signedIn'),
  },
  fr: {
    start: () => import('virtual:messages/fr/start'),
    public: () => import('virtual:messages/fr/public'),
    signedIn: () => import('virtual:messages/fr/signedIn'),
  },
};

const loading = new Map<string, Promise<void>>();
const groupsInUse = new Set<MessageGroup>(['start']);

/** Adds a group's texts in a language to i18next, once; a failed load is tried again on the next call. */
export function loadMessages(i18n: I18n, language: Language, group: MessageGroup): Promise<void> {
  groupsInUse.add(group);
  const key = `${language}/${group}`;
  const pending = loading.get(key);
  if (pending) return pending;
  const load = CATALOGS[language][group]().then(({ messages, languageNames }) => {
    for (const [namespace, tree] of Object.entries(messages)) {
      i18n.addResourceBundle(language, namespace, tree, true, true);
    }
    for (const [lang, names] of Object.entries(languageNames)) {
      i18n.addResourceBundle(lang, 'common', { languages: names }, true, false);
    }
  });
  loading.set(key, load);
  load.catch(() => loading.delete(key));
  return load;
}

/** Every group a page has needed so far, in `language`: before the UI switches to it. */
export function loadGroupsInUse(i18n: I18n, language: Language): Promise<void> {
  return Promise.all([...groupsInUse].map((group) => loadMessages(i18n, language, group))).then(
    () => undefined,
  );
}

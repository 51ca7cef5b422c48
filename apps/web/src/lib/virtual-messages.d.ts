/** The catalogs of one language and message group, built by vite.config.ts's message-catalogs plugin. */
declare module 'virtual:messages/*' {
  import type { MessageTree } from '@excelencia/domain';
  /** The group's namespaces in its language. */
  export const messages: Readonly<Record<string, MessageTree>>;
  /** Each language's names of the languages (public group only), for the language selector. */
  export const languageNames: Readonly<Record<string, MessageTree>>;
}

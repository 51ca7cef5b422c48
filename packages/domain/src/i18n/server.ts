import { defineMessages } from './define.ts';

/** Texts the portal server itself answers with (outside the single-page app). */
export const server = defineMessages({
  pt: {
    webNotBuilt:
      'A aplicação web ainda não foi construída. Execute `npm run build` (ou `npm start`, que a constrói) e recarregue esta página.',
  },
  en: {
    webNotBuilt:
      'The web app has not been built yet. Run `npm run build` (or `npm start`, which builds it) and reload this page.',
  },
  fr: {
    webNotBuilt:
      "L'application web n'a pas encore été construite. Exécutez `npm run build` (ou `npm start`, qui la construit) puis rechargez cette page.",
  },
});

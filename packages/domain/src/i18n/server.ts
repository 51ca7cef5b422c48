import { defineMessages } from './define.ts';

/** Texts the portal server itself answers with (outside the single-page app). */
export const server = defineMessages({
  pt: {
    webNotBuilt:
      'A aplicação web ainda não foi construída. Execute `npm run build` (ou `npm start`, que a constrói) e recarregue esta página.',
    signOut: {
      title: 'Terminar a sessão',
      text: 'Sessão iniciada como {{name}}. Quer terminar a sessão neste navegador?',
      button: 'Sair',
      cancel: 'Voltar à página inicial',
    },
  },
  en: {
    webNotBuilt:
      'The web app has not been built yet. Run `npm run build` (or `npm start`, which builds it) and reload this page.',
    signOut: {
      title: 'Sign out',
      text: 'Signed in as {{name}}. Sign out in this browser?',
      button: 'Sign out',
      cancel: 'Back to the home page',
    },
  },
  fr: {
    webNotBuilt:
      "L'application web n'a pas encore été construite. Exécutez `npm run build` (ou `npm start`, qui la construit) puis rechargez cette page.",
    signOut: {
      title: 'Se déconnecter',
      text: 'Connecté en tant que {{name}}. Se déconnecter dans ce navigateur ?',
      button: 'Se déconnecter',
      cancel: "Retour à la page d'accueil",
    },
  },
});

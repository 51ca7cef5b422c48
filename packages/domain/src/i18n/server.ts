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
    tooManyRequests: {
      title: 'Aguarde um momento',
      text_one: 'Demasiados pedidos deste navegador. Tente de novo dentro de {{count}} segundo.',
      text_other: 'Demasiados pedidos deste navegador. Tente de novo dentro de {{count}} segundos.',
      retry: 'Tentar de novo',
      home: 'Voltar à página inicial',
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
    tooManyRequests: {
      title: 'Please wait a moment',
      text_one: 'Too many requests from this browser. Try again in {{count}} second.',
      text_other: 'Too many requests from this browser. Try again in {{count}} seconds.',
      retry: 'Try again',
      home: 'Back to the home page',
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
    tooManyRequests: {
      title: 'Patientez un instant',
      text_one: 'Trop de requêtes depuis ce navigateur. Réessayez dans {{count}} seconde.',
      text_other: 'Trop de requêtes depuis ce navigateur. Réessayez dans {{count}} secondes.',
      retry: 'Réessayer',
      home: "Retour à la page d'accueil",
    },
  },
});

import { defineMessages } from './define.ts';

/** The footer's subscription form (public pages). The invalid-email message is validation:invalidEmail. */
export const newsletter = defineMessages({
  pt: {
    form: {
      title: 'Newsletter',
      intro: 'Receba as novidades da Excelência Empresarial no seu e-mail.',
      email: 'O seu e-mail',
      placeholder: 'nome@exemplo.cv',
      subscribe: 'Subscrever',
      thankYou:
        'Obrigado por subscrever a nossa newsletter! Enviámos-lhe um e-mail: siga a ligação para confirmar a subscrição.',
    },
  },
  en: {
    form: {
      title: 'Newsletter',
      intro: 'Get the Business Excellence news in your inbox.',
      email: 'Your e-mail',
      placeholder: 'name@example.cv',
      subscribe: 'Subscribe',
      thankYou:
        'Thank you for subscribing to our newsletter! We have sent you an e-mail: follow its link to confirm your subscription.',
    },
  },
  fr: {
    form: {
      title: "Lettre d'information",
      intro: "Recevez les nouvelles d'Excellence des Entreprises dans votre boîte mail.",
      email: 'Votre e-mail',
      placeholder: 'nom@exemple.cv',
      subscribe: "S'abonner",
      thankYou:
        'Merci de vous être abonné à notre lettre d’information ! Nous vous avons envoyé un e-mail : suivez son lien pour confirmer votre abonnement.',
    },
  },
});

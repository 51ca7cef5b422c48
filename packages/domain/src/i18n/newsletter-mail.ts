import { defineMessages } from './define.ts';

/** The newsletter's mails and the small pages the confirm and unsubscribe links answer (server only). */
export const newsletterMail = defineMessages({
  pt: {
    confirm: {
      subject: 'Confirme a sua subscrição da newsletter da Excelência Empresarial',
      greeting: 'Olá,',
      intro: 'Recebemos um pedido para subscrever a newsletter da Excelência Empresarial com este endereço.',
      action: 'Para confirmar, siga esta ligação (só funciona uma vez):',
      button: 'Confirmar a subscrição',
      ignore: 'Se não fez este pedido, ignore este e-mail: não receberá nada.',
    },
    footer: {
      reason: 'Recebe este e-mail porque subscreveu a newsletter da Excelência Empresarial.',
      unsubscribe: 'Cancelar a subscrição',
    },
    /** The confirmation mail's footer: nobody is subscribed before following its link. */
    pendingFooter: {
      reason:
        'Recebe este e-mail porque foi pedida com este endereço a subscrição da newsletter da Excelência Empresarial; só a receberá depois de confirmar.',
      unsubscribe: 'Recusar a subscrição',
    },
    test: { prefix: '[Teste]' },
    page: {
      confirmedTitle: 'Subscrição confirmada',
      confirmed: 'Obrigado! A sua subscrição da newsletter está confirmada.',
      unsubscribedTitle: 'Subscrição cancelada',
      unsubscribed: 'Já não receberá a newsletter da Excelência Empresarial neste endereço ({{email}}).',
      invalidTitle: 'Ligação inválida',
      invalid: 'Esta ligação não é válida ou já foi usada.',
      home: 'Voltar ao site',
    },
  },
  en: {
    confirm: {
      subject: 'Confirm your subscription to the Business Excellence newsletter',
      greeting: 'Hello,',
      intro: 'We received a request to subscribe this address to the Business Excellence newsletter.',
      action: 'To confirm, follow this link (it works once):',
      button: 'Confirm my subscription',
      ignore: 'If you did not ask for this, ignore this e-mail: you will receive nothing.',
    },
    footer: {
      reason: 'You receive this e-mail because you subscribed to the Business Excellence newsletter.',
      unsubscribe: 'Unsubscribe',
    },
    pendingFooter: {
      reason:
        'You receive this e-mail because a subscription to the Business Excellence newsletter was requested for this address; you will receive it only once you confirm.',
      unsubscribe: 'Refuse the subscription',
    },
    test: { prefix: '[Test]' },
    page: {
      confirmedTitle: 'Subscription confirmed',
      confirmed: 'Thank you! Your newsletter subscription is confirmed.',
      unsubscribedTitle: 'Unsubscribed',
      unsubscribed:
        'You will no longer receive the Business Excellence newsletter at this address ({{email}}).',
      invalidTitle: 'Invalid link',
      invalid: 'This link is not valid or has already been used.',
      home: 'Back to the site',
    },
  },
  fr: {
    confirm: {
      subject: "Confirmez votre abonnement à la lettre d'information d'Excellence des Entreprises",
      greeting: 'Bonjour,',
      intro:
        "Nous avons reçu une demande d'abonnement de cette adresse à la lettre d'information d'Excellence des Entreprises.",
      action: 'Pour confirmer, suivez ce lien (il ne fonctionne qu’une fois) :',
      button: 'Confirmer mon abonnement',
      ignore: "Si vous n'avez rien demandé, ignorez cet e-mail : vous ne recevrez rien.",
    },
    footer: {
      reason:
        "Vous recevez cet e-mail car vous êtes abonné à la lettre d'information d'Excellence des Entreprises.",
      unsubscribe: 'Se désabonner',
    },
    pendingFooter: {
      reason:
        "Vous recevez cet e-mail car un abonnement à la lettre d'information d'Excellence des Entreprises a été demandé pour cette adresse ; vous ne la recevrez qu'après l'avoir confirmé.",
      unsubscribe: "Refuser l'abonnement",
    },
    test: { prefix: '[Test]' },
    page: {
      confirmedTitle: 'Abonnement confirmé',
      confirmed: "Merci ! Votre abonnement à la lettre d'information est confirmé.",
      unsubscribedTitle: 'Désabonnement effectué',
      unsubscribed:
        "Vous ne recevrez plus la lettre d'information d'Excellence des Entreprises à cette adresse ({{email}}).",
      invalidTitle: 'Lien invalide',
      invalid: "Ce lien n'est pas valide ou a déjà été utilisé.",
      home: 'Retour au site',
    },
  },
});

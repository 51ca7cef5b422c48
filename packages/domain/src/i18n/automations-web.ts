import { defineMessages } from './define.ts';

/** The admin's schedule of an edition's automations, the profile's reminders switch, and their errors. */
export const automationsWeb = defineMessages({
  pt: {
    schedule: {
      title: 'Envios automáticos',
      intro:
        'Os lembretes que o portal envia sozinho, nas datas desta edição. Mudar uma data da edição muda o envio.',
      item: 'Envio',
      date: 'Data',
      audience: 'Destinatários agora',
      state: 'Estado',
      sent: 'Enviados',
      switchLabel: 'Enviar “{{kind}}”',
      byPublication: 'Enviado com a publicação dos resultados',
      companies_one: '{{count}} empresa',
      companies_other: '{{count}} empresas',
      loadFailed: 'Não foi possível carregar os envios desta edição.',
      saved: 'Envio atualizado.',
    },
    kinds: {
      registrationCloses7d: 'Inscrições fecham em 7 dias',
      registrationCloses1d: 'Inscrições fecham amanhã',
      applicationsClose7d: 'Candidaturas fecham em 7 dias',
      applicationsClose1d: 'Candidaturas fecham amanhã',
      documentExpiry: 'Documento expira antes do fim da avaliação',
      sealExpires30d: 'Estatuto expira em 30 dias',
      resultsPublished: 'Resultados publicados',
    },
    states: {
      scheduled: 'Agendado',
      sent: 'Enviado',
      skipped: 'Não enviado (tarde demais)',
      disabled: 'Desativado',
      past: 'Passou',
    },
    profile: {
      title: 'Lembretes por e-mail',
      label: 'Receber lembretes (prazos da edição, estatuto a expirar)',
      hint: 'Os e-mails sobre as suas candidaturas e a sua conta (recibos, decisões, palavras-passe) chegam sempre.',
      saved: 'Preferência guardada.',
    },
    errors: {
      notSwitchable: 'Este envio faz parte da publicação dos resultados e não pode ser desativado.',
    },
  },
  en: {
    schedule: {
      title: 'Automatic mail',
      intro:
        "The reminders the portal sends by itself on this edition's dates. Changing a date moves its mail.",
      item: 'Mail',
      date: 'Date',
      audience: 'Recipients now',
      state: 'State',
      sent: 'Sent',
      switchLabel: 'Send “{{kind}}”',
      byPublication: 'Sent with the publication of the results',
      companies_one: '{{count}} company',
      companies_other: '{{count}} companies',
      loadFailed: "This edition's automatic mail could not be loaded.",
      saved: 'Mail updated.',
    },
    kinds: {
      registrationCloses7d: 'Registration closes in 7 days',
      registrationCloses1d: 'Registration closes tomorrow',
      applicationsClose7d: 'Applications close in 7 days',
      applicationsClose1d: 'Applications close tomorrow',
      documentExpiry: 'A document runs out before the evaluation ends',
      sealExpires30d: 'Status expires in 30 days',
      resultsPublished: 'Results published',
    },
    states: {
      scheduled: 'Scheduled',
      sent: 'Sent',
      skipped: 'Not sent (too late)',
      disabled: 'Off',
      past: 'Passed',
    },
    profile: {
      title: 'E-mail reminders',
      label: 'Receive reminders (edition deadlines, status about to expire)',
      hint: 'Mail about your applications and your account (receipts, decisions, passwords) always comes.',
      saved: 'Preference saved.',
    },
    errors: {
      notSwitchable: 'This mail is part of the publication of the results and cannot be turned off.',
    },
  },
  fr: {
    schedule: {
      title: 'Envois automatiques',
      intro:
        'Les rappels que le portail envoie de lui-même aux dates de cette édition. Changer une date déplace son envoi.',
      item: 'Envoi',
      date: 'Date',
      audience: 'Destinataires actuels',
      state: 'État',
      sent: 'Envoyés',
      switchLabel: 'Envoyer « {{kind}} »',
      byPublication: 'Envoyé avec la publication des résultats',
      companies_one: '{{count}} entreprise',
      companies_other: '{{count}} entreprises',
      loadFailed: 'Les envois automatiques de cette édition n’ont pas pu être chargés.',
      saved: 'Envoi mis à jour.',
    },
    kinds: {
      registrationCloses7d: 'Inscriptions fermant dans 7 jours',
      registrationCloses1d: 'Inscriptions fermant demain',
      applicationsClose7d: 'Candidatures fermant dans 7 jours',
      applicationsClose1d: 'Candidatures fermant demain',
      documentExpiry: 'Document expirant avant la fin de l’évaluation',
      sealExpires30d: 'Statut expirant dans 30 jours',
      resultsPublished: 'Résultats publiés',
    },
    states: {
      scheduled: 'Programmé',
      sent: 'Envoyé',
      skipped: 'Non envoyé (trop tard)',
      disabled: 'Désactivé',
      past: 'Passé',
    },
    profile: {
      title: 'Rappels par e-mail',
      label: 'Recevoir des rappels (échéances de l’édition, statut bientôt expiré)',
      hint: 'Les e-mails sur vos candidatures et votre compte (accusés de réception, décisions, mots de passe) arrivent toujours.',
      saved: 'Préférence enregistrée.',
    },
    errors: {
      notSwitchable: 'Cet envoi fait partie de la publication des résultats et ne peut pas être désactivé.',
    },
  },
});

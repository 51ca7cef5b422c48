import { defineMessages } from './define.ts';

/**
 * The reminders the portal sends by itself around an edition's dates, and the page their one-click opt-out link
 * answers (server only).
 */
export const automationsMail = defineMessages({
  pt: {
    greeting: 'Olá {{name}},',
    registrationCloses: {
      subject: 'As inscrições na {{edition}} fecham a {{date}}',
      intro:
        'As inscrições na {{edition}} fecham a {{date}}. A empresa {{companyName}} ainda não tem candidatura nesta edição.',
      action: 'Comece a candidatura no portal:',
    },
    applicationsClose: {
      subject: 'As candidaturas à {{edition}} fecham a {{date}}',
      intro:
        'A candidatura da empresa {{companyName}} à {{edition}} ainda não foi submetida. As candidaturas fecham a {{date}}.',
      missingDocuments: 'Documentos em falta: {{list}}.',
      missingSheets: 'Balancetes anuais em falta: {{years}}.',
      failedCriteria: 'Critérios ainda não cumpridos: {{list}}.',
      ready: 'Nada parece faltar: só falta submeter.',
      action: 'Conclua e submeta a candidatura no portal:',
    },
    sealExpires: {
      subject: 'O estatuto da empresa {{companyName}} expira a {{date}}',
      intro:
        'O estatuto Excelência da empresa {{companyName}}, obtido na {{edition}}, é válido até {{date}}.',
      nextEdition:
        'Para o renovar, candidate-se à {{edition}}: as candidaturas abrem a {{opens}} e fecham a {{closes}}.',
      noNextEdition: 'As datas da próxima edição ainda não foram anunciadas; serão publicadas no portal.',
      action: 'Veja o estatuto no portal:',
    },
    footer: {
      reason: 'Recebe este lembrete por ser membro da empresa {{companyName}} no portal.',
      optOut: 'Não receber mais lembretes',
    },
    page: {
      optedOutTitle: 'Lembretes desativados',
      optedOut:
        'Já não receberá lembretes neste endereço ({{email}}). Os e-mails sobre as suas candidaturas e a sua conta (recibos, decisões, palavras-passe) continuam a chegar. Pode voltar a ativar os lembretes no seu perfil.',
      invalidTitle: 'Ligação inválida',
      invalid: 'Esta ligação não é válida.',
      profile: 'Abrir o meu perfil',
    },
  },
  en: {
    greeting: 'Hello {{name}},',
    registrationCloses: {
      subject: 'Registration for {{edition}} closes on {{date}}',
      intro:
        'Registration for {{edition}} closes on {{date}}. {{companyName}} has no application in this edition yet.',
      action: 'Start the application on the portal:',
    },
    applicationsClose: {
      subject: 'Applications to {{edition}} close on {{date}}',
      intro:
        "{{companyName}}'s application to {{edition}} has not been submitted yet. Applications close on {{date}}.",
      missingDocuments: 'Missing documents: {{list}}.',
      missingSheets: 'Missing annual trial balances: {{years}}.',
      failedCriteria: 'Criteria not met yet: {{list}}.',
      ready: 'Nothing seems to be missing: it only needs to be submitted.',
      action: 'Complete and submit the application on the portal:',
    },
    sealExpires: {
      subject: "{{companyName}}'s status expires on {{date}}",
      intro: "{{companyName}}'s Excelência status, granted in {{edition}}, is valid until {{date}}.",
      nextEdition:
        'To renew it, apply to {{edition}}: applications open on {{opens}} and close on {{closes}}.',
      noNextEdition:
        "The next edition's dates have not been announced yet; they will be published on the portal.",
      action: 'See the status on the portal:',
    },
    footer: {
      reason: 'You receive this reminder as a member of {{companyName}} on the portal.',
      optOut: 'Stop receiving reminders',
    },
    page: {
      optedOutTitle: 'Reminders turned off',
      optedOut:
        'You will no longer receive reminders at this address ({{email}}). Mail about your applications and your account (receipts, decisions, passwords) still comes. You can turn reminders back on in your profile.',
      invalidTitle: 'Invalid link',
      invalid: 'This link is not valid.',
      profile: 'Open my profile',
    },
  },
  fr: {
    greeting: 'Bonjour {{name}},',
    registrationCloses: {
      subject: 'Les inscriptions à la {{edition}} ferment le {{date}}',
      intro:
        'Les inscriptions à la {{edition}} ferment le {{date}}. L’entreprise {{companyName}} n’a pas encore de candidature dans cette édition.',
      action: 'Commencez la candidature sur le portail :',
    },
    applicationsClose: {
      subject: 'Les candidatures à la {{edition}} ferment le {{date}}',
      intro:
        'La candidature de l’entreprise {{companyName}} à la {{edition}} n’a pas encore été soumise. Les candidatures ferment le {{date}}.',
      missingDocuments: 'Documents manquants : {{list}}.',
      missingSheets: 'Balances annuelles manquantes : {{years}}.',
      failedCriteria: 'Critères pas encore remplis : {{list}}.',
      ready: 'Rien ne semble manquer : il ne reste qu’à la soumettre.',
      action: 'Complétez et soumettez la candidature sur le portail :',
    },
    sealExpires: {
      subject: 'Le statut de l’entreprise {{companyName}} expire le {{date}}',
      intro:
        'Le statut Excelência de l’entreprise {{companyName}}, obtenu lors de la {{edition}}, est valable jusqu’au {{date}}.',
      nextEdition:
        'Pour le renouveler, candidatez à la {{edition}} : les candidatures ouvrent le {{opens}} et ferment le {{closes}}.',
      noNextEdition:
        'Les dates de la prochaine édition n’ont pas encore été annoncées ; elles seront publiées sur le portail.',
      action: 'Voir le statut sur le portail :',
    },
    footer: {
      reason: 'Vous recevez ce rappel en tant que membre de l’entreprise {{companyName}} sur le portail.',
      optOut: 'Ne plus recevoir de rappels',
    },
    page: {
      optedOutTitle: 'Rappels désactivés',
      optedOut:
        'Vous ne recevrez plus de rappels à cette adresse ({{email}}). Les e-mails sur vos candidatures et votre compte (accusés de réception, décisions, mots de passe) arrivent toujours. Vous pouvez réactiver les rappels dans votre profil.',
      invalidTitle: 'Lien invalide',
      invalid: 'Ce lien n’est pas valide.',
      profile: 'Ouvrir mon profil',
    },
  },
});

import { defineMessages } from './define.ts';

/**
 * Outgoing e-mail, in the recipient's language. {{name}}, {{companyName}}, {{link}}, {{hours}} and {{days}}
 * are filled in by the server; the HTML version is built from the same texts, escaped.
 */
export const mail = defineMessages({
  pt: {
    signature: 'Excelência Empresarial',
    registration: {
      subject: 'Confirme o registo da sua empresa — Excelência Empresarial',
      greeting: 'Olá {{name}},',
      intro: 'Recebemos o registo da empresa {{companyName}} no portal Excelência Empresarial.',
      action: 'Para confirmar o seu endereço de e-mail e ativar a conta, abra este link:',
      button: 'Confirmar o registo',
      expiry: 'O link é válido durante {{hours}} horas e só pode ser usado uma vez.',
      ignore: 'Se não fez este registo, ignore esta mensagem.',
    },
    invitation: {
      subject: 'Convite para o portal Excelência Empresarial — {{companyName}}',
      greeting: 'Olá {{name}},',
      intro:
        'A empresa {{companyName}} foi pré-registada no portal Excelência Empresarial e foi indicado(a) como responsável.',
      action: 'Para definir a sua palavra-passe e concluir o registo, abra este link:',
      button: 'Aceitar o convite',
      expiry: 'O link é válido durante {{days}} dias e só pode ser usado uma vez.',
      ignore: 'Se não esperava este convite, ignore esta mensagem.',
    },
  },
  en: {
    signature: 'Business Excellence',
    registration: {
      subject: 'Confirm your company registration — Business Excellence',
      greeting: 'Hello {{name}},',
      intro: 'We received the registration of the company {{companyName}} on the Business Excellence portal.',
      action: 'To confirm your e-mail address and activate the account, open this link:',
      button: 'Confirm the registration',
      expiry: 'The link is valid for {{hours}} hours and can be used once.',
      ignore: 'If you did not register, ignore this message.',
    },
    invitation: {
      subject: 'Invitation to the Business Excellence portal — {{companyName}}',
      greeting: 'Hello {{name}},',
      intro:
        'The company {{companyName}} was pre-registered on the Business Excellence portal with you as its responsible person.',
      action: 'To set your password and complete the registration, open this link:',
      button: 'Accept the invitation',
      expiry: 'The link is valid for {{days}} days and can be used once.',
      ignore: 'If you did not expect this invitation, ignore this message.',
    },
  },
  fr: {
    signature: 'Excellence des Entreprises',
    registration: {
      subject: "Confirmez l'inscription de votre entreprise — Excellence des Entreprises",
      greeting: 'Bonjour {{name}},',
      intro:
        "Nous avons reçu l'inscription de l'entreprise {{companyName}} sur le portail Excellence des Entreprises.",
      action: 'Pour confirmer votre adresse e-mail et activer le compte, ouvrez ce lien :',
      button: "Confirmer l'inscription",
      expiry: 'Le lien est valable {{hours}} heures et ne peut être utilisé qu’une fois.',
      ignore: "Si vous n'êtes pas à l'origine de cette inscription, ignorez ce message.",
    },
    invitation: {
      subject: 'Invitation au portail Excellence des Entreprises — {{companyName}}',
      greeting: 'Bonjour {{name}},',
      intro:
        "L'entreprise {{companyName}} a été pré-enregistrée sur le portail Excellence des Entreprises et vous en êtes le responsable.",
      action: 'Pour définir votre mot de passe et terminer l’inscription, ouvrez ce lien :',
      button: "Accepter l'invitation",
      expiry: 'Le lien est valable {{days}} jours et ne peut être utilisé qu’une fois.',
      ignore: 'Si vous ne vous attendiez pas à cette invitation, ignorez ce message.',
    },
  },
});

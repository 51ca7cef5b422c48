import { defineMessages } from './define.ts';

/**
 * Outgoing e-mail, in the recipient's language. {{name}}, {{companyName}}, {{link}}, {{hours}} and {{days}}
 * are filled in by the server; the HTML version is built from the same texts, escaped.
 */
export const mail = defineMessages({
  pt: {
    signature: 'Portal Excelência',
    registration: {
      subject: 'Confirme o registo da sua empresa — Excelência',
      greeting: 'Olá {{name}},',
      intro: 'Recebemos o registo da empresa {{companyName}} no portal Excelência.',
      action: 'Para confirmar o seu endereço de e-mail e ativar a conta, abra este link:',
      button: 'Confirmar o registo',
      expiry: 'O link é válido durante {{hours}} horas e só pode ser usado uma vez.',
      ignore: 'Se não fez este registo, ignore esta mensagem.',
    },
    invitation: {
      subject: 'Convite para o portal Excelência — {{companyName}}',
      greeting: 'Olá {{name}},',
      intro:
        'A empresa {{companyName}} foi pré-registada no portal Excelência e foi indicado(a) como responsável.',
      action: 'Para definir a sua palavra-passe e concluir o registo, abra este link:',
      button: 'Aceitar o convite',
      expiry: 'O link é válido durante {{days}} dias e só pode ser usado uma vez.',
      ignore: 'Se não esperava este convite, ignore esta mensagem.',
    },
  },
  en: {
    signature: 'Excelência portal',
    registration: {
      subject: 'Confirm your company registration — Excelência',
      greeting: 'Hello {{name}},',
      intro: 'We received the registration of the company {{companyName}} on the Excelência portal.',
      action: 'To confirm your e-mail address and activate the account, open this link:',
      button: 'Confirm the registration',
      expiry: 'The link is valid for {{hours}} hours and can be used once.',
      ignore: 'If you did not register, ignore this message.',
    },
    invitation: {
      subject: 'Invitation to the Excelência portal — {{companyName}}',
      greeting: 'Hello {{name}},',
      intro:
        'The company {{companyName}} was pre-registered on the Excelência portal with you as its responsible person.',
      action: 'To set your password and complete the registration, open this link:',
      button: 'Accept the invitation',
      expiry: 'The link is valid for {{days}} days and can be used once.',
      ignore: 'If you did not expect this invitation, ignore this message.',
    },
  },
  fr: {
    signature: 'Portail Excelência',
    registration: {
      subject: "Confirmez l'inscription de votre entreprise — Excelência",
      greeting: 'Bonjour {{name}},',
      intro: "Nous avons reçu l'inscription de l'entreprise {{companyName}} sur le portail Excelência.",
      action: 'Pour confirmer votre adresse e-mail et activer le compte, ouvrez ce lien :',
      button: "Confirmer l'inscription",
      expiry: 'Le lien est valable {{hours}} heures et ne peut être utilisé qu’une fois.',
      ignore: "Si vous n'êtes pas à l'origine de cette inscription, ignorez ce message.",
    },
    invitation: {
      subject: 'Invitation au portail Excelência — {{companyName}}',
      greeting: 'Bonjour {{name}},',
      intro:
        "L'entreprise {{companyName}} a été pré-enregistrée sur le portail Excelência et vous en êtes le responsable.",
      action: 'Pour définir votre mot de passe et terminer l’inscription, ouvrez ce lien :',
      button: "Accepter l'invitation",
      expiry: 'Le lien est valable {{days}} jours et ne peut être utilisé qu’une fois.',
      ignore: 'Si vous ne vous attendiez pas à cette invitation, ignorez ce message.',
    },
  },
});

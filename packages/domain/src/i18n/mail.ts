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
      introByAdmin:
        '{{inviter}}, da equipa do portal Excelência Empresarial, pré-registou a empresa {{companyName}} no portal e indicou-o(a) como responsável.',
      introByPartner:
        '{{inviter}} ({{entity}}, entidade parceira do portal Excelência Empresarial) pré-registou a empresa {{companyName}} no portal e indicou-o(a) como responsável.',
      action: 'Para definir a sua palavra-passe e concluir o registo, abra este link:',
      button: 'Aceitar o convite',
      expiry: 'O link é válido durante {{days}} dias e só pode ser usado uma vez.',
      ignore: 'Se não esperava este convite, ignore esta mensagem.',
    },
    registrationRepeated: {
      subject: 'O registo da sua empresa está à espera de confirmação — Excelência Empresarial',
      greeting: 'Olá {{name}},',
      intro:
        'Alguém (talvez o próprio) pediu de novo o registo de uma empresa com este endereço de e-mail. O registo da empresa {{companyName}} feito com este endereço ainda está à espera de confirmação.',
      action: 'Para o confirmar e ativar a conta, abra este link (os links anteriores deixam de funcionar):',
      button: 'Confirmar o registo',
      expiry: 'O link é válido durante {{hours}} horas e só pode ser usado uma vez.',
      ignore: 'Se não fez este registo, ignore esta mensagem: nada é ativado sem este link.',
    },
    existingAccount: {
      subject: 'Tentativa de registo com o seu e-mail — Excelência Empresarial',
      greeting: 'Olá {{name}},',
      intro:
        'Alguém tentou registar uma empresa no portal Excelência Empresarial com este endereço de e-mail, que já tem uma conta. Nada foi alterado na sua conta.',
      action: 'Se foi o próprio, entre no portal com a sua conta:',
      button: 'Entrar no portal',
      forgot:
        'Se não se lembra da palavra-passe, escolha «Esqueceu-se da palavra-passe?» na página de entrada.',
      ignore: 'Se não foi o próprio, ignore esta mensagem.',
    },
    registrationCancelled: {
      subject: 'O registo da empresa {{companyName}} foi cancelado — Excelência Empresarial',
      greeting: 'Olá {{name}},',
      intro:
        'O registo da empresa {{companyName}} (NIF {{nif}}) feito com este endereço de e-mail foi cancelado: outro pedido de registo do mesmo NIF foi mantido.',
      contact: 'Se a empresa é sua, responda a esta mensagem ou contacte a equipa do portal.',
    },
    invitationCancelled: {
      subject: 'O convite para a empresa {{companyName}} foi cancelado — Excelência Empresarial',
      greeting: 'Olá {{name}},',
      intro:
        'O convite para concluir o registo da empresa {{companyName}} (NIF {{nif}}) foi cancelado: outro pedido de registo do mesmo NIF foi mantido. O link do convite deixou de funcionar.',
      contact: 'Se a empresa é sua, responda a esta mensagem ou contacte a equipa do portal.',
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
      introByAdmin:
        '{{inviter}}, of the Business Excellence portal team, pre-registered the company {{companyName}} on the portal with you as its responsible person.',
      introByPartner:
        '{{inviter}}, of {{entity}} (a partner entity of the Business Excellence portal), pre-registered the company {{companyName}} on the portal with you as its responsible person.',
      action: 'To set your password and complete the registration, open this link:',
      button: 'Accept the invitation',
      expiry: 'The link is valid for {{days}} days and can be used once.',
      ignore: 'If you did not expect this invitation, ignore this message.',
    },
    registrationRepeated: {
      subject: 'Your company registration is waiting for confirmation — Business Excellence',
      greeting: 'Hello {{name}},',
      intro:
        'Someone (maybe you) asked again to register a company with this e-mail address. The registration of the company {{companyName}} made with this address is still waiting for confirmation.',
      action: 'To confirm it and activate the account, open this link (earlier links stop working):',
      button: 'Confirm the registration',
      expiry: 'The link is valid for {{hours}} hours and can be used once.',
      ignore: 'If you did not register, ignore this message: nothing is activated without this link.',
    },
    existingAccount: {
      subject: 'A registration was tried with your e-mail — Business Excellence',
      greeting: 'Hello {{name}},',
      intro:
        'Someone tried to register a company on the Business Excellence portal with this e-mail address, which already has an account. Nothing was changed in your account.',
      action: 'If it was you, sign in with your account:',
      button: 'Sign in to the portal',
      forgot: 'If you do not remember your password, choose “Forgot your password?” on the sign-in page.',
      ignore: 'If it was not you, ignore this message.',
    },
    registrationCancelled: {
      subject: 'The registration of {{companyName}} was cancelled — Business Excellence',
      greeting: 'Hello {{name}},',
      intro:
        'The registration of the company {{companyName}} (NIF {{nif}}) made with this e-mail address was cancelled: another registration of the same NIF was kept.',
      contact: 'If the company is yours, reply to this message or contact the portal team.',
    },
    invitationCancelled: {
      subject: 'The invitation for {{companyName}} was cancelled — Business Excellence',
      greeting: 'Hello {{name}},',
      intro:
        'The invitation to complete the registration of the company {{companyName}} (NIF {{nif}}) was cancelled: another registration of the same NIF was kept. The invitation link no longer works.',
      contact: 'If the company is yours, reply to this message or contact the portal team.',
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
      introByAdmin:
        "{{inviter}}, de l'équipe du portail Excellence des Entreprises, a pré-enregistré l'entreprise {{companyName}} sur le portail et vous en a désigné responsable.",
      introByPartner:
        "{{inviter}} ({{entity}}, entité partenaire du portail Excellence des Entreprises) a pré-enregistré l'entreprise {{companyName}} sur le portail et vous en a désigné responsable.",
      action: 'Pour définir votre mot de passe et terminer l’inscription, ouvrez ce lien :',
      button: "Accepter l'invitation",
      expiry: 'Le lien est valable {{days}} jours et ne peut être utilisé qu’une fois.',
      ignore: 'Si vous ne vous attendiez pas à cette invitation, ignorez ce message.',
    },
    registrationRepeated: {
      subject: "L'inscription de votre entreprise attend sa confirmation — Excellence des Entreprises",
      greeting: 'Bonjour {{name}},',
      intro:
        "Quelqu'un (peut-être vous) a de nouveau demandé l'inscription d'une entreprise avec cette adresse e-mail. L'inscription de l'entreprise {{companyName}} faite avec cette adresse attend toujours sa confirmation.",
      action:
        'Pour la confirmer et activer le compte, ouvrez ce lien (les liens précédents ne fonctionnent plus) :',
      button: "Confirmer l'inscription",
      expiry: 'Le lien est valable {{hours}} heures et ne peut être utilisé qu’une fois.',
      ignore:
        "Si vous n'êtes pas à l'origine de cette inscription, ignorez ce message : rien n'est activé sans ce lien.",
    },
    existingAccount: {
      subject: 'Tentative d’inscription avec votre e-mail — Excellence des Entreprises',
      greeting: 'Bonjour {{name}},',
      intro:
        "Quelqu'un a tenté d'inscrire une entreprise sur le portail Excellence des Entreprises avec cette adresse e-mail, qui a déjà un compte. Rien n'a été modifié dans votre compte.",
      action: "Si c'était vous, connectez-vous avec votre compte :",
      button: 'Se connecter au portail',
      forgot:
        'Si vous ne vous souvenez plus du mot de passe, choisissez « Mot de passe oublié ? » sur la page de connexion.',
      ignore: "Si ce n'était pas vous, ignorez ce message.",
    },
    registrationCancelled: {
      subject: "L'inscription de {{companyName}} a été annulée — Excellence des Entreprises",
      greeting: 'Bonjour {{name}},',
      intro:
        "L'inscription de l'entreprise {{companyName}} (NIF {{nif}}) faite avec cette adresse e-mail a été annulée : une autre demande d'inscription du même NIF a été retenue.",
      contact: "Si l'entreprise est la vôtre, répondez à ce message ou contactez l'équipe du portail.",
    },
    invitationCancelled: {
      subject: "L'invitation pour {{companyName}} a été annulée — Excellence des Entreprises",
      greeting: 'Bonjour {{name}},',
      intro:
        "L'invitation à terminer l'inscription de l'entreprise {{companyName}} (NIF {{nif}}) a été annulée : une autre demande d'inscription du même NIF a été retenue. Le lien de l'invitation ne fonctionne plus.",
      contact: "Si l'entreprise est la vôtre, répondez à ce message ou contactez l'équipe du portail.",
    },
  },
});

import { defineMessages } from './define.ts';

/** A company's team: the roles, the members and their invitations (docs/adr/0028-company-teams.md). */
export const teams = defineMessages({
  pt: {
    roles: {
      owner: 'Proprietário',
      accountant: 'Contabilista',
      viewer: 'Leitor',
    },
    errors: {
      ownerOnly: 'O seu papel nesta empresa é {{role}}: só um proprietário pode fazer isto.',
      preparersOnly:
        'O seu papel nesta empresa é {{role}}: só um proprietário ou um contabilista pode fazer isto.',
      lastOwner:
        'Uma empresa tem sempre pelo menos um proprietário: dê o papel de proprietário a outro membro antes de retirar, mudar ou deixar este.',
      alreadyMember: 'Esta pessoa já faz parte da equipa desta empresa.',
      invitationPending:
        'Este endereço já tem um convite desta empresa à espera de ser aceite: pode enviá-lo de novo ou cancelá-lo.',
      invitationLimit: 'Esta empresa já enviou {{max}} convites na última hora. Tente de novo mais tarde.',
      invitationForAnother:
        'Este convite foi enviado para outro endereço de e-mail: entre no portal com a conta desse endereço para o aceitar.',
      signInToJoin:
        'Este endereço já tem uma conta no portal: entre com ela e aceite o convite a partir do link.',
    },
    allows: {
      owner:
        'tudo o que diz respeito à empresa, incluindo a equipa, os consentimentos e a submissão da candidatura',
      accountant:
        'carregar balancetes, fazer diagnósticos e preparar os valores e documentos da candidatura, sem a submeter',
      viewer: 'consultar tudo o que diz respeito à empresa, sem alterar nada',
    },
    mails: {
      invitation: {
        subject: 'Convite para a equipa de {{companyName}} — Excelência Empresarial',
        greeting: 'Olá,',
        intro:
          '{{inviter}} convida-o(a) a fazer parte da equipa da empresa {{companyName}} no portal Excelência Empresarial, com o papel de {{role}}.',
        allows: 'Com este papel pode: {{allows}}.',
        action:
          'Para aceitar, abra este link: se ainda não tem conta no portal, define a sua palavra-passe; se já tem, entra com ela e aceita o convite.',
        expiry: 'O link é válido até {{expires}} e só pode ser usado uma vez.',
        ignore: 'Se não esperava este convite, ignore esta mensagem.',
      },
      removed: {
        subject: 'Deixou de fazer parte da equipa de {{companyName}} — Excelência Empresarial',
        greeting: 'Olá {{name}},',
        intro:
          '{{actor}} retirou-o(a) da equipa da empresa {{companyName}} no portal Excelência Empresarial: deixou de ter acesso aos dados desta empresa.',
        contact: 'Se pensa que é um engano, contacte um proprietário da empresa. O portal:',
      },
      roleChanged: {
        subject: 'O seu papel em {{companyName}} mudou — Excelência Empresarial',
        greeting: 'Olá {{name}},',
        intro:
          '{{actor}} mudou o seu papel na equipa da empresa {{companyName}} de {{before}} para {{after}}.',
        allows: 'Com este papel pode: {{allows}}.',
        action: 'O portal:',
      },
    },
  },
  en: {
    roles: {
      owner: 'Owner',
      accountant: 'Accountant',
      viewer: 'Viewer',
    },
    errors: {
      ownerOnly: 'Your role in this company is {{role}}: only an owner can do this.',
      preparersOnly: 'Your role in this company is {{role}}: only an owner or an accountant can do this.',
      lastOwner:
        'A company always keeps at least one owner: give the owner role to another member before removing, changing or leaving this one.',
      alreadyMember: 'This person is already a member of this company’s team.',
      invitationPending:
        'This address already has an invitation from this company waiting to be accepted: you can send it again or cancel it.',
      invitationLimit: 'This company has sent {{max}} invitations in the last hour. Try again later.',
      invitationForAnother:
        'This invitation was sent to another e-mail address: sign in to the portal with that address’s account to accept it.',
      signInToJoin:
        'This address already has an account on the portal: sign in with it and accept the invitation from the link.',
    },
    allows: {
      owner: 'everything about the company, including the team, the consents and submitting the application',
      accountant:
        'upload trial balances, run diagnoses and prepare the application’s figures and documents, without submitting it',
      viewer: 'read everything about the company, without changing anything',
    },
    mails: {
      invitation: {
        subject: 'Invitation to the team of {{companyName}} — Business Excellence',
        greeting: 'Hello,',
        intro:
          '{{inviter}} invites you to join the team of the company {{companyName}} on the Business Excellence portal, as {{role}}.',
        allows: 'With this role you can: {{allows}}.',
        action:
          'To accept, open this link: if you have no account on the portal yet, you set your password; if you have one, you sign in with it and accept the invitation.',
        expiry: 'The link is valid until {{expires}} and can be used once.',
        ignore: 'If you did not expect this invitation, ignore this message.',
      },
      removed: {
        subject: 'You are no longer on the team of {{companyName}} — Business Excellence',
        greeting: 'Hello {{name}},',
        intro:
          '{{actor}} removed you from the team of the company {{companyName}} on the Business Excellence portal: you no longer have access to this company’s data.',
        contact: 'If you think this is a mistake, contact an owner of the company. The portal:',
      },
      roleChanged: {
        subject: 'Your role in {{companyName}} changed — Business Excellence',
        greeting: 'Hello {{name}},',
        intro:
          '{{actor}} changed your role in the team of the company {{companyName}} from {{before}} to {{after}}.',
        allows: 'With this role you can: {{allows}}.',
        action: 'The portal:',
      },
    },
  },
  fr: {
    roles: {
      owner: 'Propriétaire',
      accountant: 'Comptable',
      viewer: 'Lecteur',
    },
    errors: {
      ownerOnly: 'Votre rôle dans cette entreprise est {{role}} : seul un propriétaire peut faire cela.',
      preparersOnly:
        'Votre rôle dans cette entreprise est {{role}} : seul un propriétaire ou un comptable peut faire cela.',
      lastOwner:
        'Une entreprise garde toujours au moins un propriétaire : donnez le rôle de propriétaire à un autre membre avant de retirer, modifier ou quitter celui-ci.',
      alreadyMember: 'Cette personne fait déjà partie de l’équipe de cette entreprise.',
      invitationPending:
        'Cette adresse a déjà une invitation de cette entreprise en attente : vous pouvez la renvoyer ou l’annuler.',
      invitationLimit:
        'Cette entreprise a envoyé {{max}} invitations au cours de la dernière heure. Réessayez plus tard.',
      invitationForAnother:
        'Cette invitation a été envoyée à une autre adresse e-mail : connectez-vous au portail avec le compte de cette adresse pour l’accepter.',
      signInToJoin:
        'Cette adresse a déjà un compte sur le portail : connectez-vous avec lui et acceptez l’invitation depuis le lien.',
    },
    allows: {
      owner:
        'tout ce qui concerne l’entreprise, y compris l’équipe, les consentements et la soumission de la candidature',
      accountant:
        'charger les balances, faire les diagnostics et préparer les chiffres et documents de la candidature, sans la soumettre',
      viewer: 'consulter tout ce qui concerne l’entreprise, sans rien modifier',
    },
    mails: {
      invitation: {
        subject: 'Invitation dans l’équipe de {{companyName}} — Excellence des Entreprises',
        greeting: 'Bonjour,',
        intro:
          '{{inviter}} vous invite à rejoindre l’équipe de l’entreprise {{companyName}} sur le portail Excellence des Entreprises, avec le rôle {{role}}.',
        allows: 'Avec ce rôle, vous pouvez : {{allows}}.',
        action:
          'Pour accepter, ouvrez ce lien : si vous n’avez pas encore de compte sur le portail, vous définissez votre mot de passe ; si vous en avez un, vous vous connectez et acceptez l’invitation.',
        expiry: 'Le lien est valable jusqu’au {{expires}} et ne peut être utilisé qu’une fois.',
        ignore: 'Si vous n’attendiez pas cette invitation, ignorez ce message.',
      },
      removed: {
        subject: 'Vous ne faites plus partie de l’équipe de {{companyName}} — Excellence des Entreprises',
        greeting: 'Bonjour {{name}},',
        intro:
          '{{actor}} vous a retiré(e) de l’équipe de l’entreprise {{companyName}} sur le portail Excellence des Entreprises : vous n’avez plus accès aux données de cette entreprise.',
        contact:
          'Si vous pensez qu’il s’agit d’une erreur, contactez un propriétaire de l’entreprise. Le portail :',
      },
      roleChanged: {
        subject: 'Votre rôle dans {{companyName}} a changé — Excellence des Entreprises',
        greeting: 'Bonjour {{name}},',
        intro:
          '{{actor}} a changé votre rôle dans l’équipe de l’entreprise {{companyName}} : {{before}} devient {{after}}.',
        allows: 'Avec ce rôle, vous pouvez : {{allows}}.',
        action: 'Le portail :',
      },
    },
  },
});

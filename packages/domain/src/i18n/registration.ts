import { defineMessages } from './define.ts';

/** The registration screens: registering a company, confirming it, accepting an invitation, and the legal pages. */
export const registration = defineMessages({
  pt: {
    register: {
      title: 'Registo de empresa',
      intro:
        'Registe a sua empresa para aceder ao autodiagnóstico e às candidaturas. Todos os campos são obrigatórios.',
      nifHint: '{{length}} algarismos',
      passwordHint: 'Pelo menos 10 caracteres',
      togglePassword: 'Mostrar ou ocultar a palavra-passe',
      chooseSectionFirst: 'Escolha primeiro a secção',
      chooseIslandFirst: 'Escolha primeiro a ilha',
      acceptPrefix: 'Li e aceito a',
      and: 'e o',
      submit: 'Registar',
      success: 'Registado com sucesso',
      haveAccount: 'Já tem conta?',
      signIn: 'Entrar',
      optionsFailed: 'Não foi possível carregar as listas de escolha. Recarregue a página.',
      sentTitle: 'Confirme o seu e-mail',
      sentText:
        'Enviámos uma mensagem para {{email}}. Abra a ligação de confirmação que contém para concluir o registo. Se este e-mail já tem conta, a mensagem explica como entrar.',
      sentHint:
        'A ligação é válida durante 48 horas e só pode ser usada uma vez. Não recebeu a mensagem? Verifique o correio não solicitado ou peça uma nova ligação.',
      resend: 'Enviar nova ligação',
      resent: 'Se existir um registo pendente para este e-mail, foi enviada uma nova ligação.',
    },
    confirm: {
      checking: 'A verificar a ligação…',
      successTitle: 'Registo concluído',
      successText: 'A conta {{email}} está ativa e a empresa foi criada. Já pode entrar no portal.',
      expiredTitle: 'A ligação expirou',
      expiredText: 'Esta ligação de confirmação já não é válida. Indique o seu e-mail para receber uma nova.',
      invalidTitle: 'Ligação inválida ou já usada',
      invalidText:
        'Esta ligação não é válida ou já foi utilizada. Se já confirmou o registo, a sua conta está ativa: entre no portal. Se entretanto pediu uma nova ligação, só a mais recente funciona: abra-a ou indique o seu e-mail abaixo para receber outra.',
      resendTitle: 'Ainda não confirmou?',
      registerAgain: 'Registar uma empresa',
    },
    invitation: {
      title: 'Convite para o portal',
      intro: 'A empresa {{company}} foi pré-registada. Defina a sua palavra-passe para concluir o registo.',
      submit: 'Aceitar e definir palavra-passe',
      team: {
        title: 'Convite para a equipa de {{company}}',
        intro: '{{inviter}} convida-o a trabalhar em {{company}} no portal, como {{role}}.',
        introNoInviter: 'Foi convidado a trabalhar em {{company}} no portal, como {{role}}.',
        role: 'Papel',
        yourName: 'O seu nome',
        invitedBy: 'Convidado por',
        hasAccount: 'Este endereço já tem conta no portal: entre para aceitar o convite.',
        signInToAccept: 'Entrar para aceitar',
        signedInAs: 'Entrou como {{email}}.',
        accept: 'Aceitar',
      },
      acceptedTitle: 'Convite aceite',
      acceptedText: 'A conta {{email}} está pronta. Já pode entrar no portal.',
      invalidTitle: 'Convite inválido ou expirado',
      invalidText:
        'Este convite não é válido, expirou ou já foi usado. Peça ao administrador um novo convite ou entre no portal.',
    },
    legal: {
      privacyTitle: 'Política de privacidade',
      regulationTitle: 'Regulamento',
      privacy: {
        intro: 'Esta política explica que dados pessoais o portal trata e porquê.',
        data: {
          title: 'Dados recolhidos',
          text: 'Nome, e-mail e telefone do responsável, dados de identificação da empresa (nome, NIF, CAE, localização) e os documentos financeiros que a empresa carrega.',
        },
        purpose: {
          title: 'Finalidade',
          text: 'Os dados servem para gerir o registo, o autodiagnóstico financeiro e as candidaturas à distinção, e para comunicar com a empresa.',
        },
        sharing: {
          title: 'Partilha',
          text: 'Os dados não são vendidos. Os parceiros só veem as candidaturas que a empresa lhes confia. O diretório público só mostra empresas que o autorizaram.',
        },
        retention: {
          title: 'Conservação',
          text: 'Cada tipo de dados é conservado durante um prazo fixo e depois apagado automaticamente: os prazos estão na tabela «Prazos de conservação» no fim desta página.',
        },
        rights: {
          title: 'Os seus direitos',
          text: 'Pode consultar, corrigir ou pedir a eliminação dos seus dados a partir do perfil ou contactando a entidade gestora.',
        },
      },
      regulation: {
        intro: 'Extrato do Regulamento de 2023 da distinção de excelência empresarial.',
        article3: {
          title: 'Artigo 3.º — Natureza',
          text: 'A distinção é um estatuto, não um prémio, válido no máximo por um ano. A candidatura é gratuita e voluntária.',
        },
        article4: {
          title: 'Artigo 4.º — Elegibilidade',
          text: 'Podem candidatar-se as empresas registadas no portal com a situação regularizada e os indicadores financeiros do exercício de referência.',
        },
        article6: {
          title: 'Artigo 6.º — Avaliação',
          text: 'A avaliação baseia-se nos indicadores financeiros calculados a partir das demonstrações carregadas e nos documentos exigidos.',
        },
      },
    },
  },
  en: {
    register: {
      title: 'Company registration',
      intro:
        'Register your company to use the self-diagnosis and apply for the distinction. All fields are required.',
      nifHint: '{{length}} digits',
      passwordHint: 'At least 10 characters',
      togglePassword: 'Show or hide the password',
      chooseSectionFirst: 'Choose the section first',
      chooseIslandFirst: 'Choose the island first',
      acceptPrefix: 'I have read and accept the',
      and: 'and the',
      submit: 'Register',
      success: 'Successfully registered',
      haveAccount: 'Already registered?',
      signIn: 'Sign in',
      optionsFailed: 'The choice lists could not be loaded. Please reload the page.',
      sentTitle: 'Confirm your email',
      sentText:
        'We sent a message to {{email}}. Open the confirmation link in it to complete the registration. If this email already has an account, the message explains how to sign in.',
      sentHint:
        'The link is valid for 48 hours and works once. No message? Check your spam folder or ask for a new link.',
      resend: 'Send a new link',
      resent: 'If a pending registration exists for this email, a new link has been sent.',
    },
    confirm: {
      checking: 'Checking the link…',
      successTitle: 'Registration complete',
      successText: 'The account {{email}} is active and the company has been created. You can sign in now.',
      expiredTitle: 'The link has expired',
      expiredText: 'This confirmation link is no longer valid. Enter your email to receive a new one.',
      invalidTitle: 'Invalid or used link',
      invalidText:
        'This link is not valid or has already been used. If you already confirmed your registration, your account is active: sign in. If you asked for a new link since, only the newest one works: open it, or enter your email below to receive another.',
      resendTitle: 'Not confirmed yet?',
      registerAgain: 'Register a company',
    },
    invitation: {
      title: 'Invitation to the portal',
      intro:
        'The company {{company}} has been pre-registered. Set your password to complete the registration.',
      submit: 'Accept and set password',
      team: {
        title: "Invitation to {{company}}'s team",
        intro: '{{inviter}} invites you to work on {{company}} in the portal, as {{role}}.',
        introNoInviter: 'You are invited to work on {{company}} in the portal, as {{role}}.',
        role: 'Role',
        yourName: 'Your name',
        invitedBy: 'Invited by',
        hasAccount: 'This address already has an account in the portal: sign in to accept the invitation.',
        signInToAccept: 'Sign in to accept',
        signedInAs: 'Signed in as {{email}}.',
        accept: 'Accept',
      },
      acceptedTitle: 'Invitation accepted',
      acceptedText: 'The account {{email}} is ready. You can sign in now.',
      invalidTitle: 'Invalid or expired invitation',
      invalidText:
        'This invitation is not valid, has expired or was already used. Ask the administrator for a new one, or sign in.',
    },
    legal: {
      privacyTitle: 'Privacy policy',
      regulationTitle: 'Regulation',
      privacy: {
        intro: 'This policy explains which personal data the portal processes and why.',
        data: {
          title: 'Data collected',
          text: "The responsible person's name, email and phone, the company's identification (name, NIF, CAE, location) and the financial documents the company uploads.",
        },
        purpose: {
          title: 'Purpose',
          text: 'The data is used to manage the registration, the financial self-diagnosis and the applications for the distinction, and to contact the company.',
        },
        sharing: {
          title: 'Sharing',
          text: 'Data is never sold. Partners only see the applications the company entrusts to them. The public directory only shows companies that agreed.',
        },
        retention: {
          title: 'Retention',
          text: 'Each kind of data is kept for a fixed period and then deleted automatically: the periods are in the ‘Retention periods’ table at the end of this page.',
        },
        rights: {
          title: 'Your rights',
          text: 'You may view, correct or ask for the deletion of your data from your profile or by contacting the managing entity.',
        },
      },
      regulation: {
        intro: 'Extract of the 2023 Regulation of the business-excellence distinction.',
        article3: {
          title: 'Article 3 — Nature',
          text: 'The distinction is a status, not a prize, valid for at most one year. Applying is free and voluntary.',
        },
        article4: {
          title: 'Article 4 — Eligibility',
          text: 'Companies registered on the portal, in good standing and with the financial indicators of the reference year may apply.',
        },
        article6: {
          title: 'Article 6 — Evaluation',
          text: 'The evaluation is based on the financial indicators computed from the uploaded statements and on the required documents.',
        },
      },
    },
  },
  fr: {
    register: {
      title: "Inscription d'une entreprise",
      intro:
        "Inscrivez votre entreprise pour accéder à l'autodiagnostic et aux candidatures. Tous les champs sont obligatoires.",
      nifHint: '{{length}} chiffres',
      passwordHint: 'Au moins 10 caractères',
      togglePassword: 'Afficher ou masquer le mot de passe',
      chooseSectionFirst: "Choisissez d'abord la section",
      chooseIslandFirst: "Choisissez d'abord l'île",
      acceptPrefix: "J'ai lu et j'accepte la",
      and: 'et le',
      submit: "S'inscrire",
      success: 'Inscription réussie',
      haveAccount: 'Déjà inscrit ?',
      signIn: 'Se connecter',
      optionsFailed: "Les listes de choix n'ont pas pu être chargées. Rechargez la page.",
      sentTitle: 'Confirmez votre e-mail',
      sentText:
        "Nous avons envoyé un message à {{email}}. Ouvrez le lien de confirmation qu'il contient pour terminer l'inscription. Si cet e-mail a déjà un compte, le message explique comment se connecter.",
      sentHint:
        "Le lien est valable 48 heures et ne sert qu'une fois. Pas de message ? Vérifiez vos indésirables ou demandez un nouveau lien.",
      resend: 'Envoyer un nouveau lien',
      resent: 'Si une inscription en attente existe pour cet e-mail, un nouveau lien a été envoyé.',
    },
    confirm: {
      checking: 'Vérification du lien…',
      successTitle: 'Inscription terminée',
      successText: "Le compte {{email}} est actif et l'entreprise a été créée. Vous pouvez vous connecter.",
      expiredTitle: 'Le lien a expiré',
      expiredText:
        "Ce lien de confirmation n'est plus valable. Indiquez votre e-mail pour en recevoir un nouveau.",
      invalidTitle: 'Lien invalide ou déjà utilisé',
      invalidText:
        "Ce lien n'est pas valable ou a déjà été utilisé. Si vous avez déjà confirmé votre inscription, votre compte est actif : connectez-vous. Si vous avez demandé un nouveau lien entre-temps, seul le plus récent fonctionne : ouvrez-le ou indiquez votre e-mail ci-dessous pour en recevoir un autre.",
      resendTitle: 'Pas encore confirmé ?',
      registerAgain: 'Inscrire une entreprise',
    },
    invitation: {
      title: 'Invitation au portail',
      intro:
        "L'entreprise {{company}} a été pré-inscrite. Définissez votre mot de passe pour terminer l'inscription.",
      submit: 'Accepter et définir le mot de passe',
      team: {
        title: "Invitation dans l'équipe de {{company}}",
        intro: '{{inviter}} vous invite à travailler sur {{company}} dans le portail, en tant que {{role}}.',
        introNoInviter:
          'Vous êtes invité à travailler sur {{company}} dans le portail, en tant que {{role}}.',
        role: 'Rôle',
        yourName: 'Votre nom',
        invitedBy: 'Invité par',
        hasAccount:
          "Cette adresse a déjà un compte sur le portail : connectez-vous pour accepter l'invitation.",
        signInToAccept: 'Se connecter pour accepter',
        signedInAs: 'Connecté en tant que {{email}}.',
        accept: 'Accepter',
      },
      acceptedTitle: 'Invitation acceptée',
      acceptedText: 'Le compte {{email}} est prêt. Vous pouvez vous connecter.',
      invalidTitle: 'Invitation invalide ou expirée',
      invalidText:
        "Cette invitation n'est pas valable, a expiré ou a déjà été utilisée. Demandez-en une nouvelle à l'administrateur, ou connectez-vous.",
    },
    legal: {
      privacyTitle: 'Politique de confidentialité',
      regulationTitle: 'Règlement',
      privacy: {
        intro: 'Cette politique explique quelles données personnelles le portail traite et pourquoi.',
        data: {
          title: 'Données collectées',
          text: "Nom, e-mail et téléphone du responsable, identification de l'entreprise (nom, NIF, CAE, localisation) et documents financiers envoyés par l'entreprise.",
        },
        purpose: {
          title: 'Finalité',
          text: "Les données servent à gérer l'inscription, l'autodiagnostic financier et les candidatures à la distinction, et à contacter l'entreprise.",
        },
        sharing: {
          title: 'Partage',
          text: "Les données ne sont jamais vendues. Les partenaires ne voient que les candidatures que l'entreprise leur confie. L'annuaire public n'affiche que les entreprises qui l'ont accepté.",
        },
        retention: {
          title: 'Conservation',
          text: 'Chaque type de données est conservé pendant une durée fixe, puis supprimé automatiquement : les durées figurent dans le tableau « Durées de conservation » à la fin de cette page.',
        },
        rights: {
          title: 'Vos droits',
          text: "Vous pouvez consulter, corriger ou demander la suppression de vos données depuis votre profil ou en contactant l'entité gestionnaire.",
        },
      },
      regulation: {
        intro: "Extrait du Règlement de 2023 de la distinction d'excellence des entreprises.",
        article3: {
          title: 'Article 3 — Nature',
          text: 'La distinction est un statut, non un prix, valable au plus un an. La candidature est gratuite et volontaire.',
        },
        article4: {
          title: 'Article 4 — Éligibilité',
          text: "Peuvent se porter candidates les entreprises inscrites sur le portail, en situation régulière et disposant des indicateurs financiers de l'exercice de référence.",
        },
        article6: {
          title: 'Article 6 — Évaluation',
          text: "L'évaluation repose sur les indicateurs financiers calculés à partir des états envoyés et sur les documents exigés.",
        },
      },
    },
  },
});

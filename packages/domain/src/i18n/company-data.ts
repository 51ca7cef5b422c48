import { defineMessages } from './define.ts';

/** The company's data as its own: its activity, its exports, closing its account (docs/adr/0028-company-teams.md). */
export const companyData = defineMessages({
  pt: {
    activity: {
      badCursor: 'O cursor da página de atividade não é válido: peça a primeira página de novo.',
      partnerRead: {
        status: 'Consultou o estado da empresa',
        diagnosis: 'Consultou o estado e o resumo do diagnóstico da empresa',
      },
      summary: {
        sheetUploaded: 'Balancete de {{period}} carregado',
        sheetEntered: 'Balancete de {{period}} preenchido no formulário',
        sheetChanged: 'Balancete de {{period}} alterado',
        sheetDeleted: 'Balancete de {{period}} eliminado',
        diagnosisCreated: 'Diagnóstico de {{period}} feito',
        diagnosisDeleted: 'Diagnóstico de {{period}} eliminado',
        applicationCreated: 'Candidatura iniciada',
        documentUploaded: 'Documento da candidatura carregado',
        documentReplaced: 'Documento da candidatura substituído',
        documentRemoved: 'Documento da candidatura removido',
        applicationSubmitted: 'Candidatura submetida',
        applicationDecided: 'Decisão sobre a candidatura registada',
        applicationConfirmed: 'Decisão sobre a candidatura confirmada',
        applicationReturned: 'Candidatura devolvida para avaliação',
        applicationClosed: 'Candidatura fechada sem ter sido submetida',
        applicationPublished: 'Resultado da candidatura publicado',
        sealChanged: 'Estado do selo alterado',
        profileChanged: 'Perfil da empresa alterado',
        situationChanged: 'Situação da empresa alterada',
        companyCreated: 'Empresa registada no portal',
        nameChangeRequested: 'Mudança de nome pedida',
        nameChangeDecided: 'Pedido de mudança de nome decidido',
        nameChanged: 'Nome da empresa alterado',
        consentChanged: 'Consentimento a uma entidade parceira alterado',
        followRequested: 'Uma entidade parceira pediu para acompanhar a empresa',
        followDecided: 'Pedido de acompanhamento de uma entidade parceira respondido',
        assisted: 'Passou a ser acompanhada por uma entidade parceira',
        esgDraftSaved: 'Respostas ESG guardadas',
        esgSubmitted: 'Respostas ESG submetidas',
        invitationSent: 'Convite enviado a {{email}}',
        invitationAccepted: 'Convite aceite',
        teamChanged: 'Equipa alterada',
        exportRequested: 'Exportação dos dados pedida',
      },
    },
    exports: {
      running: 'Já está a ser preparada uma exportação dos dados desta empresa: aguarde que termine.',
      tooMany: 'Esta empresa já pediu {{max}} exportações nas últimas 24 horas: tente de novo mais tarde.',
      linkExpired:
        'Este link de transferência expirou. Peça uma nova exportação na página dos dados da empresa.',
      fileName: 'dados-{{nif}}-{{date}}.zip',
      mail: {
        subject: 'Os dados da empresa {{companyName}} estão prontos — Excelência Empresarial',
        greeting: 'Olá {{name}},',
        intro: 'A exportação dos dados que a empresa {{companyName}} tem no portal está pronta.',
        action: 'Para a transferir (um ficheiro zip), abra este link:',
        expiry: 'O link é válido durante {{days}} dias e só abre esta exportação.',
      },
    },
    personalExport: {
      fileName: 'os-meus-dados-{{date}}.json',
    },
    closure: {
      errors: {
        pending: 'Esta empresa já tem um pedido de encerramento da conta à espera de decisão.',
        noPending: 'Esta empresa não tem nenhum pedido de encerramento da conta à espera de decisão.',
        decided: 'Este pedido de encerramento da conta já foi decidido ou retirado.',
        companyClosed: 'A conta desta empresa foi encerrada: os seus dados já não podem ser alterados.',
      },
      mails: {
        greeting: 'Olá {{name}},',
        reason: 'Motivo: {{reason}}',
        requestedSubject: 'Pedido de encerramento da conta — {{companyName}}',
        requested:
          '{{requester}} pediu em {{date}} o encerramento da conta da empresa {{companyName}} no portal Excelência Empresarial. Um administrador vai decidir; até lá, um proprietário pode retirar o pedido.',
        requestedAdmin:
          'A empresa {{companyName}} (NIF {{nif}}) pediu em {{date}} o encerramento da sua conta no portal: aprovar apaga os seus dados pessoais e ficheiros; ficam os resultados publicados, os selos e os números anónimos das estatísticas.',
        requestedAction: 'Veja o pedido no portal:',
        withdrawnSubject: 'Pedido de encerramento da conta retirado — {{companyName}}',
        withdrawn:
          '{{actor}} retirou em {{date}} o pedido de encerramento da conta da empresa {{companyName}}: a conta continua aberta.',
        approvedSubject: 'Conta encerrada — {{companyName}}',
        approved:
          'O pedido de encerramento da conta da empresa {{companyName}} foi aprovado em {{date}}. Os dados pessoais e os ficheiros da empresa foram apagados e a equipa deixou de ter acesso. Ficam, só com o nome e o NIF da empresa, os resultados publicados, os selos e os números anónimos das estatísticas.',
        approvedAction: 'A política de privacidade explica o que fica e porquê:',
        refusedSubject: 'Pedido de encerramento da conta recusado — {{companyName}}',
        refused:
          'O pedido de encerramento da conta da empresa {{companyName}} foi recusado em {{date}}: a conta continua aberta.',
        action: 'Veja os dados da empresa no portal:',
      },
    },
  },
  en: {
    activity: {
      badCursor: 'The activity page cursor is not valid: ask for the first page again.',
      partnerRead: {
        status: "Read the company's status",
        diagnosis: "Read the company's status and diagnosis summary",
      },
      summary: {
        sheetUploaded: 'Trial balance for {{period}} uploaded',
        sheetEntered: 'Trial balance for {{period}} entered in the form',
        sheetChanged: 'Trial balance for {{period}} changed',
        sheetDeleted: 'Trial balance for {{period}} deleted',
        diagnosisCreated: 'Diagnosis for {{period}} made',
        diagnosisDeleted: 'Diagnosis for {{period}} deleted',
        applicationCreated: 'Application started',
        documentUploaded: 'Application document uploaded',
        documentReplaced: 'Application document replaced',
        documentRemoved: 'Application document removed',
        applicationSubmitted: 'Application submitted',
        applicationDecided: 'Decision on the application recorded',
        applicationConfirmed: 'Decision on the application confirmed',
        applicationReturned: 'Application sent back for evaluation',
        applicationClosed: 'Application closed without being submitted',
        applicationPublished: "Application's result published",
        sealChanged: "Seal's state changed",
        profileChanged: 'Company profile changed',
        situationChanged: "Company's situation changed",
        companyCreated: 'Company registered on the portal',
        nameChangeRequested: 'Name change requested',
        nameChangeDecided: 'Name change request decided',
        nameChanged: "Company's name changed",
        consentChanged: 'Consent to a partner entity changed',
        followRequested: 'A partner entity asked to follow the company',
        followDecided: "A partner entity's follow request answered",
        assisted: 'Now followed by a partner entity',
        esgDraftSaved: 'ESG answers saved',
        esgSubmitted: 'ESG answers submitted',
        invitationSent: 'Invitation sent to {{email}}',
        invitationAccepted: 'Invitation accepted',
        teamChanged: 'Team changed',
        exportRequested: 'Data export requested',
      },
    },
    exports: {
      running: "An export of this company's data is already being prepared: wait until it ends.",
      tooMany: 'This company already asked for {{max}} exports in the last 24 hours: try again later.',
      linkExpired: "This download link has expired. Ask for a new export on the company's data page.",
      fileName: 'data-{{nif}}-{{date}}.zip',
      mail: {
        subject: 'The data of {{companyName}} is ready — Excelência Empresarial',
        greeting: 'Hello {{name}},',
        intro: 'The export of the data the portal keeps of {{companyName}} is ready.',
        action: 'To download it (a zip file), open this link:',
        expiry: 'The link works for {{days}} days and opens this export only.',
      },
    },
    personalExport: {
      fileName: 'my-data-{{date}}.json',
    },
    closure: {
      errors: {
        pending: 'This company already has a request to close its account waiting for a decision.',
        noPending: 'This company has no request to close its account waiting for a decision.',
        decided: 'This request to close the account has already been decided or withdrawn.',
        companyClosed: "This company's account has been closed: its data can no longer be changed.",
      },
      mails: {
        greeting: 'Hello {{name}},',
        reason: 'Reason: {{reason}}',
        requestedSubject: 'Request to close the account — {{companyName}}',
        requested:
          '{{requester}} asked on {{date}} to close the account of {{companyName}} on the Excelência Empresarial portal. An administrator will decide; until then, an owner may withdraw the request.',
        requestedAdmin:
          'The company {{companyName}} (NIF {{nif}}) asked on {{date}} to close its account on the portal: approving erases its personal data and files; the published results, seals and anonymised figures of the statistics stay.',
        requestedAction: 'See the request on the portal:',
        withdrawnSubject: 'Request to close the account withdrawn — {{companyName}}',
        withdrawn:
          '{{actor}} withdrew on {{date}} the request to close the account of {{companyName}}: the account stays open.',
        approvedSubject: 'Account closed — {{companyName}}',
        approved:
          "The request to close the account of {{companyName}} was approved on {{date}}. The company's personal data and files have been erased and its team no longer has access. The published results, the seals and the anonymised figures of the statistics stay, with the company's name and NIF only.",
        approvedAction: 'The privacy policy explains what stays and why:',
        refusedSubject: 'Request to close the account refused — {{companyName}}',
        refused:
          'The request to close the account of {{companyName}} was refused on {{date}}: the account stays open.',
        action: "See the company's data on the portal:",
      },
    },
  },
  fr: {
    activity: {
      badCursor: "Le curseur de la page d'activité n'est pas valide : demandez de nouveau la première page.",
      partnerRead: {
        status: "A consulté l'état de l'entreprise",
        diagnosis: "A consulté l'état et le résumé du diagnostic de l'entreprise",
      },
      summary: {
        sheetUploaded: 'Balance de {{period}} téléversée',
        sheetEntered: 'Balance de {{period}} saisie dans le formulaire',
        sheetChanged: 'Balance de {{period}} modifiée',
        sheetDeleted: 'Balance de {{period}} supprimée',
        diagnosisCreated: 'Diagnostic de {{period}} réalisé',
        diagnosisDeleted: 'Diagnostic de {{period}} supprimé',
        applicationCreated: 'Candidature commencée',
        documentUploaded: 'Document de la candidature téléversé',
        documentReplaced: 'Document de la candidature remplacé',
        documentRemoved: 'Document de la candidature retiré',
        applicationSubmitted: 'Candidature soumise',
        applicationDecided: 'Décision sur la candidature enregistrée',
        applicationConfirmed: 'Décision sur la candidature confirmée',
        applicationReturned: "Candidature renvoyée pour l'évaluation",
        applicationClosed: 'Candidature fermée sans avoir été soumise',
        applicationPublished: 'Résultat de la candidature publié',
        sealChanged: 'État du label modifié',
        profileChanged: "Profil de l'entreprise modifié",
        situationChanged: "Situation de l'entreprise modifiée",
        companyCreated: 'Entreprise inscrite sur le portail',
        nameChangeRequested: 'Changement de nom demandé',
        nameChangeDecided: 'Demande de changement de nom tranchée',
        nameChanged: "Nom de l'entreprise modifié",
        consentChanged: 'Consentement à une entité partenaire modifié',
        followRequested: "Une entité partenaire a demandé à suivre l'entreprise",
        followDecided: "Demande de suivi d'une entité partenaire répondue",
        assisted: 'Désormais suivie par une entité partenaire',
        esgDraftSaved: 'Réponses ESG enregistrées',
        esgSubmitted: 'Réponses ESG soumises',
        invitationSent: 'Invitation envoyée à {{email}}',
        invitationAccepted: 'Invitation acceptée',
        teamChanged: 'Équipe modifiée',
        exportRequested: 'Export des données demandé',
      },
    },
    exports: {
      running:
        "Un export des données de cette entreprise est déjà en préparation : attendez qu'il se termine.",
      tooMany:
        'Cette entreprise a déjà demandé {{max}} exports ces dernières 24 heures : réessayez plus tard.',
      linkExpired:
        "Ce lien de téléchargement a expiré. Demandez un nouvel export sur la page des données de l'entreprise.",
      fileName: 'donnees-{{nif}}-{{date}}.zip',
      mail: {
        subject: 'Les données de {{companyName}} sont prêtes — Excelência Empresarial',
        greeting: 'Bonjour {{name}},',
        intro: "L'export des données que le portail conserve de {{companyName}} est prêt.",
        action: 'Pour le télécharger (un fichier zip), ouvrez ce lien :',
        expiry: "Le lien fonctionne pendant {{days}} jours et n'ouvre que cet export.",
      },
    },
    personalExport: {
      fileName: 'mes-donnees-{{date}}.json',
    },
    closure: {
      errors: {
        pending: "Cette entreprise a déjà une demande de fermeture de son compte en attente d'une décision.",
        noPending:
          "Cette entreprise n'a aucune demande de fermeture de son compte en attente d'une décision.",
        decided: 'Cette demande de fermeture du compte a déjà été tranchée ou retirée.',
        companyClosed:
          'Le compte de cette entreprise a été fermé : ses données ne peuvent plus être modifiées.',
      },
      mails: {
        greeting: 'Bonjour {{name}},',
        reason: 'Motif : {{reason}}',
        requestedSubject: 'Demande de fermeture du compte — {{companyName}}',
        requested:
          "{{requester}} a demandé le {{date}} la fermeture du compte de l'entreprise {{companyName}} sur le portail Excelência Empresarial. Un administrateur va décider ; d'ici là, un propriétaire peut retirer la demande.",
        requestedAdmin:
          "L'entreprise {{companyName}} (NIF {{nif}}) a demandé le {{date}} la fermeture de son compte sur le portail : l'approuver efface ses données personnelles et ses fichiers ; les résultats publiés, les labels et les chiffres anonymisés des statistiques restent.",
        requestedAction: 'Voir la demande sur le portail :',
        withdrawnSubject: 'Demande de fermeture du compte retirée — {{companyName}}',
        withdrawn:
          "{{actor}} a retiré le {{date}} la demande de fermeture du compte de l'entreprise {{companyName}} : le compte reste ouvert.",
        approvedSubject: 'Compte fermé — {{companyName}}',
        approved:
          "La demande de fermeture du compte de l'entreprise {{companyName}} a été approuvée le {{date}}. Les données personnelles et les fichiers de l'entreprise ont été effacés et son équipe n'y a plus accès. Les résultats publiés, les labels et les chiffres anonymisés des statistiques restent, avec le nom et le NIF de l'entreprise seulement.",
        approvedAction: 'La politique de confidentialité explique ce qui reste et pourquoi :',
        refusedSubject: 'Demande de fermeture du compte refusée — {{companyName}}',
        refused:
          "La demande de fermeture du compte de l'entreprise {{companyName}} a été refusée le {{date}} : le compte reste ouvert.",
        action: "Voir les données de l'entreprise sur le portail :",
      },
    },
  },
});

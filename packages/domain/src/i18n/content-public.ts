import { defineMessages } from './define.ts';

/** The public site's content pages (news, gallery, testimonies, events, regulations, FAQ, site map). */
export const contentPublic = defineMessages({
  pt: {
    nav: {
      news: 'Notícias',
      events: 'Eventos',
      gallery: 'Galeria',
      testimonies: 'Testemunhos',
      regulation: 'Regulamentos e guias',
      privacy: 'Política de privacidade',
      accessibility: 'Acessibilidade',
      sitemap: 'Mapa do site',
      eligibility: 'Critérios de elegibilidade',
      sustainability: 'Inquérito de sustentabilidade',
      distinguished: 'Empresas distinguidas',
      template: 'Modelo de balancete',
    },
    eligibility: {
      title: 'Critérios de elegibilidade',
      intro:
        'Para se candidatar, a empresa tem de cumprir, nos balancetes anuais do ano avaliado, os critérios financeiros abaixo.',
      thresholdsTitle: 'Limiares em vigor',
      criterion: 'Critério',
      threshold: 'Limiar',
    },
    sustainability: {
      title: 'Inquérito de sustentabilidade',
      intro:
        'O programa acompanha também as práticas ambientais, sociais e de governação (ESG) das empresas registadas, através de um inquérito anual.',
      currentForm: 'Inquérito em curso',
      questions_one: '{{count}} pergunta · período {{period}}',
      questions_other: '{{count}} perguntas · período {{period}}',
      noForm: 'Não há nenhum inquérito aberto neste momento.',
      howTo: 'As empresas registadas respondem na sua área, em ESG.',
    },
    fallback: 'Parte deste texto é mostrada em português porque ainda não está disponível neste idioma.',
    loading: 'A carregar…',
    loadFailed: 'Não foi possível carregar este conteúdo.',
    retry: 'Tentar de novo',
    loadMore: 'Carregar mais',
    seeAll: 'Ver tudo',
    readMore: 'Ler mais: {{title}}',
    home: {
      news: 'Últimas notícias',
      events: 'Próximos eventos',
      testimonies: 'Testemunhos',
      distinguished: 'Empresas distinguidas na {{edition}}',
      allDistinguished: 'Ver todas as empresas distinguidas',
      allNews: 'Todas as notícias',
      allEvents: 'Todos os eventos',
      allTestimonies: 'Todos os testemunhos',
    },
    news: {
      title: 'Notícias',
      intro: 'As novidades do programa e das suas edições.',
      empty: 'Ainda não há notícias.',
      publishedOn: 'Publicada a {{date}}',
      back: 'Voltar às notícias',
      notFound: 'Esta notícia não existe ou já não está publicada.',
    },
    events: {
      title: 'Eventos',
      intro: 'Sessões, cerimónias e outros encontros do programa.',
      upcoming: 'Próximos eventos',
      past: 'Eventos passados',
      empty: 'Não há eventos marcados.',
      place: 'Local',
      date: 'Data',
    },
    gallery: {
      title: 'Galeria',
      intro: 'Fotografias e vídeos do programa.',
      empty: 'A galeria ainda está vazia.',
      play: 'Ver o vídeo: {{title}}',
      openOnYoutube: 'Abrir no YouTube: {{title}}',
      openOnYoutubeShort: 'Abrir no YouTube',
      video: 'Vídeo',
    },
    testimonies: {
      title: 'Testemunhos',
      intro: 'O que dizem as empresas que passaram pelo programa.',
      empty: 'Ainda não há testemunhos.',
    },
    faq: {
      search: 'Procurar nas perguntas',
      searchButton: 'Procurar',
      noMatch: 'Nenhuma pergunta corresponde a «{{q}}».',
      matches_one: '{{count}} pergunta encontrada',
      matches_other: '{{count}} perguntas encontradas',
      other: 'Outras perguntas',
    },
    regulation: {
      documents: 'Regulamentos e guias por edição',
      regulations: 'Regulamentos',
      guides: 'Guias',
      noEdition: 'Todas as edições',
      edition: 'Edição de {{year}}',
      download: 'Descarregar {{title}} (PDF, {{size}})',
      view: 'Ver {{title}} no navegador',
      downloadShort: 'Descarregar',
      viewShort: 'Ver',
      empty: 'Ainda não há documentos publicados.',
      articles: 'Artigos citados',
    },
    sitemap: {
      title: 'Mapa do site',
      intro: 'Todas as páginas públicas do portal.',
      main: 'Páginas principais',
      more: 'Mais páginas',
    },
    dataRights: {
      title: 'Os dados da empresa e os seus direitos',
      keeps: {
        title: 'O que o portal guarda',
        company:
          'De uma empresa: o perfil (nome, NIF, setor, localização, contactos e pessoas responsáveis), a equipa e o papel de cada membro, os balancetes e os ficheiros carregados, os autodiagnósticos, as respostas ESG, as candidaturas com os documentos e as decisões, os selos, os consentimentos dados aos parceiros e o registo das consultas deles, e a atividade (quem fez o quê e quando).',
        person:
          'De uma pessoa: o nome, o e-mail, a língua, a fotografia de perfil, as empresas por quem atua e com que papel, e o que fez no portal.',
      },
      access: {
        title: 'Quem vê o quê',
        text: 'Na empresa, cada membro vê conforme o seu papel: o proprietário tudo, incluindo a equipa e os consentimentos; o contabilista prepara os balancetes, os diagnósticos e a candidatura; o leitor só consulta. Um parceiro (por exemplo um banco) só vê o que a empresa lhe consentiu: o estado, o resumo do diagnóstico e os nomes e papéis da equipa. Os administradores do programa veem tudo o que precisam para o gerir. O público só vê o diretório, se a empresa o autorizou, os resultados publicados e a verificação dos selos.',
      },
      rights: {
        title: 'Os seus direitos',
        text: 'A lei de proteção de dados pessoais de Cabo Verde (Lei n.º 133/V/2001, alterada pela Lei n.º 41/VIII/2013) dá-lhe o direito de saber que dados o portal guarda, de os corrigir, de se opor ao seu tratamento e de pedir que sejam apagados. Pode apresentar uma queixa à autoridade de controlo, a CNPD (Comissão Nacional de Proteção de Dados).',
      },
      export: {
        title: 'Levar os dados',
        text: 'O proprietário pode transferir, na página «Dados da empresa», um ficheiro zip com tudo o que o portal guarda da empresa e os ficheiros carregados; o link enviado por e-mail vale {{days}} dias. Cada pessoa pode transferir o que o portal guarda sobre si no seu perfil.',
      },
      closure: {
        title: 'Encerrar a conta da empresa',
        text: 'O proprietário pode pedir o encerramento da conta da empresa; um administrador decide. Se aprovado, os dados pessoais, a equipa, os balancetes, os diagnósticos, as respostas ESG, os documentos e os consentimentos são apagados, e as contas que já não atuam por nenhuma empresa são desativadas e anonimizadas. Fica apenas o que o programa tem de guardar, só com o nome e o NIF da empresa: os resultados publicados, os selos (a verificação pública continua a funcionar) e os números anónimos das estatísticas.',
      },
    },
    retention: {
      title: 'Prazos de conservação',
      intro:
        'A lei de proteção de dados pessoais de Cabo Verde (Lei n.º 133/V/2001, alterada pela Lei n.º 41/VIII/2013) pede que os dados pessoais não sejam guardados mais tempo do que o necessário para a finalidade com que foram recolhidos. Por isso, cada tipo de dados é conservado durante o prazo abaixo e depois apagado automaticamente.',
      columns: { data: 'Dados', period: 'Prazo', after: 'Depois do prazo' },
      units: {
        days_one: '{{count}} dia',
        days_other: '{{count}} dias',
        years_one: '{{count}} ano',
        years_other: '{{count}} anos',
      },
      kinds: {
        sessions: { label: 'Sessões de acesso ao portal', period: 'Até expirarem', after: 'Apagadas.' },
        registrations: {
          label: 'Pedidos de registo de empresa (o formulário à espera da confirmação por e-mail)',
          period: '{{period}} após a expiração do link de confirmação',
          after:
            'Apagados. Se o pedido nunca foi confirmado, a conta de acesso criada para ele também é apagada.',
        },
        invitations: {
          label: 'Convites de pré-registo não aceites (nome e e-mail do responsável)',
          period: '{{period}} após a expiração do link do convite',
          after: 'Apagados. A empresa pré-registada mantém-se.',
        },
        accounts: {
          label: 'Contas desativadas (nome, e-mail, fotografia de perfil)',
          period: '{{period}} após a última alteração da conta desativada',
          after:
            'Nome, e-mail e fotografia apagados e conta de acesso eliminada; fica apenas um registo anónimo.',
        },
        companies: {
          label: 'Dados pessoais do perfil da empresa (responsável, proprietário, gerente, contactos)',
          period: 'Enquanto a empresa tiver uma conta ativa, e {{period}} depois de a última ser desativada',
          after:
            'Nomes e contactos apagados e empresa retirada do diretório; o nome, o NIF e os registos financeiros mantêm-se.',
        },
        balanceSheets: {
          label: 'Balancetes e autodiagnósticos',
          period: 'Enquanto a empresa estiver registada; os que a empresa apaga, {{period}} depois',
          after:
            'Apagados com o ficheiro carregado. Um balancete ainda usado por um autodiagnóstico guardado fica até esse autodiagnóstico ser apagado.',
        },
        applicationDocuments: {
          label: 'Documentos das candidaturas (declarações, certidões, relatórios em PDF)',
          period: '{{period}} após a data dos resultados da edição',
          after: 'Documentos apagados; a candidatura e a decisão mantêm-se.',
        },
        newsletterPending: {
          label: 'Subscrições da newsletter por confirmar',
          period: '{{period}} após o último pedido (o link de confirmação vale {{linkDays}} dias)',
          after: 'Apagadas.',
        },
        newsletterUnsubscribed: {
          label: 'Subscrições da newsletter canceladas',
          period: '{{period}} após o cancelamento',
          after: 'Apagadas. Nenhuma newsletter é enviada sem nova subscrição confirmada.',
        },
        mail: {
          label: 'E-mails enviados pelo portal (destinatário e conteúdo)',
          period: '{{period}} após o envio (ou após a criação, se não pôde ser enviado)',
          after: 'Apagados.',
        },
        auditLog: {
          label: 'Registo de alterações (quem alterou o quê e quando)',
          period: '{{period}} após cada entrada',
          after: 'Apagado.',
        },
        partnerAccessLog: {
          label: 'Registo das consultas dos parceiros aos dados de uma empresa',
          period: '{{period}} após cada consulta',
          after: 'Apagado.',
        },
      },
    },
  },
  en: {
    nav: {
      news: 'News',
      events: 'Events',
      gallery: 'Gallery',
      testimonies: 'Testimonies',
      regulation: 'Regulations and guides',
      privacy: 'Privacy policy',
      accessibility: 'Accessibility',
      sitemap: 'Site map',
      eligibility: 'Eligibility criteria',
      sustainability: 'Sustainability survey',
      distinguished: 'Distinguished companies',
      template: 'Trial balance template',
    },
    eligibility: {
      title: 'Eligibility criteria',
      intro:
        'To apply, a company must meet the financial criteria below in the annual trial balances of the year evaluated.',
      thresholdsTitle: 'Thresholds in force',
      criterion: 'Criterion',
      threshold: 'Threshold',
    },
    sustainability: {
      title: 'Sustainability survey',
      intro:
        'The programme also follows the environmental, social and governance (ESG) practices of registered companies, through a yearly survey.',
      currentForm: 'Current survey',
      questions_one: '{{count}} question · period {{period}}',
      questions_other: '{{count}} questions · period {{period}}',
      noForm: 'No survey is open at the moment.',
      howTo: 'Registered companies answer it in their area, under ESG.',
    },
    fallback: 'Part of this text is shown in Portuguese because it is not yet available in English.',
    loading: 'Loading…',
    loadFailed: 'This content could not be loaded.',
    retry: 'Try again',
    loadMore: 'Load more',
    seeAll: 'See all',
    readMore: 'Read more: {{title}}',
    home: {
      news: 'Latest news',
      events: 'Upcoming events',
      testimonies: 'Testimonies',
      distinguished: 'Companies distinguished at the {{edition}}',
      allDistinguished: 'See all distinguished companies',
      allNews: 'All news',
      allEvents: 'All events',
      allTestimonies: 'All testimonies',
    },
    news: {
      title: 'News',
      intro: 'The latest from the programme and its editions.',
      empty: 'There is no news yet.',
      publishedOn: 'Published on {{date}}',
      back: 'Back to the news',
      notFound: 'This news item does not exist or is no longer published.',
    },
    events: {
      title: 'Events',
      intro: 'Sessions, ceremonies and other meetings of the programme.',
      upcoming: 'Upcoming events',
      past: 'Past events',
      empty: 'No events are scheduled.',
      place: 'Place',
      date: 'Date',
    },
    gallery: {
      title: 'Gallery',
      intro: 'Pictures and videos of the programme.',
      empty: 'The gallery is empty for now.',
      play: 'Play the video: {{title}}',
      openOnYoutube: 'Open on YouTube: {{title}}',
      openOnYoutubeShort: 'Open on YouTube',
      video: 'Video',
    },
    testimonies: {
      title: 'Testimonies',
      intro: 'What the companies that took part in the programme say.',
      empty: 'There are no testimonies yet.',
    },
    faq: {
      search: 'Search the questions',
      searchButton: 'Search',
      noMatch: 'No question matches “{{q}}”.',
      matches_one: '{{count}} question found',
      matches_other: '{{count}} questions found',
      other: 'Other questions',
    },
    regulation: {
      documents: 'Regulations and guides per edition',
      regulations: 'Regulations',
      guides: 'Guides',
      noEdition: 'All editions',
      edition: '{{year}} edition',
      download: 'Download {{title}} (PDF, {{size}})',
      view: 'View {{title}} in the browser',
      downloadShort: 'Download',
      viewShort: 'View',
      empty: 'No documents are published yet.',
      articles: 'Articles cited',
    },
    sitemap: {
      title: 'Site map',
      intro: 'Every public page of the portal.',
      main: 'Main pages',
      more: 'More pages',
    },
    dataRights: {
      title: "Your company's data and your rights",
      keeps: {
        title: 'What the portal keeps',
        company:
          "Of a company: its profile (name, NIF, sector, place, contacts and responsible people), its team and each member's role, its trial balances and uploaded files, its self-diagnoses, its ESG answers, its applications with their documents and decisions, its seals, the consents it gave partners and the log of their reads, and its activity (who did what and when).",
        person:
          'Of a person: their name, e-mail, language, profile picture, the companies they act for and in which role, and what they did on the portal.',
      },
      access: {
        title: 'Who sees what',
        text: "In the company, each member sees according to their role: the owner everything, including the team and the consents; the accountant prepares the trial balances, diagnoses and application; the viewer only reads. A partner (a bank, for instance) sees only what the company consented to: its state, its diagnosis summary and its team's names and roles. The programme's administrators see what they need to run it. The public sees only the directory, if the company agreed, the published results and the seals' check.",
      },
      rights: {
        title: 'Your rights',
        text: "Cape Verde's personal data protection law (Lei n.º 133/V/2001, as amended by Lei n.º 41/VIII/2013) gives you the right to know which data the portal keeps, to correct it, to object to its processing and to ask for it to be erased. You may complain to the supervisory authority, the CNPD (Comissão Nacional de Proteção de Dados).",
      },
      export: {
        title: 'Taking your data',
        text: "The owner can download, on the 'Company data' page, a zip file with everything the portal keeps of the company and its uploaded files; the link sent by e-mail works for {{days}} days. Each person can download what the portal keeps of them on their profile.",
      },
      closure: {
        title: "Closing the company's account",
        text: "The owner can ask to close the company's account; an administrator decides. Once approved, the personal data, the team, the trial balances, diagnoses, ESG answers, documents and consents are erased, and the accounts that no longer act for any company are disabled and anonymised. Only what the programme must keep stays, with the company's name and NIF only: the published results, the seals (their public check keeps working) and the anonymised figures of the statistics.",
      },
    },
    retention: {
      title: 'Retention periods',
      intro:
        "Cape Verde's personal data protection law (Lei n.º 133/V/2001, as amended by Lei n.º 41/VIII/2013) asks that personal data be kept no longer than the purpose it was collected for requires. So each kind of data is kept for the period below and then deleted automatically.",
      columns: { data: 'Data', period: 'Kept for', after: 'After that' },
      units: {
        days_one: '{{count}} day',
        days_other: '{{count}} days',
        years_one: '{{count}} year',
        years_other: '{{count}} years',
      },
      kinds: {
        sessions: { label: 'Sign-in sessions', period: 'Until they expire', after: 'Deleted.' },
        registrations: {
          label: 'Company registration requests (the form waiting for its e-mail confirmation)',
          period: '{{period}} after the confirmation link expires',
          after:
            'Deleted. If the request was never confirmed, the sign-in account created for it is deleted too.',
        },
        invitations: {
          label: "Pre-registration invitations never accepted (the responsible person's name and e-mail)",
          period: '{{period}} after the invitation link expires',
          after: 'Deleted. The pre-registered company stays.',
        },
        accounts: {
          label: 'Deactivated accounts (name, e-mail, profile picture)',
          period: '{{period}} after the last change to the deactivated account',
          after:
            'Name, e-mail and picture erased and the sign-in account deleted; only an anonymous record remains.',
        },
        companies: {
          label: 'Personal data of the company profile (responsible person, owner, manager, contacts)',
          period: 'While the company has an active account, and {{period}} after the last one is deactivated',
          after:
            'Names and contacts erased and the company taken out of the directory; its name, NIF and financial records stay.',
        },
        balanceSheets: {
          label: 'Trial balances and self-diagnoses',
          period: 'While the company is registered; those the company deletes, {{period}} after',
          after:
            'Deleted with the uploaded file. A trial balance still used by a saved self-diagnosis stays until that self-diagnosis is deleted.',
        },
        applicationDocuments: {
          label: 'Application documents (declarations, certificates, reports in PDF)',
          period: "{{period}} after the edition's results date",
          after: 'Documents deleted; the application and its decision stay.',
        },
        newsletterPending: {
          label: 'Newsletter subscriptions not confirmed',
          period: '{{period}} after the last request (the confirmation link works for {{linkDays}} days)',
          after: 'Deleted.',
        },
        newsletterUnsubscribed: {
          label: 'Cancelled newsletter subscriptions',
          period: '{{period}} after unsubscribing',
          after: 'Deleted. No newsletter is sent without a new, confirmed subscription.',
        },
        mail: {
          label: 'E-mails sent by the portal (recipient and content)',
          period: '{{period}} after sending (or after it was written, if it could not be sent)',
          after: 'Deleted.',
        },
        auditLog: {
          label: 'Change log (who changed what and when)',
          period: '{{period}} after each entry',
          after: 'Deleted.',
        },
        partnerAccessLog: {
          label: "Log of partners' reads of a company's data",
          period: '{{period}} after each read',
          after: 'Deleted.',
        },
      },
    },
  },
  fr: {
    nav: {
      news: 'Actualités',
      events: 'Événements',
      gallery: 'Galerie',
      testimonies: 'Témoignages',
      regulation: 'Règlements et guides',
      privacy: 'Politique de confidentialité',
      accessibility: 'Accessibilité',
      sitemap: 'Plan du site',
      eligibility: "Critères d'éligibilité",
      sustainability: 'Enquête de durabilité',
      distinguished: 'Entreprises distinguées',
      template: 'Modèle de balance',
    },
    eligibility: {
      title: "Critères d'éligibilité",
      intro:
        "Pour se porter candidate, l'entreprise doit remplir, dans les balances annuelles de l'année évaluée, les critères financiers ci-dessous.",
      thresholdsTitle: 'Seuils en vigueur',
      criterion: 'Critère',
      threshold: 'Seuil',
    },
    sustainability: {
      title: 'Enquête de durabilité',
      intro:
        'Le programme suit aussi les pratiques environnementales, sociales et de gouvernance (ESG) des entreprises inscrites, au moyen d’une enquête annuelle.',
      currentForm: 'Enquête en cours',
      questions_one: '{{count}} question · période {{period}}',
      questions_other: '{{count}} questions · période {{period}}',
      noForm: "Aucune enquête n'est ouverte pour le moment.",
      howTo: 'Les entreprises inscrites y répondent dans leur espace, sous ESG.',
    },
    fallback:
      "Une partie de ce texte est affichée en portugais car elle n'est pas encore disponible en français.",
    loading: 'Chargement…',
    loadFailed: "Ce contenu n'a pas pu être chargé.",
    retry: 'Réessayer',
    loadMore: 'Afficher plus',
    seeAll: 'Tout voir',
    readMore: 'Lire la suite : {{title}}',
    home: {
      news: 'Dernières actualités',
      events: 'Prochains événements',
      testimonies: 'Témoignages',
      distinguished: "Entreprises distinguées lors de l'{{edition}}",
      allDistinguished: 'Voir toutes les entreprises distinguées',
      allNews: 'Toutes les actualités',
      allEvents: 'Tous les événements',
      allTestimonies: 'Tous les témoignages',
    },
    news: {
      title: 'Actualités',
      intro: 'Les nouvelles du programme et de ses éditions.',
      empty: "Il n'y a pas encore d'actualités.",
      publishedOn: 'Publiée le {{date}}',
      back: 'Retour aux actualités',
      notFound: "Cette actualité n'existe pas ou n'est plus publiée.",
    },
    events: {
      title: 'Événements',
      intro: 'Séances, cérémonies et autres rencontres du programme.',
      upcoming: 'Prochains événements',
      past: 'Événements passés',
      empty: "Aucun événement n'est prévu.",
      place: 'Lieu',
      date: 'Date',
    },
    gallery: {
      title: 'Galerie',
      intro: 'Photos et vidéos du programme.',
      empty: 'La galerie est vide pour le moment.',
      play: 'Lire la vidéo : {{title}}',
      openOnYoutube: 'Ouvrir sur YouTube : {{title}}',
      openOnYoutubeShort: 'Ouvrir sur YouTube',
      video: 'Vidéo',
    },
    testimonies: {
      title: 'Témoignages',
      intro: 'Ce que disent les entreprises qui ont participé au programme.',
      empty: "Il n'y a pas encore de témoignages.",
    },
    faq: {
      search: 'Rechercher dans les questions',
      searchButton: 'Rechercher',
      noMatch: 'Aucune question ne correspond à « {{q}} ».',
      matches_one: '{{count}} question trouvée',
      matches_other: '{{count}} questions trouvées',
      other: 'Autres questions',
    },
    regulation: {
      documents: 'Règlements et guides par édition',
      regulations: 'Règlements',
      guides: 'Guides',
      noEdition: 'Toutes les éditions',
      edition: 'Édition {{year}}',
      download: 'Télécharger {{title}} (PDF, {{size}})',
      view: 'Afficher {{title}} dans le navigateur',
      downloadShort: 'Télécharger',
      viewShort: 'Afficher',
      empty: "Aucun document n'est encore publié.",
      articles: 'Articles cités',
    },
    sitemap: {
      title: 'Plan du site',
      intro: 'Toutes les pages publiques du portail.',
      main: 'Pages principales',
      more: 'Autres pages',
    },
    dataRights: {
      title: "Les données de l'entreprise et vos droits",
      keeps: {
        title: 'Ce que le portail conserve',
        company:
          "D'une entreprise : son profil (nom, NIF, secteur, lieu, contacts et personnes responsables), son équipe et le rôle de chaque membre, ses balances et les fichiers envoyés, ses autodiagnostics, ses réponses ESG, ses candidatures avec leurs documents et décisions, ses labels, les consentements donnés aux partenaires et le journal de leurs consultations, et son activité (qui a fait quoi et quand).",
        person:
          "D'une personne : son nom, son e-mail, sa langue, sa photo de profil, les entreprises pour lesquelles elle agit et avec quel rôle, et ce qu'elle a fait sur le portail.",
      },
      access: {
        title: 'Qui voit quoi',
        text: "Dans l'entreprise, chaque membre voit selon son rôle : le propriétaire tout, y compris l'équipe et les consentements ; le comptable prépare les balances, les diagnostics et la candidature ; le lecteur ne fait que consulter. Un partenaire (une banque, par exemple) ne voit que ce que l'entreprise a consenti : son état, le résumé de son diagnostic et les noms et rôles de son équipe. Les administrateurs du programme voient ce qu'il leur faut pour le gérer. Le public ne voit que l'annuaire, si l'entreprise l'a accepté, les résultats publiés et la vérification des labels.",
      },
      rights: {
        title: 'Vos droits',
        text: "La loi cap-verdienne de protection des données personnelles (Lei n.º 133/V/2001, modifiée par la Lei n.º 41/VIII/2013) vous donne le droit de savoir quelles données le portail conserve, de les corriger, de vous opposer à leur traitement et de demander leur effacement. Vous pouvez porter plainte auprès de l'autorité de contrôle, la CNPD (Comissão Nacional de Proteção de Dados).",
      },
      export: {
        title: 'Emporter vos données',
        text: "Le propriétaire peut télécharger, sur la page « Données de l'entreprise », un fichier zip avec tout ce que le portail conserve de l'entreprise et les fichiers envoyés ; le lien reçu par e-mail est valable {{days}} jours. Chaque personne peut télécharger ce que le portail conserve à son sujet depuis son profil.",
      },
      closure: {
        title: "Fermer le compte de l'entreprise",
        text: "Le propriétaire peut demander la fermeture du compte de l'entreprise ; un administrateur décide. Une fois la demande approuvée, les données personnelles, l'équipe, les balances, les diagnostics, les réponses ESG, les documents et les consentements sont effacés, et les comptes qui n'agissent plus pour aucune entreprise sont désactivés et anonymisés. Seul reste ce que le programme doit conserver, avec le nom et le NIF de l'entreprise seulement : les résultats publiés, les labels (leur vérification publique continue de fonctionner) et les chiffres anonymisés des statistiques.",
      },
    },
    retention: {
      title: 'Durées de conservation',
      intro:
        "La loi cap-verdienne de protection des données personnelles (Lei n.º 133/V/2001, modifiée par la Lei n.º 41/VIII/2013) demande que les données personnelles ne soient pas gardées plus longtemps que ne l'exige la finalité pour laquelle elles ont été collectées. Chaque type de données est donc conservé pendant la durée ci-dessous, puis supprimé automatiquement.",
      columns: { data: 'Données', period: 'Durée', after: 'Ensuite' },
      units: {
        days_one: '{{count}} jour',
        days_other: '{{count}} jours',
        years_one: '{{count}} an',
        years_other: '{{count}} ans',
      },
      kinds: {
        sessions: {
          label: 'Sessions de connexion au portail',
          period: "Jusqu'à leur expiration",
          after: 'Supprimées.',
        },
        registrations: {
          label: "Demandes d'inscription d'entreprise (le formulaire en attente de confirmation par e-mail)",
          period: '{{period}} après l’expiration du lien de confirmation',
          after:
            "Supprimées. Si la demande n'a jamais été confirmée, le compte de connexion créé pour elle est aussi supprimé.",
        },
        invitations: {
          label: 'Invitations de pré-inscription jamais acceptées (nom et e-mail du responsable)',
          period: '{{period}} après l’expiration du lien d’invitation',
          after: "Supprimées. L'entreprise pré-inscrite reste.",
        },
        accounts: {
          label: 'Comptes désactivés (nom, e-mail, photo de profil)',
          period: '{{period}} après la dernière modification du compte désactivé',
          after:
            'Nom, e-mail et photo effacés et compte de connexion supprimé ; seule une trace anonyme reste.',
        },
        companies: {
          label:
            "Données personnelles du profil de l'entreprise (responsable, propriétaire, gérant, contacts)",
          period:
            "Tant que l'entreprise a un compte actif, puis {{period}} après la désactivation du dernier",
          after:
            "Noms et contacts effacés et entreprise retirée de l'annuaire ; son nom, son NIF et ses documents financiers restent.",
        },
        balanceSheets: {
          label: 'Balances et autodiagnostics',
          period: "Tant que l'entreprise est inscrite ; celles que l'entreprise supprime, {{period}} après",
          after:
            "Supprimées avec le fichier téléversé. Une balance encore utilisée par un autodiagnostic enregistré reste jusqu'à la suppression de cet autodiagnostic.",
        },
        applicationDocuments: {
          label: 'Documents des candidatures (déclarations, certificats, rapports en PDF)',
          period: "{{period}} après la date des résultats de l'édition",
          after: 'Documents supprimés ; la candidature et sa décision restent.',
        },
        newsletterPending: {
          label: 'Abonnements à la newsletter non confirmés',
          period: '{{period}} après la dernière demande (le lien de confirmation vaut {{linkDays}} jours)',
          after: 'Supprimés.',
        },
        newsletterUnsubscribed: {
          label: 'Abonnements à la newsletter résiliés',
          period: '{{period}} après la désinscription',
          after: "Supprimés. Aucune newsletter n'est envoyée sans un nouvel abonnement confirmé.",
        },
        mail: {
          label: 'E-mails envoyés par le portail (destinataire et contenu)',
          period: "{{period}} après l'envoi (ou après sa création, s'il n'a pas pu être envoyé)",
          after: 'Supprimés.',
        },
        auditLog: {
          label: 'Journal des modifications (qui a modifié quoi et quand)',
          period: '{{period}} après chaque entrée',
          after: 'Supprimé.',
        },
        partnerAccessLog: {
          label: "Journal des consultations des données d'une entreprise par les partenaires",
          period: '{{period}} après chaque consultation',
          after: 'Supprimé.',
        },
      },
    },
  },
});

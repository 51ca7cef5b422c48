import { defineMessages } from './define.ts';

/** The privacy page's part on visit counts (public pages: loaded with them). */
export const visits = defineMessages({
  pt: {
    privacy: {
      title: 'Contagem de visitas',
      text: 'O portal conta quantas vezes cada página pública é aberta, por dia e por língua, e quantas sessões são terminadas. Guarda só esses totais e se o pedido parecia vir de um robô (pela identificação do navegador, que não é guardada).',
      notKept:
        'Não usa cookies para isto, não guarda o endereço IP, a identificação do navegador nem quem abriu a página, e não usa nenhum serviço de estatísticas de terceiros. Não é possível saber, a partir destes números, quem visitou o portal.',
    },
  },
  en: {
    privacy: {
      title: 'Visit counts',
      text: 'The portal counts how many times each public page is opened, per day and language, and how many sessions are signed out. It keeps only these totals and whether the request seemed to come from a robot (from the browser identification, which is not kept).',
      notKept:
        'It sets no cookie for this, keeps no IP address, browser identification or who opened the page, and uses no third-party analytics service. Nobody can tell from these figures who visited the portal.',
    },
  },
  fr: {
    privacy: {
      title: 'Comptage des visites',
      text: 'Le portail compte combien de fois chaque page publique est ouverte, par jour et par langue, et combien de sessions sont fermées. Il ne garde que ces totaux et si la demande semblait venir d’un robot (d’après l’identification du navigateur, qui n’est pas conservée).',
      notKept:
        'Il ne pose aucun cookie pour cela, ne garde ni l’adresse IP, ni l’identification du navigateur, ni qui a ouvert la page, et n’utilise aucun service de statistiques tiers. Personne ne peut savoir, à partir de ces chiffres, qui a visité le portail.',
    },
  },
});

/** The admin's funnel of an edition and the visit counts (signed-in pages). */
export const insightsWeb = defineMessages({
  pt: {
    funnel: {
      title: 'Funil: {{edition}}',
      intro:
        'Empresas registadas até ao fecho das inscrições, e quantas chegaram a cada passo seguinte. Cada passo conta só as empresas que passaram também todos os anteriores; a percentagem é a parte do passo anterior.',
      by: 'Dividir por',
      byIsland: 'Ilha',
      byCaeSection: 'Secção CAE',
      step: 'Passo',
      companies: 'Empresas',
      conversion: 'Do passo anterior',
      overall: 'Todas as empresas',
      none: 'Sem indicação',
      loadFailed: 'Não foi possível carregar o funil desta edição.',
      steps: {
        registered: 'Registadas',
        withSheet: 'Com balancete anual de {{year}}',
        diagnosed: 'Com diagnóstico desse balancete',
        applied: 'Candidataram-se',
        complete: 'Com todos os documentos',
        eligible: 'Elegíveis',
        distinguished: 'Distinguidas',
      },
      mail: {
        title: 'E-mails da edição',
        sent: 'Enviados',
        failed: 'Falharam',
        optedOut: 'Recusaram lembretes',
        hint: 'E-mails do portal desde a abertura das inscrições até ao fim do prazo de recurso; membros das empresas registadas que recusaram os lembretes.',
      },
    },
    visits: {
      title: 'Visitas nos últimos 30 dias',
      intro:
        'Páginas públicas abertas, contadas no servidor por dia, página e língua, sem cookies nem dados pessoais. Os robôs contam à parte.',
      day: 'Dia',
      page: 'Página',
      total: 'Total',
      bots: 'Robôs',
      signOuts: 'Sessões terminadas: {{count}}',
      empty: 'Nenhuma visita contada neste período.',
      loadFailed: 'Não foi possível carregar as visitas.',
      languages: { pt: 'Português', en: 'Inglês', fr: 'Francês' },
    },
  },
  en: {
    funnel: {
      title: 'Funnel: {{edition}}',
      intro:
        'Companies registered by the registration close, and how many reached each next step. Each step counts only the companies that also passed every step before; the percentage is the share of the previous step.',
      by: 'Split by',
      byIsland: 'Island',
      byCaeSection: 'CAE section',
      step: 'Step',
      companies: 'Companies',
      conversion: 'Of the previous step',
      overall: 'All companies',
      none: 'Not stated',
      loadFailed: 'The funnel of this edition could not be loaded.',
      steps: {
        registered: 'Registered',
        withSheet: 'With an annual trial balance of {{year}}',
        diagnosed: 'With a diagnosis of that trial balance',
        applied: 'Applied',
        complete: 'With every document',
        eligible: 'Eligible',
        distinguished: 'Distinguished',
      },
      mail: {
        title: 'E-mails of the edition',
        sent: 'Sent',
        failed: 'Failed',
        optedOut: 'Opted out of reminders',
        hint: "The portal's e-mails from the registration opening to the end of the appeal period; members of the registered companies who opted out of reminders.",
      },
    },
    visits: {
      title: 'Visits in the last 30 days',
      intro:
        'Public pages opened, counted on the server per day, page and language, with no cookies or personal data. Robots are counted apart.',
      day: 'Day',
      page: 'Page',
      total: 'Total',
      bots: 'Robots',
      signOuts: 'Sessions signed out: {{count}}',
      empty: 'No visits counted in this period.',
      loadFailed: 'The visits could not be loaded.',
      languages: { pt: 'Portuguese', en: 'English', fr: 'French' },
    },
  },
  fr: {
    funnel: {
      title: 'Entonnoir : {{edition}}',
      intro:
        'Entreprises inscrites à la clôture des inscriptions, et combien ont atteint chaque étape suivante. Chaque étape ne compte que les entreprises qui ont aussi passé toutes les précédentes ; le pourcentage est la part de l’étape précédente.',
      by: 'Répartir par',
      byIsland: 'Île',
      byCaeSection: 'Section CAE',
      step: 'Étape',
      companies: 'Entreprises',
      conversion: 'De l’étape précédente',
      overall: 'Toutes les entreprises',
      none: 'Non indiqué',
      loadFailed: 'L’entonnoir de cette édition n’a pas pu être chargé.',
      steps: {
        registered: 'Inscrites',
        withSheet: 'Avec une balance annuelle de {{year}}',
        diagnosed: 'Avec un diagnostic de cette balance',
        applied: 'Ont candidaté',
        complete: 'Avec tous les documents',
        eligible: 'Éligibles',
        distinguished: 'Distinguées',
      },
      mail: {
        title: 'E-mails de l’édition',
        sent: 'Envoyés',
        failed: 'Échoués',
        optedOut: 'Rappels refusés',
        hint: 'Les e-mails du portail de l’ouverture des inscriptions à la fin du délai de recours ; les membres des entreprises inscrites qui ont refusé les rappels.',
      },
    },
    visits: {
      title: 'Visites des 30 derniers jours',
      intro:
        'Pages publiques ouvertes, comptées sur le serveur par jour, page et langue, sans cookies ni données personnelles. Les robots sont comptés à part.',
      day: 'Jour',
      page: 'Page',
      total: 'Total',
      bots: 'Robots',
      signOuts: 'Sessions fermées : {{count}}',
      empty: 'Aucune visite comptée sur cette période.',
      loadFailed: 'Les visites n’ont pas pu être chargées.',
      languages: { pt: 'Portugais', en: 'Anglais', fr: 'Français' },
    },
  },
});

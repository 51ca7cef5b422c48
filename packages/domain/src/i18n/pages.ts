import { defineMessages } from './define.ts';

/** Texts of the public pages (start, about, applications, self-diagnosis, FAQ) of the web app. */
export const pages = defineMessages({
  pt: {
    home: {
      title: 'Excelência Empresarial',
      lead: 'A distinção nacional que reconhece as empresas cabo-verdianas com um desempenho financeiro de excelência.',
      intro:
        'A distinção é um estatuto, não um prémio: é válida durante no máximo um ano e é renovada em cada edição. A candidatura é gratuita e voluntária.',
      edition: 'A avaliação da {{edition}} baseia-se nos indicadores de {{year}}.',
      callToRegister: 'Registe a sua empresa para fazer o autodiagnóstico e candidatar-se.',
      registerButton: 'Registar a empresa',
      learnMore: 'Saber mais sobre a distinção',
      steps: {
        title: 'Como funciona',
        register: 'Registe a empresa e os seus responsáveis.',
        upload: 'Carregue os balancetes e faça o autodiagnóstico financeiro.',
        apply: 'Candidate-se ao estatuto com os documentos pedidos.',
      },
    },
    about: {
      title: 'Sobre a distinção',
      p1: 'A Excelência Empresarial distingue, em cada edição, as empresas de Cabo Verde cujos indicadores financeiros mostram solidez, rentabilidade e boa gestão.',
      p2: 'O estatuto é atribuído pela entidade gestora com o apoio de bancos parceiros, nos termos do regulamento de 2023 (artigos 3.º, 4.º e 6.º).',
      p3: 'O estatuto vale no máximo um ano. Candidatar-se é gratuito e voluntário.',
    },
    applications: {
      title: 'Candidaturas',
      p1: 'As empresas registadas candidatam-se na sua área, depois de carregarem os balancetes do ano avaliado.',
      documentsTitle: 'Documentos pedidos (PDF)',
      documents: {
        socialSecurity: 'Declaração de situação regularizada na segurança social (INPS)',
        finance: 'Declaração de situação regularizada nas Finanças',
        commercialCertificate: 'Certidão comercial atualizada',
        model1bReceipt: 'Comprovativo de entrega do Modelo 1B',
        accountsReport: 'Relatório e contas',
        daicf: 'DAICF',
        daicfReceipt: 'Comprovativo de entrega da DAICF',
        model1b: 'Modelo 1-B',
      },
      p2: 'A candidatura é gratuita. Os resultados são publicados no fim da avaliação.',
    },
    selfDiagnosis: {
      title: 'Autodiagnóstico',
      p1: 'O autodiagnóstico calcula os indicadores financeiros da sua empresa a partir dos balancetes que carrega e compara-os com as metas da distinção.',
      p2: 'Pode fazê-lo com a periodicidade que preferir: mensal, trimestral, semestral ou anual, e comparar um período com o anterior.',
      p3: 'Os indicadores cobrem a estrutura de endividamento, o funcionamento, a liquidez e a rentabilidade económica e financeira.',
    },
    accessibility: {
      title: 'Declaração de acessibilidade',
      intro:
        'Queremos que todas as pessoas possam usar o portal, incluindo quem navega só com o teclado, com um leitor de ecrã, com ampliação ou num telemóvel. Esta declaração diz o que verificámos, o que ainda falha e como nos pode avisar de um problema.',
      statusTitle: 'Estado de conformidade',
      status:
        'O portal procura cumprir as Diretrizes de Acessibilidade para Conteúdo Web (WCAG) 2.2, nível AA. Está parcialmente conforme: as exceções estão descritas abaixo.',
      testedTitle: 'O que foi verificado',
      tested:
        'Verificações automáticas (axe) dos principais ecrãs de cada perfil nos testes do navegador, também na largura de um telemóvel; auditorias Lighthouse das páginas públicas; textos nas três línguas; foco visível, nomes acessíveis dos campos e das tabelas largas, e um aviso com contagem decrescente antes de a sessão terminar, que permite prolongá-la.',
      limitationsTitle: 'Limitações conhecidas',
      limitations:
        'Os documentos PDF gerados pelo portal (certificados, relatórios, exportações do diagnóstico) ainda não têm etiquetas para leitores de ecrã. As imagens e os vídeos publicados pela equipa dependem do texto alternativo e das legendas que lhes forem dados. Os gráficos têm os mesmos números em tabela no mesmo ecrã, mas nem todos ainda.',
      reportTitle: 'Comunicar um problema',
      report:
        'Diga-nos em que página, o que tentou fazer e com que navegador ou tecnologia de apoio: respondemos no prazo de 10 dias úteis e, entretanto, damos-lhe a informação noutro formato. O contacto da equipa está na página Sobre.',
    },
    faq: {
      title: 'Perguntas frequentes',
      q1: 'Quanto custa candidatar-se?',
      a1: 'Nada. A candidatura é gratuita e voluntária.',
      q2: 'Durante quanto tempo vale o estatuto?',
      a2: 'No máximo um ano; cada edição avalia de novo as empresas.',
      q3: 'Em que formato carrego os balancetes?',
      a3: 'Em ficheiro .xlsx, sem linhas em branco nem totais de razão e de classe, com as colunas conta, descrição, débito acumulado e crédito acumulado.',
      q4: 'Quem pode ver os dados da minha empresa?',
      a4: 'A sua empresa, a entidade gestora e, para as candidaturas que acompanham, os bancos parceiros.',
    },
  },
  en: {
    home: {
      title: 'Business Excellence',
      lead: 'The national distinction that recognises Cabo Verdean companies with excellent financial performance.',
      intro:
        'The distinction is a status, not a prize: it is valid for at most one year and renewed at each edition. Applying is free and voluntary.',
      edition: 'The evaluation of {{edition}} is based on the {{year}} indicators.',
      callToRegister: 'Register your company to run the self-diagnosis and apply.',
      registerButton: 'Register the company',
      learnMore: 'Learn more about the distinction',
      steps: {
        title: 'How it works',
        register: 'Register the company and the people in charge.',
        upload: 'Upload the trial balances and run the financial self-diagnosis.',
        apply: 'Apply for the status with the requested documents.',
      },
    },
    about: {
      title: 'About the distinction',
      p1: 'Business Excellence recognises, at each edition, the companies of Cabo Verde whose financial indicators show soundness, profitability and good management.',
      p2: 'The status is granted by the managing entity with the support of partner banks, under the 2023 regulation (articles 3, 4 and 6).',
      p3: 'The status is valid for at most one year. Applying is free and voluntary.',
    },
    applications: {
      title: 'Applications',
      p1: 'Registered companies apply in their area after uploading the trial balances of the year evaluated.',
      documentsTitle: 'Requested documents (PDF)',
      documents: {
        socialSecurity: 'Declaration of regularised status with social security (INPS)',
        finance: 'Declaration of regularised status with the finance directorate',
        commercialCertificate: 'Updated commercial certificate',
        model1bReceipt: 'Receipt of the Model 1B submission',
        accountsReport: 'Report and accounts',
        daicf: 'DAICF',
        daicfReceipt: 'DAICF receipt',
        model1b: 'Model 1-B',
      },
      p2: 'Applying is free. The results are published at the end of the evaluation.',
    },
    selfDiagnosis: {
      title: 'Self-diagnosis',
      p1: "The self-diagnosis computes your company's financial indicators from the trial balances you upload and compares them with the distinction's targets.",
      p2: 'Run it as often as you like: monthly, quarterly, semi-annually or annually, and compare one period with the previous one.',
      p3: 'The indicators cover debt structure, functioning, liquidity and economic and financial profitability.',
    },
    accessibility: {
      title: 'Accessibility statement',
      intro:
        'We want everyone to be able to use the portal, including people who use only a keyboard, a screen reader, magnification or a phone. This statement says what we checked, what still falls short and how to tell us about a problem.',
      statusTitle: 'Conformance status',
      status:
        'The portal aims to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA. It is partially conformant: the exceptions are listed below.',
      testedTitle: 'What was tested',
      tested:
        "Automatic checks (axe) of each role's main screens in the browser tests, also at a phone's width; Lighthouse audits of the public pages; texts in the three languages; visible focus, accessible names of fields and of wide tables, and a warning with a countdown before the session ends, which lets you extend it.",
      limitationsTitle: 'Known limitations',
      limitations:
        'PDF documents made by the portal (certificates, reports, diagnosis exports) are not yet tagged for screen readers. Pictures and videos published by the team depend on the alternative text and captions given to them. Charts show the same figures in a table on the same screen, but not all of them yet.',
      reportTitle: 'Report a problem',
      report:
        "Tell us which page, what you tried to do and which browser or assistive technology you used: we answer within 10 working days and meanwhile give you the information in another format. The team's contact is on the About page.",
    },
    faq: {
      title: 'Frequently asked questions',
      q1: 'How much does applying cost?',
      a1: 'Nothing. Applying is free and voluntary.',
      q2: 'How long is the status valid?',
      a2: 'For at most one year; each edition evaluates the companies again.',
      q3: 'In which format do I upload the trial balances?',
      a3: 'As an .xlsx file, with no blank lines and no ledger or class totals, with the columns account, description, accumulated debit and accumulated credit.',
      q4: "Who can see my company's data?",
      a4: 'Your company, the managing entity and, for the applications they assist, the partner banks.',
    },
  },
  fr: {
    home: {
      title: 'Excellence des Entreprises',
      lead: 'La distinction nationale qui reconnaît les entreprises cap-verdiennes aux performances financières excellentes.',
      intro:
        'La distinction est un statut, pas un prix : elle est valable au plus un an et se renouvelle à chaque édition. La candidature est gratuite et volontaire.',
      edition: "L'évaluation de la {{edition}} repose sur les indicateurs de {{year}}.",
      callToRegister: "Inscrivez votre entreprise pour faire l'autodiagnostic et vous porter candidate.",
      registerButton: "Inscrire l'entreprise",
      learnMore: 'En savoir plus sur la distinction',
      steps: {
        title: 'Comment ça marche',
        register: "Inscrivez l'entreprise et ses responsables.",
        upload: "Téléversez les balances et faites l'autodiagnostic financier.",
        apply: 'Portez-vous candidat au statut avec les documents demandés.',
      },
    },
    about: {
      title: 'À propos de la distinction',
      p1: 'Excellence des Entreprises distingue, à chaque édition, les entreprises du Cap-Vert dont les indicateurs financiers montrent solidité, rentabilité et bonne gestion.',
      p2: "Le statut est attribué par l'entité gestionnaire avec l'appui des banques partenaires, selon le règlement de 2023 (articles 3, 4 et 6).",
      p3: 'Le statut est valable au plus un an. La candidature est gratuite et volontaire.',
    },
    applications: {
      title: 'Candidatures',
      p1: "Les entreprises inscrites se portent candidates dans leur espace après avoir téléversé les balances de l'année évaluée.",
      documentsTitle: 'Documents demandés (PDF)',
      documents: {
        socialSecurity: 'Attestation de situation régulière auprès de la sécurité sociale (INPS)',
        finance: 'Attestation de situation régulière auprès des finances',
        commercialCertificate: 'Certificat commercial à jour',
        model1bReceipt: 'Accusé de dépôt du Modèle 1B',
        accountsReport: 'Rapport et comptes',
        daicf: 'DAICF',
        daicfReceipt: 'Accusé de dépôt de la DAICF',
        model1b: 'Modèle 1-B',
      },
      p2: "La candidature est gratuite. Les résultats sont publiés à la fin de l'évaluation.",
    },
    selfDiagnosis: {
      title: 'Autodiagnostic',
      p1: "L'autodiagnostic calcule les indicateurs financiers de votre entreprise à partir des balances téléversées et les compare aux objectifs de la distinction.",
      p2: 'Faites-le au rythme qui vous convient : mensuel, trimestriel, semestriel ou annuel, et comparez une période à la précédente.',
      p3: "Les indicateurs couvrent la structure d'endettement, le fonctionnement, la liquidité et la rentabilité économique et financière.",
    },
    accessibility: {
      title: "Déclaration d'accessibilité",
      intro:
        "Nous voulons que chacun puisse utiliser le portail, y compris les personnes qui naviguent uniquement au clavier, avec un lecteur d'écran, un agrandissement ou sur un téléphone. Cette déclaration dit ce que nous avons vérifié, ce qui ne va pas encore et comment nous signaler un problème.",
      statusTitle: 'État de conformité',
      status:
        "Le portail vise le respect des Règles pour l'accessibilité des contenus Web (WCAG) 2.2, niveau AA. Il est partiellement conforme : les exceptions sont décrites ci-dessous.",
      testedTitle: 'Ce qui a été vérifié',
      tested:
        "Des contrôles automatiques (axe) des principaux écrans de chaque profil dans les tests du navigateur, aussi à la largeur d'un téléphone ; des audits Lighthouse des pages publiques ; les textes dans les trois langues ; un focus visible, des noms accessibles pour les champs et les tableaux larges, et un avertissement avec compte à rebours avant la fin de la session, qui permet de la prolonger.",
      limitationsTitle: 'Limites connues',
      limitations:
        "Les documents PDF produits par le portail (certificats, rapports, exports du diagnostic) ne sont pas encore balisés pour les lecteurs d'écran. Les images et vidéos publiées par l'équipe dépendent du texte alternatif et des sous-titres qui leur sont donnés. Les graphiques montrent les mêmes chiffres dans un tableau sur le même écran, mais pas encore tous.",
      reportTitle: 'Signaler un problème',
      report:
        "Indiquez-nous la page, ce que vous avez essayé de faire et le navigateur ou la technologie d'assistance utilisés : nous répondons sous 10 jours ouvrables et, en attendant, vous donnons l'information sous une autre forme. Le contact de l'équipe figure sur la page À propos.",
    },
    faq: {
      title: 'Questions fréquentes',
      q1: 'Combien coûte la candidature ?',
      a1: 'Rien. La candidature est gratuite et volontaire.',
      q2: 'Combien de temps le statut est-il valable ?',
      a2: 'Au plus un an ; chaque édition évalue de nouveau les entreprises.',
      q3: 'Dans quel format téléverser les balances ?',
      a3: 'En fichier .xlsx, sans lignes vides ni totaux de grand livre et de classe, avec les colonnes compte, description, débit cumulé et crédit cumulé.',
      q4: 'Qui peut voir les données de mon entreprise ?',
      a4: "Votre entreprise, l'entité gestionnaire et, pour les candidatures qu'elles accompagnent, les banques partenaires.",
    },
  },
});

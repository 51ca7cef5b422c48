import { type ContentKind, LANGUAGES, type Language, namespaces, type Trilingual } from '@excelencia/domain';
import { count } from 'drizzle-orm';
import { API_PREFIX } from '../auth/guard.ts';
import type { Database } from '../db/client.ts';
import { contentItems } from '../db/schema/index.ts';
import { createContentService } from '../modules/content/index.ts';
import type { FileStore } from '../platform/files/file-store.ts';

/**
 * The demo site's content: the FAQ and the about, applications, self-diagnosis and privacy pages from the texts
 * the web app had fixed, the home page's blocks, the eligibility page (its thresholds come from the criteria),
 * three news items, three testimonies, two upcoming events and a gallery album with a video, in pt, en and fr.
 * Written once, when the site has no content yet, so what an administrator changes stays so.
 */

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The same text built in each language. */
function each(build: (language: Language) => string): Trilingual {
  return Object.fromEntries(LANGUAGES.map((language) => [language, build(language)])) as Trilingual;
}

const paragraphs = (...texts: string[]) => texts.map((text) => `<p>${escapeHtml(text)}</p>`).join('');

const pages = (language: Language) => namespaces.pages[language];
const legal = (language: Language) => namespaces.registration[language].legal;

function isoDaysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

function isoDaysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString();
}

export async function seedDemoContent(db: Database, fileStore: FileStore): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(contentItems);
  if ((existing?.n ?? 0) > 0) return;
  const content = createContentService({ db, fileStore, apiPrefix: API_PREFIX });
  const system = { accountId: null, requestId: 'seed-demo-content' };
  const create = (kind: ContentKind, body: unknown) => content.create(system, kind, body);

  // ---- the FAQ, from the texts the FAQ page had fixed ---------------------------------------------------------
  const faq = [
    { q: 'q1', a: 'a1', category: { pt: 'Candidaturas', en: 'Applications', fr: 'Candidatures' } },
    { q: 'q2', a: 'a2', category: { pt: 'Estatuto', en: 'Status', fr: 'Statut' } },
    { q: 'q3', a: 'a3', category: { pt: 'Autodiagnóstico', en: 'Self-diagnosis', fr: 'Autodiagnostic' } },
    { q: 'q4', a: 'a4', category: { pt: 'Dados', en: 'Data', fr: 'Données' } },
  ] as const;
  for (const [index, entry] of faq.entries()) {
    await create('faq', {
      question: each((l) => pages(l).faq[entry.q]),
      answer: each((l) => paragraphs(pages(l).faq[entry.a])),
      category: entry.category,
      order: index + 1,
      status: 'published',
    });
  }

  // ---- the fixed pages ----------------------------------------------------------------------------------------
  await create('pages', {
    key: 'home',
    title: each((l) => pages(l).home.title),
    body: each((l) => paragraphs(pages(l).home.intro)),
    home: {
      hero: each((l) => pages(l).home.lead),
      banner: {
        text: each((l) => pages(l).home.callToRegister),
        link: '/register',
        linkLabel: each((l) => pages(l).home.registerButton),
      },
      highlights: (['register', 'upload', 'apply'] as const).map((step) => ({
        title: each((l) => pages(l).home.steps[step]),
        text: { pt: '', en: '', fr: '' },
        link: '',
      })),
    },
    status: 'published',
  });
  await create('pages', {
    key: 'about',
    title: each((l) => pages(l).about.title),
    body: each((l) => paragraphs(pages(l).about.p1, pages(l).about.p2, pages(l).about.p3)),
    status: 'published',
  });
  await create('pages', {
    key: 'applications',
    title: each((l) => pages(l).applications.title),
    body: each((l) => {
      const page = pages(l).applications;
      const documents = Object.values(page.documents)
        .map((name) => `<li>${escapeHtml(name)}</li>`)
        .join('');
      return `${paragraphs(page.p1)}<h2>${escapeHtml(page.documentsTitle)}</h2><ul>${documents}</ul>${paragraphs(page.p2)}`;
    }),
    status: 'published',
  });
  await create('pages', {
    key: 'self-diagnosis',
    title: each((l) => pages(l).selfDiagnosis.title),
    body: each((l) =>
      paragraphs(pages(l).selfDiagnosis.p1, pages(l).selfDiagnosis.p2, pages(l).selfDiagnosis.p3),
    ),
    status: 'published',
  });
  await create('pages', {
    key: 'privacy',
    title: each((l) => legal(l).privacyTitle),
    body: each((l) => {
      const privacy = legal(l).privacy;
      const sections = (['data', 'purpose', 'sharing', 'retention', 'rights'] as const)
        .map((key) => `<h2>${escapeHtml(privacy[key].title)}</h2>${paragraphs(privacy[key].text)}`)
        .join('');
      return `${paragraphs(privacy.intro)}${sections}`;
    }),
    status: 'published',
  });
  await create('pages', {
    key: 'eligibility',
    title: { pt: 'Critérios de elegibilidade', en: 'Eligibility criteria', fr: "Critères d'éligibilité" },
    body: {
      pt: paragraphs(
        'Para receber o estatuto, a empresa tem de cumprir as metas dos indicadores financeiros abaixo, calculados a partir dos balancetes anuais do ano avaliado e do anterior.',
      ),
      en: paragraphs(
        'To receive the status, a company must meet the targets of the financial indicators below, computed from the annual trial balances of the year evaluated and the year before.',
      ),
      fr: paragraphs(
        "Pour obtenir le statut, l'entreprise doit atteindre les objectifs des indicateurs financiers ci-dessous, calculés à partir des balances annuelles de l'année évaluée et de la précédente.",
      ),
    },
    status: 'published',
  });

  // ---- news -----------------------------------------------------------------------------------------------------
  const news = [
    {
      title: {
        pt: 'Abertas as candidaturas à nova edição',
        en: 'Applications open for the new edition',
        fr: 'Ouverture des candidatures à la nouvelle édition',
      },
      summary: {
        pt: 'As empresas registadas já podem candidatar-se ao estatuto de excelência.',
        en: 'Registered companies can now apply for the excellence status.',
        fr: 'Les entreprises inscrites peuvent désormais se porter candidates au statut d’excellence.',
      },
      body: {
        pt: paragraphs(
          'As candidaturas estão abertas. Carregue os balancetes do ano avaliado, confirme o autodiagnóstico e junte os documentos pedidos.',
          'A candidatura é gratuita e voluntária.',
        ),
        en: paragraphs(
          'Applications are open. Upload the trial balances of the year evaluated, check the self-diagnosis and add the requested documents.',
          'Applying is free and voluntary.',
        ),
        fr: paragraphs(
          "Les candidatures sont ouvertes. Téléversez les balances de l'année évaluée, vérifiez l'autodiagnostic et joignez les documents demandés.",
          'La candidature est gratuite et volontaire.',
        ),
      },
      daysAgo: 3,
    },
    {
      title: {
        pt: 'Sessão de esclarecimento na Praia',
        en: 'Information session in Praia',
        fr: "Séance d'information à Praia",
      },
      summary: {
        pt: 'A entidade gestora explicou os critérios e o autodiagnóstico a mais de cinquenta empresas.',
        en: 'The managing entity explained the criteria and the self-diagnosis to more than fifty companies.',
        fr: "L'entité gestionnaire a présenté les critères et l'autodiagnostic à plus de cinquante entreprises.",
      },
      body: {
        pt: paragraphs(
          'A sessão percorreu os indicadores financeiros, as metas e os documentos da candidatura. As perguntas mais frequentes estão na página de perguntas frequentes.',
        ),
        en: paragraphs(
          'The session went through the financial indicators, the targets and the application documents. The most frequent questions are on the FAQ page.',
        ),
        fr: paragraphs(
          'La séance a parcouru les indicateurs financiers, les objectifs et les documents de candidature. Les questions les plus fréquentes sont sur la page FAQ.',
        ),
      },
      daysAgo: 20,
    },
    {
      title: {
        pt: 'Resultados da edição anterior',
        en: 'Results of the previous edition',
        fr: "Résultats de l'édition précédente",
      },
      summary: {
        pt: 'Conheça as empresas distinguidas na última edição.',
        en: 'Meet the companies distinguished at the last edition.',
        fr: 'Découvrez les entreprises distinguées lors de la dernière édition.',
      },
      body: {
        pt: paragraphs('As empresas distinguidas podem usar o selo durante um ano, verificável no portal.'),
        en: paragraphs(
          'The distinguished companies may use the seal for one year, verifiable on the portal.',
        ),
        fr: paragraphs(
          'Les entreprises distinguées peuvent utiliser le sceau pendant un an, vérifiable sur le portail.',
        ),
      },
      daysAgo: 60,
    },
  ];
  for (const item of news) {
    await create('news', {
      title: item.title,
      summary: item.summary,
      body: item.body,
      status: 'published',
      publishedAt: isoDaysAgo(item.daysAgo),
    });
  }

  // ---- testimonies (fictitious people) ----------------------------------------------------------------------
  const testimonies = [
    {
      person: 'Ana Tavares',
      company: 'Atlântico Pescas, Lda.',
      role: { pt: 'Diretora financeira', en: 'Chief financial officer', fr: 'Directrice financière' },
      quote: {
        pt: 'O autodiagnóstico mostrou-nos onde melhorar antes de nos candidatarmos.',
        en: 'The self-diagnosis showed us where to improve before we applied.',
        fr: "L'autodiagnostic nous a montré où progresser avant de nous porter candidats.",
      },
    },
    {
      person: 'Carlos Monteiro',
      company: 'Monteiro & Filhos Construções',
      role: { pt: 'Administrador', en: 'Managing director', fr: 'Administrateur' },
      quote: {
        pt: 'O estatuto abriu-nos portas junto dos bancos e dos clientes.',
        en: 'The status opened doors for us with banks and customers.',
        fr: 'Le statut nous a ouvert des portes auprès des banques et des clients.',
      },
    },
    {
      person: 'Joana Lopes',
      company: 'Sal Turismo, S.A.',
      role: { pt: 'Contabilista certificada', en: 'Chartered accountant', fr: 'Expert-comptable' },
      quote: {
        pt: 'Carregar os balancetes e comparar períodos passou a fazer parte da nossa rotina.',
        en: 'Uploading the trial balances and comparing periods is now part of our routine.',
        fr: 'Téléverser les balances et comparer les périodes fait désormais partie de notre routine.',
      },
    },
  ];
  for (const [index, item] of testimonies.entries()) {
    await create('testimonies', { ...item, order: index + 1, status: 'published' });
  }

  // ---- events ---------------------------------------------------------------------------------------------------
  await create('events', {
    title: { pt: 'Sessão de esclarecimento', en: 'Information session', fr: "Séance d'information" },
    date: isoDaysFromNow(14),
    place: { pt: 'Praia, Santiago', en: 'Praia, Santiago', fr: 'Praia, Santiago' },
    description: {
      pt: paragraphs('Apresentação dos critérios, do autodiagnóstico e dos documentos da candidatura.'),
      en: paragraphs('Presentation of the criteria, the self-diagnosis and the application documents.'),
      fr: paragraphs("Présentation des critères, de l'autodiagnostic et des documents de candidature."),
    },
    status: 'published',
  });
  await create('events', {
    title: { pt: 'Cerimónia de distinção', en: 'Distinction ceremony', fr: 'Cérémonie de distinction' },
    date: isoDaysFromNow(75),
    place: { pt: 'Mindelo, São Vicente', en: 'Mindelo, São Vicente', fr: 'Mindelo, São Vicente' },
    description: {
      pt: paragraphs('Entrega dos selos às empresas distinguidas na edição.'),
      en: paragraphs('Presentation of the seals to the companies distinguished at the edition.'),
      fr: paragraphs("Remise des sceaux aux entreprises distinguées lors de l'édition."),
    },
    status: 'published',
  });

  // ---- gallery ----------------------------------------------------------------------------------------------------
  await create('gallery', {
    title: {
      pt: 'Cerimónia da última edição',
      en: 'Last edition’s ceremony',
      fr: 'Cérémonie de la dernière édition',
    },
    description: {
      pt: 'Momentos da entrega dos selos.',
      en: 'Moments of the seal presentation.',
      fr: 'Moments de la remise des sceaux.',
    },
    media: [
      {
        kind: 'video',
        // A short link, stored in the long watch form.
        videoUrl: 'https://youtu.be/aqz-KE-bpKQ',
        caption: { pt: 'Vídeo da cerimónia', en: 'Video of the ceremony', fr: 'Vidéo de la cérémonie' },
        order: 1,
      },
    ],
    order: 1,
    status: 'published',
  });
}

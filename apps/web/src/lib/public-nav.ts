/** The public header's links: start, about, applications, self-diagnosis, FAQ. */
export const PUBLIC_LINKS = [
  { path: '/', labelKey: 'shell:nav.start' },
  { path: '/public/sobre', labelKey: 'shell:nav.about' },
  { path: '/public/candidaturas', labelKey: 'shell:nav.applications' },
  { path: '/public/autodiagnostico', labelKey: 'shell:nav.selfDiagnosis' },
  { path: '/public/faqs', labelKey: 'shell:nav.faq' },
] as const;

/** Extra links of the public footer: the company directory and the content pages, the site map last. */
export const FOOTER_LINKS = [
  { path: '/public/companies', labelKey: 'directory:nav' },
  { path: '/public/barometro', labelKey: 'barometerWeb:nav' },
  { path: '/public/news', labelKey: 'contentPublic:nav.news' },
  { path: '/public/events', labelKey: 'contentPublic:nav.events' },
  { path: '/public/gallery', labelKey: 'contentPublic:nav.gallery' },
  { path: '/public/testimonies', labelKey: 'contentPublic:nav.testimonies' },
  { path: '/public/regulation', labelKey: 'contentPublic:nav.regulation' },
  { path: '/public/elegibilidade', labelKey: 'contentPublic:nav.eligibility' },
  { path: '/public/sustentabilidade', labelKey: 'contentPublic:nav.sustainability' },
  { path: '/public/privacy', labelKey: 'contentPublic:nav.privacy' },
  { path: '/public/acessibilidade', labelKey: 'contentPublic:nav.accessibility' },
  { path: '/public/sitemap', labelKey: 'contentPublic:nav.sitemap' },
] as const;

/** Public pages linked from other pages rather than the menus; the site map lists them too. */
export const SITEMAP_EXTRA_LINKS = [
  { path: '/public/distinguidas', labelKey: 'contentPublic:nav.distinguished' },
  { path: '/public/balance-sheet-template', labelKey: 'contentPublic:nav.template' },
] as const;

/** The public header's links (SPEC §2): start, about, applications, self-diagnosis, FAQ. */
export const PUBLIC_LINKS = [
  { path: '/', labelKey: 'shell:nav.start' },
  { path: '/public/sobre', labelKey: 'shell:nav.about' },
  { path: '/public/candidaturas', labelKey: 'shell:nav.applications' },
  { path: '/public/autodiagnostico', labelKey: 'shell:nav.selfDiagnosis' },
  { path: '/public/faqs', labelKey: 'shell:nav.faq' },
] as const;

/** Extra links of the public footer: the company directory. */
export const FOOTER_LINKS = [{ path: '/public/companies', labelKey: 'directory:nav' }] as const;

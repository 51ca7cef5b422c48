import { defineMessages } from './define.ts';

/** The company's and the visitor's screens of the applications area: the application, countdown, results, seal check. */
export const applicationsWeb = defineMessages({
  pt: { applicationTitle: 'Candidatura' },
  en: { applicationTitle: 'Application' },
  fr: { applicationTitle: 'Candidature' },
});

import { defineMessages } from './define.ts';

export const shell = defineMessages({
  pt: { title: 'Excelência Empresarial' },
  en: { title: 'Business Excellence' },
  fr: { title: 'Excellence des Entreprises' },
});

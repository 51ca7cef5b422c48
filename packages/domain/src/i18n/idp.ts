import { defineMessages } from './define.ts';

export const idp = defineMessages({
  pt: { title: 'Excelência Empresarial' },
  en: { title: 'Business Excellence' },
  fr: { title: 'Excellence des Entreprises' },
});

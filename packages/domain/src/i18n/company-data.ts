import { defineMessages } from './define.ts';

/** The company's data as its own: its activity, its exports, closing its account (docs/adr/0028-company-teams.md). */
export const companyData = defineMessages({
  pt: {},
  en: {},
  fr: {},
});

import { defineMessages } from './define.ts';

/** The company area's team, activity, data and closure screens; the accountant's table of companies. */
export const teamsWeb = defineMessages({
  pt: {},
  en: {},
  fr: {},
});

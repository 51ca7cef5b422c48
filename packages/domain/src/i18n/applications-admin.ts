import { defineMessages } from './define.ts';

/** The admin's and partner's screens of the applications area: editions, evaluation, results, seals. */
export const applicationsAdmin = defineMessages({
  pt: { editionsTitle: 'Edições' },
  en: { editionsTitle: 'Editions' },
  fr: { editionsTitle: 'Éditions' },
});

import type { Translate } from '../../ui/form/zod-resolver.ts';

/** An edition as every screen names it: '2.ª edição (2026)', 'Edition 2 (2026)', '2e édition (2026)'. */
export function editionLabel(edition: { number: number; year: number }, t: Translate): string {
  return t('applications:editionName', { number: edition.number, year: edition.year });
}

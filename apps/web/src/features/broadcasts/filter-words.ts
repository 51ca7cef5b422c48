import type { BroadcastFilter } from '@excelencia/domain';
import type { Translate } from '../../ui/form/zod-resolver.ts';

/** Names of what a filter refers to by id, from the lists the screen already read. */
export interface FilterNames {
  editions: ReadonlyArray<{ id: string; number: number }>;
  islands: ReadonlyArray<{ id: string; label: string }>;
  sections: ReadonlyArray<{ id: string; label: string }>;
}

/** A broadcast's audience in words: 'edition 2 · application: Incomplete · island: Santiago'. */
export function filterInWords(filter: BroadcastFilter, names: FilterNames, t: Translate): string {
  const parts: string[] = [];
  if (filter.editionId) {
    const edition = names.editions.find((e) => e.id === filter.editionId);
    parts.push(t('broadcasts:list.words.edition', { number: edition?.number ?? '?' }));
  }
  if (filter.applicationState) {
    parts.push(
      t('broadcasts:list.words.state', { state: t(`broadcasts:filter.states.${filter.applicationState}`) }),
    );
  }
  if (filter.islandId) {
    const island = names.islands.find((i) => i.id === filter.islandId);
    parts.push(t('broadcasts:list.words.island', { island: island?.label ?? '?' }));
  }
  if (filter.caeSectionId) {
    const section = names.sections.find((s) => s.id === filter.caeSectionId);
    parts.push(t('broadcasts:list.words.section', { section: section?.label ?? '?' }));
  }
  if (filter.sheetYear !== undefined) {
    parts.push(
      t(filter.hasSheet === false ? 'broadcasts:list.words.sheetNo' : 'broadcasts:list.words.sheetYes', {
        year: filter.sheetYear,
      }),
    );
  }
  return parts.length > 0 ? parts.join(' · ') : t('broadcasts:list.everyone');
}

import type { Edition } from '@excelencia/domain';
import { NativeSelect } from '@mantine/core';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslate } from '../../../ui/use-translate.ts';
import { editionLabel } from '../edition-label.ts';

/**
 * The edition a page shows, kept in the address (?edition=) so a reload or a shared link keeps it: the one
 * asked for when it is in the list, else `preferredId` (the current edition), else the newest.
 */
export function useEditionParam(
  editions: readonly Edition[] | undefined,
  preferredId: string | null,
): [Edition | null, (id: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('edition');
  const list = editions ?? [];
  const selected =
    list.find((edition) => edition.id === asked) ??
    list.find((edition) => edition.id === preferredId) ??
    list[0] ??
    null;
  const select = useCallback(
    (id: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set('edition', id);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [selected, select];
}

/** A select of editions ('2.ª edição (2025) · atual'). */
export function EditionPicker({
  editions,
  value,
  currentId,
  onChange,
}: {
  editions: readonly Edition[];
  value: string | null;
  currentId: string | null;
  onChange: (id: string) => void;
}) {
  const t = useTranslate();
  return (
    <NativeSelect
      label={t('applicationsAdmin:picker.label')}
      data={editions.map((edition) => {
        const label = editionLabel(edition, t);
        return {
          value: edition.id,
          label: edition.id === currentId ? t('applicationsAdmin:picker.current', { edition: label }) : label,
        };
      })}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value)}
      w={{ base: '100%', xs: 300 }}
      data-testid="edition-picker"
    />
  );
}

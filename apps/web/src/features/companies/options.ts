import type { Language } from '@excelencia/domain';
import { useQuery } from '@tanstack/react-query';
import type { SelectOption } from '../../ui/form/fields.tsx';
import {
  fetchCompanyTypeOptions,
  fetchOptions,
  fetchReferenceOptions,
  type Option,
  type OptionKind,
} from './api.ts';

export type { Option };

export const optionKeys = {
  all: ['options'] as const,
  list: (kind: string, language: string, parent: string) =>
    [...optionKeys.all, kind, language, parent] as const,
};

export function toSelectOptions(options: readonly Option[] | undefined): SelectOption[] {
  return (options ?? []).map((option) => ({ value: option.id, label: option.label }));
}

/**
 * The public options (CAE sections/divisions, islands, cities) in the UI language. Child lists wait for their
 * parent: with no parent chosen they are empty.
 */
export function usePublicOptions(kind: OptionKind, language: Language, parentId: string | null = null) {
  const needsParent = kind === 'cae-divisions' || kind === 'cities';
  const parent =
    kind === 'cae-divisions'
      ? { sectionId: parentId ?? undefined }
      : kind === 'cities'
        ? { islandId: parentId ?? undefined }
        : {};
  return useQuery({
    queryKey: optionKeys.list(kind, language, parentId ?? ''),
    queryFn: ({ signal }) => fetchOptions(kind, parent, signal),
    enabled: !needsParent || Boolean(parentId),
    staleTime: 5 * 60 * 1000,
  });
}

export function useCompanyTypeOptions(language: Language) {
  return useQuery({
    queryKey: optionKeys.list('company-types', language, ''),
    queryFn: ({ signal }) => fetchCompanyTypeOptions(signal),
    staleTime: 5 * 60 * 1000,
  });
}

/** An admin reference list (company situations...) as options. */
export function useReferenceOptions(resource: string, language: Language, enabled = true) {
  return useQuery({
    queryKey: optionKeys.list(resource, language, 'admin'),
    queryFn: ({ signal }) => fetchReferenceOptions(resource, language, signal),
    staleTime: 5 * 60 * 1000,
    enabled,
  });
}

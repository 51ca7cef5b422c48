import { type Language, localized, ParentSummary, PublicOption, pageOf } from '@excelencia/domain';
import { useQuery } from '@tanstack/react-query';
import { API_BASE, apiJson } from '../../lib/api-client.ts';
import type { SelectOption } from '../../ui/form/fields.tsx';
import { queryString } from '../../ui/query-string.ts';
import { companyKeys } from './queries.ts';

/** One choice of a select: the public options' shape, which the admin lists are mapped to. */
export type Option = PublicOption;

export type OptionKind = 'cae-sections' | 'cae-divisions' | 'islands' | 'cities';

const PublicOptions = PublicOption.array();
const ReferencePage = pageOf(ParentSummary);

/** `GET public/options/<kind>` (active rows, label in the caller's language); parent filters the children. */
export async function fetchOptions(
  kind: OptionKind | 'company-types',
  parent: { sectionId?: string; islandId?: string } = {},
  signal?: AbortSignal,
): Promise<Option[]> {
  return PublicOptions.parse(
    await apiJson<unknown>(`${API_BASE}/public/options/${kind}${queryString(parent)}`, { signal }),
  );
}

/**
 * An admin reference list as options (`GET <resource>?pageSize=100`, description in the given language), for
 * the admin filters (company situations…).
 */
export async function fetchReferenceOptions(
  resource: string,
  language: Language,
  signal?: AbortSignal,
): Promise<Option[]> {
  const page = ReferencePage.parse(
    await apiJson<unknown>(`${API_BASE}/${resource}?pageSize=100&sort=code&order=asc`, { signal }),
  );
  return page.items.map((item) => ({
    id: item.id,
    code: item.code,
    label: localized(item.description, language) || item.code || item.id,
  }));
}

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
    queryKey: companyKeys.options(kind, language, parentId ?? ''),
    queryFn: ({ signal }) => fetchOptions(kind, parent, signal),
    enabled: !needsParent || Boolean(parentId),
    staleTime: 5 * 60 * 1000,
  });
}

export function useCompanyTypeOptions(language: Language) {
  return useQuery({
    queryKey: companyKeys.options('company-types', language, ''),
    queryFn: ({ signal }) => fetchOptions('company-types', {}, signal),
    staleTime: 5 * 60 * 1000,
  });
}

/** An admin reference list (company situations...) as options. */
export function useReferenceOptions(resource: string, language: Language, enabled = true) {
  return useQuery({
    queryKey: companyKeys.options(resource, language, 'admin'),
    queryFn: ({ signal }) => fetchReferenceOptions(resource, language, signal),
    staleTime: 5 * 60 * 1000,
    enabled,
  });
}

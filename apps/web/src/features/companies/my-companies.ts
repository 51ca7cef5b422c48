import { MyCompaniesResponse } from '@excelencia/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { API_BASE, apiJson } from '../../lib/api-client.ts';
import type { ListState } from '../../ui/data-table/list-state.ts';
import { COMPANY_ID_KEY, readLocal, subscribeToStorage, writeLocal } from '../session/browser-storage.ts';

/**
 * What every signed-in page of a company user needs before its own code: the user's companies and the selected
 * one (the signed-in layout, main.tsx). Apart from the companies area's other calls (api.ts, queries.ts, which
 * re-exports these), so that the first load carries none of their schemas (docs/adr/0025).
 */

export async function fetchMyCompanies(signal?: AbortSignal): Promise<MyCompaniesResponse> {
  return MyCompaniesResponse.parse(await apiJson<unknown>(`${API_BASE}/me/companies`, { signal }));
}

/** Every query of the companies area, under one root so that a company's edit can refresh them all. */
export const companyKeys = {
  all: ['companies'] as const,
  mine: () => [...companyKeys.all, 'mine'] as const,
  /** One company's profile, wherever it is shown (its page, the admin drawer, the picker's label). */
  one: (id: string) => [...companyKeys.all, 'one', id] as const,
  /** The admin list and the pre-registrations, refreshed together after an admin's change. */
  admin: () => [...companyKeys.all, 'admin'] as const,
  adminList: (state: ListState) => [...companyKeys.admin(), 'list', state] as const,
  preRegistrations: () => [...companyKeys.admin(), 'pre-registrations'] as const,
  preRegistrationList: (state: ListState) => [...companyKeys.preRegistrations(), state] as const,
  /** The NIFs claimed twice or more, waiting for an admin to keep one claim. */
  nifConflicts: () => [...companyKeys.admin(), 'nif-conflicts'] as const,
  /** The name changes waiting for an admin's decision. */
  nameChanges: () => [...companyKeys.admin(), 'name-changes'] as const,
  pickerSearch: (term: string) => [...companyKeys.all, 'picker', term] as const,
  /** The choices of a select (CAE, islands, cities, company types, an admin reference list) in a language. */
  options: (kind: string, language: string, parent: string) =>
    [...companyKeys.all, 'options', kind, language, parent] as const,
};

/** The signed-in user's companies (also started by main.tsx before the first render, for a company user). */
export function myCompaniesQueryOptions() {
  return queryOptions({
    queryKey: companyKeys.mine(),
    queryFn: ({ signal }) => fetchMyCompanies(signal),
    staleTime: 60_000,
  });
}

function useMyCompaniesQuery(enabled: boolean) {
  return useQuery({ ...myCompaniesQueryOptions(), enabled });
}

export function setSelectedCompanyId(id: string | null): void {
  writeLocal(COMPANY_ID_KEY, id);
}

/**
 * The company user's companies and the selected one. With exactly one company it is selected
 * automatically; a stored id that is no longer the user's is dropped.
 *
 * The selected company is read from storage as a whole (not the stored id): a page the server rendered, hydrated
 * with no stored choice, gets the same company as with the stored one when the user has one company, so the
 * signed-in layout is not drawn a second time right after hydrating (docs/adr/0038).
 */
export function useSelectedCompany(enabled: boolean) {
  const query = useMyCompaniesQuery(enabled);
  const companies = query.data ?? noCompanies;
  // With one company it is the selected one from the first render, before the effect below has stored it: the
  // company's pages do not draw once without it (and move when it comes).
  const pick = (id: string | null) =>
    companies.find((company) => company.id === id) ??
    (enabled && companies.length === 1 ? (companies[0] ?? null) : null);
  const selected = useSyncExternalStore(
    subscribeToStorage,
    () => pick(readLocal(COMPANY_ID_KEY)),
    () => pick(null),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: checks the stored id again when the selection changes
  useEffect(() => {
    if (!enabled || !query.data) return;
    const [only] = query.data;
    const storedId = readLocal(COMPANY_ID_KEY);
    if (query.data.length === 1 && only && storedId !== only.id) setSelectedCompanyId(only.id);
    else if (storedId !== null && !query.data.some((company) => company.id === storedId)) {
      setSelectedCompanyId(null);
    }
  }, [enabled, query.data, selected]);
  return { companies, selected, isLoading: query.isLoading, isError: query.isError };
}

const noCompanies: MyCompaniesResponse = [];

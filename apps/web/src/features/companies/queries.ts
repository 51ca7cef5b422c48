import { useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { COMPANY_ID_KEY, readLocal, subscribeToStorage, writeLocal } from '../session/browser-storage.ts';
import { fetchMyCompanies } from './api.ts';

export const companyKeys = {
  all: ['companies'] as const,
  mine: () => [...companyKeys.all, 'mine'] as const,
};

export function useMyCompaniesQuery(enabled: boolean) {
  return useQuery({
    queryKey: companyKeys.mine(),
    queryFn: ({ signal }) => fetchMyCompanies(signal),
    enabled,
    staleTime: 60_000,
  });
}

export function setSelectedCompanyId(id: string | null): void {
  writeLocal(COMPANY_ID_KEY, id);
}

/** The stored companyID (localStorage), kept in step across components and tabs. */
export function useSelectedCompanyId(): string | null {
  return useSyncExternalStore(subscribeToStorage, () => readLocal(COMPANY_ID_KEY));
}

/**
 * The company user's companies and the selected one. With exactly one company it is selected
 * automatically; a stored id that is no longer the user's is dropped.
 */
export function useSelectedCompany(enabled: boolean) {
  const query = useMyCompaniesQuery(enabled);
  const selectedId = useSelectedCompanyId();
  const companies = query.data ?? [];
  useEffect(() => {
    if (!enabled || !query.data) return;
    const [only] = query.data;
    if (query.data.length === 1 && only && selectedId !== only.id) setSelectedCompanyId(only.id);
    else if (selectedId !== null && !query.data.some((company) => company.id === selectedId)) {
      setSelectedCompanyId(null);
    }
  }, [enabled, query.data, selectedId]);
  const selected = companies.find((company) => company.id === selectedId) ?? null;
  return { companies, selected, isLoading: query.isLoading, isError: query.isError };
}

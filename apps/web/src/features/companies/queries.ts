import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { fetchCompany, fetchDirectory, fetchPublicCompany } from './api.ts';
import { companyKeys } from './my-companies.ts';

export {
  companyKeys,
  myCompaniesQueryOptions,
  setSelectedCompanyId,
  useSelectedCompany,
} from './my-companies.ts';

/** One company's profile; nothing is fetched while no company is chosen. */
export function useCompanyQuery(id: string | null) {
  return useQuery({
    queryKey: companyKeys.one(id ?? ''),
    queryFn: ({ signal }) => fetchCompany(id ?? '', signal),
    enabled: id !== null,
  });
}

// ---- the public company directory ---------------------------------------------------------------------------

/** The public directory's queries, apart from the signed-in ones: a company's edit does not refresh them. */
export const directoryKeys = {
  all: ['directory'] as const,
  list: (search: string, page: number, pageSize: number) =>
    [...directoryKeys.all, 'list', search, page, pageSize] as const,
  company: (id: string) => [...directoryKeys.all, 'company', id] as const,
};

/** One page of the listed companies matching a name or NIF; the previous page stays while the next loads. */
export const directoryQuery = (search: string, page: number, pageSize: number) =>
  queryOptions({
    queryKey: directoryKeys.list(search, page, pageSize),
    queryFn: ({ signal }) => fetchDirectory({ search, page, pageSize }, signal),
    placeholderData: keepPreviousData,
  });

export function useDirectoryQuery(search: string, page: number, pageSize: number) {
  return useQuery(directoryQuery(search, page, pageSize));
}

/** A listed company's public page; an unlisted or unknown id answers 404 at once, without retrying. */
export const publicCompanyQuery = (id: string) =>
  queryOptions({
    queryKey: directoryKeys.company(id),
    queryFn: ({ signal }) => fetchPublicCompany(id, signal),
    retry: false,
  });

export function usePublicCompanyQuery(id: string) {
  return useQuery(publicCompanyQuery(id));
}

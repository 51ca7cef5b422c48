import { useQuery } from '@tanstack/react-query';
import { fetchMyProfile } from './api.ts';

export const profileKeys = {
  all: ['me', 'profile'] as const,
};

/** The caller's name, e-mail and language. */
export function useMyProfileQuery() {
  return useQuery({ queryKey: profileKeys.all, queryFn: ({ signal }) => fetchMyProfile(signal) });
}

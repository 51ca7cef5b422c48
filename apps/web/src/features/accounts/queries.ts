import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchAccountByEmail, fetchProfilePicture } from './api.ts';

export const accountKeys = {
  all: ['accounts'] as const,
  byEmail: (email: string) => [...accountKeys.all, 'by-email', email] as const,
  profilePicture: (accountId: string) => [...accountKeys.all, accountId, 'profile-picture'] as const,
};

/** The account of a signed-in user (GET accounts/by-email); failures are only logged, in Portuguese. */
export function useAccountQuery(email: string | null) {
  return useQuery({
    queryKey: accountKeys.byEmail(email ?? ''),
    enabled: email !== null,
    staleTime: 5 * 60 * 1000,
    queryFn: async ({ signal }) => {
      try {
        return await fetchAccountByEmail(email ?? '', signal);
      } catch (error) {
        if (!signal.aborted) console.error('Erro ao carregar o perfil do utilizador', error);
        throw error;
      }
    },
  });
}

/** The avatar as an object URL, or null when there is none or it failed (logged in Portuguese). */
export function useProfilePictureUrl(accountId: string | null, hasPicture: boolean): string | null {
  const query = useQuery({
    queryKey: accountKeys.profilePicture(accountId ?? ''),
    enabled: accountId !== null && hasPicture,
    staleTime: 5 * 60 * 1000,
    retry: false,
    queryFn: async ({ signal }) => {
      try {
        return await fetchProfilePicture(accountId ?? '', signal);
      } catch (error) {
        if (!signal.aborted) console.error('Erro ao carregar a fotografia de perfil', error);
        throw error;
      }
    },
  });
  const blob = query.data ?? null;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  return url;
}

import { useQuery } from '@tanstack/react-query';
import { fetchMyProfile, fetchTwoFactor } from './api.ts';

export const profileKeys = {
  all: ['me', 'profile'] as const,
  twoFactor: ['me', 'two-factor'] as const,
};

/** The caller's name, e-mail and language. */
export function useMyProfileQuery() {
  return useQuery({ queryKey: profileKeys.all, queryFn: ({ signal }) => fetchMyProfile(signal) });
}

/** The caller's two-factor sign-in: on or off, required or not. */
export function useTwoFactorQuery() {
  return useQuery({ queryKey: profileKeys.twoFactor, queryFn: ({ signal }) => fetchTwoFactor(signal) });
}

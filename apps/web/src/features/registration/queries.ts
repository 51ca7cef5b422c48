import { useQuery } from '@tanstack/react-query';
import { fetchInvitation } from './api.ts';

export const registrationKeys = {
  all: ['registration'] as const,
  invitation: (token: string) => [...registrationKeys.all, 'invitation', token] as const,
};

/** What an invitation link is for (company, e-mail, name); a used or expired link answers with an error. */
export function useInvitationQuery(token: string, enabled: boolean) {
  return useQuery({
    queryKey: registrationKeys.invitation(token),
    queryFn: ({ signal }) => fetchInvitation(token, signal),
    enabled,
    retry: false,
  });
}

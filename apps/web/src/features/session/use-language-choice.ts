import type { Language } from '@excelencia/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { AuthenticatedSession } from '../../lib/signed-in-context.ts';
import { putMyLanguage } from '../accounts/api.ts';
import { isExpired, sessionKeys, useSessionQuery } from './queries.ts';

/**
 * What the language selector calls when a signed-in person picks a language: the account keeps it (the mails
 * are written in it). Only such a choice, or the profile's language field, stores a language: a page opened
 * under another prefix (a link in a mail, a bookmark) only shows that language, and never overwrites the choice.
 */
export function useLanguageChoice(): (language: Language) => void {
  const queryClient = useQueryClient();
  const { data } = useSessionQuery();
  const session = data?.status === 'authenticated' && !isExpired(data) ? data : null;
  return useCallback(
    (language: Language) => {
      if (!session || session.language === language) return;
      queryClient.setQueryData<AuthenticatedSession>(sessionKeys.current(), { ...session, language });
      putMyLanguage(language).catch((error: unknown) => {
        console.error('Falha ao guardar o idioma', error);
        void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
      });
    },
    [session, queryClient],
  );
}

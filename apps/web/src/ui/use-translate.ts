import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Translate } from './form/zod-resolver.ts';

/** i18next's t as a plain (key, params) → string function, for the pure form helpers and column builders. */
export function useTranslate(): Translate {
  const { t } = useTranslation();
  return useCallback(
    (key: string, params?: Record<string, string | number>) => String(t(key, params ?? {})),
    [t],
  );
}

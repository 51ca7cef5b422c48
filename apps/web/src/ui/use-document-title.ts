import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab's title: '<page> · <app name>'. */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  const appName = t('common:appName');
  useEffect(() => {
    document.title = title && title !== appName ? `${title} · ${appName}` : appName;
  }, [title, appName]);
}

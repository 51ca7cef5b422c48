import { LANGUAGES, type Language } from '@excelencia/domain';
import { Button, Menu } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { withLanguage } from '../lib/access.ts';
import { useLanguage } from '../lib/language-context.ts';

/**
 * Lists the languages by name without the current one; a choice swaps the path's language prefix and is told to
 * `onChoose` (the signed-in layout stores it on the account).
 */
export function LanguageSelector({ onChoose }: { onChoose?: (language: Language) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const location = useLocation();
  const current = t(`common:languages.${language}`);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="dark"
          px={8}
          style={{ flexShrink: 0 }}
          data-testid="language-selector"
          aria-label={t('shell:language.selector', { language: current })}
          leftSection={<IconLanguage size={18} aria-hidden="true" />}
        >
          {language.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label={t('shell:language.change')}>
        {LANGUAGES.filter((lang) => lang !== language).map((lang) => (
          <Menu.Item
            key={lang}
            component={Link}
            lang={lang}
            to={`${withLanguage(location.pathname, lang)}${location.search}${location.hash}`}
            onClick={() => onChoose?.(lang)}
          >
            {t(`common:languages.${lang}`, { lng: lang })}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

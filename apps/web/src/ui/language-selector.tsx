import { LANGUAGES, type Language, languageName } from '@excelencia/domain';
import { Button, Menu } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { withLanguage } from '../lib/access.ts';
import { useLanguage } from '../lib/language-context.ts';
import { useLanguageButtonProps } from './language-selector-button.tsx';

/**
 * Lists the languages by name without the current one; a choice swaps the path's language prefix and is told to
 * `onChoose` (the signed-in layout stores it on the account). `openOnMount`: it replaces its button, just used
 * (ui/language-selector-button.tsx), so it takes the focus and opens.
 */
export function LanguageSelector({
  onChoose,
  openOnMount = false,
}: {
  onChoose?: (language: Language) => void;
  openOnMount?: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const location = useLocation();
  const buttonProps = useLanguageButtonProps();
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (!openOnMount) return;
    target.current?.focus();
    setOpened(true);
  }, [openOnMount]);
  return (
    <Menu position="bottom-end" withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>
        <Button ref={target} {...buttonProps}>
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
            {languageName(lang)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

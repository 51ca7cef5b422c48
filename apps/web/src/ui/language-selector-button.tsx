import type { Language } from '@excelencia/domain';
import { Button, type ButtonProps } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../lib/language-context.ts';
import { useDeferredControl } from './deferred-control.ts';

/** The language selector's button, the same before and after its menu's code has loaded. */
export function useLanguageButtonProps(): ButtonProps & {
  'data-testid': string;
  'aria-label': string;
  style: { flexShrink: number };
} {
  const { t } = useTranslation();
  const language = useLanguage();
  const current = t(`common:languages.${language}`);
  return {
    variant: 'subtle',
    color: 'dark',
    px: 8,
    style: { flexShrink: 0 },
    'data-testid': 'language-selector',
    'aria-label': t('shell:language.selector', { language: current }),
    leftSection: <IconLanguage size={18} aria-hidden="true" />,
  };
}

const loadMenu = () => import('./language-selector.tsx');
const LanguageSelector = lazy(() => loadMenu().then((module) => ({ default: module.LanguageSelector })));

/**
 * The signed-in top bar's language selector: its button at first, and its menu (ui/language-selector.tsx, with
 * the popover code) when it is used (ui/deferred-control.ts), so that no page loads the menu's code to show.
 */
export function DeferredLanguageSelector({ onChoose }: { onChoose?: (language: Language) => void }) {
  const language = useLanguage();
  const buttonProps = useLanguageButtonProps();
  const { wanted, triggers } = useDeferredControl(loadMenu);
  const button = (
    <Button {...buttonProps} aria-haspopup="menu" aria-expanded={false} {...triggers}>
      {language.toUpperCase()}
    </Button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <LanguageSelector onChoose={onChoose} openOnMount />
    </Suspense>
  );
}

import type { BalanceSheetItem } from '@excelencia/domain';
import { Alert, Anchor, Group, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useLanguage, useLocalePath } from '../../../lib/language-context.ts';
import { PeriodText } from '../../../ui/period-text.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';

/** Where the sheet just saved can be seen and diagnosed: the company's own pages, or the admin's. */
export type SavedSheetLinks = (sheet: BalanceSheetItem) => { view: string; diagnose: string };

export const companySavedSheetLinks: SavedSheetLinks = (sheet) => ({
  view: `/company/balances?open=${encodeURIComponent(sheet.id)}`,
  diagnose: `/company/diagnosis?sheet=${encodeURIComponent(sheet.id)}`,
});

export const adminSavedSheetLinks: SavedSheetLinks = (sheet) => ({
  view: `/admin/balance-sheets?company=${encodeURIComponent(sheet.companyId)}`,
  diagnose: `/admin/diagnosis?run=${encodeURIComponent(sheet.companyId)}&sheet=${encodeURIComponent(sheet.id)}`,
});

/**
 * What was just uploaded or entered (period, frequency, file name or 'entered by hand'), with links to see it
 * and to run a self-diagnosis on it. Shown above a fresh form, so the page no longer warns that the period
 * already has a sheet about the one just made. Takes the focus when it appears (the form it replaces is gone).
 */
export function SavedSheet({
  sheet,
  links,
  onClose,
}: {
  sheet: BalanceSheetItem;
  links: SavedSheetLinks;
  onClose: () => void;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const localePath = useLocalePath();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, []);
  const paths = links(sheet);
  return (
    <Alert
      ref={box}
      tabIndex={-1}
      color="green.9"
      variant="light"
      icon={<IconCircleCheck size={20} aria-hidden="true" />}
      title={t('balanceSheetsWeb:saved.title')}
      withCloseButton
      closeButtonLabel={t('common:close')}
      onClose={onClose}
      role="status"
      data-testid="bs-saved"
    >
      <Text size="sm" data-testid="bs-saved-period">
        {t('balanceSheetsWeb:list.period')}
        {t('common:colon')}{' '}
        <PeriodText startDate={sheet.startDate} endDate={sheet.endDate} language={language} />
      </Text>
      <Text size="sm" data-testid="bs-saved-frequency">
        {t('balanceSheetsWeb:list.frequency')}
        {t('common:colon')} {t(`balanceSheets:frequencies.${sheet.typeFrequence}`)}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="bs-saved-source">
        {t('balanceSheetsWeb:list.source')}
        {t('common:colon')} {sheet.fileName ?? t('balanceSheets:sources.entry')}
      </Text>
      <Group gap="md" mt="xs">
        <Anchor component={Link} to={localePath(paths.view)} size="sm" fw={600} data-testid="bs-saved-view">
          {t('balanceSheetsWeb:saved.view')}
        </Anchor>
        <Anchor
          component={Link}
          to={localePath(paths.diagnose)}
          size="sm"
          fw={600}
          data-testid="bs-saved-diagnose"
        >
          {t('balanceSheetsWeb:saved.diagnose')}
        </Anchor>
      </Group>
    </Alert>
  );
}

import { ComboboxChevron, Input } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeferredControl } from '../../ui/deferred-control.ts';
import type { CompanySelectorProps } from './company-selector.tsx';

const loadSelect = () => import('./company-selector.tsx');
const CompanySelector = lazy(() => loadSelect().then((module) => ({ default: module.CompanySelector })));

/**
 * The company selector of the top bar (company-selector.tsx) drawn first as what it shows, the chosen company in
 * a field like the select's, and made the select, with its list's code, when it is used (ui/deferred-control.ts):
 * no page loads the select's code to show.
 */
export function DeferredCompanySelector(props: Omit<CompanySelectorProps, 'openOnMount'>) {
  const { t } = useTranslation();
  const { wanted, triggers } = useDeferredControl(loadSelect);
  const { companies, selectedId, loading } = props;
  const empty = !loading && companies.length === 0;
  const selected = companies.find((company) => company.id === selectedId);
  const field = (
    <Input
      component="input"
      readOnly
      pointer
      data-testid="company-selector"
      role="combobox"
      aria-label={t('shell:topBar.company')}
      aria-haspopup="listbox"
      aria-expanded={false}
      placeholder={empty ? t('shell:topBar.noCompanies') : t('shell:topBar.companyPlaceholder')}
      value={selected?.companyName ?? ''}
      disabled={empty}
      leftSection={<IconBuilding size={16} aria-hidden="true" />}
      rightSection={<ComboboxChevron size="sm" />}
      rightSectionPointerEvents="none"
      w={{ base: '100%', sm: 240 }}
      size="sm"
      {...triggers}
    />
  );
  if (!wanted) return field;
  return (
    <Suspense fallback={field}>
      <CompanySelector {...props} openOnMount />
    </Suspense>
  );
}

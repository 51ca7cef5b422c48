import { Select } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setSelectedCompanyId } from '../../features/companies/my-companies.ts';

export interface CompanySelectorProps {
  companies: ReadonlyArray<{ id: string; companyName: string; nif: string }>;
  selectedId: string | null;
  loading: boolean;
  /** It replaces its look-alike, just used (deferred-company-selector.tsx): it takes the focus and opens. */
  openOnMount?: boolean;
}

/** The company a company user works on; the choice is stored as companyID (docs/adr/0004). */
export function CompanySelector({
  companies,
  selectedId,
  loading,
  openOnMount = false,
}: CompanySelectorProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (!openOnMount) return;
    input.current?.focus();
    setOpened(true);
  }, [openOnMount]);
  const empty = !loading && companies.length === 0;
  return (
    <Select
      ref={input}
      data-testid="company-selector"
      aria-label={t('shell:topBar.company')}
      placeholder={empty ? t('shell:topBar.noCompanies') : t('shell:topBar.companyPlaceholder')}
      data={companies.map((company) => ({ value: company.id, label: company.companyName }))}
      value={selectedId}
      onChange={(value) => setSelectedCompanyId(value)}
      disabled={empty}
      allowDeselect={false}
      dropdownOpened={opened}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      leftSection={<IconBuilding size={16} aria-hidden="true" />}
      comboboxProps={{ withinPortal: true }}
      w={{ base: '100%', sm: 240 }}
      size="sm"
    />
  );
}

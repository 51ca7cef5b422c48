import { Select } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { setSelectedCompanyId } from '../../features/companies/queries.ts';

interface CompanySelectorProps {
  companies: ReadonlyArray<{ id: string; companyName: string; nif: string }>;
  selectedId: string | null;
  loading: boolean;
}

/** The company a company user works on; the choice is stored as companyID (docs/adr/0004). */
export function CompanySelector({ companies, selectedId, loading }: CompanySelectorProps) {
  const { t } = useTranslation();
  const empty = !loading && companies.length === 0;
  return (
    <Select
      data-testid="company-selector"
      aria-label={t('shell:topBar.company')}
      placeholder={empty ? t('shell:topBar.noCompanies') : t('shell:topBar.companyPlaceholder')}
      data={companies.map((company) => ({ value: company.id, label: company.companyName }))}
      value={selectedId}
      onChange={(value) => setSelectedCompanyId(value)}
      disabled={empty}
      allowDeselect={false}
      leftSection={<IconBuilding size={16} aria-hidden="true" />}
      comboboxProps={{ withinPortal: true }}
      w={{ base: '100%', sm: 240 }}
      size="sm"
    />
  );
}

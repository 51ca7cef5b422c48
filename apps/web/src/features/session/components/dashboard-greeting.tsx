import { hasRole } from '@excelencia/domain';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Area } from '../../../lib/pages.ts';
import { useSignedIn } from '../../../lib/signed-in-context.ts';

/** The dashboards' greeting: the user's name and role and, for company users, the selected company. */
export function DashboardGreeting({ area }: { area: Exclude<Area, 'users'> }) {
  const { t } = useTranslation();
  const { session, selectedCompany } = useSignedIn();
  const showCompany = area === 'company' && hasRole(session.roles, 'company');
  return (
    <Paper withBorder p="lg" maw={720}>
      <Stack gap="xs">
        <Title order={2} size="h3">
          {t('shell:dashboard.greeting', { name: session.user.name })}
        </Title>
        <Text>{t('shell:dashboard.role', { role: t(`shell:roles.${area}`) })}</Text>
        {showCompany ? (
          <Text fw={600} data-testid="selected-company">
            {selectedCompany
              ? t('shell:dashboard.company', { company: selectedCompany.companyName })
              : t('shell:dashboard.noCompany')}
          </Text>
        ) : null}
        <Text c="gray.7">{t('shell:dashboard.intro')}</Text>
      </Stack>
    </Paper>
  );
}

import { Anchor, Paper, Stack, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLocalePath } from '../../../app/language-context.ts';
import { useSignedIn } from '../../../app/signed-in-context.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { DashboardGreeting } from '../../session/components/dashboard-greeting.tsx';

export function CompanyDashboardPage() {
  const t = useTranslate();
  const localePath = useLocalePath();
  const { selectedCompany } = useSignedIn();
  return (
    <Stack gap="md">
      <DashboardGreeting area="company" />
      {selectedCompany ? (
        <Paper withBorder p="lg" maw={720}>
          <Stack gap={6}>
            <Anchor
              component={Link}
              to={localePath('/company/profile')}
              fw={700}
              data-testid="company-profile-link"
            >
              <IconBuildingStore
                size={18}
                aria-hidden="true"
                style={{ verticalAlign: 'text-bottom', marginInlineEnd: 6 }}
              />
              {t('companies:profile.open')}
            </Anchor>
            <Text c="gray.7">{t('companies:profile.openText')}</Text>
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}

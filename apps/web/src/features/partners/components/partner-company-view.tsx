import { Alert, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useLanguage } from '../../../lib/language-context.ts';
import { WARNING_ORANGE } from '../../../ui/colors.ts';
import { LoadFailed } from '../../../ui/load-failed.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { EligibilityList } from '../../applications/components/company-eligibility.tsx';
import { RenewalBadge } from '../../applications/components/renewal-badge.tsx';
import { shortDate } from '../../applications/components/results-format.ts';
import { editionLabel } from '../../applications/edition-label.ts';
import { usePartnerCompanyQuery } from '../queries.ts';
import { AssistedStateBadge } from './assisted-state-badge.tsx';

/**
 * One company as the partner may see it: public data, then state and diagnosis summary as the company shares them,
 * and its members' names and roles when the server answers them.
 */
export function PartnerCompanyView({ companyId }: { companyId: string }) {
  const t = useTranslate();
  const language = useLanguage();
  const query = usePartnerCompanyQuery(companyId);
  const view = query.data;
  if (query.isError && !view) return <LoadFailed onRetry={() => void query.refetch()} />;
  if (!view) return <Skeleton height={200} />;
  const sharesNothing = !view.consent.status && !view.consent.diagnosis;
  return (
    <Stack gap="md" data-testid="partner-company-view">
      <Text c="gray.7" data-testid="partner-company-nif">
        NIF {view.nif}
      </Text>
      {sharesNothing ? (
        <Alert variant="light" data-testid="partner-public-only">
          {t('partners:detail.publicOnly')}
        </Alert>
      ) : null}
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('partners:detail.stateTitle')}
          </Title>
          {view.state ? (
            <Group gap="xs">
              <AssistedStateBadge state={view.state} />
            </Group>
          ) : (
            <Text c="gray.7" data-testid="partner-no-state">
              {t('partners:detail.noState')}
            </Text>
          )}
          {view.consent.status ? (
            <Text size="sm" data-testid="partner-application">
              {view.application
                ? `${t('partners:detail.application', {
                    edition: editionLabel(
                      { number: view.application.editionNumber, year: view.application.editionYear },
                      t,
                    ),
                    status: t(`applications:statuses.${view.application.status}`),
                  })}${view.application.submittedAt ? ` · ${shortDate(view.application.submittedAt, language)}` : ''}`
                : t('partners:detail.noApplication')}
              {view.application?.isRenewal ? <RenewalBadge /> : null}
            </Text>
          ) : null}
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('partners:detail.diagnosisTitle')}
          </Title>
          {view.diagnosis ? (
            <Stack gap="xs" data-testid="partner-diagnosis">
              {view.diagnosis.missingYears.length > 0 ? (
                <Text size="sm" c={WARNING_ORANGE}>
                  {t('partners:detail.missingSheets', { years: view.diagnosis.missingYears.join(', ') })}
                </Text>
              ) : null}
              <EligibilityList
                eligibility={{ ...view.diagnosis, missingYears: [] }}
                intro={t('partners:detail.diagnosisIntro', { year: view.diagnosis.indicatorYear })}
              />
            </Stack>
          ) : (
            <Text c="gray.7" data-testid="partner-no-diagnosis">
              {t('partners:detail.noDiagnosis')}
            </Text>
          )}
        </Stack>
      </Paper>
      {view.members.length > 0 ? (
        <Paper withBorder p="md" data-testid="partner-members">
          <Stack gap="xs">
            <Title order={3} size="h5">
              {t('teamsWeb:admin.members')}
            </Title>
            <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
              {/* A partner gets names and roles, no ids: the key is both. */}
              {view.members.map((member) => (
                <Group component="li" key={`${member.role}:${member.name}`} gap="xs" justify="space-between">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {member.name}
                  </Text>
                  <Text size="sm" c="gray.7">
                    {t(`teams:roles.${member.role}`)}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}

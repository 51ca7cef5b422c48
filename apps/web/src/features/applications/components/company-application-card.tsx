import { type Application, isApplicationOpen, localized } from '@excelencia/domain';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLanguage, useLocalePath } from '../../../lib/language-context.ts';
import { WARNING_ORANGE } from '../../../ui/colors.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { useCompanyApplicationsQuery, useCurrentEditionQuery, useEligibilityQuery } from '../queries.ts';
import { dateText, filesBySlot, yearsText } from './company-application-format.ts';
import { useEditionName } from './company-edition.tsx';
import { useNow } from './public-clock.ts';

/** The state of the application to the current edition, in one line. */
function ApplicationLine({ application, editionName }: { application: Application; editionName: string }) {
  const t = useTranslate();
  const language = useLanguage();
  let text: string;
  if (application.status === 'draft') {
    text = t('applicationsWeb:dashboard.draft', { count: filesBySlot(application.files).size });
  } else if (application.status === 'closed') {
    text = t('applicationsWeb:dashboard.closed', {
      date: application.applicationsClosedAt ? dateText(application.applicationsClosedAt, language) : '—',
    });
  } else if (application.resultsPublished && application.decision) {
    text =
      application.decision.decision === 'evaluated'
        ? t('applicationsWeb:dashboard.distinguished', {
            date: application.seal ? dateText(application.seal.validUntil, language) : '—',
          })
        : t('applicationsWeb:dashboard.notDistinguished', { edition: editionName });
  } else {
    text = t('applicationsWeb:dashboard.submitted', {
      date: application.submittedAt ? dateText(application.submittedAt, language) : '—',
    });
  }
  return (
    <>
      <Text fw={600} data-testid="dashboard-application-state" data-status={application.status}>
        {text}
      </Text>
      {application.status === 'draft' && application.reopenedFileType !== null ? (
        <Text size="sm" c={WARNING_ORANGE} fw={600}>
          {t('applicationsWeb:returned.title')}
        </Text>
      ) : null}
    </>
  );
}

/** Outside an application: where the latest annual sheets stand against the 8 thresholds. */
function EarlyWarning({ companyId }: { companyId: string }) {
  const t = useTranslate();
  const language = useLanguage();
  const eligibility = useEligibilityQuery(companyId, null);
  if (eligibility.isPending) return <Text c="gray.7">{t('applicationsWeb:loading')}</Text>;
  if (eligibility.isError) return <Text c="gray.7">{t('applicationsWeb:loadFailed')}</Text>;
  const { applicationFinancialIndicators: rows, missingYears, indicatorYear } = eligibility.data;
  if (missingYears.length > 0) {
    return (
      <Text size="sm" data-testid="dashboard-application-warning">
        {t('applications:missingSheets', { years: yearsText(missingYears, language) })}
      </Text>
    );
  }
  const failing = rows.filter((row) => row.passed !== true);
  const total = rows.length;
  return (
    <Stack gap={4} data-testid="dashboard-application-warning">
      <Text size="sm" fw={600}>
        {failing.length === 0
          ? t('applicationsWeb:dashboard.warningAll', { year: indicatorYear, total })
          : t('applicationsWeb:dashboard.warning', {
              year: indicatorYear,
              count: total - failing.length,
              total,
            })}
      </Text>
      {failing.length > 0 ? (
        <Text size="sm" c="gray.8">
          {t('applicationsWeb:dashboard.failing', {
            list: failing
              .map(
                (row) =>
                  localized(row.criterionRatioDetails.ratioDescription, language) ||
                  row.criterionRatioDetails.code,
              )
              .join('; '),
          })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The company dashboard's application card: the current application's state, or an early warning. */
export function ApplicationCard({ companyId }: { companyId: string }) {
  const t = useTranslate();
  const language = useLanguage();
  const localePath = useLocalePath();
  const editionName = useEditionName();
  const now = useNow(60_000);
  const edition = useCurrentEditionQuery();
  const list = useCompanyApplicationsQuery(companyId);
  const current = edition.data ? list.data?.find((row) => row.editionId === edition.data?.id) : undefined;
  const loading = edition.isPending || list.isPending;
  return (
    <Paper withBorder p="lg" data-testid="dashboard-application">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('applicationsWeb:dashboard.title')}
        </Title>
        {loading ? <Text c="gray.7">{t('applicationsWeb:loading')}</Text> : null}
        {!loading && current && edition.data ? (
          <ApplicationLine application={current} editionName={editionName(edition.data)} />
        ) : null}
        {!loading && !current ? (
          <>
            {edition.data && isApplicationOpen(edition.data, now) ? (
              <Text fw={600}>
                {t('applicationsWeb:dashboard.applyOpen', {
                  edition: editionName(edition.data),
                  date: dateText(edition.data.applicationClosesAt, language),
                })}
              </Text>
            ) : null}
            <EarlyWarning companyId={companyId} />
          </>
        ) : null}
        <Group gap="sm">
          <Button
            component={Link}
            to={localePath('/company/application')}
            variant="default"
            leftSection={<IconClipboardCheck size={18} aria-hidden="true" />}
            data-testid="dashboard-application-open"
          >
            {t('applicationsWeb:dashboard.open')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

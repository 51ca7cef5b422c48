import { Alert, Badge, Button, Divider, Drawer, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useLanguage } from '../../../lib/language-context.ts';
import { SUCCESS_GREEN } from '../../../ui/colors.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { AdminAppealPanel } from '../appeals/admin-appeal-panel.tsx';
import { MessageThread } from '../messages/message-thread.tsx';
import { useAdminApplicationQuery } from '../queries.ts';
import { DecisionSection } from './admin-application-decision.tsx';
import { DocumentsSection } from './admin-application-documents.tsx';
import { EligibilitySection } from './admin-application-eligibility.tsx';
import { HistorySection } from './admin-application-history.tsx';
import { ApplicationStatusBadge } from './admin-badges.tsx';
import { SealStatusBadge } from './public-seal-status.tsx';
import { RenewalBadge } from './renewal-badge.tsx';
import { shortDateTime } from './results-format.ts';

/**
 * One application in the evaluation drawer: who and where it stands, then its eligibility figures, its
 * documents, the decision (and its confirmation by a second admin), the thread with the company and its history.
 */
export function AdminApplicationDetail({ id }: { id: string }) {
  const t = useTranslate();
  const language = useLanguage();
  const query = useAdminApplicationQuery(id);
  const application = query.data;

  let body: React.ReactNode;
  if (query.isError && !application) {
    body = (
      <Alert color="red.9" variant="light" role="alert" title={t('applicationsAdmin:loadFailed')}>
        <Stack gap={6} align="flex-start">
          {query.error instanceof Error ? <Text size="sm">{query.error.message}</Text> : null}
          <Button size="compact-sm" variant="light" color="red.9" onClick={() => void query.refetch()}>
            {t('applicationsAdmin:retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (!application) {
    body = (
      <Stack gap="sm" data-testid="application-loading">
        <Skeleton height={24} width="60%" />
        <Skeleton height={160} />
        <Skeleton height={160} />
      </Stack>
    );
  } else {
    body = (
      <Stack gap="lg" data-testid="application-detail" data-status={application.status}>
        <Group gap="xs" wrap="wrap">
          <ApplicationStatusBadge status={application.status} />
          {application.isRenewal ? <RenewalBadge /> : null}
          <Badge
            color={application.complete ? SUCCESS_GREEN : 'red.9'}
            variant="outline"
            data-testid="detail-complete"
            data-complete={application.complete}
          >
            {t(
              application.complete
                ? 'applicationsAdmin:detail.complete'
                : 'applicationsAdmin:detail.incomplete',
            )}
          </Badge>
          {application.seal ? (
            <Group gap={6} wrap="nowrap">
              <Text size="sm">{t('applicationsAdmin:detail.sealCode', { code: application.seal.code })}</Text>
              <SealStatusBadge status={application.seal.status} />
            </Group>
          ) : null}
        </Group>
        <Text size="sm" c="gray.7" data-testid="detail-facts">
          {[
            `${t('applicationsAdmin:list.columns.nif')} ${application.nif}`,
            application.submittedAt
              ? t('applicationsAdmin:detail.submittedAt', {
                  date: shortDateTime(application.submittedAt, language),
                })
              : t('applicationsAdmin:detail.notSubmitted'),
            t('applicationsAdmin:detail.indicatorYear', { year: application.indicatorYear }),
          ].join(' · ')}
        </Text>
        <EligibilitySection application={application} />
        <Divider />
        <DocumentsSection application={application} />
        <DecisionSection application={application} />
        <AdminAppealPanel application={application} />
        <Divider />
        <MessageThread scope={{ kind: 'admin', id: application.id }} canWrite headingOrder={3} />
        <Divider />
        <HistorySection id={application.id} />
      </Stack>
    );
  }

  return (
    <>
      <Drawer.Header {...{ component: 'div' }}>
        <Drawer.Title fw={700} fz="lg" data-testid="application-title">
          {application?.companyName ?? t('applicationsAdmin:detail.title')}
        </Drawer.Title>
        <Drawer.CloseButton aria-label={t('common:close')} />
      </Drawer.Header>
      <Drawer.Body>{body}</Drawer.Body>
    </>
  );
}

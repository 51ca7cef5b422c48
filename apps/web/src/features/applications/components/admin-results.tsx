import { type Edition, formatNumber, isApplicationOpen, type PublishReadiness } from '@excelencia/domain';
import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconSpeakerphone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { useLanguage, useLocalePath } from '../../../lib/language-context.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { SUCCESS_GREEN, WARNING_ORANGE } from '../../../ui/colors.ts';
import { confirmAction } from '../../../ui/confirm.tsx';
import { notifySuccess } from '../../../ui/notify.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { EditionFunnelPanel } from '../../overview/components/edition-funnel.tsx';
import { PendingAppeals } from '../appeals/pending-appeals.tsx';
import { editionLabel } from '../edition-label.ts';
import {
  useCurrentEditionQuery,
  useEditionsQuery,
  usePublishReadinessQuery,
  usePublishResultsMutation,
} from '../queries.ts';
import { EditionPicker, useEditionParam } from './admin-edition-picker.tsx';
import { SealsPanel } from './admin-seals.tsx';
import { shortDateTime } from './results-format.ts';
import { ResultsView } from './results-view.tsx';

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Stack gap={0} data-testid={testId}>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text
        fz={24}
        fw={700}
        c={value === 0 ? SUCCESS_GREEN : WARNING_ORANGE}
        style={{ fontVariantNumeric: 'tabular-nums' }}
        data-testid={`${testId}-value`}
      >
        {formatNumber(value)}
      </Text>
    </Stack>
  );
}

/** The drafts publishing closes, by company, with how many documents each has (the server's preview). */
function DraftsToClose({ drafts, testId }: { drafts: PublishReadiness['toClose']; testId: string }) {
  const t = useTranslate();
  if (drafts.length === 0) return null;
  return (
    <Stack gap={4} data-testid={testId}>
      <Text size="sm" fw={600}>
        {t('applicationsAdmin:results.closesDrafts', { count: drafts.length })}
      </Text>
      <List size="sm" spacing={2}>
        {drafts.map((draft) => (
          <List.Item key={draft.id} data-testid={`${testId}-item`}>
            {t('applicationsAdmin:results.draftLine', {
              company: draft.companyName,
              nif: draft.nif,
              count: draft.files,
            })}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/**
 * What still stops the publication (undecided, unconfirmed), the drafts it will close, and the Publish button
 * behind a confirmation that names them.
 */
function PublishPanel({ edition }: { edition: Edition }) {
  const t = useTranslate();
  const localePath = useLocalePath();
  const readiness = usePublishReadinessQuery(edition.id);
  const publish = usePublishResultsMutation();
  const data = readiness.data;
  const name = editionLabel(edition, t);
  const language = useLanguage();
  // Publishing closes an application window that is still open; the admin is told before and in the confirmation.
  const closesApplications = isApplicationOpen(edition, new Date())
    ? t('applicationsAdmin:results.closesApplications', {
        date: shortDateTime(edition.applicationClosesAt, language),
      })
    : null;

  const drafts = data?.toClose ?? [];
  const ask = () =>
    confirmAction({
      title: t('applicationsAdmin:results.publishTitle', { edition: name }),
      message: [closesApplications, t('applicationsAdmin:results.publishMessage')].filter(Boolean).join(' '),
      details: <DraftsToClose drafts={drafts} testId="publish-confirm-drafts" />,
      confirmLabel: t('applicationsAdmin:results.publish'),
      onConfirm: () =>
        publish.mutateAsync(edition.id).then(
          () => notifySuccess(t('applications:resultsPublishedToast')),
          (error: unknown) => {
            notifyApiError(error);
            if (error instanceof ApiError && error.status === 409) void readiness.refetch();
          },
        ),
    });

  let body: React.ReactNode;
  if (readiness.isError && !data) {
    body = (
      <Alert color="red.9" variant="light" role="alert" title={t('applicationsAdmin:loadFailed')}>
        <Button size="compact-sm" variant="light" color="red.9" onClick={() => void readiness.refetch()}>
          {t('applicationsAdmin:retry')}
        </Button>
      </Alert>
    );
  } else if (!data) {
    body = <Skeleton height={90} />;
  } else {
    body = (
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 2, xs: 2 }} maw={480}>
          <Count
            label={t('applicationsAdmin:results.undecided')}
            value={data.undecided}
            testId="readiness-undecided"
          />
          <Count
            label={t('applicationsAdmin:results.unconfirmed')}
            value={data.unconfirmed}
            testId="readiness-unconfirmed"
          />
        </SimpleGrid>
        <Text size="sm" data-testid="readiness-text" data-ready={data.ready}>
          {t(data.ready ? 'applicationsAdmin:results.ready' : 'applicationsAdmin:results.notReady')}
        </Text>
        {closesApplications ? (
          <Text size="sm" data-testid="readiness-closes-applications">
            {closesApplications}
          </Text>
        ) : null}
        <DraftsToClose drafts={data.toClose} testId="readiness-drafts" />
        <Group gap="md">
          <Button
            leftSection={<IconSpeakerphone size={16} aria-hidden="true" />}
            onClick={ask}
            disabled={!data.ready}
            loading={publish.isPending}
            data-testid="results-publish"
          >
            {t('applicationsAdmin:results.publish')}
          </Button>
          {data.ready ? null : (
            <Anchor
              component={Link}
              to={`${localePath('/admin/application')}?edition=${encodeURIComponent(edition.id)}`}
              size="sm"
            >
              {t('applicationsAdmin:results.openApplications')}
            </Anchor>
          )}
        </Group>
      </Stack>
    );
  }
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="publish-title" data-testid="publish">
      <Stack gap="sm">
        <Title order={2} size="h4" id="publish-title">
          {t('applicationsAdmin:results.readinessTitle')}
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}

/**
 * /admin/application-result: choose an edition; before publication, what is still open and Publish results;
 * after it, the results (counts, charts with tables, distinguished companies, reports) and the edition's seals.
 */
export function ResultsPanel() {
  const t = useTranslate();
  const language = useLanguage();
  const localePath = useLocalePath();
  const editions = useEditionsQuery();
  const current = useCurrentEditionQuery();
  const [edition, selectEdition] = useEditionParam(editions.data, current.data?.id ?? null);

  if (editions.isError && !editions.data) {
    return (
      <Alert color="red.9" variant="light" role="alert" title={t('applicationsAdmin:loadFailed')}>
        <Button size="compact-sm" variant="light" color="red.9" onClick={() => void editions.refetch()}>
          {t('applicationsAdmin:retry')}
        </Button>
      </Alert>
    );
  }
  if (!editions.data || (current.isPending && !current.isError)) {
    return <Skeleton height={36} maw={300} data-testid="results-editions-loading" />;
  }
  if (!edition) {
    return (
      <Alert color="brand" variant="light" data-testid="results-no-edition">
        <Stack gap={6} align="flex-start">
          <Text size="sm">{t('applicationsAdmin:picker.none')}</Text>
          <Anchor component={Link} to={localePath('/admin/diagnosis-config')} size="sm">
            {t('applicationsAdmin:picker.createOne')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <EditionPicker
        editions={editions.data}
        value={edition.id}
        currentId={current.data?.id ?? null}
        onChange={selectEdition}
      />
      {edition.resultsPublishedAt ? (
        <>
          <Alert
            color="brand"
            variant="light"
            icon={<IconCircleCheck aria-hidden="true" />}
            data-testid="results-published"
          >
            {t('applicationsAdmin:results.publishedOn', {
              date: shortDateTime(edition.resultsPublishedAt, language),
            })}
          </Alert>
          <PendingAppeals editionId={edition.id} />
          <ResultsView editionId={edition.id} />
          <SealsPanel editionId={edition.id} />
        </>
      ) : (
        <>
          <PublishPanel key={edition.id} edition={edition} />
          <Text size="sm" c="gray.7">
            {t('applicationsAdmin:results.notPublished')}
          </Text>
        </>
      )}
      <EditionFunnelPanel key={edition.id} editionId={edition.id} />
    </Stack>
  );
}

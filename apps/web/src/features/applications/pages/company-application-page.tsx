import {
  type Application,
  type ApplicationStatus,
  documentLabelKey,
  type Edition,
  isApplicationOpen,
} from '@excelencia/domain';
import { Alert, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useRef } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/language-context.ts';
import { useSignedIn } from '../../../lib/signed-in-context.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { NEUTRAL_GRAY, SUCCESS_GREEN, WARNING_ORANGE } from '../../../ui/colors.ts';
import { LoadFailed } from '../../../ui/load-failed.tsx';
import { notifySuccess } from '../../../ui/notify.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { RoleNote, useCompanyCan } from '../../teams/index.ts';
import { dateText, dateTimeText } from '../components/company-application-format.ts';
import { DocumentSlots, useUploadState } from '../components/company-documents.tsx';
import { EditionPanel, useEditionName } from '../components/company-edition.tsx';
import { EligibilityList } from '../components/company-eligibility.tsx';
import { ApplicationResult } from '../components/company-result.tsx';
import { SubmitPanel } from '../components/company-submit.tsx';
import { useNow } from '../components/public-clock.ts';
import { MessageThread, ThreadToggle } from '../messages/message-thread.tsx';
import {
  useCompanyApplicationQuery,
  useCompanyApplicationsQuery,
  useCreateApplicationMutation,
  useCurrentEditionQuery,
  useEligibilityQuery,
  usePublishedEditionsQuery,
} from '../queries.ts';

/** The appeal of a refused application (docs/adr/0031-appeals.md): its own chunk, loaded only once results are out. */
const CompanyAppeal = lazy(() =>
  import('../appeals/company-appeal.tsx').then((module) => ({ default: module.CompanyAppeal })),
);

const STATUS_COLORS: Record<ApplicationStatus, string> = {
  draft: 'gray.7',
  pending: 'brand',
  evaluated: SUCCESS_GREEN,
  unqualified: 'red.9',
  closed: 'dark.7',
};

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  const t = useTranslate();
  return (
    <Badge color={STATUS_COLORS[status]} variant="filled" data-testid="app-status" data-status={status}>
      {t(`applications:statuses.${status}`)}
    </Badge>
  );
}

function Section({
  id,
  title,
  children,
  testId,
}: {
  id: string;
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      component="section"
      aria-labelledby={id}
      data-testid={testId}
    >
      <Title order={2} size="h3" mb="sm" id={id}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Submitted: when, the receipt, the lock, and when the results come. */
function SubmittedNote({ application, edition }: { application: Application; edition: Edition | null }) {
  const t = useTranslate();
  const language = useLanguage();
  if (application.status === 'draft' || !application.submittedAt) return null;
  return (
    <Stack gap={4} data-testid="app-submitted">
      <Text fw={600}>
        {t('applicationsWeb:status.submittedOn', { date: dateTimeText(application.submittedAt, language) })}
      </Text>
      {application.resultsPublished ? null : (
        <>
          <Text size="sm">{t('applicationsWeb:status.receipt')}</Text>
          <Text size="sm" c="gray.7">
            {t('applicationsWeb:status.locked')}
          </Text>
          <Text size="sm" c="gray.7">
            {edition && edition.id === application.editionId
              ? t('applicationsWeb:status.awaiting', { date: dateText(edition.resultsAt, language) })
              : t('applicationsWeb:status.awaitingSoon')}
          </Text>
        </>
      )}
    </Stack>
  );
}

/** A draft closed unsubmitted when the results were published: on which day, and that nothing can change now. */
function ClosedNote({ application }: { application: Application }) {
  const t = useTranslate();
  const language = useLanguage();
  if (application.status !== 'closed') return null;
  return (
    <Alert
      color={NEUTRAL_GRAY}
      variant="light"
      title={t('applicationsWeb:closed.title')}
      data-testid="app-closed"
    >
      <Text size="sm">
        {t('applicationsWeb:closed.text', {
          date: application.applicationsClosedAt ? dateText(application.applicationsClosedAt, language) : '—',
        })}
      </Text>
    </Alert>
  );
}

/** The application of the current edition: status, result, eligibility, the 8 documents and Submit. */
function CurrentApplication({ initial, edition }: { initial: Application; edition: Edition | null }) {
  const t = useTranslate();
  const one = useCompanyApplicationQuery(initial.companyId, initial.id);
  const application = one.data ?? initial;
  const uploads = useUploadState();
  const draft = application.status === 'draft';
  const reopened = draft && application.reopenedFileType !== null;
  // A viewer reads the thread; its owner and accountant write to the evaluators (RoleNote says so).
  const canWrite = useCompanyCan('prepare');
  return (
    <>
      <Section id="app-current" title={t('applicationsWeb:applicationTitle')} testId="app-current">
        <Stack gap="sm">
          <Group gap="xs">
            <Text c="gray.7">
              {t('applicationsWeb:status.label')}
              {t('common:colon')}
            </Text>
            <ApplicationStatusBadge status={application.status} />
          </Group>
          <SubmittedNote application={application} edition={edition} />
          <ClosedNote application={application} />
          {reopened && application.reopenedFileType !== null ? (
            <Alert
              color={WARNING_ORANGE}
              variant="light"
              title={t('applicationsWeb:returned.title')}
              data-testid="app-returned"
            >
              <Stack gap={4}>
                <Text size="sm">
                  {t('applicationsWeb:returned.text', {
                    document: t(documentLabelKey(application.reopenedFileType)),
                  })}
                </Text>
                {application.returnReason ? (
                  <Text size="sm">
                    {t('applicationsWeb:returned.reason', { reason: application.returnReason })}
                  </Text>
                ) : null}
              </Stack>
            </Alert>
          ) : null}
          <ApplicationResult application={application} />
          {application.resultsPublished && application.decision ? (
            <Suspense fallback={null}>
              <CompanyAppeal application={application} />
            </Suspense>
          ) : null}
        </Stack>
      </Section>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <MessageThread
          scope={{ kind: 'company', companyId: application.companyId, id: application.id }}
          canWrite={canWrite}
        />
      </Paper>
      <Section id="app-eligibility" title={t('applicationsWeb:eligibility.title')} testId="app-eligibility">
        <EligibilityList
          eligibility={application}
          intro={t('applicationsWeb:eligibility.intro', { year: application.indicatorYear })}
          companyId={application.companyId}
        />
      </Section>
      <Section id="app-documents" title={t('applicationsWeb:documents.title')} testId="app-documents">
        <DocumentSlots application={application} uploads={uploads} />
      </Section>
      {draft ? (
        <Section id="app-submit" title={t('applicationsWeb:submit.title')} testId="app-submit-section">
          <SubmitPanel application={application} uploading={uploads.progress.size > 0} />
        </Section>
      ) : null}
    </>
  );
}

/** Before applying: where the indicators of the edition's year stand against the thresholds. */
function EligibilityPreview({ companyId, edition }: { companyId: string; edition: Edition }) {
  const t = useTranslate();
  const eligibility = useEligibilityQuery(companyId, edition.indicatorYear);
  return (
    <Section id="app-eligibility" title={t('applicationsWeb:eligibility.title')} testId="app-eligibility">
      {eligibility.isPending ? (
        <Text c="gray.7">{t('applicationsWeb:loading')}</Text>
      ) : eligibility.isError ? (
        <LoadFailed onRetry={() => void eligibility.refetch()} />
      ) : (
        <EligibilityList
          eligibility={eligibility.data}
          intro={t('applicationsWeb:eligibility.previewIntro', { year: eligibility.data.indicatorYear })}
          companyId={companyId}
          sheetId={eligibility.data.sheets.current?.id ?? null}
        />
      )}
    </Section>
  );
}

function PreviousApplications({ applications }: { applications: Application[] }) {
  const t = useTranslate();
  const language = useLanguage();
  const editionName = useEditionName();
  const published = usePublishedEditionsQuery();
  const names = new Map((published.data ?? []).map((edition) => [edition.id, editionName(edition)]));
  const canWrite = useCompanyCan('prepare');
  return (
    <Section id="app-previous" title={t('applicationsWeb:previous.title')} testId="app-previous">
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {applications.map((application) => (
          <Paper key={application.id} withBorder p="sm" component="li" data-testid="app-previous-row">
            <Stack gap="xs">
              <Group justify="space-between" gap="xs">
                <Text fw={600}>
                  {names.get(application.editionId) ??
                    (application.seal
                      ? editionName({
                          number: application.seal.editionNumber,
                          year: application.seal.editionYear,
                        })
                      : t('applicationsWeb:previous.indicatorsOf', { year: application.indicatorYear }))}
                </Text>
                <ApplicationStatusBadge status={application.status} />
              </Group>
              {application.submittedAt ? (
                <Text size="sm" c="gray.7">
                  {t('applicationsWeb:status.submittedOn', {
                    date: dateText(application.submittedAt, language),
                  })}
                </Text>
              ) : null}
              <ApplicationResult application={application} />
              {application.resultsPublished && application.decision ? (
                <Suspense fallback={null}>
                  <CompanyAppeal application={application} />
                </Suspense>
              ) : null}
              <ThreadToggle
                scope={{ kind: 'company', companyId: application.companyId, id: application.id }}
                canWrite={canWrite}
              />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Section>
  );
}

function ApplicationWorkspace({ companyId }: { companyId: string }) {
  const t = useTranslate();
  const now = useNow(60_000);
  const edition = useCurrentEditionQuery();
  const list = useCompanyApplicationsQuery(companyId);
  const create = useCreateApplicationMutation(companyId);
  // A viewer reads the application; opening it, its documents and its submission are others' (RoleNote says so).
  const canPrepare = useCompanyCan('prepare');
  // A second click before the first answer (a double click) sends nothing: the button's loading state shows
  // only after a render, which a double click does not wait for.
  const applying = useRef(false);
  if (edition.isPending || list.isPending) return <Text c="gray.7">{t('applicationsWeb:loading')}</Text>;
  if (edition.isError || list.isError) {
    return (
      <LoadFailed
        onRetry={() => {
          void edition.refetch();
          void list.refetch();
        }}
      />
    );
  }
  const current = edition.data ? list.data.find((row) => row.editionId === edition.data?.id) : undefined;
  const previous = list.data.filter((row) => row !== current);
  const apply = (editionId: string) => {
    if (applying.current) return;
    applying.current = true;
    create.mutate(editionId, {
      onSuccess: () => notifySuccess(t('applicationsWeb:edition.applied')),
      onError: (error) => {
        // Opened meanwhile (another tab): what the company wanted is there, so show it, with no error.
        if (error instanceof ApiError && error.code === 'already_applied') {
          void list.refetch();
          return;
        }
        notifyApiError(error);
      },
      onSettled: () => {
        applying.current = false;
      },
    });
  };
  return (
    <Stack gap="lg">
      <RoleNote need="prepare" />
      <Section id="app-edition-title" title={t('applicationsWeb:edition.title')}>
        {edition.data ? (
          <EditionPanel
            edition={edition.data}
            now={now}
            canApply={canPrepare && !current && isApplicationOpen(edition.data, now)}
            applying={create.isPending}
            onApply={() => edition.data && apply(edition.data.id)}
          />
        ) : (
          <Text c="gray.7" data-testid="app-no-edition">
            {t('applicationsWeb:edition.none')}
          </Text>
        )}
      </Section>
      {current ? (
        <CurrentApplication key={current.id} initial={current} edition={edition.data} />
      ) : edition.data ? (
        <EligibilityPreview companyId={companyId} edition={edition.data} />
      ) : null}
      {previous.length > 0 ? <PreviousApplications applications={previous} /> : null}
    </Stack>
  );
}

/** /:lang/company/application: the selected company's application to the current edition, and its earlier ones. */
export function CompanyApplicationPage() {
  const t = useTranslate();
  const companyId = useSignedIn().selectedCompany?.id ?? null;
  return (
    <Stack gap="md" maw={1100}>
      {companyId ? (
        <ApplicationWorkspace key={companyId} companyId={companyId} />
      ) : (
        <Text>{t('applicationsWeb:noCompany')}</Text>
      )}
    </Stack>
  );
}

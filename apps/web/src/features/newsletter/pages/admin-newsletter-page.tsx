import {
  CampaignInput,
  type CampaignItem,
  campaignStage,
  formatDisplayDate,
  formatNumber,
  LANGUAGES,
  type Language,
  languageName,
  SUBSCRIBER_STATUSES,
  type SubscriberItem,
} from '@excelencia/domain';
import {
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
  Typography,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  IconArrowLeft,
  IconDeviceFloppy,
  IconMailFast,
  IconPlus,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { API_BASE } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/language-context.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { SUCCESS_GREEN, WARNING_ORANGE } from '../../../ui/colors.ts';
import { confirmAction } from '../../../ui/confirm.tsx';
import { DataTable, type DataTableColumn } from '../../../ui/data-table/data-table.tsx';
import { initialListState, type ListState } from '../../../ui/data-table/list-state.ts';
import { zodResolver } from '../../../ui/form/zod-resolver.ts';
import { notifySuccess } from '../../../ui/notify.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { TrilingualField } from '../../content/components/trilingual-field.tsx';
import { createCampaign, deleteCampaign, sendCampaign, sendTest, updateCampaign } from '../api.ts';
import {
  newsletterKeys,
  useCampaignQuery,
  useCampaignsQuery,
  usePreviewQuery,
  useSubscribersQuery,
} from '../queries.ts';

const STATUS_COLORS = { pending: 'blue.9', confirmed: SUCCESS_GREEN, unsubscribed: 'gray.7' } as const;
const CAMPAIGN_COLORS = {
  draft: 'gray.7',
  sending: 'blue.9',
  delivering: 'blue.9',
  sent: SUCCESS_GREEN,
} as const;

/** /:lang/admin/content-managment/newsletter-content: the subscribers and the campaigns. */
export function AdminNewsletterPage() {
  const t = useTranslate();
  // The signed-in layout shows the page title (the menu item's name).
  const [tab, setTab] = useState<string | null>('subscribers');
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="subscribers" data-testid="tab-subscribers">
          {t('newsletterAdmin:tabs.subscribers')}
        </Tabs.Tab>
        <Tabs.Tab value="campaigns" data-testid="tab-campaigns">
          {t('newsletterAdmin:tabs.campaigns')}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="subscribers">
        <Subscribers />
      </Tabs.Panel>
      <Tabs.Panel value="campaigns">
        <Campaigns />
      </Tabs.Panel>
    </Tabs>
  );
}

function Subscribers() {
  const t = useTranslate();
  const language = useLanguage();
  const [state, setState] = useState<ListState>(() => initialListState('createdAt', 'desc'));
  const onStateChange = useCallback((next: ListState) => setState(next), []);
  const list = useSubscribersQuery(state);
  const when = (value: string | null) => (value ? formatDisplayDate(value, language, { time: true }) : '');
  const columns: DataTableColumn<SubscriberItem>[] = [
    {
      key: 'email',
      label: t('newsletterAdmin:subscribers.email'),
      sortKey: 'email',
      render: (row) => row.email,
    },
    {
      key: 'language',
      label: t('newsletterAdmin:subscribers.language'),
      render: (row) => row.language.toUpperCase(),
    },
    {
      key: 'status',
      label: t('newsletterAdmin:subscribers.status'),
      sortKey: 'status',
      render: (row) => (
        <Badge variant="filled" color={STATUS_COLORS[row.status]}>
          {t(`newsletterAdmin:subscribers.statuses.${row.status}`)}
        </Badge>
      ),
    },
    {
      key: 'createdAt',
      label: t('newsletterAdmin:subscribers.createdAt'),
      sortKey: 'createdAt',
      render: (row) => when(row.createdAt),
    },
    {
      key: 'confirmedAt',
      label: t('newsletterAdmin:subscribers.confirmedAt'),
      sortKey: 'confirmedAt',
      render: (row) => when(row.confirmedAt),
    },
  ];
  return (
    <DataTable
      label={t('newsletterAdmin:subscribers.label')}
      columns={columns}
      state={state}
      onStateChange={onStateChange}
      data={list.data}
      isFetching={list.isFetching}
      error={list.error}
      onRetry={() => void list.refetch()}
      searchPlaceholder={t('newsletterAdmin:subscribers.search')}
      exportPath={`${API_BASE}/newsletter/subscribers/export`}
      exportName="newsletter-subscribers.xlsx"
      toolbar={
        <NativeSelect
          label={t('newsletterAdmin:subscribers.status')}
          data={[
            { value: '', label: t('newsletterAdmin:subscribers.allStatuses') },
            ...SUBSCRIBER_STATUSES.map((value) => ({
              value,
              label: t(`newsletterAdmin:subscribers.statuses.${value}`),
            })),
          ]}
          value={state.filters.status ?? ''}
          onChange={(event) =>
            setState({ ...state, page: 1, filters: { ...state.filters, status: event.currentTarget.value } })
          }
          w={{ base: '100%', xs: 180 }}
          data-testid="subscriber-status"
        />
      }
    />
  );
}

function Campaigns() {
  const [open, setOpen] = useState<string | null>(null);
  if (open)
    return (
      <CampaignScreen id={open === 'new' ? null : open} onBack={() => setOpen(null)} onCreated={setOpen} />
    );
  return <CampaignList onOpen={setOpen} />;
}

function CampaignList({ onOpen }: { onOpen: (id: string) => void }) {
  const t = useTranslate();
  const language = useLanguage();
  const campaigns = useCampaignsQuery();
  return (
    <Stack gap="sm" data-testid="campaign-list">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t('newsletterAdmin:campaigns.label')}
        </Title>
        <Button
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => onOpen('new')}
          data-testid="campaign-new"
        >
          {t('newsletterAdmin:campaigns.new')}
        </Button>
      </Group>
      {campaigns.data && campaigns.data.length === 0 ? (
        <Text c="gray.7">{t('newsletterAdmin:campaigns.empty')}</Text>
      ) : null}
      {campaigns.data && campaigns.data.length > 0 ? (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('newsletterAdmin:campaigns.subject')}</Table.Th>
                <Table.Th>{t('newsletterAdmin:campaigns.status')}</Table.Th>
                <Table.Th>{t('newsletterAdmin:campaigns.counts.total')}</Table.Th>
                <Table.Th>{t('newsletterAdmin:campaigns.counts.sent')}</Table.Th>
                <Table.Th>{t('newsletterAdmin:campaigns.counts.failed')}</Table.Th>
                <Table.Th>{t('newsletterAdmin:campaigns.counts.unsubscribed')}</Table.Th>
                <Table.Th>{t('newsletterAdmin:campaigns.createdAt')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('newsletterAdmin:campaigns.open')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {campaigns.data.map((campaign) => (
                <Table.Tr key={campaign.id} data-testid="campaign-row">
                  <Table.Td>
                    <Group gap={6}>
                      <span>{campaign.subject[language] || campaign.subject.pt}</span>
                      <MissingMarks missing={campaign.missingLanguages} />
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <CampaignStatus campaign={campaign} />
                  </Table.Td>
                  <Table.Td>{formatNumber(campaign.counts.total)}</Table.Td>
                  <Table.Td>{formatNumber(campaign.counts.sent)}</Table.Td>
                  <Table.Td>{formatNumber(campaign.counts.failed)}</Table.Td>
                  <Table.Td>{formatNumber(campaign.counts.unsubscribed)}</Table.Td>
                  <Table.Td>{formatDisplayDate(campaign.createdAt, language)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => onOpen(campaign.id)}
                      data-testid="campaign-open"
                    >
                      {t(
                        campaign.status === 'draft'
                          ? 'newsletterAdmin:campaigns.edit'
                          : 'newsletterAdmin:campaigns.open',
                      )}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}

/** 'Sent' only once the mail server took every queued mail; 'queued, being delivered' until then. */
function CampaignStatus({ campaign }: { campaign: CampaignItem }) {
  const t = useTranslate();
  const stage = campaignStage(campaign);
  return (
    <Badge variant="filled" color={CAMPAIGN_COLORS[stage]} data-testid="campaign-status" data-stage={stage}>
      {t(`newsletterAdmin:campaigns.statuses.${stage}`)}
    </Badge>
  );
}

/** 'EN missing' marks of the languages a campaign lacks (their subscribers get pt). */
function MissingMarks({ missing }: { missing: readonly Language[] }) {
  const t = useTranslate();
  return (
    <>
      {missing.map((language) => (
        <Badge
          key={language}
          size="sm"
          variant="light"
          color={WARNING_ORANGE}
          title={t('newsletterAdmin:campaigns.missing', { language: languageName(language) })}
          data-testid={`campaign-missing-${language}`}
        >
          {t('newsletterAdmin:campaigns.missingShort', { language: language.toUpperCase() })}
        </Badge>
      ))}
    </>
  );
}

interface CampaignValues {
  subject: Record<Language, string>;
  body: Record<Language, string>;
}

const EMPTY = { pt: '', en: '', fr: '' };

function CampaignScreen({
  id,
  onBack,
  onCreated,
}: {
  id: string | null;
  onBack: () => void;
  onCreated: (id: string) => void;
}) {
  const query = useCampaignQuery(id);
  if (id !== null && !query.data) {
    return query.isError ? <Alert color="red.9">{String(query.error)}</Alert> : <Text c="gray.7">…</Text>;
  }
  return (
    <CampaignEditor
      key={query.data ? `${query.data.id}-${query.data.version}` : 'new'}
      campaign={query.data}
      onBack={onBack}
      onCreated={onCreated}
    />
  );
}

function CampaignEditor({
  campaign,
  onBack,
  onCreated,
}: {
  campaign: CampaignItem | undefined;
  onBack: () => void;
  onCreated: (id: string) => void;
}) {
  const t = useTranslate();
  const client = useQueryClient();
  const isDraft = !campaign || campaign.status === 'draft';
  const validate = useMemo(
    () => zodResolver<CampaignValues>(CampaignInput, t, (values) => ({ ...values })),
    [t],
  );
  const form = useForm<CampaignValues>({
    mode: 'controlled',
    initialValues: {
      subject: campaign?.subject ?? { ...EMPTY },
      body: campaign?.body ?? { ...EMPTY },
    },
    validate,
  });
  const refresh = () => client.invalidateQueries({ queryKey: newsletterKeys.campaigns() });
  const save = useMutation({
    mutationFn: (values: CampaignValues) =>
      campaign
        ? updateCampaign(campaign.id, { ...values, version: campaign.version })
        : createCampaign(values),
    onSuccess: async (saved) => {
      notifySuccess(t(campaign ? 'common:updated' : 'common:created'));
      await refresh();
      if (!campaign) onCreated(saved.id);
    },
    onError: (error) => notifyApiError(error),
  });
  return (
    <Stack gap="md" data-testid="campaign-editor">
      <Group justify="space-between">
        <Button
          variant="subtle"
          leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
          onClick={onBack}
        >
          {t('newsletterAdmin:campaigns.back')}
        </Button>
        {campaign ? <CampaignStatus campaign={campaign} /> : null}
      </Group>
      {campaign && campaign.status !== 'draft' ? (
        <Alert color="blue.9">{t('newsletterAdmin:campaigns.readOnly')}</Alert>
      ) : null}
      {isDraft ? (
        <form onSubmit={form.onSubmit((values) => save.mutate(values))}>
          <Stack gap="md">
            <TrilingualField
              form={form}
              path="subject"
              label={t('newsletterAdmin:campaigns.subject')}
              maxLength={200}
            />
            <TrilingualField
              form={form}
              path="body"
              label={t('newsletterAdmin:campaigns.body')}
              kind="rich"
            />
            <Group>
              <Button
                type="submit"
                loading={save.isPending}
                leftSection={<IconDeviceFloppy size={16} aria-hidden="true" />}
                data-testid="campaign-save"
              >
                {t('newsletterAdmin:campaigns.save')}
              </Button>
              {campaign ? <DeleteButton campaign={campaign} onDeleted={onBack} /> : null}
            </Group>
          </Stack>
        </form>
      ) : null}
      {campaign ? (
        <>
          <Preview campaign={campaign} />
          <SendPanel campaign={campaign} dirty={form.isDirty()} />
        </>
      ) : null}
    </Stack>
  );
}

function DeleteButton({ campaign, onDeleted }: { campaign: CampaignItem; onDeleted: () => void }) {
  const t = useTranslate();
  const client = useQueryClient();
  return (
    <Button
      variant="subtle"
      color="red.9"
      leftSection={<IconTrash size={16} aria-hidden="true" />}
      onClick={() =>
        confirmAction({
          title: t('newsletterAdmin:campaigns.delete'),
          message: t('newsletterAdmin:campaigns.deleteConfirm'),
          confirmLabel: t('newsletterAdmin:campaigns.delete'),
          danger: true,
          onConfirm: () =>
            deleteCampaign(campaign.id).then(
              async () => {
                notifySuccess(t('common:deleted'));
                await client.invalidateQueries({ queryKey: newsletterKeys.campaigns() });
                onDeleted();
              },
              (error: unknown) => notifyApiError(error),
            ),
        })
      }
      data-testid="campaign-delete"
    >
      {t('newsletterAdmin:campaigns.delete')}
    </Button>
  );
}

/** The saved campaign as a subscriber of each language gets it (pt where that language is missing). */
function Preview({ campaign }: { campaign: CampaignItem }) {
  const t = useTranslate();
  const [language, setLanguage] = useState<Language>(useLanguage());
  const preview = usePreviewQuery(campaign.id, campaign.version, language);
  return (
    <Paper withBorder p="md" data-testid="campaign-preview">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('newsletterAdmin:campaigns.preview')}
        </Title>
        <SegmentedControl
          value={language}
          onChange={(value) => setLanguage(value as Language)}
          data={LANGUAGES.map((value) => ({ value, label: languageName(value) }))}
          aria-label={t('newsletterAdmin:campaigns.preview')}
        />
      </Group>
      {preview.data ? (
        <Stack gap="xs">
          {preview.data.fallback ? (
            <Alert color={WARNING_ORANGE}>
              {t('newsletterAdmin:campaigns.previewFallback', { language: languageName(language) })}
            </Alert>
          ) : null}
          <Text fw={600} data-testid="preview-subject">
            {preview.data.subject}
          </Text>
          <Typography>
            {/* Cleaned by the server's allow-list when the campaign was saved. */}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised HTML from the server */}
            <div lang={preview.data.language} dangerouslySetInnerHTML={{ __html: preview.data.html }} />
          </Typography>
        </Stack>
      ) : null}
    </Paper>
  );
}

/** Test to oneself, send to everyone, and the progress and counts while and after it is sent. */
function SendPanel({ campaign, dirty }: { campaign: CampaignItem; dirty: boolean }) {
  const t = useTranslate();
  const language = useLanguage();
  const client = useQueryClient();
  const test = useMutation({
    mutationFn: () => sendTest(campaign.id, language),
    onSuccess: (sent) => notifySuccess(t('newsletterAdmin:campaigns.testSent', { email: sent.to })),
    onError: (error) => notifyApiError(error),
  });
  const { counts } = campaign;
  const percent = counts.total > 0 ? Math.round((counts.queued / counts.total) * 100) : 0;
  return (
    <Paper withBorder p="md" data-testid="campaign-send">
      <Stack gap="sm">
        <Group>
          <Button
            variant="default"
            leftSection={<IconMailFast size={16} aria-hidden="true" />}
            loading={test.isPending}
            disabled={dirty}
            onClick={() => test.mutate()}
            data-testid="campaign-test"
          >
            {t('newsletterAdmin:campaigns.test')}
          </Button>
          {campaign.status === 'draft' ? (
            <Button
              leftSection={<IconSend size={16} aria-hidden="true" />}
              disabled={dirty}
              onClick={() =>
                confirmAction({
                  title: t('newsletterAdmin:campaigns.send'),
                  message: t('newsletterAdmin:campaigns.sendConfirm'),
                  confirmLabel: t('newsletterAdmin:campaigns.send'),
                  onConfirm: () =>
                    sendCampaign(campaign.id).then(
                      async () => {
                        notifySuccess(t('newsletterAdmin:campaigns.sendStarted'));
                        await client.invalidateQueries({ queryKey: newsletterKeys.campaigns() });
                      },
                      (error: unknown) => notifyApiError(error),
                    ),
                })
              }
              data-testid="campaign-send-all"
            >
              {t('newsletterAdmin:campaigns.send')}
            </Button>
          ) : null}
        </Group>
        {campaign.status !== 'draft' ? (
          <Stack gap={4}>
            <Text size="sm" id={`progress-${campaign.id}`}>
              {t('newsletterAdmin:campaigns.progress', {
                queued: formatNumber(counts.queued),
                total: formatNumber(counts.total),
              })}
            </Text>
            <Progress
              value={percent}
              aria-labelledby={`progress-${campaign.id}`}
              animated={campaign.status === 'sending'}
              data-testid="campaign-progress"
            />
          </Stack>
        ) : null}
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" data-testid="campaign-counts">
          {(['total', 'sent', 'failed', 'unsubscribed'] as const).map((key) => (
            <Stack key={key} gap={0}>
              <Text size="xs" c="gray.7">
                {t(`newsletterAdmin:campaigns.counts.${key}`)}
              </Text>
              <Text fw={700} data-testid={`count-${key}`}>
                {counts[key]}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        {campaign.sentAt && campaignStage(campaign) === 'sent' ? (
          <Text size="sm" c="gray.7">
            {t('newsletterAdmin:campaigns.sentAt')}
            {t('common:colon')} {formatDisplayDate(campaign.sentAt, language, { time: true })}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

import {
  BROADCAST_APPLICATION_STATES,
  BROADCAST_SUBJECT_MAX,
  type BroadcastApplicationState,
  type BroadcastFilter,
  BroadcastInput,
  type BroadcastItem,
  type BroadcastReach,
  broadcastProgress,
  formatDisplayDate,
  formatNumber,
  type Language,
  localized,
} from '@excelencia/domain';
import {
  Alert,
  Badge,
  Button,
  Fieldset,
  Group,
  NativeSelect,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useLanguage } from '../../../lib/language-context.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { SUCCESS_GREEN } from '../../../ui/colors.ts';
import { confirmAction } from '../../../ui/confirm.tsx';
import { zodResolver } from '../../../ui/form/zod-resolver.ts';
import { notifySuccess } from '../../../ui/notify.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { editionLabel } from '../../applications/edition-label.ts';
import { useEditionsQuery } from '../../applications/queries.ts';
import { usePublicOptions } from '../../companies/options.ts';
import { TrilingualField } from '../../content/components/trilingual-field.tsx';
import { previewBroadcast, sendBroadcast } from '../api.ts';
import { type FilterNames, filterInWords } from '../filter-words.ts';
import { broadcastKeys, useBroadcastsQuery, useReachQuery } from '../queries.ts';

/** How long the filter rests before the reach is counted again. */
export const REACH_DEBOUNCE_MS = 400;
/** The sheet years offered: this year and the six before. */
const SHEET_YEARS = 7;

const STATUS_COLORS = { sending: 'blue.9', sent: SUCCESS_GREEN, failed: 'red.9' } as const;
const EMPTY = { pt: '', en: '', fr: '' };

/** The filter as the form holds it: every select's value a string, '' for any. */
export interface FilterValues {
  editionId: string;
  applicationState: string;
  islandId: string;
  caeSectionId: string;
  sheetYear: string;
  hasSheet: 'yes' | 'no';
}

interface Values {
  subject: Record<Language, string>;
  body: Record<Language, string>;
  filter: FilterValues;
}

const NO_FILTER: FilterValues = {
  editionId: '',
  applicationState: '',
  islandId: '',
  caeSectionId: '',
  sheetYear: '',
  hasSheet: 'yes',
};

/** The form's filter as the API takes it: empty selects left out, the sheet choice only with a year. */
export function toFilter(values: FilterValues): BroadcastFilter {
  return {
    ...(values.editionId ? { editionId: values.editionId } : {}),
    ...(values.applicationState
      ? { applicationState: values.applicationState as BroadcastApplicationState }
      : {}),
    ...(values.islandId ? { islandId: values.islandId } : {}),
    ...(values.caeSectionId ? { caeSectionId: values.caeSectionId } : {}),
    ...(values.sheetYear ? { sheetYear: Number(values.sheetYear), hasSheet: values.hasSheet === 'yes' } : {}),
  };
}

/**
 * /admin/broadcasts: a message in pt, en and fr to the owners and accountants of the companies a filter picks,
 * with a live count of whom it reaches, a confirmation before sending, and the broadcasts sent with their
 * progress and counts (docs/adr/0032-broadcasts.md).
 */
export function AdminBroadcastsPage() {
  const t = useTranslate();
  const language = useLanguage();
  const editions = useEditionsQuery();
  const islands = usePublicOptions('islands', language);
  const sections = usePublicOptions('cae-sections', language);
  const names: FilterNames = {
    editions: editions.data ?? [],
    islands: islands.data ?? [],
    sections: (sections.data ?? []).map((s) => ({ id: s.id, label: s.code ? `${s.code}` : s.label })),
  };
  return (
    <Stack gap="lg">
      <Text c="gray.7">{t('broadcasts:page.intro')}</Text>
      <Compose />
      <Sent names={names} />
    </Stack>
  );
}

function Compose() {
  const t = useTranslate();
  const client = useQueryClient();
  const list = useBroadcastsQuery();
  const busy = (list.data ?? []).some((item) => item.status === 'sending');
  const validate = useMemo(
    () =>
      zodResolver<Values>(BroadcastInput, t, (values) => ({
        subject: values.subject,
        body: values.body,
        filter: toFilter(values.filter),
      })),
    [t],
  );
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { subject: { ...EMPTY }, body: { ...EMPTY }, filter: NO_FILTER },
    validate,
  });
  const bind: Bind = (key) => ({
    value: form.values.filter[key],
    onChange: (event) => form.setFieldValue(`filter.${key}`, event.currentTarget.value),
  });
  const filter = toFilter(form.values.filter);
  const [debounced] = useDebouncedValue(filter, REACH_DEBOUNCE_MS);
  const reach = useReachQuery(debounced);
  const [sending, setSending] = useState(false);
  const sendButton = useRef<HTMLButtonElement>(null);

  // The confirmation counts the filter as it is now (the live count may still wait for its pause).
  const submit = async (values: Values) => {
    const payload = { subject: values.subject, body: values.body, filter: toFilter(values.filter) };
    setSending(true);
    let counts: BroadcastReach;
    try {
      counts = await previewBroadcast(payload.filter);
    } catch (error) {
      notifyApiError(error);
      return;
    } finally {
      // Send is enabled again before the confirmation opens, and has the focus back (it lost it while it
      // counted, disabled), so the confirmation returns the focus to it when it closes.
      flushSync(() => setSending(false));
    }
    sendButton.current?.focus();
    confirmAction({
      title: t('broadcasts:compose.confirmTitle'),
      message: t('broadcasts:compose.confirm', {
        count: counts.recipients,
        companies: t('broadcasts:reach.companies', { count: counts.companies }),
      }),
      confirmLabel: t('broadcasts:compose.send'),
      onConfirm: () => {
        setSending(true);
        return sendBroadcast(payload)
          .then(
            async () => {
              notifySuccess(t('broadcasts:compose.started'));
              form.reset();
              await client.invalidateQueries({ queryKey: broadcastKeys.list() });
            },
            (error: unknown) => notifyApiError(error),
          )
          .finally(() => setSending(false));
      },
    });
  };

  return (
    <Paper withBorder p="md" data-testid="broadcast-compose">
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3">
            {t('broadcasts:compose.title')}
          </Title>
          <FilterFields values={form.values.filter} bind={bind} />
          <Reach reach={reach} />
          <TrilingualField
            form={form}
            path="subject"
            label={t('broadcasts:compose.subject')}
            maxLength={BROADCAST_SUBJECT_MAX}
          />
          <TrilingualField form={form} path="body" label={t('broadcasts:compose.body')} kind="rich" />
          {busy ? (
            <Alert color="blue.9" data-testid="broadcast-busy">
              {t('broadcasts:compose.busy')}
            </Alert>
          ) : null}
          <Group>
            <Button
              ref={sendButton}
              type="submit"
              leftSection={<IconSend size={16} aria-hidden="true" />}
              loading={sending}
              disabled={busy || reach.data?.recipients === 0}
              data-testid="broadcast-send"
            >
              {t('broadcasts:compose.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** One select of the filter bound to the form: its value and what a change does. */
type Bind = (key: keyof FilterValues) => {
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
};

function FilterFields({ values, bind }: { values: FilterValues; bind: Bind }) {
  const t = useTranslate();
  const language = useLanguage();
  const editions = useEditionsQuery();
  const islands = usePublicOptions('islands', language);
  const sections = usePublicOptions('cae-sections', language);
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: SHEET_YEARS }, (_, i) => String(thisYear - i));
  const any = (label: string) => [{ value: '', label }];
  const hasYear = values.sheetYear !== '';
  return (
    <Fieldset legend={t('broadcasts:filter.title')} data-testid="broadcast-filter">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        <NativeSelect
          label={t('broadcasts:filter.edition')}
          data={[
            ...any(t('broadcasts:filter.anyEdition')),
            ...(editions.data ?? []).map((edition) => ({
              value: edition.id,
              label: editionLabel(edition, t),
            })),
          ]}
          data-testid="filter-edition"
          {...bind('editionId')}
        />
        <NativeSelect
          label={t('broadcasts:filter.applicationState')}
          data={[
            ...any(t('broadcasts:filter.anyState')),
            ...BROADCAST_APPLICATION_STATES.map((value) => ({
              value,
              label: t(`broadcasts:filter.states.${value}`),
            })),
          ]}
          data-testid="filter-state"
          {...bind('applicationState')}
        />
        <NativeSelect
          label={t('broadcasts:filter.island')}
          data={[
            ...any(t('broadcasts:filter.anyIsland')),
            ...(islands.data ?? []).map((o) => ({ value: o.id, label: o.label })),
          ]}
          data-testid="filter-island"
          {...bind('islandId')}
        />
        <NativeSelect
          label={t('broadcasts:filter.caeSection')}
          data={[
            ...any(t('broadcasts:filter.anySection')),
            ...(sections.data ?? []).map((o) => ({
              value: o.id,
              label: o.code ? `${o.code} · ${o.label}` : o.label,
            })),
          ]}
          data-testid="filter-section"
          {...bind('caeSectionId')}
        />
        <NativeSelect
          label={t('broadcasts:filter.sheetYear')}
          data={[...any(t('broadcasts:filter.anyYear')), ...years.map((y) => ({ value: y, label: y }))]}
          data-testid="filter-year"
          {...bind('sheetYear')}
        />
        <NativeSelect
          label={t('broadcasts:filter.hasSheet')}
          data={[
            { value: 'yes', label: t('broadcasts:filter.hasSheetYes') },
            { value: 'no', label: t('broadcasts:filter.hasSheetNo') },
          ]}
          disabled={!hasYear}
          data-testid="filter-has-sheet"
          {...bind('hasSheet')}
        />
      </SimpleGrid>
    </Fieldset>
  );
}

/** 'Reaches 3 companies and 5 people.', read out when it changes. */
function Reach({ reach }: { reach: ReturnType<typeof useReachQuery> }) {
  const t = useTranslate();
  let message: string;
  if (reach.isError) message = t('broadcasts:reach.failed');
  else if (!reach.data) message = t('broadcasts:reach.counting');
  else
    message = t('broadcasts:reach.label', {
      companies: t('broadcasts:reach.companies', { count: reach.data.companies }),
      people: t('broadcasts:reach.people', { count: reach.data.recipients }),
    });
  return (
    <Text fw={600} aria-live="polite" data-testid="broadcast-reach" c={reach.isError ? 'red.9' : undefined}>
      {message}
    </Text>
  );
}

function Sent({ names }: { names: FilterNames }) {
  const t = useTranslate();
  const language = useLanguage();
  const list = useBroadcastsQuery();
  return (
    <Stack gap="sm" data-testid="broadcast-list">
      <Title order={2} size="h3">
        {t('broadcasts:list.title')}
      </Title>
      {list.data && list.data.length === 0 ? <Text c="gray.7">{t('broadcasts:list.empty')}</Text> : null}
      {list.data && list.data.length > 0 ? (
        <Table.ScrollContainer minWidth={720}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('broadcasts:list.date')}</Table.Th>
                <Table.Th>{t('broadcasts:list.subject')}</Table.Th>
                <Table.Th>{t('broadcasts:list.audience')}</Table.Th>
                <Table.Th>{t('broadcasts:list.status')}</Table.Th>
                <Table.Th>{t('broadcasts:list.recipients')}</Table.Th>
                <Table.Th>{t('broadcasts:list.delivered')}</Table.Th>
                <Table.Th>{t('broadcasts:list.failed')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((item) => (
                <Table.Tr key={item.id} data-testid="broadcast-row">
                  <Table.Td>{formatDisplayDate(item.createdAt, language, { time: true })}</Table.Td>
                  <Table.Td>{localized(item.subject, language)}</Table.Td>
                  <Table.Td data-testid="broadcast-audience">{filterInWords(item.filter, names, t)}</Table.Td>
                  <Table.Td>
                    <Status item={item} />
                  </Table.Td>
                  <Table.Td>{formatNumber(item.totalRecipients)}</Table.Td>
                  <Table.Td>{formatNumber(item.delivered)}</Table.Td>
                  <Table.Td>{formatNumber(item.failed)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}

/** The status, and while sending the share already queued as a bar. */
function Status({ item }: { item: BroadcastItem }) {
  const t = useTranslate();
  const label = `progress-${item.id}`;
  return (
    <Stack gap={4} miw={140}>
      <Badge variant="filled" color={STATUS_COLORS[item.status]} data-testid="broadcast-status">
        {t(`broadcasts:list.statuses.${item.status}`)}
      </Badge>
      {item.status === 'sending' ? (
        <>
          <Text size="xs" id={label}>
            {t('broadcasts:list.progress', {
              sent: formatNumber(item.sentCount),
              total: formatNumber(item.totalRecipients),
            })}
          </Text>
          <Progress.Root data-testid="broadcast-progress">
            <Progress.Section value={broadcastProgress(item)} animated aria-labelledby={label} />
          </Progress.Root>
        </>
      ) : null}
    </Stack>
  );
}

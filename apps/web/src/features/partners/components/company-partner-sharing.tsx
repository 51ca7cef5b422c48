import type { PartnerConsentItem } from '@excelencia/domain';
import {
  Alert,
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useLanguage } from '../../../lib/language-context.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { LoadFailed } from '../../../ui/load-failed.tsx';
import { notifySuccess } from '../../../ui/notify.ts';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { shortDateTime } from '../../applications/components/results-format.ts';
import {
  useFollowDecisionMutation,
  usePartnerAccessLogQuery,
  usePartnerConsentsQuery,
  useUpdateConsentMutation,
} from '../queries.ts';

const LEVELS = ['status', 'diagnosis'] as const;

/** An entity's request to follow the company: who asked and when, and the company's Accept and Refuse. */
function FollowRequest({
  companyId,
  item,
  canChange,
}: {
  companyId: string;
  item: PartnerConsentItem;
  canChange: boolean;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const decide = useFollowDecisionMutation(companyId);
  const request = item.followRequest;
  if (!request) return null;
  const k = (key: string, params?: Record<string, string>) => t(`partners:consents.${key}`, params);
  const date = shortDateTime(request.requestedAt, language);
  const answer = (accept: boolean) =>
    decide.mutate(
      { id: request.id, body: { accept } },
      {
        onSuccess: () => notifySuccess(k(accept ? 'accepted' : 'refused', { entity: item.name })),
        onError: (error) => notifyApiError(error),
      },
    );
  return (
    <Stack gap={4} mt={4} data-testid="follow-request">
      <Badge variant="light" color="blue.9" size="sm">
        {k('asksToFollow')}
      </Badge>
      <Text size="xs" c="gray.7">
        {request.requestedBy ? k('askedBy', { name: request.requestedBy, date }) : k('askedOn', { date })}
      </Text>
      {canChange ? (
        <Group gap="xs">
          <Button
            size="compact-sm"
            onClick={() => answer(true)}
            loading={decide.isPending && decide.variables?.body.accept === true}
            disabled={decide.isPending}
            aria-label={k('acceptAria', { entity: item.name })}
            data-testid="follow-accept"
          >
            {k('accept')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => answer(false)}
            loading={decide.isPending && decide.variables?.body.accept === false}
            disabled={decide.isPending}
            aria-label={k('refuseAria', { entity: item.name })}
            data-testid="follow-refuse"
          >
            {k('refuse')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

function ConsentRow({
  companyId,
  item,
  canChange,
}: {
  companyId: string;
  item: PartnerConsentItem;
  canChange: boolean;
}) {
  const t = useTranslate();
  const update = useUpdateConsentMutation(companyId);
  const toggle = (level: (typeof LEVELS)[number], on: boolean) =>
    update.mutate(
      { partnerEntityId: item.partnerEntityId, body: { ...item.consent, [level]: on } },
      {
        onSuccess: () => notifySuccess(t('partners:consents.saved')),
        onError: (error) => notifyApiError(error),
      },
    );
  return (
    <Table.Tr data-testid="consent-row" data-code={item.code}>
      <Table.Td>
        <Text size="sm" fw={600}>
          {item.name}
        </Text>
        {item.assists ? (
          <Badge variant="outline" color="brand.9" size="sm" mt={4}>
            {t('partners:consents.assists')}
          </Badge>
        ) : null}
        <FollowRequest companyId={companyId} item={item} canChange={canChange} />
      </Table.Td>
      {LEVELS.map((level) => (
        <Table.Td key={level}>
          <Switch
            checked={item.consent[level]}
            disabled={!canChange || update.isPending}
            onChange={(event) => toggle(level, event.currentTarget.checked)}
            aria-label={t('partners:consents.toggle', {
              level: t(`partners:levels.${level}`),
              entity: item.name,
            })}
            data-testid={`consent-${level}`}
          />
        </Table.Td>
      ))}
    </Table.Tr>
  );
}

function AccessLog({ companyId }: { companyId: string }) {
  const t = useTranslate();
  const language = useLanguage();
  const [page, setPage] = useState(1);
  const query = usePartnerAccessLogQuery(companyId, page);
  const data = query.data;
  const k = (key: string) => t(`partners:log.${key}`);
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} data-testid="partner-access-log">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {k('title')}
        </Title>
        <Text size="sm" c="gray.7">
          {k('intro')}
        </Text>
        {query.isError && !data ? <LoadFailed onRetry={() => void query.refetch()} /> : null}
        {!data && !query.isError ? <Skeleton height={80} /> : null}
        {data && data.total === 0 ? (
          <Text c="gray.7" data-testid="access-log-empty">
            {k('empty')}
          </Text>
        ) : null}
        {data && data.total > 0 ? (
          <>
            <ScrollRegion label={k('title')}>
              <Table striped withTableBorder miw={640}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{k('at')}</Table.Th>
                    <Table.Th>{k('entity')}</Table.Th>
                    <Table.Th>{k('reader')}</Table.Th>
                    <Table.Th>{k('level')}</Table.Th>
                    <Table.Th>{k('via')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((entry) => (
                    <Table.Tr key={entry.id} data-testid="access-log-row" data-level={entry.level}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {shortDateTime(entry.at, language)}
                      </Table.Td>
                      <Table.Td>{entry.partnerEntityName}</Table.Td>
                      <Table.Td>{entry.readerName}</Table.Td>
                      <Table.Td>{t(`partners:levels.${entry.level}`)}</Table.Td>
                      <Table.Td>{entry.via === 'bearer' ? k('viaBearer') : k('viaSession')}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollRegion>
            {data.total > data.pageSize ? (
              <Group justify="flex-end" component="nav" aria-label={t('reference:table.pagination')}>
                <Pagination
                  total={Math.ceil(data.total / data.pageSize)}
                  value={page}
                  onChange={setPage}
                  size="sm"
                  getControlProps={(control) => ({ 'aria-label': t(`reference:table.${control}Page`) })}
                  getItemProps={(item) => ({
                    'aria-label': t('reference:table.goToPage', { page: item }),
                    'aria-current': item === page ? 'page' : undefined,
                  })}
                />
              </Group>
            ) : null}
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * The company profile's sharing with the partner entities that concern it (they assist it, ask to follow it, or
 * hold a consent): two switches per entity (state; self-diagnosis summary), each granted or withdrawn at once, an
 * entity's request to follow the company to accept or refuse, then the log of every partner read. `canChange` is
 * false for an admin.
 */
export function CompanyPartnerSharing({ companyId, canChange }: { companyId: string; canChange: boolean }) {
  const t = useTranslate();
  const query = usePartnerConsentsQuery(companyId);
  const k = (key: string) => t(`partners:consents.${key}`);
  return (
    <Stack gap="md">
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} data-testid="partner-consents">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {k('title')}
          </Title>
          <Text size="sm" c="gray.7">
            {k('intro')}
          </Text>
          {query.data?.some((item) => item.followRequest) ? (
            <Text size="sm" c="gray.7">
              {k('followHint')}
            </Text>
          ) : null}
          {query.isError && !query.data ? <LoadFailed onRetry={() => void query.refetch()} /> : null}
          {!query.data && !query.isError ? <Skeleton height={80} /> : null}
          {query.data && query.data.length === 0 ? (
            <Alert variant="light" data-testid="partner-consents-none">
              {k('none')}
            </Alert>
          ) : null}
          {query.data && query.data.length > 0 ? (
            <ScrollRegion label={k('title')}>
              <Table withTableBorder miw={520}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{k('entity')}</Table.Th>
                    {LEVELS.map((level) => (
                      <Table.Th key={level}>{t(`partners:levels.${level}`)}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {query.data.map((item) => (
                    <ConsentRow
                      key={item.partnerEntityId}
                      companyId={companyId}
                      item={item}
                      canChange={canChange}
                    />
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollRegion>
          ) : null}
        </Stack>
      </Paper>
      <AccessLog companyId={companyId} />
    </Stack>
  );
}

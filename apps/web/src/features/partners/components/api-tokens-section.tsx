import {
  API_TOKEN_DAYS,
  type CreatedPartnerApiToken,
  CreatePartnerApiTokenRequest,
  type PartnerApiToken,
} from '@excelencia/domain';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCopy, IconKey, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { API_BASE } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/language-context.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { NEUTRAL_GRAY, SUCCESS_GREEN } from '../../../ui/colors.ts';
import { confirmAction } from '../../../ui/confirm.tsx';
import { zodResolver } from '../../../ui/form/zod-resolver.ts';
import { LoadFailed } from '../../../ui/load-failed.tsx';
import { notifySuccess } from '../../../ui/notify.ts';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { shortDate, shortDateTime } from '../../applications/components/results-format.ts';
import { useApiTokensQuery, useCreateApiTokenMutation, useRevokeApiTokenMutation } from '../queries.ts';

interface TokenValues {
  name: string;
  days: string;
}

const payload = (values: TokenValues) => ({ name: values.name, days: Number(values.days) });

function stateOf(token: PartnerApiToken, now: number): 'active' | 'revoked' | 'expired' {
  if (token.revokedAt) return 'revoked';
  return new Date(token.expiresAt).getTime() <= now ? 'expired' : 'active';
}

const STATE_COLORS = { active: SUCCESS_GREEN, revoked: 'red.9', expired: NEUTRAL_GRAY } as const;

function NewToken({ created }: { created: CreatedPartnerApiToken }) {
  const t = useTranslate();
  return (
    <Alert color="brand" variant="light" data-testid="api-token-created" title={t('partners:tokens.created')}>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code style={{ overflowWrap: 'anywhere' }} data-testid="api-token-value">
          {created.token}
        </Code>
        <CopyButton value={created.token}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('partners:tokens.copied') : t('partners:tokens.copy')}>
              <ActionIcon variant="light" onClick={copy} aria-label={t('partners:tokens.copy')}>
                <IconCopy size={16} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Alert>
  );
}

/**
 * /users/profile for a partner: the entity's API tokens, made here (shown once), listed with their state and
 * revoked at once.
 */
export function ApiTokensSection() {
  const t = useTranslate();
  const language = useLanguage();
  const tokens = useApiTokensQuery();
  const create = useCreateApiTokenMutation();
  const revoke = useRevokeApiTokenMutation();
  const [created, setCreated] = useState<CreatedPartnerApiToken | null>(null);
  const k = (key: string, params?: Record<string, string | number>) => t(`partners:tokens.${key}`, params);
  const form = useForm<TokenValues>({
    mode: 'controlled',
    initialValues: { name: '', days: '90' },
    validate: zodResolver<TokenValues>(CreatePartnerApiTokenRequest, t, payload),
  });
  const submit = form.onSubmit((values) =>
    create.mutate(CreatePartnerApiTokenRequest.parse(payload(values)), {
      onSuccess: (token) => {
        setCreated(token);
        form.reset();
      },
      onError: (error) => notifyApiError(error),
    }),
  );
  const askRevoke = (token: PartnerApiToken) =>
    confirmAction({
      title: k('revokeTitle'),
      message: k('revokeText', { name: token.name }),
      confirmLabel: k('revokeConfirm'),
      danger: true,
      onConfirm: () =>
        revoke.mutateAsync(token.id).then(
          () => {
            if (created?.id === token.id) setCreated(null);
            notifySuccess(k('revokedNotice'));
          },
          (error: unknown) => notifyApiError(error),
        ),
    });
  const now = Date.now();
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} data-testid="api-tokens">
      <Stack gap="sm">
        <Title order={2} size="h4">
          <IconKey
            size={20}
            aria-hidden="true"
            style={{ verticalAlign: 'text-bottom', marginInlineEnd: 6 }}
          />
          {k('title')}
        </Title>
        <Text size="sm" c="gray.7">
          {k('intro', { docs: `${API_BASE}/docs` })}
        </Text>
        <form onSubmit={submit} noValidate>
          <SimpleGrid cols={{ base: 1, sm: 3 }} style={{ alignItems: 'end' }}>
            <TextInput label={k('name')} required maxLength={100} {...form.getInputProps('name')} />
            <NativeSelect
              label={k('days')}
              data={API_TOKEN_DAYS.map((days) => ({
                value: String(days),
                label: k('daysOption', { count: days }),
              }))}
              {...form.getInputProps('days')}
            />
            <Button type="submit" loading={create.isPending} data-testid="api-token-create">
              {k('create')}
            </Button>
          </SimpleGrid>
        </form>
        {created ? <NewToken created={created} /> : null}
        {tokens.isError && !tokens.data ? <LoadFailed onRetry={() => void tokens.refetch()} /> : null}
        {!tokens.data && !tokens.isError ? <Skeleton height={60} /> : null}
        {tokens.data && tokens.data.length === 0 ? (
          <Text size="sm" c="gray.7">
            {k('empty')}
          </Text>
        ) : null}
        {tokens.data && tokens.data.length > 0 ? (
          <ScrollRegion label={k('title')}>
            <Table striped withTableBorder miw={760} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{k('name')}</Table.Th>
                  <Table.Th>{k('prefix')}</Table.Th>
                  <Table.Th>{k('createdBy')}</Table.Th>
                  <Table.Th>{k('createdAt')}</Table.Th>
                  <Table.Th>{k('expiresAt')}</Table.Th>
                  <Table.Th>{k('lastUsedAt')}</Table.Th>
                  <Table.Th>{k('state')}</Table.Th>
                  <Table.Th pos="relative">
                    <VisuallyHidden>{k('revokeConfirm')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tokens.data.map((token) => {
                  const state = stateOf(token, now);
                  return (
                    <Table.Tr key={token.id} data-testid="api-token-row" data-state={state}>
                      <Table.Td fw={600}>{token.name}</Table.Td>
                      <Table.Td style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>
                        {token.prefix}…
                      </Table.Td>
                      <Table.Td>{token.createdByName}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {shortDate(token.createdAt, language)}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {shortDate(token.expiresAt, language)}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {token.lastUsedAt ? shortDateTime(token.lastUsedAt, language) : '—'}
                      </Table.Td>
                      <Table.Td>
                        <Badge color={STATE_COLORS[state]} variant="filled" miw="max-content">
                          {k(state)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        {state === 'active' ? (
                          <ActionIcon
                            variant="subtle"
                            color="red.9"
                            aria-label={k('revoke', { name: token.name })}
                            onClick={() => askRevoke(token)}
                            data-testid="api-token-revoke"
                          >
                            <IconTrash size={18} aria-hidden="true" />
                          </ActionIcon>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollRegion>
        ) : null}
      </Stack>
    </Paper>
  );
}

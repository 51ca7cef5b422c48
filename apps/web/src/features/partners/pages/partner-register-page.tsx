import type { AssistedCompany } from '@excelencia/domain';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconBuildingPlus, IconEye, IconUserSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLanguage } from '../../../lib/language-context.ts';
import { WARNING_ORANGE } from '../../../ui/colors.ts';
import { LoadFailed } from '../../../ui/load-failed.tsx';
import { ScrollRegion } from '../../../ui/scroll-region.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { shortDate } from '../../applications/components/results-format.ts';
import { PreRegisterForm } from '../../companies/components/pre-register-form.tsx';
import { postAssistedCompany } from '../api.ts';
import { AssistedStateBadge } from '../components/assisted-state-badge.tsx';
import { FollowRequestForm, FollowRequestsList } from '../components/follow-requests.tsx';
import { PartnerCompanyView } from '../components/partner-company-view.tsx';
import { partnerKeys, useAssistedCompaniesQuery } from '../queries.ts';

function ConsentBadges({ company }: { company: AssistedCompany }) {
  const t = useTranslate();
  const { status, diagnosis } = company.consent;
  if (!status && !diagnosis) {
    return (
      <Text size="sm" c="gray.7" data-testid="assisted-consent" data-consent="none">
        {t('partners:register.consentNone')}
      </Text>
    );
  }
  return (
    <Group
      gap={4}
      data-testid="assisted-consent"
      data-consent={[status && 'status', diagnosis && 'diagnosis'].filter(Boolean).join(',')}
    >
      {status ? (
        <Badge variant="outline" color="brand.9">
          {t('partners:register.consentStatus')}
        </Badge>
      ) : null}
      {diagnosis ? (
        <Badge variant="outline" color="brand.9">
          {t('partners:register.consentDiagnosis')}
        </Badge>
      ) : null}
    </Group>
  );
}

function AssistedTable({
  companies,
  onOpen,
}: {
  companies: readonly AssistedCompany[];
  onOpen: (c: AssistedCompany) => void;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const k = (key: string, params?: Record<string, string>) => t(`partners:register.${key}`, params);
  return (
    <ScrollRegion label={k('listTitle')}>
      <Table striped withTableBorder miw={720} data-testid="assisted-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{k('company')}</Table.Th>
            <Table.Th>{k('nif')}</Table.Th>
            <Table.Th>{k('state')}</Table.Th>
            <Table.Th>{k('consent')}</Table.Th>
            <Table.Th>{k('since')}</Table.Th>
            <Table.Th w={56} pos="relative">
              <VisuallyHidden>{k('detail')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {companies.map((c) => (
            <Table.Tr key={c.companyId} data-testid="assisted-row" data-nif={c.nif}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {c.companyName}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{c.nif}</Table.Td>
              <Table.Td>
                <Stack gap={2} align="flex-start" miw="max-content">
                  <AssistedStateBadge state={c.state} />
                  {c.invitationExpired ? (
                    <Text size="xs" c={WARNING_ORANGE}>
                      {k('expired')}
                    </Text>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td>
                <ConsentBadges company={c} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{shortDate(c.assistedSince, language)}</Table.Td>
              <Table.Td>
                <Tooltip label={k('open', { name: c.companyName })}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={k('open', { name: c.companyName })}
                    onClick={() => onOpen(c)}
                    data-testid="assisted-open"
                  >
                    <IconEye size={18} aria-hidden="true" />
                  </ActionIcon>
                </Tooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}

/**
 * /:lang/partner/register: the entity registers (pre-registers and invites) the companies it assists, asks to
 * follow those that registered on their own (by NIF; the company accepts or refuses), and follows them.
 */
export function PartnerRegisterPage() {
  const t = useTranslate();
  const queryClient = useQueryClient();
  const query = useAssistedCompaniesQuery();
  const [registering, setRegistering] = useState(false);
  /** The follow-request drawer, with the NIF it starts on ('' when opened from the page). */
  const [following, setFollowing] = useState<string | null>(null);
  const [open, setOpen] = useState<AssistedCompany | null>(null);
  const k = (key: string) => t(`partners:register.${key}`);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Text maw={720} c="gray.8">
          {k('intro')}
        </Text>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconUserSearch size={18} aria-hidden="true" />}
            onClick={() => setFollowing('')}
            data-testid="follow-add"
          >
            {t('partners:follow.add')}
          </Button>
          <Button
            leftSection={<IconBuildingPlus size={18} aria-hidden="true" />}
            onClick={() => setRegistering(true)}
            data-testid="assisted-add"
          >
            {k('add')}
          </Button>
        </Group>
      </Group>
      <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {k('listTitle')}
          </Title>
          {query.isError && !query.data ? <LoadFailed onRetry={() => void query.refetch()} /> : null}
          {!query.data && !query.isError ? <Skeleton height={120} /> : null}
          {query.data && query.data.length === 0 ? (
            <Alert variant="light" data-testid="assisted-empty">
              {k('empty')}
            </Alert>
          ) : null}
          {query.data && query.data.length > 0 ? (
            <AssistedTable companies={query.data} onOpen={setOpen} />
          ) : null}
          {query.data?.some((c) => !c.consent.status) ? (
            <Text size="sm" c="gray.7">
              {k('stateHidden')}
            </Text>
          ) : null}
        </Stack>
      </Paper>
      <FollowRequestsList />
      <Drawer
        opened={registering}
        onClose={() => setRegistering(false)}
        position="right"
        size="lg"
        title={k('formTitle')}
        closeButtonProps={{ 'aria-label': t('common:close') }}
      >
        {registering ? (
          <PreRegisterForm
            intro={k('formIntro')}
            mutationFn={postAssistedCompany}
            onDone={() => {
              void queryClient.invalidateQueries({ queryKey: partnerKeys.all });
              setRegistering(false);
            }}
            whenNifTaken={(nif) => (
              <Alert variant="light" color="blue.9" data-testid="pre-register-nif-taken">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{t('partners:follow.nifTaken')}</Text>
                  <Button
                    size="compact-sm"
                    variant="light"
                    onClick={() => {
                      setRegistering(false);
                      setFollowing(nif);
                    }}
                    data-testid="pre-register-follow-instead"
                  >
                    {t('partners:follow.askInstead')}
                  </Button>
                </Stack>
              </Alert>
            )}
          />
        ) : null}
      </Drawer>
      <Drawer
        opened={following !== null}
        onClose={() => setFollowing(null)}
        position="right"
        size="md"
        title={t('partners:follow.formTitle')}
        closeButtonProps={{ 'aria-label': t('common:close') }}
      >
        {following !== null ? (
          <FollowRequestForm initialNif={following} onDone={() => setFollowing(null)} />
        ) : null}
      </Drawer>
      <Drawer
        opened={open !== null}
        onClose={() => setOpen(null)}
        position="right"
        size="xl"
        title={open?.companyName}
        closeButtonProps={{ 'aria-label': t('common:close') }}
      >
        {open ? <PartnerCompanyView companyId={open.companyId} /> : null}
      </Drawer>
    </Stack>
  );
}

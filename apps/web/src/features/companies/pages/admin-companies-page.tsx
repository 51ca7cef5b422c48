import type { CompanyListItem, PreRegistrationItem } from '@excelencia/domain';
import { formatDisplayDate } from '@excelencia/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Drawer,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Tabs,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconBuildingPlus, IconMailForward, IconPencil } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { API_BASE } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/language-context.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { SUCCESS_GREEN } from '../../../ui/colors.ts';
import { DataTable, type DataTableColumn } from '../../../ui/data-table/data-table.tsx';
import { initialListState, type ListState, listQueryString } from '../../../ui/data-table/list-state.ts';
import { SelectField } from '../../../ui/form/fields.tsx';
import { notifySuccess } from '../../../ui/notify.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { AdminClosureRequests } from '../../company-data/components/admin-closure-requests.tsx';
import { CompanyMembersList } from '../../teams/components/members-list.tsx';
import {
  fetchAdminCompanies,
  fetchCompany,
  fetchPreRegistrations,
  postPreRegistration,
  putCompanySituation,
  resendPreRegistration,
} from '../api.ts';
import { AdminNameChanges } from '../components/admin-name-changes.tsx';
import { AdminNifConflicts } from '../components/admin-nif-conflicts.tsx';
import { CompanyProfileForm } from '../components/company-form.tsx';
import { PreRegisterForm } from '../components/pre-register-form.tsx';
import {
  type Option,
  toSelectOptions,
  useCompanyTypeOptions,
  usePublicOptions,
  useReferenceOptions,
} from '../options.ts';
import { companyKeys } from '../queries.ts';

/** The tabs besides the companies' list, each named in the address (?tab=pre). */
const TABS = ['pre', 'names', 'closures', 'conflicts'] as const;
const isTab = (value: string | null): value is (typeof TABS)[number] =>
  (TABS as readonly (string | null)[]).includes(value);

/**
 * /:lang/admin/company: companies (list, filters, export, detail, situation), pre-registrations, name changes,
 * requests to close a company's account (features/company-data) and NIF conflicts.
 */
export function AdminCompaniesPage() {
  const t = useTranslate();
  // The tab follows ?tab=pre (or names, conflicts), so the admin dashboard can link to the pre-registrations.
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = isTab(asked) ? asked : 'companies';
  const setTab = (next: string | null) => setParams(isTab(next) ? { tab: next } : {}, { replace: true });
  const [preRegistering, setPreRegistering] = useState(false);
  const queryClient = useQueryClient();
  return (
    <>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="companies" data-testid="tab-companies">
            {t('companies:admin.tabCompanies')}
          </Tabs.Tab>
          <Tabs.Tab value="pre" data-testid="tab-pre-registrations">
            {t('companies:admin.tabPreRegistrations')}
          </Tabs.Tab>
          <Tabs.Tab value="names" data-testid="tab-name-changes">
            {t('companies:admin.tabNameChanges')}
          </Tabs.Tab>
          <Tabs.Tab value="closures" data-testid="tab-closures">
            {t('teamsWeb:closure.admin.tab')}
          </Tabs.Tab>
          <Tabs.Tab value="conflicts" data-testid="tab-nif-conflicts">
            {t('companies:admin.tabConflicts')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="companies">
          <CompaniesList onPreRegister={() => setPreRegistering(true)} />
        </Tabs.Panel>
        <Tabs.Panel value="pre">
          <PreRegistrations onPreRegister={() => setPreRegistering(true)} />
        </Tabs.Panel>
        <Tabs.Panel value="names">
          <AdminNameChanges />
        </Tabs.Panel>
        <Tabs.Panel value="closures">
          <AdminClosureRequests />
        </Tabs.Panel>
        <Tabs.Panel value="conflicts">
          <AdminNifConflicts />
        </Tabs.Panel>
      </Tabs>
      <Drawer.Root
        opened={preRegistering}
        onClose={() => setPreRegistering(false)}
        position="right"
        size="lg"
      >
        <Drawer.Overlay />
        <Drawer.Content>
          <Drawer.Header {...{ component: 'div' }}>
            <Drawer.Title>{t('companies:admin.preRegister')}</Drawer.Title>
            <Drawer.CloseButton aria-label={t('common:close')} />
          </Drawer.Header>
          <Drawer.Body>
            {preRegistering ? (
              <PreRegisterForm
                intro={t('companies:admin.preRegisterIntro')}
                mutationFn={postPreRegistration}
                onDone={() => {
                  void queryClient.invalidateQueries({ queryKey: companyKeys.admin() });
                  setPreRegistering(false);
                  setTab('pre');
                }}
              />
            ) : null}
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
    </>
  );
}

function PreRegisterButton({ onClick }: { onClick: () => void }) {
  const t = useTranslate();
  return (
    <Button
      leftSection={<IconBuildingPlus size={16} aria-hidden="true" />}
      onClick={onClick}
      data-testid="pre-register"
    >
      {t('companies:admin.preRegister')}
    </Button>
  );
}

function FilterSelect({
  label,
  allLabel,
  options,
  value,
  onChange,
}: {
  label: string;
  /** 'All' in the gender of the filter's noun (pt Ilha: Todas, Tipo de empresa: Todos); 'all' when omitted. */
  allLabel?: string;
  options: readonly Option[] | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  const t = useTranslate();
  return (
    <NativeSelect
      label={label}
      data={[{ value: '', label: allLabel ?? t('companies:admin.all') }, ...toSelectOptions(options)]}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      w={{ base: '100%', xs: 180 }}
    />
  );
}

function CompaniesList({ onPreRegister }: { onPreRegister: () => void }) {
  const t = useTranslate();
  const language = useLanguage();
  const [state, setState] = useState<ListState>(() => initialListState('companyName'));
  const onStateChange = useCallback((next: ListState) => setState(next), []);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useQuery({
    queryKey: companyKeys.adminList(state),
    queryFn: ({ signal }) => fetchAdminCompanies(listQueryString(state), signal),
    placeholderData: keepPreviousData,
  });
  const islands = usePublicOptions('islands', language);
  const sections = usePublicOptions('cae-sections', language);
  const types = useCompanyTypeOptions(language);
  const situations = useReferenceOptions('company-situations', language);
  const filter = (name: string) => ({
    value: state.filters[name] ?? '',
    onChange: (value: string) =>
      setState({ ...state, page: 1, filters: { ...state.filters, [name]: value } }),
  });
  const columns: DataTableColumn<CompanyListItem>[] = [
    {
      key: 'companyName',
      label: t('companies:fields.companyName'),
      sortKey: 'companyName',
      render: (c) => c.companyName,
    },
    { key: 'nif', label: t('companies:fields.nif'), sortKey: 'nif', render: (c) => c.nif },
    { key: 'island', label: t('companies:fields.island'), render: (c) => c.island ?? '' },
    {
      key: 'caeSection',
      label: t('companies:fields.caeSection'),
      render: (c) => c.caeSection ?? '',
      // A section's name is long ('Comércio por grosso e a retalho; reparação de veículos…'): room for a few
      // words a line, not one.
      minWidth: '14rem',
    },
    { key: 'companyType', label: t('companies:fields.companyType'), render: (c) => c.companyType ?? '' },
    {
      key: 'situation',
      label: t('companies:fields.companySituation'),
      render: (c) =>
        c.companySituation ? (
          <Badge variant="outline" color="gray.8">
            {c.companySituation}
          </Badge>
        ) : (
          ''
        ),
    },
    {
      key: 'createdAt',
      label: t('companies:fields.createdAt'),
      sortKey: 'createdAt',
      render: (c) => <span style={{ whiteSpace: 'nowrap' }}>{formatDisplayDate(c.createdAt, language)}</span>,
    },
  ];
  return (
    <>
      <DataTable
        label={t('shell:menu.items.companies')}
        columns={columns}
        state={state}
        onStateChange={onStateChange}
        data={list.data}
        isFetching={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        searchPlaceholder={t('companies:admin.searchPlaceholder')}
        exportPath={`${API_BASE}/companies/export`}
        exportName="companies.xlsx"
        primaryAction={<PreRegisterButton onClick={onPreRegister} />}
        toolbar={
          <>
            <FilterSelect
              label={t('companies:fields.island')}
              options={islands.data}
              {...filter('islandId')}
            />
            <FilterSelect
              label={t('companies:fields.caeSection')}
              options={sections.data}
              {...filter('caeSectionId')}
            />
            <FilterSelect
              label={t('companies:fields.companyType')}
              allLabel={t('companies:admin.allTypes')}
              options={types.data}
              {...filter('companyTypeId')}
            />
            <FilterSelect
              label={t('companies:fields.companySituation')}
              options={situations.data}
              {...filter('companySituationId')}
            />
          </>
        }
        rowActions={(company) => (
          <Tooltip label={t('companies:admin.open')}>
            <ActionIcon
              variant="subtle"
              onClick={() => setOpenId(company.id)}
              aria-label={t('companies:admin.openCompany', { company: company.companyName })}
              data-testid="company-open"
            >
              <IconPencil size={18} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        )}
      />
      <Drawer.Root opened={openId !== null} onClose={() => setOpenId(null)} position="right" size="xl">
        <Drawer.Overlay />
        <Drawer.Content>
          <Drawer.Header {...{ component: 'div' }}>
            <Drawer.Title>{t('companies:admin.detail')}</Drawer.Title>
            <Drawer.CloseButton aria-label={t('common:close')} />
          </Drawer.Header>
          <Drawer.Body>
            {openId ? <CompanyDetail id={openId} situations={situations.data} /> : null}
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
    </>
  );
}

function CompanyDetail({ id, situations }: { id: string; situations: readonly Option[] | undefined }) {
  const t = useTranslate();
  const queryClient = useQueryClient();
  const company = useQuery({
    queryKey: companyKeys.one(id),
    queryFn: ({ signal }) => fetchCompany(id, signal),
  });
  const [situation, setSituation] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: (body: { situationId: string; version: number }) =>
      putCompanySituation(id, body.situationId, body.version),
  });
  if (company.isError) return <Text c="red.9">{t('companies:common.loadFailed')}</Text>;
  if (!company.data) return <Text c="gray.7">{t('companies:common.loading')}</Text>;
  const data = company.data;
  const chosen = situation ?? data.companySituationId ?? '';
  return (
    <Stack gap="lg">
      <Title order={3} size="h3">
        {data.companyName}
      </Title>
      <Paper withBorder p="md">
        <Group align="flex-end" gap="sm">
          <SelectField
            label={t('companies:fields.companySituation')}
            options={toSelectOptions(situations)}
            value={chosen}
            onChange={(event: React.ChangeEvent<HTMLSelectElement>) =>
              setSituation(event.currentTarget.value)
            }
            testId="situation-select"
          />
          <Button
            variant="light"
            loading={change.isPending}
            disabled={!chosen || chosen === (data.companySituationId ?? '')}
            data-testid="situation-save"
            onClick={() =>
              change.mutate(
                { situationId: chosen, version: data.version },
                {
                  onSuccess: async () => {
                    notifySuccess(t('common:updated'));
                    setSituation(null);
                    await company.refetch();
                    void queryClient.invalidateQueries({ queryKey: companyKeys.admin() });
                  },
                  onError: (error) => notifyApiError(error, { onReload: () => void company.refetch() }),
                },
              )
            }
          >
            {t('companies:admin.changeSituation')}
          </Button>
        </Group>
      </Paper>
      <CompanyMembersList companyId={data.id} />
      <CompanyProfileForm
        key={`${data.id}:${data.version}`}
        company={data}
        canEditNif
        onSaved={() => void queryClient.invalidateQueries({ queryKey: companyKeys.admin() })}
      />
    </Stack>
  );
}

/** Filled dark shades: white text stays readable (a shade with variant="light" painted light text on it). */
const STATE_COLORS = { pending: 'blue.9', accepted: SUCCESS_GREEN, expired: 'gray.7' } as const;

const PRE_STATES = ['pending', 'accepted', 'expired'] as const;

/** The invitations sent to pre-registered companies: server paging, search (company, NIF, e-mail), state. */
function PreRegistrations({ onPreRegister }: { onPreRegister: () => void }) {
  const t = useTranslate();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [state, setState] = useState<ListState>(() => initialListState());
  const onStateChange = useCallback((next: ListState) => setState(next), []);
  const list = useQuery({
    queryKey: companyKeys.preRegistrationList(state),
    queryFn: ({ signal }) => fetchPreRegistrations(listQueryString(state), signal),
    placeholderData: keepPreviousData,
  });
  const resend = useMutation({ mutationFn: resendPreRegistration });
  const when = (value: string | null | undefined) =>
    value ? formatDisplayDate(value, language, { time: true }) : '';
  const columns: DataTableColumn<PreRegistrationItem>[] = [
    { key: 'companyName', label: t('companies:fields.companyName'), render: (row) => row.companyName },
    { key: 'nif', label: t('companies:fields.nif'), render: (row) => row.nif ?? '' },
    { key: 'email', label: t('companies:form.responsibleEmail'), render: (row) => row.email },
    {
      key: 'state',
      label: t('companies:admin.state'),
      render: (row) => (
        <Badge variant="filled" color={STATE_COLORS[row.state]}>
          {t(`companies:admin.states.${row.state}`)}
        </Badge>
      ),
    },
    { key: 'sentCount', label: t('companies:admin.sentCount'), render: (row) => row.sentCount },
    { key: 'lastSent', label: t('companies:admin.lastSent'), render: (row) => when(row.lastSentAt) },
  ];
  return (
    <Stack gap="sm" data-testid="pre-registrations">
      <DataTable
        label={t('companies:admin.tabPreRegistrations')}
        columns={columns}
        state={state}
        onStateChange={onStateChange}
        data={list.data}
        isFetching={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        searchPlaceholder={t('companies:admin.preSearchPlaceholder')}
        primaryAction={<PreRegisterButton onClick={onPreRegister} />}
        toolbar={
          <NativeSelect
            label={t('companies:admin.state')}
            data={[
              { value: '', label: t('companies:admin.allStates') },
              ...PRE_STATES.map((value) => ({ value, label: t(`companies:admin.states.${value}`) })),
            ]}
            value={state.filters.state ?? ''}
            onChange={(event) =>
              setState({ ...state, page: 1, filters: { ...state.filters, state: event.currentTarget.value } })
            }
            w={{ base: '100%', xs: 160 }}
            data-testid="pre-registration-state"
          />
        }
        rowActions={(row) =>
          row.state !== 'accepted' ? (
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconMailForward size={14} aria-hidden="true" />}
              loading={resend.isPending && resend.variables === row.id}
              aria-label={t('companies:admin.resendTo', { company: row.companyName })}
              onClick={() =>
                resend.mutate(row.id, {
                  onSuccess: () => {
                    notifySuccess(t('companies:admin.invitationSent'));
                    void queryClient.invalidateQueries({ queryKey: companyKeys.preRegistrations() });
                  },
                  onError: (error) => notifyApiError(error),
                })
              }
              data-testid="pre-registration-resend"
            >
              {t('companies:admin.resend')}
            </Button>
          ) : null
        }
      />
    </Stack>
  );
}

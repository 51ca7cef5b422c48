import {
  type CompanyProfile,
  FIELD_LENGTHS,
  formatDisplayDate,
  formatNumberInput,
  numberInputText,
  TURNOVER_INTEGER_DIGITS,
  UpdateCompanyRequest,
} from '@excelencia/domain';
import { Alert, Box, Button, Divider, Group, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/language-context.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { DateField } from '../../../ui/form/date-fields.tsx';
import { NumberField, SelectField, TextField } from '../../../ui/form/fields.tsx';
import { serverFieldErrors, zodResolver } from '../../../ui/form/zod-resolver.ts';
import { notifySuccess } from '../../../ui/notify.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { fetchCompany, updateCompany } from '../api.ts';
import { toSelectOptions, useCompanyTypeOptions, usePublicOptions } from '../options.ts';
import { companyKeys } from '../queries.ts';

export interface CompanyValues {
  companyName: string;
  responsibleName: string;
  email: string;
  phone: string;
  nif: string;
  caeSectionId: string;
  caeDivisionId: string;
  islandId: string;
  cityId: string;
  legalName: string;
  ownerName: string;
  managerName: string;
  establishmentDate: string;
  annualTurnover: string;
  companyTypeId: string;
  employeeCount: number | '';
  contactPhone: string;
  contactEmail: string;
  website: string;
  isListed: boolean;
}

export function companyValues(company: CompanyProfile): CompanyValues {
  return {
    companyName: company.companyName,
    responsibleName: company.responsibleName ?? '',
    email: company.email,
    phone: company.phone ?? '',
    nif: company.nif,
    caeSectionId: company.caeSectionId ?? '',
    caeDivisionId: company.caeDivisionId ?? '',
    islandId: company.islandId ?? '',
    cityId: company.cityId ?? '',
    legalName: company.legalName ?? '',
    ownerName: company.ownerName ?? '',
    managerName: company.managerName ?? '',
    establishmentDate: company.establishmentDate ?? '',
    // As it was typed, in groups of three: '2 500 000.5' for a stored '2500000.50', not '2500000.50' nor
    // '2 500 000.50'.
    annualTurnover: numberInputText(company.annualTurnover),
    companyTypeId: company.companyTypeId ?? '',
    employeeCount: company.employeeCount ?? '',
    contactPhone: company.contactPhone ?? '',
    contactEmail: company.contactEmail ?? '',
    website: company.website ?? '',
    isListed: company.isListed,
  };
}

/** The turnover as typed: its digits, the separator and the cents, and a space between each group of three. */
const TURNOVER_MAX_TYPED = FIELD_LENGTHS.turnover + Math.floor((TURNOVER_INTEGER_DIGITS - 1) / 3);

/** The PUT body: the form without the parent selects, a comma turned into a dot in the turnover. */
export function companyPayload(values: CompanyValues, version: number): UpdateCompanyRequest {
  const { caeSectionId: _section, islandId: _island, ...rest } = values;
  return {
    ...rest,
    annualTurnover: values.annualTurnover.trim().replace(',', '.').replace(/\s/g, ''),
    employeeCount: values.employeeCount === '' ? null : values.employeeCount,
    version,
  };
}

const FIELDS = Object.keys(companyValues({ isListed: false } as CompanyProfile));

/** Whether a saved profile kept other names than the ones sent: the change became a request. */
function nameChangeRequested(sent: CompanyValues, saved: CompanyProfile): boolean {
  if (!saved.pendingNameChange) return false;
  return sent.companyName.trim() !== saved.companyName || (sent.legalName.trim() || null) !== saved.legalName;
}

/** The company's name change waiting for an admin's approval (the profile keeps the current names meanwhile). */
function PendingNameChange({ company }: { company: CompanyProfile }) {
  const t = useTranslate();
  const language = useLanguage();
  const pending = company.pendingNameChange;
  if (!pending) return null;
  return (
    <Alert
      variant="light"
      color="blue.9"
      title={t('companies:profile.namePending')}
      data-testid="name-change-pending"
    >
      <Text size="sm">
        {t('companies:profile.namePendingText', {
          date: formatDisplayDate(pending.requestedAt, language),
          name: pending.toCompanyName,
        })}
      </Text>
      {pending.toLegalName && pending.toLegalName !== company.legalName ? (
        <Text size="sm">{t('companies:profile.namePendingLegal', { name: pending.toLegalName })}</Text>
      ) : null}
    </Alert>
  );
}

/**
 * The company profile (the company's table, its registration fields and its directory listing), for the company's
 * members and for admins (who may change the NIF). The version read is sent back; a stale edit offers Reload.
 */
export function CompanyProfileForm({
  company,
  canEditNif,
  onSaved,
}: {
  company: CompanyProfile;
  canEditNif: boolean;
  onSaved?: (company: CompanyProfile) => void;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [version, setVersion] = useState(company.version);
  // What the server last answered: whether the company holds the status, its pending name change.
  const [latest, setLatest] = useState(company);
  // While the company holds the status a company user's change of its names goes to an admin; the NIF stays.
  const namesNeedApproval = latest.holdsSeal && !canEditNif;
  const isNifEditable = canEditNif && !latest.holdsSeal;
  const form = useForm<CompanyValues>({
    mode: 'controlled',
    initialValues: companyValues(company),
    validate: zodResolver<CompanyValues>(UpdateCompanyRequest, t, (values) =>
      companyPayload(values, version),
    ),
    validateInputOnBlur: true,
  });
  const values = form.getValues();
  const sections = usePublicOptions('cae-sections', language);
  const divisions = usePublicOptions('cae-divisions', language, values.caeSectionId || null);
  const islands = usePublicOptions('islands', language);
  const cities = usePublicOptions('cities', language, values.islandId || null);
  const types = useCompanyTypeOptions(language);
  const save = useMutation({ mutationFn: (body: UpdateCompanyRequest) => updateCompany(company.id, body) });

  const reload = async () => {
    try {
      const fresh = await fetchCompany(company.id);
      form.setValues(companyValues(fresh));
      form.resetDirty();
      form.clearErrors();
      setVersion(fresh.version);
      setLatest(fresh);
    } catch (error) {
      notifyApiError(error);
    }
  };

  const submit = form.onSubmit((formValues) =>
    save.mutate(companyPayload(formValues, version), {
      onSuccess: (saved) => {
        notifySuccess(
          t(
            nameChangeRequested(formValues, saved)
              ? 'companies:profile.nameChangeRequested'
              : 'common:updated',
          ),
        );
        setVersion(saved.version);
        setLatest(saved);
        form.setValues(companyValues(saved));
        form.resetDirty();
        void queryClient.invalidateQueries({ queryKey: companyKeys.all });
        onSaved?.(saved);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.details.length > 0) {
          const { fields } = serverFieldErrors(error.details, (path) => FIELDS.includes(path), t);
          if (Object.keys(fields).length > 0) form.setErrors(fields);
        }
        notifyApiError(error, { onReload: () => void reload() });
      },
    }),
  );

  const parentBinding = (path: 'caeSectionId' | 'islandId', child: 'caeDivisionId' | 'cityId') => {
    const binding = form.getInputProps(path);
    return {
      ...binding,
      onChange: (event: React.ChangeEvent<HTMLSelectElement>) => {
        (binding.onChange as (event: React.ChangeEvent<HTMLSelectElement>) => void)(event);
        form.setFieldValue(child, '');
      },
    };
  };

  return (
    <form onSubmit={submit} noValidate data-testid="company-form">
      <Stack gap="lg">
        <PendingNameChange company={latest} />
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('companies:profile.companyTable')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextField
              label={t('companies:form.legalName')}
              maxLength={FIELD_LENGTHS.name}
              description={namesNeedApproval ? t('companies:profile.nameNeedsApproval') : undefined}
              {...form.getInputProps('legalName')}
            />
            <TextField
              label={t('companies:form.ownerName')}
              maxLength={FIELD_LENGTHS.name}
              {...form.getInputProps('ownerName')}
            />
            <TextField
              label={t('companies:form.managerName')}
              maxLength={FIELD_LENGTHS.name}
              {...form.getInputProps('managerName')}
            />
            <DateField
              label={t('companies:form.establishmentDate')}
              clearable
              {...form.getInputProps('establishmentDate')}
            />
            <TextField
              label={t('companies:form.annualTurnover')}
              description={t('companies:form.annualTurnoverHint')}
              inputMode="decimal"
              maxLength={TURNOVER_MAX_TYPED}
              {...form.getInputProps('annualTurnover')}
              onChange={(event: React.ChangeEvent<HTMLInputElement>) =>
                form.setFieldValue('annualTurnover', formatNumberInput(event.currentTarget.value))
              }
            />
            <SelectField
              label={t('companies:form.companyType')}
              options={toSelectOptions(types.data)}
              testId="select-companyType"
              {...form.getInputProps('companyTypeId')}
            />
            <NumberField
              label={t('companies:form.employeeCount')}
              min={0}
              {...form.getInputProps('employeeCount')}
            />
            <TextField
              label={t('companies:form.contactPhone')}
              type="tel"
              maxLength={FIELD_LENGTHS.phone}
              {...form.getInputProps('contactPhone')}
            />
            <TextField
              label={t('companies:form.contactEmail')}
              type="email"
              maxLength={FIELD_LENGTHS.email}
              {...form.getInputProps('contactEmail')}
            />
            <TextField
              label={t('companies:form.website')}
              type="url"
              placeholder="https://"
              maxLength={FIELD_LENGTHS.companyWebsite}
              {...form.getInputProps('website')}
            />
          </SimpleGrid>
        </Stack>
        <Divider />
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('companies:profile.registration')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextField
              label={t('companies:form.companyName')}
              required
              maxLength={FIELD_LENGTHS.name}
              description={namesNeedApproval ? t('companies:profile.nameNeedsApproval') : undefined}
              {...form.getInputProps('companyName')}
            />
            <TextField
              label={t('companies:form.nif')}
              required
              inputMode="numeric"
              maxLength={FIELD_LENGTHS.nif}
              disabled={!isNifEditable}
              description={
                latest.holdsSeal
                  ? t('companies:profile.nifLockedBySeal')
                  : canEditNif
                    ? undefined
                    : t('companies:profile.nifLocked')
              }
              {...form.getInputProps('nif')}
            />
            <TextField
              label={t('companies:form.responsibleName')}
              required
              maxLength={FIELD_LENGTHS.name}
              {...form.getInputProps('responsibleName')}
            />
            <TextField
              label={t('companies:form.corporateEmail')}
              required
              type="email"
              maxLength={FIELD_LENGTHS.email}
              {...form.getInputProps('email')}
            />
            <TextField
              label={t('companies:form.phone')}
              required
              type="tel"
              maxLength={FIELD_LENGTHS.phone}
              {...form.getInputProps('phone')}
            />
            <Box visibleFrom="sm" aria-hidden="true" />
            <SelectField
              label={t('companies:form.caeSection')}
              required
              options={toSelectOptions(sections.data)}
              {...parentBinding('caeSectionId', 'caeDivisionId')}
            />
            <SelectField
              label={t('companies:form.caeDivision')}
              required
              options={toSelectOptions(divisions.data)}
              {...form.getInputProps('caeDivisionId')}
            />
            <SelectField
              label={t('companies:form.island')}
              required
              options={toSelectOptions(islands.data)}
              {...parentBinding('islandId', 'cityId')}
            />
            <SelectField
              label={t('companies:form.city')}
              required
              options={toSelectOptions(cities.data)}
              {...form.getInputProps('cityId')}
            />
          </SimpleGrid>
        </Stack>
        <Divider />
        <Switch
          {...form.getInputProps('isListed', { type: 'checkbox' })}
          label={t('companies:profile.listMe')}
          description={t('companies:profile.listMeHint')}
          data-testid="company-listed"
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending} data-testid="company-save">
            {t('reference:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

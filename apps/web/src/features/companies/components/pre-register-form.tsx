import { FIELD_LENGTHS, LANGUAGES, type Language, PreRegisterCompanyRequest } from '@excelencia/domain';
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/language-context.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { fieldErrorsOf } from '../../../ui/form/field-errors.ts';
import { SelectField, TextField } from '../../../ui/form/fields.tsx';
import { zodResolver } from '../../../ui/form/zod-resolver.ts';
import { notifySuccess } from '../../../ui/notify.ts';
import { useTranslate } from '../../../ui/use-translate.ts';

interface PreRegisterValues {
  companyName: string;
  nif: string;
  responsibleName: string;
  email: string;
  phone: string;
  language: Language;
}

export function preRegisterPayload(values: PreRegisterValues) {
  const { phone, ...rest } = values;
  return phone.trim() ? { ...rest, phone } : rest;
}

/**
 * A company entered by someone else (an administrator, a partner bank): its responsible person is invited by
 * e-mail. `mutationFn` is the caller's endpoint; `onDone` runs after the invitation went out. `whenNifTaken`
 * shows what else the caller may do once the server answered that a confirmed company holds the NIF (a partner
 * asks to follow it).
 */
export function PreRegisterForm({
  intro,
  mutationFn,
  onDone,
  whenNifTaken,
}: {
  intro: string;
  mutationFn: (body: PreRegisterCompanyRequest) => Promise<unknown>;
  onDone: () => void;
  whenNifTaken?: (nif: string) => ReactNode;
}) {
  const t = useTranslate();
  const language = useLanguage();
  const form = useForm<PreRegisterValues>({
    mode: 'controlled',
    initialValues: { companyName: '', nif: '', responsibleName: '', email: '', phone: '', language },
    validate: zodResolver<PreRegisterValues>(PreRegisterCompanyRequest, t, preRegisterPayload),
    validateInputOnBlur: true,
  });
  const create = useMutation({ mutationFn });
  const [takenNif, setTakenNif] = useState<string | null>(null);
  const submit = form.onSubmit((values) =>
    create.mutate(PreRegisterCompanyRequest.parse(preRegisterPayload(values)), {
      onSuccess: () => {
        notifySuccess(t('companies:admin.invitationSent'));
        onDone();
      },
      onError: (error) => {
        setTakenNif(error instanceof ApiError && error.code === 'nif_taken' ? values.nif.trim() : null);
        const fields = fieldErrorsOf(error, Object.keys(values), t);
        if (fields) form.setErrors(fields);
        else notifyApiError(error);
      },
    }),
  );
  return (
    <form onSubmit={submit} noValidate data-testid="pre-register-form">
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {intro}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField
            label={t('companies:form.companyName')}
            required
            maxLength={FIELD_LENGTHS.name}
            {...form.getInputProps('companyName')}
          />
          <TextField
            label={t('companies:form.nif')}
            required
            inputMode="numeric"
            maxLength={FIELD_LENGTHS.nif}
            {...form.getInputProps('nif')}
          />
          <TextField
            label={t('companies:form.responsibleName')}
            required
            maxLength={FIELD_LENGTHS.name}
            {...form.getInputProps('responsibleName')}
          />
          <TextField
            label={t('companies:form.responsibleEmail')}
            required
            type="email"
            {...form.getInputProps('email')}
          />
          <TextField
            label={t('companies:form.phone')}
            type="tel"
            maxLength={FIELD_LENGTHS.phone}
            {...form.getInputProps('phone')}
          />
          <SelectField
            label={t('companies:form.invitationLanguage')}
            required
            options={LANGUAGES.map((lang) => ({ value: lang, label: t(`common:languages.${lang}`) }))}
            {...form.getInputProps('language')}
          />
        </SimpleGrid>
        {takenNif && whenNifTaken && form.getValues().nif.trim() === takenNif ? whenNifTaken(takenNif) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending} data-testid="pre-register-submit">
            {t('companies:admin.sendInvitation')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

import type { Edition, EditionMilestone } from '@excelencia/domain';
import { Alert, Button, Fieldset, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyApiError } from '../../../ui/api-feedback.tsx';
import { DateTimeField } from '../../../ui/form/date-fields.tsx';
import { NumberField } from '../../../ui/form/fields.tsx';
import { hasFieldPath, serverFieldErrors } from '../../../ui/form/zod-resolver.ts';
import { notifySuccess } from '../../../ui/notify.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { useEditionsQuery, useSaveEditionMutation } from '../queries.ts';
import { EditionSettingsFields } from './admin-edition-settings.tsx';
import {
  type EditionFormValues,
  editionFormValidator,
  editionRequest,
  editionToValues,
  followIndicatorYear,
  newEditionValues,
} from './admin-edition-values.ts';
import { RegulationUpload } from './admin-regulation-upload.tsx';

/** The windows of an edition as the form groups them: registration, applications, evaluation, results. */
const WINDOWS: ReadonlyArray<{ legend: string; milestones: readonly EditionMilestone[] }> = [
  { legend: 'registration', milestones: ['registrationOpensAt', 'registrationClosesAt'] },
  { legend: 'application', milestones: ['applicationOpensAt', 'applicationClosesAt'] },
  { legend: 'evaluation', milestones: ['evaluationStartsAt', 'evaluationEndsAt'] },
  { legend: 'results', milestones: ['resultsAt'] },
];

/** Which field a conflict of the server belongs to. */
const CONFLICT_FIELDS: Readonly<Record<string, readonly (keyof EditionFormValues)[]>> = {
  edition_overlap: ['applicationOpensAt', 'applicationClosesAt'],
  edition_number_taken: ['number'],
};

/**
 * Create or edit an edition: numbers, the seven milestones in day-first date-time fields on Cabo Verde's clock, the shared EditionInput
 * rules on the client (the server's own messages), server conflicts under their fields, then the regulation PDF.
 * A new edition stays open after saving, so its regulation can be uploaded next.
 */
export function EditionForm({
  edition,
  justCreated = false,
  onSaved,
  onClose,
}: {
  edition: Edition | null;
  /** The edition was just created here: the regulation upload comes next, so it is brought into view. */
  justCreated?: boolean;
  /** Called with the stored edition; a created one reopens the form on it. */
  onSaved: (edition: Edition, created: boolean) => void;
  onClose: () => void;
}) {
  const t = useTranslate();
  const editions = useEditionsQuery();
  const save = useSaveEditionMutation();
  const [version, setVersion] = useState(edition?.version ?? 0);
  const locked = edition?.resultsPublishedAt != null;
  const form = useForm<EditionFormValues>({
    mode: 'controlled',
    initialValues: edition ? editionToValues(edition) : newEditionValues(editions.data ?? [], new Date()),
    validate: editionFormValidator(t),
    validateInputOnBlur: true,
  });

  const submit = form.onSubmit((values) => {
    const body = editionRequest(values);
    save.mutate(edition ? { id: edition.id, body: { ...body, version } } : { id: null, body }, {
      onSuccess: (saved) => {
        notifySuccess(t(edition ? 'common:updated' : 'common:created'));
        setVersion(saved.version);
        form.resetDirty();
        onSaved(saved, edition === null);
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          const { fields } = serverFieldErrors(error.details, (path) => hasFieldPath(values, path), t);
          for (const field of CONFLICT_FIELDS[error.code] ?? []) fields[field] = error.message;
          if (Object.keys(fields).length > 0) {
            form.setErrors(fields);
            return;
          }
        }
        notifyApiError(error, { onReload: () => void editions.refetch().then(onClose) });
      },
    });
  });

  const dateField = (milestone: EditionMilestone): ReactNode => {
    const binding = form.getInputProps(milestone);
    return (
      <DateTimeField
        key={milestone}
        label={t(`applications:milestones.${milestone}`)}
        required
        disabled={locked}
        {...binding}
        data-testid={`edition-${milestone}`}
      />
    );
  };

  const yearBinding = form.getInputProps('year');
  return (
    <Stack gap="lg">
      <form onSubmit={submit} noValidate data-testid="edition-form">
        <Stack gap="md">
          {locked ? (
            <Alert color="brand" variant="light" data-testid="edition-locked">
              {t('applicationsAdmin:form.locked')}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" style={{ alignItems: 'end' }}>
            <NumberField
              label={t('applicationsAdmin:form.number')}
              required
              min={1}
              max={999}
              disabled={locked}
              {...form.getInputProps('number')}
              data-testid="edition-number"
            />
            <NumberField
              label={t('applicationsAdmin:form.year')}
              required
              min={2000}
              max={2999}
              thousandSeparator={false}
              disabled={locked}
              {...yearBinding}
              onChange={(next: string | number) => {
                const year = next === '' ? '' : Number(next);
                form.setFieldValue(
                  'indicatorYear',
                  followIndicatorYear(form.values.year, year, form.values.indicatorYear),
                );
                form.setFieldValue('year', year);
              }}
              data-testid="edition-year"
            />
            <NumberField
              label={t('applicationsAdmin:form.indicatorYear')}
              required
              min={2000}
              max={2999}
              disabled={locked}
              {...form.getInputProps('indicatorYear')}
              data-testid="edition-indicator-year"
            />
          </SimpleGrid>
          <Text size="xs" c="gray.7" mt={-8} data-testid="edition-indicator-year-hint">
            {typeof form.values.year === 'number' && form.values.year >= 2000
              ? t('applicationsAdmin:form.indicatorYearHintFor', {
                  year: form.values.year,
                  previous: form.values.year - 1,
                })
              : t('applicationsAdmin:form.indicatorYearHint')}
          </Text>
          {WINDOWS.map((window) => (
            <Fieldset key={window.legend} legend={t(`applicationsAdmin:form.${window.legend}`)}>
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                {window.milestones.map(dateField)}
              </SimpleGrid>
            </Fieldset>
          ))}
          <Text size="xs" c="gray.7">
            {t('applicationsAdmin:form.timeZone')}
          </Text>
          <EditionSettingsFields form={form} disabled={locked} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              {t('common:cancel')}
            </Button>
            {locked ? null : (
              <Button type="submit" loading={save.isPending} data-testid="edition-save">
                {t(edition ? 'applicationsAdmin:form.save' : 'applicationsAdmin:form.saveAndUpload')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
      {edition ? (
        <RegulationUpload
          edition={edition}
          focusOnMount={justCreated}
          onUploaded={(saved) => setVersion(saved.version)}
        />
      ) : (
        <Text size="sm" c="gray.7">
          {t('applicationsAdmin:regulation.saveFirst')}
        </Text>
      )}
    </Stack>
  );
}

import {
  APPLICATION_DOCUMENTS,
  documentLabelKey,
  MAX_APPEAL_DAYS,
  MAX_VALIDITY_DAYS,
  MIN_APPEAL_DAYS,
  MIN_VALIDITY_DAYS,
} from '@excelencia/domain';
import { Fieldset, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { NumberField } from '../../../ui/form/fields.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import type { EditionFormValues } from './admin-edition-values.ts';

/**
 * The edition's appeal period and the validity of each of the eight documents, in days from the issue date; an
 * empty validity is no limit (docs/adr/0030-document-validity.md).
 */
export function EditionSettingsFields({
  form,
  disabled,
}: {
  form: UseFormReturnType<EditionFormValues>;
  disabled: boolean;
}) {
  const t = useTranslate();
  const days = t('documentValidity:settings.days');
  return (
    <Fieldset legend={t('documentValidity:settings.title')} data-testid="edition-settings">
      <Stack gap="sm">
        <NumberField
          label={t('documentValidity:settings.appealDays')}
          min={MIN_APPEAL_DAYS}
          max={MAX_APPEAL_DAYS}
          disabled={disabled}
          rightSection={
            <Text size="xs" c="gray.7">
              {days}
            </Text>
          }
          rightSectionWidth={48}
          {...form.getInputProps('appealDays')}
          data-testid="edition-appeal-days"
        />
        <div>
          <Text size="sm" fw={500}>
            {t('documentValidity:settings.validityTitle')}
          </Text>
          <Text size="xs" c="gray.7">
            {t('documentValidity:settings.validityHint')}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {APPLICATION_DOCUMENTS.map((key, type) => (
            <NumberField
              key={key}
              label={t(documentLabelKey(type))}
              min={MIN_VALIDITY_DAYS}
              max={MAX_VALIDITY_DAYS}
              placeholder={t('documentValidity:columns.noLimit')}
              disabled={disabled}
              rightSection={
                <Text size="xs" c="gray.7">
                  {days}
                </Text>
              }
              rightSectionWidth={48}
              {...form.getInputProps(`documentValidityDays.${type}`)}
              data-testid={`edition-validity-${type}`}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}

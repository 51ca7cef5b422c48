import { LANGUAGES, type Language, languageName } from '@excelencia/domain';
import { Badge, Fieldset, Group, Input, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { WARNING_ORANGE } from '../../../ui/colors.ts';
import type { FieldForm } from '../../../ui/form/fields.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { isBlankText } from './content-values.ts';
import { RichTextField } from './rich-text-field.tsx';

/** The mark of a language whose text is still empty. */
export function MissingBadge({ language }: { language: Language }) {
  const t = useTranslate();
  return (
    <Badge
      size="sm"
      variant="light"
      color={WARNING_ORANGE}
      leftSection={<IconAlertTriangle size={12} aria-hidden="true" />}
      data-testid={`missing-${language}`}
    >
      {t('contentAdmin:missing')}
    </Badge>
  );
}

/** The languages an item still lacks, as short marks (lists): 'EN FR', each with the language's name. */
export function MissingLanguages({ missing }: { missing: readonly Language[] }) {
  const t = useTranslate();
  if (missing.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        {t('contentAdmin:allLanguages')}
      </Text>
    );
  }
  return (
    <Group gap={4} wrap="nowrap" data-testid="missing-languages">
      {missing.map((language) => (
        <Badge
          key={language}
          size="sm"
          variant="light"
          color={WARNING_ORANGE}
          title={t('contentAdmin:missingIn', { language: t(`common:languages.${language}`) })}
          aria-label={t('contentAdmin:missingIn', { language: t(`common:languages.${language}`) })}
        >
          {language.toUpperCase()}
        </Badge>
      ))}
    </Group>
  );
}

export type TrilingualKind = 'text' | 'textarea' | 'rich';

/**
 * One trilingual field {pt, en, fr}: the three languages side by side from `md`, stacked on a phone, each
 * headed by its language's name, with a clear 'Missing' mark on a language left empty. pt is required
 * (the public page falls back to it).
 */
export function TrilingualField({
  form,
  path,
  label,
  kind = 'text',
  maxLength,
  hint,
  required = true,
}: {
  form: FieldForm;
  path: string;
  label: string;
  kind?: TrilingualKind;
  maxLength?: number;
  hint?: ReactNode;
  /** pt required (the default); false for optional texts, where an empty pt is allowed. */
  required?: boolean;
}) {
  const testId = `trilingual-${path}`;
  return (
    <Fieldset legend={label} variant="unstyled" data-testid={testId}>
      {hint ? (
        <Text size="xs" c="gray.7" mb={6}>
          {hint}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
        {LANGUAGES.map((language, _, all) => {
          const binding = form.getInputProps(`${path}.${language}`);
          const value = typeof binding.value === 'string' ? binding.value : '';
          // An optional text left empty in every language is not missing anywhere (as the server counts it).
          const used =
            required ||
            all.some((other) => {
              const text = form.getInputProps(`${path}.${other}`).value;
              return typeof text === 'string' && !isBlankText(text);
            });
          const missing = used && isBlankText(value);
          const mandatory = required && language === 'pt';
          const heading = (
            <Group key={language} gap={6} component="span" wrap="nowrap" display="inline-flex">
              <span>{languageName(language)}</span>
              {missing ? <MissingBadge language={language} /> : null}
            </Group>
          );
          const error = binding.error as ReactNode;
          const id = `${path}-${language}`.replace(/\W/g, '-');
          if (kind === 'rich') {
            return (
              <Stack key={language} gap={4} data-testid={`${testId}-${language}`}>
                <Input.Label id={`${id}-label`} required={mandatory} component="span">
                  {heading}
                </Input.Label>
                <RichTextField
                  value={value}
                  onChange={binding.onChange as (html: string) => void}
                  label={`${label} (${languageName(language)})`}
                  lang={language}
                  invalid={Boolean(error)}
                  testId={`${testId}-${language}-editor`}
                />
                {error ? <Input.Error>{error}</Input.Error> : null}
              </Stack>
            );
          }
          const props = {
            label: heading,
            'aria-label': `${label} (${languageName(language)})`,
            lang: language,
            withAsterisk: mandatory,
            'aria-required': mandatory || undefined,
            maxLength,
            value,
            onChange: binding.onChange as (event: React.ChangeEvent<HTMLElement>) => void,
            onFocus: binding.onFocus as () => void,
            onBlur: binding.onBlur as () => void,
            error,
            'data-testid': `${testId}-${language}`,
          };
          return kind === 'textarea' ? (
            <Textarea key={language} autosize minRows={2} maxRows={10} {...props} />
          ) : (
            <TextInput key={language} {...props} />
          );
        })}
      </SimpleGrid>
    </Fieldset>
  );
}

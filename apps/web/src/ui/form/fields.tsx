import { LANGUAGES, type Language, languageName } from '@excelencia/domain';
import {
  Fieldset,
  NativeSelect,
  NumberInput,
  type NumberInputProps,
  PasswordInput,
  type PasswordInputProps,
  SimpleGrid,
  Switch,
  type SwitchProps,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The shared form controls: a required marker, min/max length, the error text under the field.
 * Each takes Mantine form's `getInputProps(path)` spread in, so values, changes and errors come from the form.
 */

/** What `form.getInputProps(path)` returns (Mantine types these as any). */
export interface InputBinding {
  value?: unknown;
  checked?: unknown;
  onChange: unknown;
  error?: unknown;
  onFocus?: unknown;
  onBlur?: unknown;
}

/** The part of a Mantine form the compound fields use. */
export interface FieldForm {
  getInputProps(path: string, options?: { type?: 'input' | 'checkbox' }): InputBinding;
  errors: Record<string, ReactNode>;
}

type Bound<P> = Omit<P, 'value' | 'onChange' | 'error' | 'checked' | 'onFocus' | 'onBlur'> &
  InputBinding & {
    'data-testid'?: string;
  };

function errorOf(binding: InputBinding): ReactNode {
  return binding.error as ReactNode;
}

export function TextField({
  required,
  minLength,
  maxLength,
  ...props
}: Bound<TextInputProps> & { required?: boolean; minLength?: number; maxLength?: number }) {
  return (
    <TextInput
      {...(props as TextInputProps)}
      withAsterisk={required}
      aria-required={required || undefined}
      minLength={minLength}
      maxLength={maxLength}
      error={errorOf(props)}
    />
  );
}

export function PasswordField({ required, ...props }: Bound<PasswordInputProps> & { required?: boolean }) {
  return (
    <PasswordInput
      {...(props as PasswordInputProps)}
      withAsterisk={required}
      aria-required={required || undefined}
      autoComplete="new-password"
      error={errorOf(props)}
    />
  );
}

/** Whole numbers by default; an empty input is '' (the form turns it into null or rejects it). */
export function NumberField({
  required,
  decimals = false,
  ...props
}: Bound<NumberInputProps> & { required?: boolean; decimals?: boolean }) {
  return (
    <NumberInput
      {...(props as NumberInputProps)}
      withAsterisk={required}
      aria-required={required || undefined}
      allowDecimal={decimals}
      allowNegative={false}
      error={errorOf(props)}
    />
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A native select whose first option is the empty '- Select -' (docs/adr/0006). A disabled one shows no error:
 * nothing can be fixed there yet (a division before its section is chosen); the form keeps the error, shown once it
 * is enabled.
 */
export function SelectField({
  label,
  description,
  options,
  required,
  disabled,
  value,
  onChange,
  error,
  onFocus,
  onBlur,
  testId,
}: InputBinding & {
  label: string;
  description?: ReactNode;
  options: readonly SelectOption[];
  required?: boolean;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      label={label}
      description={description}
      withAsterisk={required}
      aria-required={required || undefined}
      data={[{ value: '', label: t('common:select') }, ...options]}
      value={typeof value === 'string' ? value : ''}
      onChange={onChange as (event: React.ChangeEvent<HTMLSelectElement>) => void}
      onFocus={onFocus as () => void}
      onBlur={onBlur as () => void}
      disabled={disabled}
      error={disabled ? undefined : (error as ReactNode)}
      data-testid={testId}
    />
  );
}

/** Bind with `form.getInputProps(path, { type: 'checkbox' })`. */
export function SwitchField(props: Bound<SwitchProps>) {
  const { checked, error, ...rest } = props;
  return <Switch {...(rest as SwitchProps)} checked={Boolean(checked)} error={error as ReactNode} />;
}

/**
 * LocalizedText `{pt, en, fr}`: the three languages side by side from `md`, stacked on phones, each labelled
 * with its own name (Português, English, Français); pt is required.
 */
export function LocalizedTextField({
  form,
  path,
  label,
  multiline = false,
  maxLength = 500,
  hint,
}: {
  form: FieldForm;
  path: string;
  label: string;
  multiline?: boolean;
  maxLength?: number;
  hint?: string;
}) {
  const testId = `localized-${path}`;
  return (
    <Fieldset legend={label} variant="unstyled" data-testid={testId}>
      {hint ? (
        <Text size="xs" c="gray.7" mb={6}>
          {hint}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
        {LANGUAGES.map((language: Language) => {
          const binding = form.getInputProps(`${path}.${language}`);
          const common = {
            label: languageName(language),
            lang: language,
            withAsterisk: language === 'pt',
            'aria-required': language === 'pt' || undefined,
            maxLength,
            value: typeof binding.value === 'string' ? binding.value : '',
            onChange: binding.onChange as (event: React.ChangeEvent<HTMLElement>) => void,
            onFocus: binding.onFocus as () => void,
            onBlur: binding.onBlur as () => void,
            error: binding.error as ReactNode,
            'data-testid': `${testId}-${language}`,
          };
          return multiline ? (
            <Textarea key={language} autosize minRows={2} maxRows={8} {...common} />
          ) : (
            <TextInput key={language} {...common} />
          );
        })}
      </SimpleGrid>
    </Fieldset>
  );
}

/** SNCRF account codes or prefixes as tags (digits only; non-digits are dropped as they are typed). */
export function AccountCodesField({
  form,
  path,
  label,
  description,
}: {
  form: FieldForm;
  path: string;
  label: string;
  description?: string;
}) {
  const binding = form.getInputProps(path);
  const value = Array.isArray(binding.value) ? (binding.value as string[]) : [];
  const onChange = binding.onChange as (next: string[]) => void;
  const error =
    binding.error ??
    Object.entries(form.errors).find(([key]) => key.startsWith(`${path}.`))?.[1] ??
    undefined;
  return (
    <TagsInput
      label={label}
      description={description}
      value={value}
      onChange={(next) => onChange([...new Set(next.map((code) => code.replace(/\D/g, '')).filter(Boolean))])}
      splitChars={[',', ' ', ';']}
      // Enter adds the typed code; it never submits the surrounding form.
      onKeyDown={(event) => {
        if (event.key === 'Enter') event.preventDefault();
      }}
      acceptValueOnBlur
      clearable
      error={error as ReactNode}
      data-testid={`tags-${path}`}
    />
  );
}

import {
  EMPTY_LOCALIZED_TEXT,
  FIELD_LENGTHS,
  type Language,
  type LocalizedText,
  localized,
  ParentSummary,
} from '@excelencia/domain';
import { Text } from '@mantine/core';
import type { DataTableColumn } from '../../../ui/data-table/data-table.tsx';
import { type FieldForm, LocalizedTextField, SwitchField, TextField } from '../../../ui/form/fields.tsx';
import type { Translate } from '../../../ui/form/zod-resolver.ts';
import type { ItemSchema } from '../api.ts';
import type { OptionItem } from '../components/parent-select.tsx';
import { ActiveBadge } from '../components/reference-resource-page.tsx';

/** Building blocks shared by the reference screens' configs. */

export const parentOptions: ItemSchema<OptionItem> = ParentSummary;

export interface Coded {
  code: string;
  description: LocalizedText;
}

export function codeColumn<T extends { code: string }>(t: Translate): DataTableColumn<T> {
  return {
    key: 'code',
    label: t('reference:fields.code'),
    sortKey: 'code',
    width: 120,
    render: (item) => (
      <Text fw={600} size="sm" ff="monospace">
        {item.code}
      </Text>
    ),
  };
}

export function descriptionColumn<T extends { description: LocalizedText }>(
  t: Translate,
  language: Language,
  key: 'description' | 'recommendation' = 'description',
): DataTableColumn<T> {
  return {
    key,
    label: t(`reference:fields.${key}`),
    sortKey: key === 'description' ? 'description' : undefined,
    render: (item) => localized(item.description, language),
  };
}

export function activeColumn<T extends { isActive: boolean }>(
  t: Translate,
  sortable = true,
): DataTableColumn<T> {
  return {
    key: 'isActive',
    label: t('reference:fields.status'),
    sortKey: sortable ? 'isActive' : undefined,
    width: 110,
    render: (item) => <ActiveBadge active={item.isActive} />,
  };
}

export function parentColumn<T>(
  t: Translate,
  language: Language,
  options: { key: string; labelKey: string; sortKey?: string; parent: (item: T) => Coded },
): DataTableColumn<T> {
  return {
    key: options.key,
    label: t(options.labelKey),
    sortKey: options.sortKey,
    render: (item) => {
      const parent = options.parent(item);
      return `${parent.code} — ${localized(parent.description, language)}`;
    },
  };
}

export function CodeField({ form, t }: { form: FieldForm; t: Translate }) {
  return (
    <TextField
      {...form.getInputProps('code')}
      label={t('reference:fields.code')}
      required
      maxLength={FIELD_LENGTHS.code}
      w={{ base: '100%', sm: 240 }}
      data-testid="field-code"
    />
  );
}

export function DescriptionField({
  form,
  t,
  path = 'description',
  multiline = false,
}: {
  form: FieldForm;
  t: Translate;
  path?: 'description' | 'recommendation';
  multiline?: boolean;
}) {
  return (
    <LocalizedTextField
      form={form}
      path={path}
      label={t(`reference:fields.${path}`)}
      multiline={multiline}
      hint={t('reference:form.localizedHint')}
    />
  );
}

export function ActiveField({ form, t }: { form: FieldForm; t: Translate }) {
  return (
    <SwitchField
      {...form.getInputProps('isActive', { type: 'checkbox' })}
      label={t('reference:fields.isActive')}
      data-testid="field-isActive"
    />
  );
}

export const emptyText = (): LocalizedText => ({ ...EMPTY_LOCALIZED_TEXT });

/** `{pt, en, fr}` copied (the form edits its own copy). */
export const copyText = (text: LocalizedText): LocalizedText => ({ pt: text.pt, en: text.en, fr: text.fr });

/** A whole-number input's value ('' while empty) as sent: NaN makes the schema report the field. */
export function wholeNumber(value: number | string): number {
  return value === '' ? Number.NaN : Number(value);
}

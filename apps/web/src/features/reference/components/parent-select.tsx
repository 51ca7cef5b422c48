import { type LocalizedText, localized } from '@excelencia/domain';
import { useLanguage } from '../../../lib/language-context.ts';
import { type InputBinding, SelectField } from '../../../ui/form/fields.tsx';
import type { ItemSchema } from '../api.ts';
import { useResourceOptionsQuery } from '../queries.ts';

/** A parent row as a select option: code and description (or name, for partner entities). */
export interface OptionItem {
  id: string;
  code: string;
  description: LocalizedText;
  name?: string;
}

export function optionLabel(option: OptionItem, language: Parameters<typeof localized>[1]): string {
  return `${option.code} — ${option.name ?? localized(option.description, language)}`;
}

/** The parent of a record (island of a city, ...), chosen among the parent resource's rows. */
export function ParentSelectField({
  resource,
  schema,
  label,
  binding,
  testId,
}: {
  resource: string;
  schema: ItemSchema<OptionItem>;
  label: string;
  binding: InputBinding;
  testId?: string;
}) {
  const language = useLanguage();
  const options = useResourceOptionsQuery(resource, schema);
  return (
    <SelectField
      {...binding}
      label={label}
      required
      options={(options.data ?? []).map((option) => ({
        value: option.id,
        label: optionLabel(option, language),
      }))}
      testId={testId}
    />
  );
}

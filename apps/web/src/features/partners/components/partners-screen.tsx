import {
  CreatePartnerRequest,
  FIELD_LENGTHS,
  PartnerEntityItem,
  PartnerItem,
  UpdatePartnerRequest,
} from '@excelencia/domain';
import { SimpleGrid } from '@mantine/core';
import { currentLanguage } from '../../../lib/i18n.ts';
import { SelectField, TextField } from '../../../ui/form/fields.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import type { ItemSchema } from '../../reference/api.ts';
import { type OptionItem, ParentSelectField } from '../../reference/components/parent-select.tsx';
import type { FieldsProps, ResourceScreenConfig } from '../../reference/components/resource-config.ts';
import { activeColumn } from '../../reference/screens/shared.tsx';
import {
  type AccountValues,
  IdentityFields,
  languageColumn,
  languageOptions,
} from '../../users/components/users-screen.tsx';

type PartnerValues = AccountValues & { partnerEntityId: string };

const partnerEntityOptions: ItemSchema<OptionItem> = PartnerEntityItem;

function PartnerFields({ form, mode }: FieldsProps<PartnerItem, PartnerValues>) {
  const t = useTranslate();
  return (
    <>
      <ParentSelectField
        resource="partner-entities"
        schema={partnerEntityOptions}
        label={t('reference:fields.partnerEntity')}
        binding={form.getInputProps('partnerEntityId')}
        testId="field-partnerEntityId"
      />
      {mode === 'create' ? (
        <IdentityFields form={form} mode={mode} />
      ) : (
        <>
          <TextField
            {...form.getInputProps('name')}
            label={t('reference:fields.name')}
            required
            maxLength={FIELD_LENGTHS.name}
            data-testid="field-name"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextField
              {...form.getInputProps('email')}
              label={t('reference:fields.email')}
              readOnly
              description={t('reference:form.emailFixed')}
            />
            <SelectField
              {...form.getInputProps('language')}
              label={t('reference:fields.language')}
              required
              options={languageOptions()}
              testId="field-language"
            />
          </SimpleGrid>
        </>
      )}
    </>
  );
}

/**
 * The admin's screen of the partner users, each of a partner entity (/admin/partners, served by the server's
 * partners area), shown by the reference screens' generic page (docs/adr/0006).
 */
export const partners: ResourceScreenConfig<PartnerItem, PartnerValues> = {
  resource: 'partners',
  itemSchema: PartnerItem,
  createSchema: CreatePartnerRequest,
  updateSchema: UpdatePartnerRequest,
  columns: (t) => [
    { key: 'name', label: t('reference:fields.name'), sortKey: 'name', render: (item) => item.name },
    { key: 'email', label: t('reference:fields.email'), sortKey: 'email', render: (item) => item.email },
    {
      key: 'partnerEntity',
      label: t('reference:fields.partnerEntity'),
      sortKey: 'partnerEntity',
      render: (item) => `${item.partnerEntity.code} — ${item.partnerEntity.name}`,
    },
    languageColumn(t),
    activeColumn(t, false),
  ],
  defaultSort: 'name',
  filters: [
    {
      param: 'partnerEntityId',
      labelKey: 'reference:fields.partnerEntity',
      resource: 'partner-entities',
      schema: partnerEntityOptions,
    },
  ],
  hasActiveFilter: true,
  searchPlaceholderKey: 'reference:table.searchPeople',
  emptyValues: (filters) => ({
    name: '',
    email: '',
    language: currentLanguage(),
    password: '',
    partnerEntityId: filters.partnerEntityId ?? '',
  }),
  toValues: (item) => ({
    name: item.name,
    email: item.email,
    language: item.language,
    password: '',
    partnerEntityId: item.partnerEntityId,
  }),
  toPayload: (values, mode) =>
    mode === 'create'
      ? { ...values }
      : { name: values.name, language: values.language, partnerEntityId: values.partnerEntityId },
  Fields: PartnerFields,
  itemName: (item) => item.name,
  activation: 'post',
  deactivateTextKey: 'reference:confirm.deactivateUserText',
  formSize: 'lg',
};

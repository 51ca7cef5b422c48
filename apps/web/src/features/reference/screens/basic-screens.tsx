import {
  CaeDivisionInput,
  CaeDivisionItem,
  CaeDivisionUpdate,
  CityInput,
  CityItem,
  CityUpdate,
  CriterionTypeInput,
  CriterionTypeItem,
  CriterionTypeUpdate,
  EmployeeRangeInput,
  EmployeeRangeItem,
  EmployeeRangeUpdate,
  FIELD_LENGTHS,
  type LocalizedText,
  localized,
  PartnerEntityInput,
  PartnerEntityItem,
  PartnerEntityUpdate,
  SimpleReferenceInput,
  SimpleReferenceItem,
  SimpleReferenceUpdate,
} from '@excelencia/domain';
import { Group, SimpleGrid } from '@mantine/core';
import { NumberField, TextField } from '../../../ui/form/fields.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { ParentSelectField } from '../components/parent-select.tsx';
import type { FieldsProps, ResourceScreenConfig } from '../components/resource-config.ts';
import {
  ActiveField,
  activeColumn,
  CodeField,
  codeColumn,
  copyText,
  DescriptionField,
  descriptionColumn,
  emptyText,
  parentColumn,
  parentOptions,
  wholeNumber,
} from './shared.tsx';

// ---- simple resources: code, description, active ------------------------------------------------------------

type SimpleValues = { code: string; description: LocalizedText; isActive: boolean };

function SimpleFields({ form }: FieldsProps<SimpleReferenceItem, SimpleValues>) {
  const t = useTranslate();
  return (
    <>
      <CodeField form={form} t={t} />
      <DescriptionField form={form} t={t} />
      <ActiveField form={form} t={t} />
    </>
  );
}

function simpleScreen(resource: string): ResourceScreenConfig<SimpleReferenceItem, SimpleValues> {
  return {
    resource,
    itemSchema: SimpleReferenceItem,
    createSchema: SimpleReferenceInput,
    updateSchema: SimpleReferenceUpdate,
    columns: (t, language) => [codeColumn(t), descriptionColumn(t, language), activeColumn(t)],
    defaultSort: 'code',
    hasActiveFilter: true,
    emptyValues: () => ({ code: '', description: emptyText(), isActive: true }),
    toValues: (item) => ({
      code: item.code,
      description: copyText(item.description),
      isActive: item.isActive,
    }),
    toPayload: (values) => ({ ...values }),
    Fields: SimpleFields,
    itemName: (item, language) => `${item.code} — ${localized(item.description, language)}`,
    activation: 'put',
    formSize: 'xl',
  };
}

export const companyTypes = simpleScreen('company-types');
export const companySituations = simpleScreen('company-situations');
export const partnerTypes = simpleScreen('partner-types');
export const islands = simpleScreen('islands');
export const caeSections = simpleScreen('cae-sections');

// ---- cities (of an island), CAE divisions (of a section) ------------------------------------------------------

type CityValues = SimpleValues & { islandId: string };

function CityFields({ form }: FieldsProps<CityItem, CityValues>) {
  const t = useTranslate();
  return (
    <>
      <ParentSelectField
        resource="islands"
        schema={parentOptions}
        label={t('reference:fields.island')}
        binding={form.getInputProps('islandId')}
        testId="field-islandId"
      />
      <CodeField form={form} t={t} />
      <DescriptionField form={form} t={t} />
      <ActiveField form={form} t={t} />
    </>
  );
}

export const cities: ResourceScreenConfig<CityItem, CityValues> = {
  resource: 'cities',
  itemSchema: CityItem,
  createSchema: CityInput,
  updateSchema: CityUpdate,
  columns: (t, language) => [
    codeColumn(t),
    descriptionColumn(t, language),
    parentColumn(t, language, {
      key: 'island',
      labelKey: 'reference:fields.island',
      sortKey: 'island',
      parent: (item) => item.island,
    }),
    activeColumn(t),
  ],
  defaultSort: 'code',
  filters: [
    { param: 'islandId', labelKey: 'reference:fields.island', resource: 'islands', schema: parentOptions },
  ],
  hasActiveFilter: true,
  emptyValues: (filters) => ({
    code: '',
    description: emptyText(),
    isActive: true,
    islandId: filters.islandId ?? '',
  }),
  toValues: (item) => ({
    code: item.code,
    description: copyText(item.description),
    isActive: item.isActive,
    islandId: item.islandId,
  }),
  toPayload: (values) => ({ ...values }),
  Fields: CityFields,
  itemName: (item, language) => `${item.code} — ${localized(item.description, language)}`,
  activation: 'put',
};

type DivisionValues = SimpleValues & { sectionId: string };

function DivisionFields({ form }: FieldsProps<CaeDivisionItem, DivisionValues>) {
  const t = useTranslate();
  return (
    <>
      <ParentSelectField
        resource="cae-sections"
        schema={parentOptions}
        label={t('reference:fields.section')}
        binding={form.getInputProps('sectionId')}
        testId="field-sectionId"
      />
      <CodeField form={form} t={t} />
      <DescriptionField form={form} t={t} multiline />
      <ActiveField form={form} t={t} />
    </>
  );
}

export const caeDivisions: ResourceScreenConfig<CaeDivisionItem, DivisionValues> = {
  resource: 'cae-divisions',
  itemSchema: CaeDivisionItem,
  createSchema: CaeDivisionInput,
  updateSchema: CaeDivisionUpdate,
  columns: (t, language) => [
    codeColumn(t),
    descriptionColumn(t, language),
    parentColumn(t, language, {
      key: 'section',
      labelKey: 'reference:fields.section',
      sortKey: 'section',
      parent: (item) => item.section,
    }),
    activeColumn(t),
  ],
  defaultSort: 'code',
  filters: [
    {
      param: 'sectionId',
      labelKey: 'reference:fields.section',
      resource: 'cae-sections',
      schema: parentOptions,
    },
  ],
  hasActiveFilter: true,
  emptyValues: (filters) => ({
    code: '',
    description: emptyText(),
    isActive: true,
    sectionId: filters.sectionId ?? '',
  }),
  toValues: (item) => ({
    code: item.code,
    description: copyText(item.description),
    isActive: item.isActive,
    sectionId: item.sectionId,
  }),
  toPayload: (values) => ({ ...values }),
  Fields: DivisionFields,
  itemName: (item, language) => `${item.code} — ${localized(item.description, language)}`,
  activation: 'put',
};

// ---- employee ranges ------------------------------------------------------------------------------------------

type RangeValues = SimpleValues & { minEmployees: number | string; maxEmployees: number | string };

function RangeFields({ form }: FieldsProps<EmployeeRangeItem, RangeValues>) {
  const t = useTranslate();
  return (
    <>
      <CodeField form={form} t={t} />
      <DescriptionField form={form} t={t} />
      <Group grow align="flex-start">
        <NumberField
          {...form.getInputProps('minEmployees')}
          label={t('reference:fields.minEmployees')}
          required
          min={0}
          data-testid="field-minEmployees"
        />
        <NumberField
          {...form.getInputProps('maxEmployees')}
          label={t('reference:fields.maxEmployees')}
          description={t('reference:form.openEnded')}
          min={0}
          data-testid="field-maxEmployees"
        />
      </Group>
      <ActiveField form={form} t={t} />
    </>
  );
}

export const employeeRanges: ResourceScreenConfig<EmployeeRangeItem, RangeValues> = {
  resource: 'employee-ranges',
  itemSchema: EmployeeRangeItem,
  createSchema: EmployeeRangeInput,
  updateSchema: EmployeeRangeUpdate,
  columns: (t, language) => [
    codeColumn(t),
    descriptionColumn(t, language),
    {
      key: 'employees',
      label: t('reference:fields.employees'),
      sortKey: 'minEmployees',
      render: (item) =>
        item.maxEmployees === null ? `≥ ${item.minEmployees}` : `${item.minEmployees}–${item.maxEmployees}`,
    },
    activeColumn(t),
  ],
  defaultSort: 'minEmployees',
  hasActiveFilter: true,
  emptyValues: () => ({
    code: '',
    description: emptyText(),
    isActive: true,
    minEmployees: '',
    maxEmployees: '',
  }),
  toValues: (item) => ({
    code: item.code,
    description: copyText(item.description),
    isActive: item.isActive,
    minEmployees: item.minEmployees,
    maxEmployees: item.maxEmployees ?? '',
  }),
  toPayload: (values) => ({
    ...values,
    minEmployees: wholeNumber(values.minEmployees),
    maxEmployees: values.maxEmployees === '' ? null : wholeNumber(values.maxEmployees),
  }),
  Fields: RangeFields,
  itemName: (item, language) => `${item.code} — ${localized(item.description, language)}`,
  activation: 'put',
};

// ---- criterion types --------------------------------------------------------------------------------------------

type CriterionTypeValues = { code: string; description: LocalizedText; sortOrder: number | string };

function CriterionTypeFields({ form }: FieldsProps<CriterionTypeItem, CriterionTypeValues>) {
  const t = useTranslate();
  return (
    <>
      <CodeField form={form} t={t} />
      <DescriptionField form={form} t={t} />
      <NumberField
        {...form.getInputProps('sortOrder')}
        label={t('reference:fields.sortOrder')}
        required
        min={0}
        w={{ base: '100%', sm: 240 }}
        data-testid="field-sortOrder"
      />
    </>
  );
}

export const criterionTypes: ResourceScreenConfig<CriterionTypeItem, CriterionTypeValues> = {
  resource: 'criterion-types',
  itemSchema: CriterionTypeItem,
  createSchema: CriterionTypeInput,
  updateSchema: CriterionTypeUpdate,
  columns: (t, language) => [
    {
      key: 'sortOrder',
      label: t('reference:fields.sortOrder'),
      sortKey: 'sortOrder',
      width: 90,
      render: (item) => item.sortOrder,
    },
    codeColumn(t),
    descriptionColumn(t, language),
  ],
  defaultSort: 'sortOrder',
  emptyValues: () => ({ code: '', description: emptyText(), sortOrder: '' }),
  toValues: (item) => ({
    code: item.code,
    description: copyText(item.description),
    sortOrder: item.sortOrder,
  }),
  toPayload: (values) => ({ ...values, sortOrder: wholeNumber(values.sortOrder) }),
  Fields: CriterionTypeFields,
  itemName: (item, language) => `${item.code} — ${localized(item.description, language)}`,
};

// ---- partner entities -------------------------------------------------------------------------------------------

type PartnerEntityValues = {
  code: string;
  name: string;
  description: LocalizedText;
  partnerTypeId: string;
  email: string;
  phone: string;
  website: string;
  isActive: boolean;
};

function PartnerEntityFields({ form }: FieldsProps<PartnerEntityItem, PartnerEntityValues>) {
  const t = useTranslate();
  return (
    <>
      <ParentSelectField
        resource="partner-types"
        schema={parentOptions}
        label={t('reference:fields.partnerType')}
        binding={form.getInputProps('partnerTypeId')}
        testId="field-partnerTypeId"
      />
      <CodeField form={form} t={t} />
      <TextField
        {...form.getInputProps('name')}
        label={t('reference:fields.name')}
        required
        maxLength={FIELD_LENGTHS.name}
        data-testid="field-name"
      />
      <DescriptionField form={form} t={t} multiline />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextField
          {...form.getInputProps('email')}
          type="email"
          label={t('reference:fields.email')}
          maxLength={FIELD_LENGTHS.email}
        />
        <TextField
          {...form.getInputProps('phone')}
          type="tel"
          label={t('reference:fields.phone')}
          maxLength={FIELD_LENGTHS.phone}
        />
        <TextField
          {...form.getInputProps('website')}
          type="url"
          label={t('reference:fields.website')}
          placeholder="https://"
          maxLength={FIELD_LENGTHS.partnerWebsite}
        />
      </SimpleGrid>
      <ActiveField form={form} t={t} />
    </>
  );
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

export const partnerEntities: ResourceScreenConfig<PartnerEntityItem, PartnerEntityValues> = {
  resource: 'partner-entities',
  itemSchema: PartnerEntityItem,
  createSchema: PartnerEntityInput,
  updateSchema: PartnerEntityUpdate,
  columns: (t, language) => [
    codeColumn(t),
    { key: 'name', label: t('reference:fields.name'), sortKey: 'name', render: (item) => item.name },
    parentColumn(t, language, {
      key: 'partnerType',
      labelKey: 'reference:fields.partnerType',
      sortKey: 'partnerType',
      parent: (item) => item.partnerType,
    }),
    {
      key: 'email',
      label: t('reference:fields.email'),
      sortKey: 'email',
      render: (item) => item.email ?? '',
    },
    activeColumn(t),
  ],
  defaultSort: 'code',
  filters: [
    {
      param: 'partnerTypeId',
      labelKey: 'reference:fields.partnerType',
      resource: 'partner-types',
      schema: parentOptions,
    },
  ],
  hasActiveFilter: true,
  emptyValues: (filters) => ({
    code: '',
    name: '',
    description: emptyText(),
    partnerTypeId: filters.partnerTypeId ?? '',
    email: '',
    phone: '',
    website: '',
    isActive: true,
  }),
  toValues: (item) => ({
    code: item.code,
    name: item.name,
    description: copyText(item.description),
    partnerTypeId: item.partnerTypeId,
    email: item.email ?? '',
    phone: item.phone ?? '',
    website: item.website ?? '',
    isActive: item.isActive,
  }),
  toPayload: (values) => ({
    ...values,
    email: orNull(values.email),
    phone: orNull(values.phone),
    website: orNull(values.website),
  }),
  Fields: PartnerEntityFields,
  itemName: (item) => `${item.code} — ${item.name}`,
  activation: 'put',
};

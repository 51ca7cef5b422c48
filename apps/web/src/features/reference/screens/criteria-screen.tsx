import {
  CriterionInput,
  CriterionItem,
  CriterionUpdate,
  FIELD_LENGTHS,
  type LocalizedText,
  localized,
  TARGET_COMPARISONS,
  type TargetComparison,
  yesNoKey,
} from '@excelencia/domain';
import { Badge, Code, Group, SimpleGrid } from '@mantine/core';
import { NumberField, SelectField, SwitchField, TextField } from '../../../ui/form/fields.tsx';
import { useTranslate } from '../../../ui/use-translate.ts';
import { FormulaField } from '../components/formula-field.tsx';
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

type CriterionValues = {
  code: string;
  description: LocalizedText;
  formula: string;
  targetComparison: TargetComparison | '';
  targetValue: string;
  recommendation: LocalizedText;
  criterionTypeId: string;
  sortOrder: number | string;
  isApplicationCriterion: boolean;
  isActive: boolean;
};

function CriterionFields({ form }: FieldsProps<CriterionItem, CriterionValues>) {
  const t = useTranslate();
  return (
    <>
      <ParentSelectField
        resource="criterion-types"
        schema={parentOptions}
        label={t('reference:fields.criterionType')}
        binding={form.getInputProps('criterionTypeId')}
        testId="field-criterionTypeId"
      />
      <Group grow align="flex-start">
        <CodeField form={form} t={t} />
        <NumberField
          {...form.getInputProps('sortOrder')}
          label={t('reference:fields.sortOrder')}
          required
          min={0}
          data-testid="field-sortOrder"
        />
      </Group>
      <DescriptionField form={form} t={t} />
      <FormulaField
        binding={form.getInputProps('formula')}
        label={t('reference:fields.formula')}
        onValue={(value) => form.setFieldValue('formula', value)}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <SelectField
          {...form.getInputProps('targetComparison')}
          label={t('reference:fields.targetComparison')}
          required
          options={TARGET_COMPARISONS.map((comparison) => ({ value: comparison, label: comparison }))}
          testId="field-targetComparison"
        />
        <TextField
          {...form.getInputProps('targetValue')}
          label={t('reference:fields.targetValue')}
          required
          inputMode="decimal"
          maxLength={FIELD_LENGTHS.targetValue}
          placeholder="0.25"
          data-testid="field-targetValue"
        />
      </SimpleGrid>
      <DescriptionField form={form} t={t} path="recommendation" multiline />
      <SwitchField
        {...form.getInputProps('isApplicationCriterion', { type: 'checkbox' })}
        label={t('reference:fields.isApplicationCriterion')}
        data-testid="field-isApplicationCriterion"
      />
      <ActiveField form={form} t={t} />
    </>
  );
}

export const criteria: ResourceScreenConfig<CriterionItem, CriterionValues> = {
  resource: 'criteria',
  itemSchema: CriterionItem,
  createSchema: CriterionInput,
  updateSchema: CriterionUpdate,
  columns: (t, language) => [
    {
      key: 'sortOrder',
      label: t('reference:fields.sortOrder'),
      sortKey: 'sortOrder',
      width: 80,
      render: (item) => item.sortOrder,
    },
    codeColumn(t),
    descriptionColumn(t, language),
    parentColumn(t, language, {
      key: 'criterionType',
      labelKey: 'reference:fields.criterionType',
      sortKey: 'criterionType',
      parent: (item) => item.criterionType,
    }),
    {
      key: 'formula',
      label: t('reference:fields.formula'),
      render: (item) => <Code>{item.formula}</Code>,
    },
    {
      key: 'target',
      label: t('reference:fields.target'),
      render: (item) => `${item.targetComparison} ${item.targetValue}`,
    },
    {
      key: 'isApplicationCriterion',
      label: t('reference:fields.isApplicationCriterion'),
      sortKey: 'isApplicationCriterion',
      render: (item) =>
        item.isApplicationCriterion ? (
          <Badge variant="outline" color="brand.8">
            {t(yesNoKey(true))}
          </Badge>
        ) : (
          t(yesNoKey(false))
        ),
    },
    activeColumn(t),
  ],
  defaultSort: 'sortOrder',
  filters: [
    {
      param: 'criterionTypeId',
      labelKey: 'reference:fields.criterionType',
      resource: 'criterion-types',
      schema: parentOptions,
    },
  ],
  hasActiveFilter: true,
  emptyValues: (filters) => ({
    code: '',
    description: emptyText(),
    formula: '',
    targetComparison: '',
    targetValue: '',
    recommendation: emptyText(),
    criterionTypeId: filters.criterionTypeId ?? '',
    sortOrder: '',
    isApplicationCriterion: false,
    isActive: true,
  }),
  toValues: (item) => ({
    code: item.code,
    description: copyText(item.description),
    formula: item.formula,
    targetComparison: item.targetComparison,
    targetValue: item.targetValue,
    recommendation: copyText(item.recommendation),
    criterionTypeId: item.criterionTypeId,
    sortOrder: item.sortOrder,
    isApplicationCriterion: item.isApplicationCriterion,
    isActive: item.isActive,
  }),
  toPayload: (values) => ({
    ...values,
    targetValue: values.targetValue.trim().replace(',', '.'),
    sortOrder: wholeNumber(values.sortOrder),
  }),
  Fields: CriterionFields,
  itemName: (item, language) => `${item.code} — ${localized(item.description, language)}`,
  activation: 'put',
  formSize: 'xl',
};

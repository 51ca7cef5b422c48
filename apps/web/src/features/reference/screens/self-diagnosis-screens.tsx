import {
  ACCOUNT_NATURES,
  type AccountNature,
  CategoryInput,
  CategoryItem,
  CategoryUpdate,
  HeadingInput,
  HeadingItem,
  HeadingUpdate,
  type LocalizedText,
  localized,
  SubCategoryInput,
  SubCategoryItem,
  SubCategoryUpdate,
  SubHeadingInput,
  SubHeadingItem,
  SubHeadingUpdate,
} from '@excelencia/domain';
import { Group, Text } from '@mantine/core';
import { AccountCodesField, NumberField, SelectField } from '../../../ui/form/fields.tsx';
import type { Translate } from '../../../ui/form/zod-resolver.ts';
import { useTranslate } from '../../../ui/use-translate.ts';
import { ParentSelectField } from '../components/parent-select.tsx';
import type {
  FieldsProps,
  FormValues,
  ResourceScreenConfig,
  StoredItem,
} from '../components/resource-config.ts';
import { SelfDiagnosisTreeView } from '../components/self-diagnosis-tree-view.tsx';
import {
  type Coded,
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

type NodeItem = StoredItem & {
  code: string;
  description: LocalizedText;
  sortOrder: number;
  accountCodes: string[];
};

type NodeValues = {
  code: string;
  description: LocalizedText;
  sortOrder: number | string;
  accountCodes: string[];
};

function accountsColumn<T extends NodeItem>(t: Translate) {
  return {
    key: 'accountCodes',
    label: t('reference:fields.accountCodes'),
    render: (item: T) => (
      <Text size="sm" ff="monospace">
        {item.accountCodes.join(', ')}
      </Text>
    ),
  };
}

function sortOrderColumn<T extends NodeItem>(t: Translate) {
  return {
    key: 'sortOrder',
    label: t('reference:fields.sortOrder'),
    sortKey: 'sortOrder',
    width: 80,
    render: (item: T) => item.sortOrder,
  };
}

function NodeCommonFields<V extends FormValues>({ form }: { form: FieldsProps<NodeItem, V>['form'] }) {
  const t = useTranslate();
  return (
    <>
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
      <AccountCodesField
        form={form}
        path="accountCodes"
        label={t('reference:fields.accountCodes')}
        description={t('reference:form.accountCodesHint')}
      />
    </>
  );
}

const nodeValues = (item: NodeItem): NodeValues => ({
  code: item.code,
  description: copyText(item.description),
  sortOrder: item.sortOrder,
  accountCodes: [...item.accountCodes],
});
const emptyNode = (): NodeValues => ({ code: '', description: emptyText(), sortOrder: '', accountCodes: [] });
const nodeName = (item: NodeItem, language: Parameters<typeof localized>[1]) =>
  `${item.code} — ${localized(item.description, language)}`;

// ---- headings (with their nature and the read-only tree) --------------------------------------------------------

type HeadingValues = NodeValues & { nature: AccountNature | '' };

function HeadingFields({ form }: FieldsProps<HeadingItem, HeadingValues>) {
  const t = useTranslate();
  return (
    <>
      <NodeCommonFields form={form} />
      <SelectField
        {...form.getInputProps('nature')}
        label={t('reference:fields.nature')}
        required
        options={ACCOUNT_NATURES.map((nature) => ({
          value: nature,
          label: t(`reference:natures.${nature}`),
        }))}
        testId="field-nature"
      />
    </>
  );
}

export const headings: ResourceScreenConfig<HeadingItem, HeadingValues> = {
  resource: 'self-diagnosis/headings',
  itemSchema: HeadingItem,
  createSchema: HeadingInput,
  updateSchema: HeadingUpdate,
  columns: (t, language) => [
    sortOrderColumn(t),
    codeColumn(t),
    descriptionColumn(t, language),
    {
      key: 'nature',
      label: t('reference:fields.nature'),
      sortKey: 'nature',
      render: (item) => t(`reference:natures.${item.nature}`),
    },
    accountsColumn(t),
  ],
  defaultSort: 'sortOrder',
  emptyValues: () => ({ ...emptyNode(), nature: '' }),
  toValues: (item) => ({ ...nodeValues(item), nature: item.nature }),
  toPayload: (values) => ({ ...values, sortOrder: wholeNumber(values.sortOrder) }),
  Fields: HeadingFields,
  itemName: nodeName,
  Extra: SelfDiagnosisTreeView,
};

// ---- the three child levels -------------------------------------------------------------------------------------

function childScreen<TItem extends NodeItem, P extends string>(options: {
  resource: string;
  parentParam: P;
  parentKey: string;
  parentResource: string;
  labelKey: string;
  itemSchema: ResourceScreenConfig<TItem, NodeValues>['itemSchema'];
  createSchema: ResourceScreenConfig<TItem, NodeValues>['createSchema'];
  updateSchema: ResourceScreenConfig<TItem, NodeValues>['updateSchema'];
}): ResourceScreenConfig<TItem, NodeValues & Record<P, string>> {
  type Values = NodeValues & Record<P, string>;
  const parentOf = (item: TItem) => (item as unknown as Record<string, Coded>)[options.parentKey] as Coded;
  const parentIdOf = (item: TItem) => (item as unknown as Record<string, string>)[options.parentParam] ?? '';
  function Fields({ form }: FieldsProps<TItem, Values>) {
    const t = useTranslate();
    return (
      <>
        <ParentSelectField
          resource={options.parentResource}
          schema={parentOptions}
          label={t(options.labelKey)}
          binding={form.getInputProps(options.parentParam)}
          testId={`field-${options.parentParam}`}
        />
        <NodeCommonFields form={form} />
      </>
    );
  }
  return {
    resource: options.resource,
    itemSchema: options.itemSchema,
    createSchema: options.createSchema,
    updateSchema: options.updateSchema,
    columns: (t, language) => [
      sortOrderColumn(t),
      codeColumn(t),
      descriptionColumn(t, language),
      parentColumn(t, language, { key: options.parentKey, labelKey: options.labelKey, parent: parentOf }),
      accountsColumn(t),
    ],
    defaultSort: 'sortOrder',
    filters: [
      {
        param: options.parentParam,
        labelKey: options.labelKey,
        resource: options.parentResource,
        schema: parentOptions,
      },
    ],
    emptyValues: (filters) =>
      ({ ...emptyNode(), [options.parentParam]: filters[options.parentParam] ?? '' }) as Values,
    toValues: (item) => ({ ...nodeValues(item), [options.parentParam]: parentIdOf(item) }) as Values,
    toPayload: (values) => ({ ...values, sortOrder: wholeNumber(values.sortOrder) }),
    Fields,
    itemName: nodeName,
  };
}

export const subHeadings = childScreen<SubHeadingItem, 'headingId'>({
  resource: 'self-diagnosis/sub-headings',
  parentParam: 'headingId',
  parentKey: 'heading',
  parentResource: 'self-diagnosis/headings',
  labelKey: 'reference:fields.heading',
  itemSchema: SubHeadingItem,
  createSchema: SubHeadingInput,
  updateSchema: SubHeadingUpdate,
});

export const categories = childScreen<CategoryItem, 'subHeadingId'>({
  resource: 'self-diagnosis/categories',
  parentParam: 'subHeadingId',
  parentKey: 'subHeading',
  parentResource: 'self-diagnosis/sub-headings',
  labelKey: 'reference:fields.subHeading',
  itemSchema: CategoryItem,
  createSchema: CategoryInput,
  updateSchema: CategoryUpdate,
});

export const subCategories = childScreen<SubCategoryItem, 'categoryId'>({
  resource: 'self-diagnosis/sub-categories',
  parentParam: 'categoryId',
  parentKey: 'category',
  parentResource: 'self-diagnosis/categories',
  labelKey: 'reference:fields.category',
  itemSchema: SubCategoryItem,
  createSchema: SubCategoryInput,
  updateSchema: SubCategoryUpdate,
});

import type { Language } from '@excelencia/domain';
import type { UseFormReturnType } from '@mantine/form';
import type { ComponentType } from 'react';
import type { DataTableColumn } from '../../../ui/data-table/data-table.tsx';
import type { ParsingSchema, Translate } from '../../../ui/form/zod-resolver.ts';
import type { ItemSchema } from '../api.ts';
import type { OptionItem } from './parent-select.tsx';

/** Mantine form values: a plain object type (a type alias, not an interface). */
export type FormValues = Record<string, unknown>;

export type FormMode = 'create' | 'edit';

export interface StoredItem {
  id: string;
  version: number;
  isActive?: boolean;
}

export interface FieldsProps<TItem, TValues extends FormValues> {
  form: UseFormReturnType<TValues>;
  mode: FormMode;
  item: TItem | null;
}

/** A list filter on a parent (`?islandId=`), its options loaded from the parent resource. */
export interface ParentFilter {
  param: string;
  /** reference:fields.<labelId> */
  labelKey: string;
  resource: string;
  schema: ItemSchema<OptionItem>;
}

/**
 * Everything a reference screen differs in; ReferenceResourcePage does the rest (list, search, sort, pages,
 * export, create/edit form with the stored version, delete and activation with confirmation, toasts).
 */
export interface ResourceScreenConfig<TItem extends StoredItem, TValues extends FormValues> {
  /** API path under /app/api/v1 ('cities', 'self-diagnosis/headings'). */
  resource: string;
  itemSchema: ItemSchema<TItem>;
  createSchema: ParsingSchema;
  updateSchema: ParsingSchema;
  columns: (t: Translate, language: Language) => DataTableColumn<TItem>[];
  defaultSort: string | null;
  filters?: readonly ParentFilter[];
  /** Offer an Active/Inactive filter (resources with isActive). */
  hasActiveFilter?: boolean;
  /** New-record values; the list's parent filters preselect the parent. */
  emptyValues: (filters: Readonly<Record<string, string>>) => TValues;
  toValues: (item: TItem) => TValues;
  /** The request body (without `version`, which the page adds on PUT). */
  toPayload: (values: TValues, mode: FormMode) => Record<string, unknown>;
  Fields: ComponentType<FieldsProps<TItem, TValues>>;
  /** How the row is named in confirmations and titles. */
  itemName: (item: TItem, language: Language) => string;
  /** 'put' = PUT with isActive flipped; 'post' = POST <res>/{id}/activate|deactivate. */
  activation?: 'put' | 'post';
  canDelete?: boolean;
  /** Whether the signed-in user may (de)activate this row (an admin cannot deactivate themself). */
  canChangeActivation?: (item: TItem, me: { email: string }) => boolean;
  /** reference:confirm.* key of the deactivate confirmation text. */
  deactivateTextKey?: string;
  /** Drawer width on desktop. */
  formSize?: 'md' | 'lg' | 'xl';
  /** Shown under the list (the read-only self-diagnosis tree). */
  Extra?: ComponentType;
  searchPlaceholderKey?: string;
}

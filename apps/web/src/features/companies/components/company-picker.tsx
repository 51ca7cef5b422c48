import { type OptionsFilter, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from '../../../ui/use-translate.ts';
import { fetchAdminCompanies, fetchCompany } from '../api.ts';
import { companyKeys } from '../queries.ts';
import {
  COMPANY_PICKER_DEBOUNCE_MS,
  companyOptionLabel,
  companyPickerQueryString,
  type PickerOption,
  pickerOptions,
  pickerSearchTerm,
} from './company-picker-options.ts';

/** The server already matched the typed name or NIF (accents and all): the select filters nothing more. */
const serverFiltered: OptionsFilter = ({ options }) => options;

export interface CompanyPickerProps {
  /** The visible label, which also names the input for screen readers. */
  label: string;
  /** The chosen company's id, '' for none. */
  value: string;
  onChange: (id: string) => void;
  /** A list filter: a clear button, and an empty box means every company. */
  clearable?: boolean;
  testId?: string;
  w?: SelectProps['w'];
}

/**
 * An admin chooses any company by typing part of its name or NIF: the matches come from the admin companies list
 * (`GET companies?search=`, 20 at a time, debounced), shown as "name · NIF". The chosen company keeps its label
 * when a later search no longer lists it; a value set from outside (a link's ?company=) is labelled from
 * `GET companies/{id}`. Nothing is fetched before the admin opens the picker.
 */
export function CompanyPicker({ label, value, onChange, clearable = false, testId, w }: CompanyPickerProps) {
  const t = useTranslate();
  const [isActive, setIsActive] = useState(false);
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<PickerOption | null>(null);

  const needsLabel = Boolean(value) && picked?.value !== value;
  const detail = useQuery({
    queryKey: companyKeys.one(value),
    queryFn: ({ signal }) => fetchCompany(value, signal),
    enabled: needsLabel,
    staleTime: 5 * 60_000,
  });
  let selected: PickerOption | null = null;
  if (value && picked?.value === value) selected = picked;
  else if (value && detail.data?.id === value) selected = { value, label: companyOptionLabel(detail.data) };

  const term = pickerSearchTerm(search, selected?.label);
  const [debouncedTerm] = useDebouncedValue(term, COMPANY_PICKER_DEBOUNCE_MS);
  const results = useQuery({
    queryKey: companyKeys.pickerSearch(debouncedTerm),
    queryFn: ({ signal }) => fetchAdminCompanies(companyPickerQueryString(debouncedTerm), signal),
    enabled: isActive,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const data = pickerOptions(results.data, selected, {
    isTyping: term !== '',
    moreLabel: (shown, total) => t('companies:picker.more', { shown, total }),
  });
  const isSearching = isActive && (term !== debouncedTerm || results.isFetching);

  return (
    <Select
      label={label}
      placeholder={clearable ? t('companies:picker.all') : t('companies:picker.placeholder')}
      data={data}
      value={value || null}
      onChange={(next, option) => {
        setPicked(next && option ? { value: next, label: option.label } : null);
        onChange(next ?? '');
      }}
      searchable
      searchValue={search}
      onSearchChange={(text) => {
        setSearch(text);
        // Emptying the box of a filter shows every company again (the clear button is mouse-only); not the
        // select's own reset of a box whose company has no label yet.
        if (clearable && selected && text.trim() === '') onChange('');
      }}
      filter={serverFiltered}
      clearable={clearable}
      allowDeselect={clearable}
      nothingFoundMessage={isSearching ? t('companies:picker.searching') : t('companies:picker.nothingFound')}
      onDropdownOpen={() => setIsActive(true)}
      onFocus={() => setIsActive(true)}
      maxDropdownHeight={320}
      w={w ?? { base: '100%', xs: 320 }}
      data-testid={testId}
    />
  );
}

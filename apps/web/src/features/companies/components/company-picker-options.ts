import type { Page } from '@excelencia/domain';

/** How many companies one search shows; the admin types to narrow down the rest. */
export const COMPANY_PICKER_SIZE = 20;
/** Wait after the last keystroke before asking the server. */
export const COMPANY_PICKER_DEBOUNCE_MS = 250;
/** The list API's longest search text (`ListQuery.search`). */
const MAX_SEARCH = 100;
/** The value of the disabled "first 20 of N" line. */
export const MORE_OPTION_VALUE = '__more__';

export interface PickerCompany {
  id: string;
  companyName: string;
  nif: string;
}

export interface PickerOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** How a company reads in the picker: "name · NIF" (two companies may share a name, never a NIF). */
export function companyOptionLabel(company: { companyName: string; nif: string }): string {
  return `${company.companyName} · ${company.nif}`;
}

/** What the admin typed, as the search: nothing while the box still shows the chosen company's label. */
export function pickerSearchTerm(text: string, selectedLabel: string | undefined): string {
  const trimmed = text.trim();
  if (selectedLabel !== undefined && trimmed === selectedLabel.trim()) return '';
  return trimmed.slice(0, MAX_SEARCH).trim();
}

/** `GET companies?...` of one search: the first page by name, matching a name or NIF when a term is given. */
export function companyPickerQueryString(term: string): string {
  const params = new URLSearchParams({
    page: '1',
    pageSize: String(COMPANY_PICKER_SIZE),
    sort: 'companyName',
    order: 'asc',
  });
  if (term) params.set('search', term);
  return params.toString();
}

/**
 * The select's options: the server's matches, then, while nothing is typed, the chosen company when it is not
 * among them (so its label stays shown), and a disabled "first 20 of N" line when the server has more.
 */
export function pickerOptions(
  page: Page<PickerCompany> | undefined,
  selected: PickerOption | null,
  options: { isTyping: boolean; moreLabel: (shown: number, total: number) => string },
): PickerOption[] {
  const items = page?.items ?? [];
  const out: PickerOption[] = items.map((company) => ({
    value: company.id,
    label: companyOptionLabel(company),
  }));
  if (selected && !options.isTyping && !out.some((option) => option.value === selected.value)) {
    out.unshift(selected);
  }
  if (page && page.total > items.length && items.length > 0) {
    out.push({
      value: MORE_OPTION_VALUE,
      label: options.moreLabel(items.length, page.total),
      disabled: true,
    });
  }
  return out;
}

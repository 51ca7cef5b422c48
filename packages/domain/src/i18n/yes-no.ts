/**
 * The one 'Yes'/'No' a list, a badge or an export writes for a flag, in the reader's language (the reference
 * catalog's texts), so the screens and the spreadsheets never word it differently.
 */
export function yesNoKey(value: boolean): 'reference:status.yes' | 'reference:status.no' {
  return value ? 'reference:status.yes' : 'reference:status.no';
}

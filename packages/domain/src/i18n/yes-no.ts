import type { Language } from '../languages.ts';
import { translate } from './catalogs.ts';

/**
 * The one 'Yes'/'No' a list, a badge or an export writes for a flag, in the reader's language (the reference
 * catalog's texts), so the screens and the spreadsheets never word it differently.
 */
export function yesNoKey(value: boolean): 'reference:status.yes' | 'reference:status.no' {
  return value ? 'reference:status.yes' : 'reference:status.no';
}

/** The same 'Yes'/'No' as text, for what the server writes (exports, PDFs). */
export function yesNoText(value: boolean, language: Language): string {
  return translate(language, yesNoKey(value));
}

import { isLanguageMissing, LANGUAGES, type Language } from '@excelencia/domain';

/** A trilingual text as the forms hold it. */
export type Trilingual = Record<Language, string>;

export const EMPTY_TRILINGUAL: Trilingual = { pt: '', en: '', fr: '' };

/** Whether a text (plain or the editor's HTML) says nothing: no words and no picture. */
export function isBlankText(value: string | null | undefined): boolean {
  return isLanguageMissing(value ?? '', true);
}

/** The text in the admin's language, else in pt, else the first language that has one. */
export function textIn(text: Partial<Trilingual> | null | undefined, language: Language): string {
  if (!text) return '';
  const order = [language, 'pt', ...LANGUAGES] as const;
  for (const candidate of order) {
    const value = text[candidate];
    if (value && !isBlankText(value)) return value;
  }
  return '';
}

/** Moves the element at `index` by `delta` (-1 up, +1 down); the same array when it cannot move. */
export function moveItem<T>(items: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(index, 1);
  next.splice(target, 0, moved as T);
  return next;
}

/**
 * Stored file names of uploaded sheets: the original name plus `_<yyyy>_<number>` before `.xlsx`,
 * stripped again for display.
 */

const SUFFIX = /_\d{4}_\d+(\.xlsx)$/i;

/** 'balancete_2024_17.xlsx' → 'balancete.xlsx'; a name without the suffix is returned unchanged. */
export function displayFileName(stored: string): string {
  return stored.replace(SUFFIX, '$1');
}

/**
 * `${base}_${year}_${unique}.xlsx`, where base is the original name without folders, control characters and
 * its .xlsx extension ('balance-sheet' when nothing is left).
 */
export function storedFileName(original: string, year: number, unique: number): string {
  const name = [...(original.split(/[\\/]/).pop() ?? '')]
    .filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) !== 0x7f)
    .join('');
  const base = name.replace(/\.xlsx$/i, '').trim() || 'balance-sheet';
  return `${base}_${year}_${unique}.xlsx`;
}

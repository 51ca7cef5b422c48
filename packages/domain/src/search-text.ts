/**
 * The text a list search matches against: every part lower-cased, accents stripped (NFD, combining marks
 * removed), runs of white space collapsed to one space. The server stores it in `search_text` and normalizes
 * the search term the same way, so 'sao' finds 'São Vicente'.
 */
export function searchText(...parts: readonly (string | null | undefined)[]): string {
  return parts
    .filter((part): part is string => typeof part === 'string' && part.length > 0)
    .join(' ')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

import type { Language } from '@excelencia/domain';

/** The locale of each language's numbers (Cabo Verde's Portuguese). */
const NUMBER_LOCALES: Readonly<Record<Language, string>> = { pt: 'pt-CV', en: 'en', fr: 'fr' };

const formats = new Map<Language, Intl.NumberFormat>();

/**
 * A chart axis figure, compact in the user's language so a tick never wraps ('12 000 / 000'): 12 mil, 1,2 M
 * (pt), 12K, 1.2M (en), 12 k, 1,2 M (fr); three significant digits keep ratios such as 0,375 whole. Tooltips and
 * tables keep the full amounts.
 */
export function compactNumber(value: unknown, language: Language): string {
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return '';
  let format = formats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(NUMBER_LOCALES[language], {
      notation: 'compact',
      maximumSignificantDigits: 3,
    });
    formats.set(language, format);
  }
  return format.format(number);
}

/** The value axis of every chart: compact ticks in the user's language (spread into xAxisProps or yAxisProps). */
export function compactAxis(language: Language): { tickFormatter: (value: unknown) => string } {
  return { tickFormatter: (value: unknown) => compactNumber(value, language) };
}

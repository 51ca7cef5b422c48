import { displayPeriodSeparator, formatDisplayDate, type Language } from '@excelencia/domain';

const KEEP_WHOLE = { whiteSpace: 'nowrap' } as const;

/**
 * A period in a narrow table cell: the text of formatDisplayPeriod ('1 - janeiro - 2025 a 31 - dezembro - 2025'),
 * with each date kept on one line, so the cell breaks between the two dates and never inside one ('1 - / janeiro
 * - / 2025 a 31 - / dezembro' at 390 px).
 */
export function PeriodText({
  startDate,
  endDate,
  language,
}: {
  startDate: string;
  endDate: string;
  language: Language;
}) {
  return (
    <>
      <span style={KEEP_WHOLE}>{formatDisplayDate(startDate, language)}</span>
      {displayPeriodSeparator(language)}
      <span style={KEEP_WHOLE}>{formatDisplayDate(endDate, language)}</span>
    </>
  );
}

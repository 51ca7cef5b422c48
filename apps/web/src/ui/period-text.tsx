import { displayPeriodSeparator, formatDisplayDate, type Language } from '@excelencia/domain';
import { Whole } from './whole-range.tsx';

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
      <Whole>{formatDisplayDate(startDate, language)}</Whole>
      {displayPeriodSeparator(language)}
      <Whole>{formatDisplayDate(endDate, language)}</Whole>
    </>
  );
}

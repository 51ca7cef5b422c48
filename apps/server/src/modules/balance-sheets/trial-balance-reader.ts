import type { TrialBalanceChecker } from '@excelencia/domain';
import ExcelJS from 'exceljs';

/** A cell as exceljs's streaming reader gives it, reduced to a plain value (text, number, boolean, date). */
export function plainCell(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object' || value instanceof Date) return value;
  const cell = value as {
    richText?: Array<{ text: string }>;
    text?: unknown;
    result?: unknown;
    formula?: unknown;
    sharedFormula?: unknown;
    error?: unknown;
  };
  if (Array.isArray(cell.richText)) return cell.richText.map((part) => part.text).join('');
  if ('formula' in cell || 'sharedFormula' in cell) return plainCell(cell.result);
  if (typeof cell.error === 'string') return cell.error;
  if ('text' in cell) return plainCell(cell.text);
  return String(value);
}

/** The cells of a row from column A on (index 0 = A); exceljs's row.values starts at index 1. */
function cellsOf(values: unknown): unknown[] {
  if (!Array.isArray(values)) return [];
  const cells: unknown[] = [];
  for (let i = 1; i < values.length; i += 1) cells.push(plainCell(values[i]));
  return cells;
}

/** Blank rows reported per gap (the checker stops collecting problems long before). */
const MAX_BLANK_RUN = 200;

export interface TrialBalanceReading {
  /** Rows with at least one value on the first worksheet. */
  firstSheetRows: number;
  /** Whether a later worksheet has any row (to tell "wrong sheet" apart from "empty file"). */
  laterSheetHasRows: boolean;
}

/**
 * Streams the first worksheet of an .xlsx (already passed by assertSafeXlsx) into the checker: its first row
 * is the header, every later row a line. Later worksheets are only looked at to see whether they hold rows.
 * Nothing is kept in memory but the current row (shared strings aside).
 */
export async function readTrialBalance(
  path: string,
  checker: Pick<TrialBalanceChecker, 'header' | 'line' | 'stopped'>,
): Promise<TrialBalanceReading> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    entries: 'emit',
  });
  let sheetIndex = 0;
  let firstSheetRows = 0;
  let laterSheetHasRows = false;
  for await (const worksheet of reader) {
    const isFirst = sheetIndex === 0;
    sheetIndex += 1;
    let headerSeen = false;
    let previous = 0;
    for await (const row of worksheet) {
      if (!isFirst) {
        laterSheetHasRows = true;
        continue;
      }
      firstSheetRows += 1;
      // Past the row or problem limit the rest is only drained (the checker has its answer).
      if (checker.stopped) continue;
      const cells = cellsOf(row.values);
      if (!headerSeen) {
        headerSeen = true;
        checker.header(cells, row.number);
      } else {
        // The xml holds no element for an empty row: a gap in the numbers is a blank line.
        for (let blank = previous + 1; blank < row.number && blank <= previous + MAX_BLANK_RUN; blank += 1) {
          checker.line([], blank);
        }
        checker.line(cells, row.number);
      }
      previous = row.number;
    }
  }
  return { firstSheetRows, laterSheetHasRows };
}

import {
  formatNumber,
  type Language,
  type SheetProblem,
  type TreeLevelNode,
  TrialBalanceChecker,
  translate,
} from '@excelencia/domain';
import { AppError } from '../../platform/errors.ts';
import { MAX_ROW, RowNumberError, readTrialBalance } from './trial-balance-reader.ts';
import { assertSafeXlsx, XlsxGuardError, type ZipEntry } from './xlsx-guard.ts';

// ---- errors -------------------------------------------------------------------------------------------------

export const notXlsx = () =>
  new AppError(400, 'not_xlsx', 'balanceSheets:selectXlsx', {
    details: [{ path: 'file', message: 'balanceSheets:selectXlsx' }],
  });
export const zipBomb = () =>
  new AppError(400, 'zip_bomb', 'balanceSheets:fileTooComplex', {
    details: [{ path: 'file', message: 'balanceSheets:fileTooComplex' }],
  });
export const noFile = () =>
  new AppError(400, 'no_file', 'balanceSheets:selectXlsx', {
    details: [{ path: 'file', message: 'balanceSheets:selectXlsx' }],
  });

/** `row 5, column C` in the caller's language; the row alone when the problem is the whole row. */
function problemPath(problem: SheetProblem, language: Language): string {
  if (problem.row === undefined) return translate(language, 'balanceSheets:location.sheet');
  return problem.column
    ? translate(language, 'balanceSheets:location.rowColumn', { row: problem.row, column: problem.column })
    : translate(language, 'balanceSheets:location.row', { row: problem.row });
}

export function invalidSpreadsheet(problems: SheetProblem[], language: Language): AppError {
  return new AppError(400, 'invalid_spreadsheet', 'balanceSheets:checkData', {
    details: problems.map((problem) => ({
      path: problemPath(problem, language),
      message: problem.key,
      ...(problem.params ? { params: problem.params } : {}),
    })),
  });
}

/**
 * The whole check of an uploaded workbook, as the upload runs it (and the bench times it): container guard,
 * streaming read of the first sheet into TrialBalanceChecker, aggregation. Throws the AppError the client sees.
 */
export async function checkTrialBalanceFile(path: string, nodes: TreeLevelNode[], language: Language) {
  let entries: ZipEntry[];
  try {
    entries = await assertSafeXlsx(path);
  } catch (error) {
    if (error instanceof XlsxGuardError) throw error.reason === 'zip_bomb' ? zipBomb() : notXlsx();
    throw error;
  }
  const checker = new TrialBalanceChecker(nodes);
  let reading: Awaited<ReturnType<typeof readTrialBalance>>;
  try {
    reading = await readTrialBalance(path, checker, entries);
  } catch (error) {
    if (error instanceof RowNumberError) {
      throw invalidSpreadsheet(
        [
          {
            key: 'balanceSheets:badRowNumber',
            params: { value: error.value, min: formatNumber(error.min), max: formatNumber(MAX_ROW) },
          },
        ],
        language,
      );
    }
    throw notXlsx();
  }
  if (reading.firstSheetRows === 0) {
    throw invalidSpreadsheet(
      [{ key: reading.laterSheetHasRows ? 'balanceSheets:dataNotOnFirstSheet' : 'balanceSheets:noLines' }],
      language,
    );
  }
  const result = checker.finish();
  if (!result.ok) throw invalidSpreadsheet(result.problems, language);
  return result;
}

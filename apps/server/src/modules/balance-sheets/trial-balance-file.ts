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
import { checkRealSizes, readDeclaredXlsx, XlsxGuardError, type ZipEntry } from './xlsx-guard.ts';

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
 *
 * The guard's inflation of every entry (checkRealSizes) runs beside the read, on zlib's threads, rather than
 * before it: the reader reads no entry beyond its declared size (which readDeclaredXlsx has checked), and the
 * guard's answer comes first, so a file is refused exactly as when the guard ran alone before the read
 * (docs/adr/0008-trial-balance-reader.md).
 */
export async function checkTrialBalanceFile(path: string, nodes: TreeLevelNode[], language: Language) {
  const guardError = (error: unknown) => {
    if (error instanceof XlsxGuardError) return error.reason === 'zip_bomb' ? zipBomb() : notXlsx();
    return error;
  };
  let entries: ZipEntry[];
  try {
    entries = await readDeclaredXlsx(path);
  } catch (error) {
    throw guardError(error);
  }
  const checker = new TrialBalanceChecker(nodes);
  const stop = new AbortController();
  const [guard, read] = await Promise.allSettled([
    checkRealSizes(path, entries).catch((error: unknown) => {
      stop.abort(error);
      throw error;
    }),
    readTrialBalance(path, checker, entries, stop.signal),
  ]);
  if (guard.status === 'rejected') throw guardError(guard.reason);
  if (read.status === 'rejected') {
    const error = read.reason;
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
  const reading = read.value;
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

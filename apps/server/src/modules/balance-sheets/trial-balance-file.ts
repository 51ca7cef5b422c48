import {
  formatNumber,
  type Language,
  type SheetProblem,
  type TreeLevelNode,
  TrialBalanceChecker,
  translate,
} from '@excelencia/domain';
import { AppError } from '../../platform/errors.ts';
import { MAX_ROW, RowNumberError, readsEntry, readTrialBalance } from './trial-balance-reader.ts';
import { readDeclaredXlsx, realSizeRefusal, XlsxGuardError, type ZipEntry } from './xlsx-guard.ts';

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
 * The guard's inflation of the entries (realSizeRefusal) is not done before the read: the reader reads no entry
 * beyond its declared size (which readDeclaredXlsx has checked), so the entries it reads to their end pass that
 * check as they are read; the others are inflated beside the read, and those it did not read to their end (it
 * stopped on a damaged sheet) after it. The first entry refused, in the zip's order, is what the file is
 * refused for, before anything the read found: as when the guard inflated every entry before the read
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
  const inflated = new Set<ZipEntry>();
  const [others, read] = await Promise.allSettled([
    realSizeRefusal(
      path,
      entries.filter((entry) => !readsEntry(entry.name)),
    ).then((refused) => {
      if (refused) stop.abort(refused.error);
      return refused;
    }),
    readTrialBalance(path, checker, entries, { signal: stop.signal, inflated }),
  ]);
  if (others.status === 'rejected') throw others.reason;
  const unread = entries.filter((entry) => readsEntry(entry.name) && !inflated.has(entry));
  const refusals = [others.value, unread.length > 0 ? await realSizeRefusal(path, unread) : null];
  let first: XlsxGuardError | undefined;
  let firstAt = entries.length;
  for (const refused of refusals) {
    const at = refused ? entries.indexOf(refused.entry) : -1;
    if (refused && at < firstAt) {
      first = refused.error;
      firstAt = at;
    }
  }
  if (first) throw guardError(first);
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

import {
  CHANGE_ARROWS,
  Decimal,
  type Diagnosis,
  type DiagnosisIndicator,
  displayDecimal,
  groupByType,
  type Language,
  localized,
  sheetName,
  targetText,
  translate,
} from '@excelencia/domain';
import ExcelJS from 'exceljs';
import type { ExportColumn } from '../../platform/xlsx-export.ts';
import {
  annualisedNote,
  changeText,
  createdOn,
  exportText,
  inputPeriod,
  previousValueOf,
  sheetPeriod,
  sheetWithPeriod,
  statusText,
  summary,
  typeLabel,
} from './diagnosis-export-shared.ts';

/**
 * The XLSX export of a saved self-diagnosis: a pure function from the diagnosis and the reader's language to the
 * file's bytes.
 */

interface XlsxRow {
  type: string;
  indicator: DiagnosisIndicator;
  previousValue: string | null;
}

/** An exact decimal text as a number cell's value (the nearest float); null when there is none. */
function numberCell(value: string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/**
 * A number cell's format: as many decimals as the PDF and the web show for the figure (at least 2), so Excel's
 * rounding never shows a failing 0.4299 as 0.43 either.
 */
function numberFormat(value: string | null | undefined, target: DiagnosisIndicator['target']): string {
  const decimal = value ? Decimal.tryFromString(value.trim()) : undefined;
  const decimals = decimal ? Math.max(2, displayDecimal(decimal, target).scale) : 2;
  return `#,##0.${'0'.repeat(decimals)}`;
}

const XLSX_COLUMNS: ExportColumn<XlsxRow>[] = [
  { header: 'diagnosis:export.type', width: 30, value: (row) => row.type },
  { header: 'diagnosis:export.code', width: 10, value: (row) => row.indicator.criterion.code },
  {
    header: 'diagnosis:export.indicator',
    width: 40,
    value: (row, language) => localized(row.indicator.criterion.description, language),
  },
  { header: 'diagnosis:export.formula', width: 30, value: (row) => row.indicator.criterion.ratio },
  { header: 'diagnosis:export.value', width: 14, value: (row) => numberCell(row.indicator.value) },
  { header: 'diagnosis:export.target', width: 14, value: (row) => targetText(row.indicator.target) },
  {
    header: 'diagnosis:export.status',
    width: 32,
    value: (row, language) => statusText(row.indicator, language),
  },
  { header: 'diagnosis:export.previousValue', width: 16, value: (row) => numberCell(row.previousValue) },
  {
    header: 'diagnosis:export.change',
    width: 14,
    value: (row) => {
      const change = changeText(row.indicator);
      const arrow = row.indicator.change ? CHANGE_ARROWS[row.indicator.change.direction] : '';
      return change === null ? null : arrow ? `${arrow} ${change}` : change;
    },
  },
  {
    header: 'diagnosis:export.sectorMedian',
    width: 18,
    value: (row) => numberCell(row.indicator.sector?.median),
  },
  {
    header: 'diagnosis:export.recommendation',
    width: 60,
    value: (row, language) => localized(row.indicator.criterion.recommendation, language),
  },
];

type Figure = (row: XlsxRow) => string | null | undefined;
const NUMBER_FIGURES: Array<[string, Figure]> = [
  ['value', (row) => row.indicator.value],
  ['previousValue', (row) => row.previousValue],
  ['sectorMedian', (row) => row.indicator.sector?.median],
];
/** The columns that hold number cells (1-based) and the figure each shows, formatted with numberFormat. */
const NUMBER_COLUMNS = NUMBER_FIGURES.map(
  ([key, figure]) =>
    [XLSX_COLUMNS.findIndex((column) => column.header === `diagnosis:export.${key}`) + 1, figure] as const,
);
const WRAPPED_COLUMNS = ['indicator', 'status', 'recommendation'].map(
  (key) => XLSX_COLUMNS.findIndex((column) => column.header === `diagnosis:export.${key}`) + 1,
);

type InputCells = [
  code: string,
  indicator: string,
  period: string,
  aggregate: string,
  aggregateDescription: string | null,
  aggregateValue: number | null,
  annualisedValue: number | null,
  account: string | null,
  accountDescription: string | null,
  amount: number | null,
];
const INPUT_HEADERS = [
  'code',
  'indicator',
  'inputPeriod',
  'aggregate',
  'aggregateDescription',
  'aggregateValue',
  'annualisedValue',
  'account',
  'accountDescription',
  'amount',
] as const;
const INPUT_WIDTHS = [10, 36, 12, 12, 32, 18, 18, 12, 36, 18];
const INPUT_AMOUNT_COLUMNS = [6, 7, 10];

/**
 * Every indicator's inputs, one row per trial-balance line behind each aggregate (the aggregate's columns repeated,
 * so the sheet filters and pivots), then 'and N other accounts' when the diagnosis kept only the largest lines.
 * An aggregate without lines (a sheet entered by hand, or none in the sheet) has one row with its configured
 * account codes.
 */
function inputRows(indicator: DiagnosisIndicator, language: Language): InputCells[] {
  const rows: InputCells[] = [];
  const indicatorName = localized(indicator.criterion.description, language);
  for (const input of indicator.inputs) {
    const aggregate = (
      account: string | null,
      accountDescription: string | null,
      amount: string | null,
    ): InputCells => [
      indicator.criterion.code,
      indicatorName,
      inputPeriod(input, language),
      input.name,
      input.description ? localized(input.description, language) : null,
      numberCell(input.value),
      numberCell(input.annualisedValue),
      account,
      accountDescription,
      numberCell(amount),
    ];
    const lines = input.lines ?? [];
    if (lines.length === 0) {
      const note = input.source === 'entry' ? exportText(language, 'handEntered') : null;
      rows.push(aggregate(input.accountCodes.join(', ') || null, note, null));
      continue;
    }
    for (const line of lines) rows.push(aggregate(line.account, line.description, line.amount));
    if (input.otherLines) {
      rows.push(aggregate(null, exportText(language, 'otherLines', { count: input.otherLines }), null));
    }
  }
  return rows;
}

function addInputsSheet(workbook: ExcelJS.Workbook, diagnosis: Diagnosis, language: Language): void {
  const sheet = workbook.addWorksheet(exportText(language, 'inputs').slice(0, 31));
  sheet.columns = INPUT_WIDTHS.map((width) => ({ width }));
  const header = sheet.addRow(INPUT_HEADERS.map((key) => exportText(language, key)));
  header.font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: INPUT_HEADERS.length } };
  for (const group of groupByType(diagnosis.currentAutoFinancialIndicators)) {
    for (const indicator of group.indicators) {
      for (const cells of inputRows(indicator, language)) {
        const row = sheet.addRow(cells);
        for (const column of INPUT_AMOUNT_COLUMNS) row.getCell(column).numFmt = '#,##0.00';
      }
    }
  }
}

/**
 * The diagnosis as an .xlsx: one sheet with a header block (company, sheet, period, previous sheet, type,
 * created, the summary and the annualisation note) then one row per indicator; values, previous values and
 * sector medians are number cells, the header row is bold, filtered and frozen. A second sheet lists the values
 * each ratio used and the trial-balance lines behind them (addInputsSheet).
 */
export async function diagnosisXlsx(diagnosis: Diagnosis, language: Language): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date(diagnosis.createdAt);
  const title = exportText(language, 'title');
  const sheet = workbook.addWorksheet(title.replace(/[[\]:*?/\\]/g, '-').slice(0, 31));
  sheet.columns = XLSX_COLUMNS.map((column) => ({ width: column.width ?? 24 }));

  sheet.addRow([title]).font = { bold: true, size: 14 };
  const info: Array<[string, string]> = [
    [exportText(language, 'company'), diagnosis.companyName],
    [exportText(language, 'sheet'), sheetName(diagnosis.balanceSheet, language)],
    [exportText(language, 'period'), sheetPeriod(diagnosis.balanceSheet, language)],
  ];
  if (diagnosis.previousBalanceSheet) {
    info.push([
      exportText(language, 'previousSheet'),
      sheetWithPeriod(diagnosis.previousBalanceSheet, language),
    ]);
  }
  info.push(
    [exportText(language, 'type'), typeLabel(diagnosis, language)],
    [exportText(language, 'createdAt'), createdOn(diagnosis, language)],
  );
  for (const [label, value] of info) {
    const row = sheet.addRow([label, value]);
    row.getCell(1).font = { bold: true };
  }
  sheet.addRow([summary(diagnosis, language)]);
  const note = annualisedNote(diagnosis, language);
  if (note) sheet.addRow([note]);
  sheet.addRow([]);

  const headerRow = sheet.addRow(XLSX_COLUMNS.map((column) => translate(language, column.header)));
  headerRow.font = { bold: true };
  headerRow.alignment = { vertical: 'middle', wrapText: true };
  sheet.views = [{ state: 'frozen', ySplit: headerRow.number }];
  sheet.autoFilter = {
    from: { row: headerRow.number, column: 1 },
    to: { row: headerRow.number, column: XLSX_COLUMNS.length },
  };

  for (const group of groupByType(diagnosis.currentAutoFinancialIndicators)) {
    const type = `${group.code} – ${localized(group.description, language)}`;
    for (const indicator of group.indicators) {
      const data: XlsxRow = { type, indicator, previousValue: previousValueOf(diagnosis, indicator) };
      const row = sheet.addRow(XLSX_COLUMNS.map((column) => column.value(data, language) ?? null));
      row.alignment = { vertical: 'top' };
      for (const [column, figure] of NUMBER_COLUMNS) {
        row.getCell(column).numFmt = numberFormat(figure(data), indicator.target);
      }
      for (const column of WRAPPED_COLUMNS)
        row.getCell(column).alignment = { vertical: 'top', wrapText: true };
    }
  }
  addInputsSheet(workbook, diagnosis, language);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

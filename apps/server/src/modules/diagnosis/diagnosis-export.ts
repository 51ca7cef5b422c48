import { createRequire } from 'node:module';
import {
  CHANGE_ARROWS,
  changePercentText,
  Decimal,
  type Diagnosis,
  type DiagnosisIndicator,
  type DiagnosisIndicatorInput,
  type DiagnosisSheet,
  diagnosisTypeLabel,
  displayDecimal,
  formatAmount,
  groupByType,
  indicatorValueText,
  type Language,
  localized,
  periodLabel,
  sheetName,
  targetText,
  translate,
} from '@excelencia/domain';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import type { ExportColumn } from '../../platform/xlsx-export.ts';

/**
 * The PDF and XLSX exports of a saved self-diagnosis: pure functions from the diagnosis and the
 * reader's language to the file's bytes. Texts come from the 'diagnosis:export' catalog; figures follow the
 * domain's display rules, as on the web: targets exactly (up to 6 decimals), values, previous values and
 * medians with 4 decimals below 10 and 2 above, more when rounding would contradict pass or fail.
 */

// ---------------------------------------------------------------------------------------------------------
// Texts shared by both formats

function exportText(language: Language, key: string, params?: Record<string, string | number>): string {
  return translate(language, `diagnosis:export.${key}`, params);
}

/** '2024-01-01 – 2024-12-31 (Y0)'. */
function sheetPeriod(sheet: DiagnosisSheet): string {
  return sheet.tag ? `${periodLabel(sheet)} (${sheet.tag})` : periodLabel(sheet);
}

/** 'balancete-2023.xlsx · 2023-01-01 – 2023-12-31 (Y0)', or the period alone for a sheet entered by hand. */
function sheetWithPeriod(sheet: DiagnosisSheet): string {
  return sheet.fileName ? `${sheet.fileName} · ${sheetPeriod(sheet)}` : sheetPeriod(sheet);
}

function typeLabel(diagnosis: Diagnosis, language: Language): string {
  return diagnosisTypeLabel(diagnosis, (key, params) => translate(language, key, params));
}

function createdOn(diagnosis: Diagnosis): string {
  return diagnosis.createdAt.slice(0, 10);
}

function summary(diagnosis: Diagnosis, language: Language): string {
  return exportText(language, 'summary', {
    passed: diagnosis.passedCount,
    computable: diagnosis.computableCount,
  });
}

function annualisedNote(diagnosis: Diagnosis, language: Language): string | null {
  if (diagnosis.annualisedMonths === null) return null;
  return translate(language, 'diagnosis:annualised', { months: diagnosis.annualisedMonths });
}

/** '+12.5 %', '-3.0 %', '0.0 %' as the web writes it; the raw text when it is not a number; null without one. */
function changeText(indicator: DiagnosisIndicator): string | null {
  const change = indicator.change;
  if (!change) return null;
  return changePercentText(change.percent) ?? change.percent;
}

type Status = 'passed' | 'failed' | 'notComputable';

function statusOf(indicator: DiagnosisIndicator): Status {
  if (indicator.passed === true) return 'passed';
  if (indicator.passed === false) return 'failed';
  return 'notComputable';
}

/** 'Meets', 'Does not meet', or the reason it is not computable ('Not computable: the denominator is zero.'). */
function statusText(indicator: DiagnosisIndicator, language: Language): string {
  const status = statusOf(indicator);
  if (status !== 'notComputable') return exportText(language, status);
  const reason = indicator.reason;
  if (!reason) return exportText(language, 'notComputable');
  return translate(language, `formula:reasons.${reason.key}`, { name: reason.name ?? '' });
}

/** The previous sheet's value: carried by the indicator, else looked up among the previous indicators. */
function previousValueOf(diagnosis: Diagnosis, indicator: DiagnosisIndicator): string | null {
  if (indicator.previousValue !== undefined) return indicator.previousValue;
  const previous = diagnosis.previousAutoFinancialIndicators.find(
    (candidate) => candidate.criterion.code === indicator.criterion.code,
  );
  return previous?.value ?? null;
}

/** '1 234.5 (Companies: 7)'; null when the sector has too few companies or the company has no sector. */
function sectorText(indicator: DiagnosisIndicator, language: Language): string | null {
  const sector = indicator.sector;
  if (!sector) return null;
  return `${indicatorValueText(sector.median, indicator.target)} (${exportText(language, 'companies')}: ${sector.companies})`;
}

/** An input's period, as the export names it: 'Current' or 'Previous'. */
function inputPeriod(input: DiagnosisIndicatorInput, language: Language): string {
  return exportText(language, input.period === 'previous' ? 'previousPeriod' : 'currentPeriod');
}

/** The values a ratio used, on one line: 'AT 9 570 000 · VN 10 900 000 (annualised …) · AT [Previous] 8 600 000'. */
function inputsText(indicator: DiagnosisIndicator, language: Language): string {
  return indicator.inputs
    .map((input) => {
      const period = input.period === 'previous' ? ` [${inputPeriod(input, language)}]` : '';
      const annualised = input.annualisedValue
        ? ` (${exportText(language, 'annualisedShort')} ${formatAmount(input.annualisedValue)})`
        : '';
      return `${input.name}${period} ${formatAmount(input.value) || '—'}${annualised}`;
    })
    .join(' · ');
}

// ---------------------------------------------------------------------------------------------------------
// PDF

const BODY = 'Body';
const BOLD = 'Body-Bold';
const ITALIC = 'Body-Italic';

/**
 * Arimo (SIL Open Font License), drawn with the metrics of Helvetica, so the layout is the standard font's;
 * embedded because Helvetica's WinAnsi has no ≥ or ≤, and the PDF writes a target as the screen and the XLSX do.
 */
const require = createRequire(import.meta.url);
const FONT_FILES = {
  [BODY]: require.resolve('@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf'),
  [BOLD]: require.resolve('@expo-google-fonts/arimo/700Bold/Arimo_700Bold.ttf'),
  [ITALIC]: require.resolve('@expo-google-fonts/arimo/400Regular_Italic/Arimo_400Regular_Italic.ttf'),
};

/** Text as drawn: composed accents (one glyph each), a tab as a space. */
function pdfText(text: string): string {
  return text.normalize('NFC').replace(/\t/g, ' ');
}

type Pdf = PDFKit.PDFDocument;

const MARGIN = 50;
const LABEL_WIDTH = 110;
const COLUMN_GAP = 10;
const ROW_GAP = 3;
const BLOCK_GAP = 10;
const BODY_SIZE = 9;
const STATUS_COLORS: Record<Status, string> = {
  passed: '#1b6e2d',
  failed: '#b3261e',
  notComputable: '#5f6368',
};

interface PdfRow {
  label: string;
  value: string;
  color?: string;
}

function contentWidth(doc: Pdf): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

/** The lowest y the content may reach on the current page (the footer sits in the bottom margin). */
function bottomOf(doc: Pdf): number {
  return doc.page.height - doc.page.margins.bottom;
}

function rowHeight(doc: Pdf, row: PdfRow): number {
  const valueWidth = contentWidth(doc) - LABEL_WIDTH - COLUMN_GAP;
  doc.font(BOLD).fontSize(BODY_SIZE);
  const label = doc.heightOfString(pdfText(row.label), { width: LABEL_WIDTH });
  doc.font(BODY).fontSize(BODY_SIZE);
  const value = doc.heightOfString(pdfText(row.value), { width: valueWidth });
  return Math.max(label, value) + ROW_GAP;
}

/** A label in the left column and its value wrapped in the right one. */
function drawRow(doc: Pdf, row: PdfRow): void {
  const x = doc.page.margins.left;
  const valueWidth = contentWidth(doc) - LABEL_WIDTH - COLUMN_GAP;
  const top = doc.y;
  doc.font(BOLD).fontSize(BODY_SIZE).fillColor('#444444');
  doc.text(pdfText(row.label), x, top, { width: LABEL_WIDTH });
  const labelBottom = doc.y;
  const page = doc.page;
  doc
    .font(BODY)
    .fontSize(BODY_SIZE)
    .fillColor(row.color ?? 'black');
  doc.text(pdfText(row.value), x + LABEL_WIDTH + COLUMN_GAP, top, { width: valueWidth });
  // A value long enough to run onto a new page leaves the label's bottom on the page before.
  doc.y = (doc.page === page ? Math.max(labelBottom, doc.y) : doc.y) + ROW_GAP;
  doc.x = x;
  doc.fillColor('black');
}

function headingHeight(doc: Pdf, text: string, size: number): number {
  doc.font(BOLD).fontSize(size);
  return doc.heightOfString(pdfText(text), { width: contentWidth(doc) }) + ROW_GAP;
}

function drawHeading(doc: Pdf, text: string, size: number): void {
  const x = doc.page.margins.left;
  doc.font(BOLD).fontSize(size).fillColor('black');
  doc.text(pdfText(text), x, doc.y, { width: contentWidth(doc) });
  doc.y += ROW_GAP;
}

function drawParagraph(doc: Pdf, text: string, font: string): void {
  const x = doc.page.margins.left;
  doc
    .font(font)
    .fontSize(BODY_SIZE + 1)
    .fillColor('black');
  doc.text(pdfText(text), x, doc.y, { width: contentWidth(doc) });
  doc.y += ROW_GAP * 2;
}

/** Starts a new page unless `height` still fits below the cursor (or the cursor is already at the top). */
function ensureSpace(doc: Pdf, height: number): void {
  if (doc.y + height > bottomOf(doc) && doc.y > doc.page.margins.top) doc.addPage();
}

function indicatorRows(diagnosis: Diagnosis, indicator: DiagnosisIndicator, language: Language): PdfRow[] {
  const { criterion } = indicator;
  const rows: PdfRow[] = [
    { label: exportText(language, 'formula'), value: criterion.ratio },
    {
      label: exportText(language, 'value'),
      value: indicatorValueText(indicator.value, indicator.target) || '—',
    },
    { label: exportText(language, 'target'), value: targetText(indicator.target) },
    {
      label: exportText(language, 'status'),
      value: statusText(indicator, language),
      color: STATUS_COLORS[statusOf(indicator)],
    },
  ];
  if (diagnosis.type === 'comparison') {
    const change = changeText(indicator);
    rows.push(
      {
        label: exportText(language, 'previousValue'),
        value: indicatorValueText(previousValueOf(diagnosis, indicator), indicator.target) || '—',
      },
      { label: exportText(language, 'change'), value: change ?? '—' },
    );
  }
  const sector = sectorText(indicator, language);
  if (sector !== null) rows.push({ label: exportText(language, 'sectorMedian'), value: sector });
  if (indicator.inputs.length > 0) {
    rows.push({ label: exportText(language, 'inputs'), value: inputsText(indicator, language) });
  }
  const recommendation = localized(criterion.recommendation, language);
  if (recommendation) rows.push({ label: exportText(language, 'recommendation'), value: recommendation });
  return rows;
}

interface PdfBlock {
  heading: string;
  rows: PdfRow[];
}

function blockHeight(doc: Pdf, block: PdfBlock): number {
  return (
    headingHeight(doc, block.heading, BODY_SIZE + 2) +
    block.rows.reduce((sum, row) => sum + rowHeight(doc, row), 0) +
    BLOCK_GAP
  );
}

function drawBlock(doc: Pdf, block: PdfBlock): void {
  drawHeading(doc, block.heading, BODY_SIZE + 2);
  for (const row of block.rows) drawRow(doc, row);
  doc.y += BLOCK_GAP;
}

function collect(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/**
 * The diagnosis as an A4 PDF in Arimo (Helvetica's metrics): title, company, sheets, type, creation date and the
 * summary, then one section per criterion type with a label/value block per indicator (formula, value,
 * target, status or the reason it is not computable, previous value and change for a comparison, sector
 * median, recommendation). A block never splits across pages; every page carries "Page x of y".
 */
export async function diagnosisPdf(diagnosis: Diagnosis, language: Language): Promise<Buffer> {
  const title = exportText(language, 'title');
  const doc: Pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    lang: language,
    displayTitle: true,
    info: {
      Title: `${title} – ${diagnosis.companyName}`,
      Subject: typeLabel(diagnosis, language),
      CreationDate: new Date(diagnosis.createdAt),
    },
  });
  for (const [name, file] of Object.entries(FONT_FILES)) doc.registerFont(name, file);
  const done = collect(doc);

  drawHeading(doc, title, 18);
  doc.y += 4;
  const header: PdfRow[] = [
    { label: exportText(language, 'company'), value: diagnosis.companyName },
    { label: exportText(language, 'sheet'), value: sheetWithPeriod(diagnosis.balanceSheet) },
  ];
  if (diagnosis.previousBalanceSheet) {
    header.push({
      label: exportText(language, 'previousSheet'),
      value: sheetWithPeriod(diagnosis.previousBalanceSheet),
    });
  }
  header.push(
    { label: exportText(language, 'type'), value: typeLabel(diagnosis, language) },
    { label: exportText(language, 'createdAt'), value: createdOn(diagnosis) },
  );
  for (const row of header) drawRow(doc, row);
  doc.y += 6;
  const note = annualisedNote(diagnosis, language);
  if (note) drawParagraph(doc, note, ITALIC);
  drawParagraph(doc, summary(diagnosis, language), BOLD);
  doc.y += 6;

  for (const group of groupByType(diagnosis.currentAutoFinancialIndicators)) {
    const heading = `${group.code} – ${localized(group.description, language)}`;
    const blocks = group.indicators.map((indicator) => ({
      heading: `${indicator.criterion.code} – ${localized(indicator.criterion.description, language)}`,
      rows: indicatorRows(diagnosis, indicator, language),
    }));
    // The type's heading stays with its first indicator.
    const first = blocks[0];
    ensureSpace(doc, headingHeight(doc, heading, 13) + 6 + (first ? blockHeight(doc, first) : 0));
    drawHeading(doc, heading, 13);
    const lineY = doc.y;
    doc
      .moveTo(doc.page.margins.left, lineY)
      .lineTo(doc.page.width - doc.page.margins.right, lineY)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    doc.y = lineY + 6;
    for (const block of blocks) {
      ensureSpace(doc, blockHeight(doc, block));
      drawBlock(doc, block);
    }
  }

  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // Writing below the bottom margin would start a new page: lift the margin while the footer is drawn.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font(BODY)
      .fontSize(8)
      .fillColor('#666666')
      .text(
        pdfText(exportText(language, 'page', { page: index - range.start + 1, pages: range.count })),
        doc.page.margins.left,
        doc.page.height - bottom + 15,
        { width: contentWidth(doc), align: 'center', lineBreak: false },
      );
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}

// ---------------------------------------------------------------------------------------------------------
// XLSX

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
    [exportText(language, 'sheet'), sheetName(diagnosis.balanceSheet)],
    [exportText(language, 'period'), sheetPeriod(diagnosis.balanceSheet)],
  ];
  if (diagnosis.previousBalanceSheet) {
    info.push([exportText(language, 'previousSheet'), sheetWithPeriod(diagnosis.previousBalanceSheet)]);
  }
  info.push(
    [exportText(language, 'type'), typeLabel(diagnosis, language)],
    [exportText(language, 'createdAt'), createdOn(diagnosis)],
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

import { Readable } from 'node:stream';
import {
  calendarDayOf,
  type DistinguishedCompany,
  type EditionFunnel,
  type EditionResults,
  formatDisplayDate,
  formatNumber,
  type Language,
  type LocalizedText,
  localized,
  translate,
  yesNoText,
} from '@excelencia/domain';
import archiver from 'archiver';
import ExcelJS from 'exceljs';
import QRCode from 'qrcode';
import { createPdf, drawPageFooters, PDF_FONT, type Pdf, pdfBytes, pdfText } from '../../platform/pdf.ts';

/**
 * The applications area's documents: the status certificate, the edition's results report (PDF and XLSX) and
 * a zip of PDFs. Pure functions from their data and the reader's language to the file's bytes; every text comes
 * from the 'applications' catalog (certificate.*, report.*, editionName, sealStatuses.*).
 */

// ---------------------------------------------------------------------------------------------------------
// Texts and dates

function text(language: Language, key: string, params?: Record<string, string | number>): string {
  return translate(language, `applications:${key}`, params);
}

function editionName(language: Language, edition: { number: number; year: number }): string {
  return text(language, 'editionName', { number: edition.number, year: edition.year });
}

/** The Cape Verde calendar day at UTC midnight: a spreadsheet shows it as that day whatever its time zone. */
function spreadsheetDate(value: string): Date {
  const { year, month, day } = calendarDayOf(value);
  return new Date(Date.UTC(year, month - 1, day));
}

function countLabel(label: LocalizedText | null, language: Language): string {
  return label ? localized(label, language) : text(language, 'report.none');
}

function sectionLabel(section: DistinguishedCompany['section'], language: Language): string {
  return section ? `${section.code} – ${localized(section.description, language)}` : '';
}

// ---------------------------------------------------------------------------------------------------------
// PDF

/** The portal's colours (apps/web/public/favicon.svg and the web theme): Cabo Verde blue, gold, red. */
const BLUE = '#0032ad';
const GOLD = '#f7d116';
const DARK_GOLD = '#b08d1a';
const RED = '#cf2027';
const GREY = '#555555';
const LIGHT_BLUE = '#e8efff';
const STRIPE = '#f4f6fb';

/** The favicon's star, in its 64-unit box. */
const STAR_PATH = 'M32 10l5.6 11.9 13 1.6-9.6 9 2.5 12.9L32 39l-11.5 6.4 2.5-12.9-9.6-9 13-1.6z';

/** The portal's emblem (the favicon: a gold star on a blue tile, white and red bars) with its top-left at x, y. */
function drawEmblem(doc: Pdf, x: number, y: number, size: number): void {
  const scale = size / 64;
  doc.save();
  doc.translate(x, y).scale(scale);
  doc.roundedRect(0, 0, 64, 64, 14).fill(BLUE);
  doc.path(STAR_PATH).fill(GOLD);
  doc.roundedRect(14, 50, 36, 4, 2).fill('#ffffff');
  doc.roundedRect(14, 56, 36, 2, 1).fill(RED);
  doc.restore();
}

/** The QR symbol of a URL as a black-on-white PNG, 8 pixels a module, with the standard 4-module quiet zone. */
export function qrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 4,
    scale: 8,
    color: { dark: '#000000ff', light: '#ffffffff' },
  });
}

/** The largest size from `max` down to `min` at which `value` fits `width` in at most `lines` lines, or null. */
function fittingSize(
  doc: Pdf,
  value: string,
  options: { font: string; max: number; min: number; width: number; lines: number },
): number | null {
  doc.font(options.font);
  for (let size = options.max; size >= options.min; size -= 1) {
    doc.fontSize(size);
    if (doc.heightOfString(value, { width: options.width }) <= doc.currentLineHeight(true) * options.lines) {
      return size;
    }
  }
  return null;
}

interface CenteredLine {
  value: string;
  font: string;
  size: number;
  color: string;
  /** The box the text wraps in, centred on the page. */
  width: number;
  /** Space above it. */
  gap: number;
}

function centeredHeight(doc: Pdf, lines: readonly CenteredLine[]): number {
  return lines.reduce((sum, line) => {
    doc.font(line.font).fontSize(line.size);
    return sum + line.gap + doc.heightOfString(pdfText(line.value), { width: line.width, align: 'center' });
  }, 0);
}

/** Centred paragraphs one under the other from `top`; returns where the last one ends. */
function drawCentered(doc: Pdf, top: number, lines: readonly CenteredLine[]): number {
  let y = top;
  for (const line of lines) {
    doc.font(line.font).fontSize(line.size).fillColor(line.color);
    doc.text(pdfText(line.value), (doc.page.width - line.width) / 2, y + line.gap, {
      width: line.width,
      align: 'center',
    });
    y = doc.y;
  }
  return y;
}

export interface CertificateInput {
  language: Language;
  companyName: string;
  nif: string;
  edition: { number: number; year: number; indicatorYear: number };
  /** ISO date-time (or date). */
  validUntil: string;
  /** ISO date-time (or date). */
  issuedAt: string;
  /** The seal's code, which the public seal check looks up. */
  code: string;
  /** The public page that checks the code (the QR encodes it). */
  verifyUrl: string;
}

/**
 * The status certificate: one A4 landscape page in a blue and gold double frame with the emblem, the title,
 * 'This certifies that' + the company's name large + its NIF, the grant naming the edition and the indicator
 * year, the validity date, then the issue date, code and issuing body at the bottom left and the QR of the check page with
 * its 'check at' line at the bottom right.
 */
export async function certificatePdf(input: CertificateInput): Promise<Buffer> {
  const { language } = input;
  const title = text(language, 'certificate.title');
  const doc = createPdf({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    lang: language,
    displayTitle: true,
    info: {
      Title: `${title} – ${input.companyName}`,
      Subject: editionName(language, input.edition),
      Keywords: input.code,
      CreationDate: new Date(input.issuedAt),
    },
  });
  const done = pdfBytes(doc);
  const qr = await qrPng(input.verifyUrl);
  const width = doc.page.width;
  const height = doc.page.height;
  // The frame: a thick blue border, a thin gold one inside it, gold corner squares.
  doc
    .rect(20, 20, width - 40, height - 40)
    .lineWidth(4)
    .stroke(BLUE);
  doc
    .rect(30, 30, width - 60, height - 60)
    .lineWidth(1)
    .stroke(DARK_GOLD);
  for (const [x, y] of [
    [26, 26],
    [width - 34, 26],
    [26, height - 34],
    [width - 34, height - 34],
  ] as const) {
    doc.rect(x, y, 8, 8).fill(GOLD);
  }

  drawEmblem(doc, (width - 56) / 2, 50, 56);
  const ruleY =
    drawCentered(doc, 122, [
      { value: title, font: PDF_FONT.bold, size: 28, color: BLUE, width: 640, gap: 0 },
    ]) + 8;
  doc
    .moveTo(width / 2 - 120, ruleY)
    .lineTo(width / 2 + 120, ruleY)
    .lineWidth(1.5)
    .stroke(DARK_GOLD);

  const name = pdfText(input.companyName);
  // One line while the name stays large, else two lines, smaller as needed.
  const fit = { font: PDF_FONT.bold, width: 680 };
  const nameSize =
    fittingSize(doc, name, { ...fit, max: 32, min: 22, lines: 1 }) ??
    fittingSize(doc, name, { ...fit, max: 28, min: 14, lines: 2 }) ??
    14;
  const granted = text(language, 'certificate.granted', {
    edition: editionName(language, input.edition),
    indicatorYear: input.edition.indicatorYear,
  });
  const validUntil = text(language, 'certificate.validUntil', {
    date: formatDisplayDate(input.validUntil, language),
  });
  const body: CenteredLine[] = [
    {
      value: text(language, 'certificate.body'),
      font: PDF_FONT.regular,
      size: 14,
      color: GREY,
      width: 640,
      gap: 0,
    },
    {
      value: input.companyName,
      font: PDF_FONT.bold,
      size: nameSize,
      color: '#111111',
      width: 680,
      gap: 12,
    },
    {
      value: text(language, 'certificate.nif', { nif: input.nif }),
      font: PDF_FONT.regular,
      size: 13,
      color: GREY,
      width: 640,
      gap: 6,
    },
    { value: granted, font: PDF_FONT.regular, size: 14, color: '#111111', width: 600, gap: 20 },
    { value: validUntil, font: PDF_FONT.bold, size: 15, color: BLUE, width: 640, gap: 14 },
  ];
  // The body sits in the middle of the space between the title's rule and the bottom block.
  const space = { top: ruleY + 14, bottom: 430 };
  const bodyHeight = centeredHeight(doc, body);
  drawCentered(doc, space.top + Math.max(0, (space.bottom - space.top - bodyHeight) / 2), body);

  // Bottom left: the issue date over a rule, then the code; bottom right: the QR and the 'check at' line.
  const left = 70;
  doc
    .moveTo(left, 478)
    .lineTo(left + 220, 478)
    .lineWidth(0.75)
    .stroke(GREY);
  doc
    .font(PDF_FONT.regular)
    .fontSize(11)
    .fillColor('#111111')
    .text(pdfText(formatDisplayDate(input.issuedAt, language)), left, 462, { width: 220, lineBreak: false });
  doc
    .font(PDF_FONT.bold)
    .fontSize(12)
    .fillColor(BLUE)
    .text(pdfText(text(language, 'certificate.code', { code: input.code })), left, 488, { width: 260 });
  // The issuing body: the programme's managing entity (a catalog text; no configuration names it).
  doc
    .font(PDF_FONT.regular)
    .fontSize(9)
    .fillColor(GREY)
    .text(pdfText(text(language, 'certificate.issuedBy')), left, 508, { width: 330 });

  const qrSize = 96;
  const textWidth = 330;
  const right = width - 60;
  doc.image(qr, right - qrSize, 400, { width: qrSize, height: qrSize });
  doc
    .font(PDF_FONT.regular)
    .fontSize(8)
    .fillColor(GREY)
    .text(pdfText(text(language, 'certificate.verify', { url: input.verifyUrl })), right - textWidth, 500, {
      width: textWidth,
      align: 'right',
    });
  doc.end();
  return done;
}

// ---------------------------------------------------------------------------------------------------------
// Results report, PDF

const REPORT_MARGIN = 40;
const FOOTER_HEIGHT = 24;
const CELL_PADDING = 4;
const TABLE_SIZE = 8.5;

interface TableColumn {
  header: string;
  /** Share of the content width. */
  width: number;
  align?: 'left' | 'right';
}

function contentWidth(doc: Pdf): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

function bottomOf(doc: Pdf): number {
  return doc.page.height - doc.page.margins.bottom;
}

function columnWidths(doc: Pdf, columns: readonly TableColumn[]): number[] {
  const total = columns.reduce((sum, column) => sum + column.width, 0);
  return columns.map((column) => (contentWidth(doc) * column.width) / total);
}

function cellsHeight(doc: Pdf, cells: readonly string[], widths: readonly number[], font: string): number {
  doc.font(font).fontSize(TABLE_SIZE);
  const heights = cells.map((cell, index) =>
    doc.heightOfString(pdfText(cell) || ' ', { width: (widths[index] ?? 0) - 2 * CELL_PADDING }),
  );
  return Math.max(...heights) + 2 * CELL_PADDING;
}

function drawCells(
  doc: Pdf,
  cells: readonly string[],
  columns: readonly TableColumn[],
  style: { font: string; color: string; fill?: string },
): void {
  const widths = columnWidths(doc, columns);
  const height = cellsHeight(doc, cells, widths, style.font);
  const top = doc.y;
  const left = doc.page.margins.left;
  if (style.fill) doc.rect(left, top, contentWidth(doc), height).fill(style.fill);
  let x = left;
  cells.forEach((cell, index) => {
    const width = widths[index] ?? 0;
    doc.font(style.font).fontSize(TABLE_SIZE).fillColor(style.color);
    doc.text(pdfText(cell), x + CELL_PADDING, top + CELL_PADDING, {
      width: width - 2 * CELL_PADDING,
      align: columns[index]?.align ?? 'left',
    });
    x += width;
  });
  doc.x = left;
  doc.y = top + height;
}

function drawHeader(doc: Pdf, columns: readonly TableColumn[]): void {
  drawCells(
    doc,
    columns.map((column) => column.header),
    columns,
    { font: PDF_FONT.bold, color: '#ffffff', fill: BLUE },
  );
}

function headerHeight(doc: Pdf, columns: readonly TableColumn[]): number {
  return cellsHeight(
    doc,
    columns.map((column) => column.header),
    columnWidths(doc, columns),
    PDF_FONT.bold,
  );
}

function drawHeading(doc: Pdf, value: string, size: number): void {
  doc.font(PDF_FONT.bold).fontSize(size).fillColor(BLUE);
  doc.text(pdfText(value), doc.page.margins.left, doc.y, { width: contentWidth(doc) });
  doc.y += 4;
}

function headingHeight(doc: Pdf, value: string, size: number): number {
  doc.font(PDF_FONT.bold).fontSize(size);
  return doc.heightOfString(pdfText(value), { width: contentWidth(doc) }) + 4;
}

/**
 * A titled table: the heading stays with the header row and the first line; a line that does not fit starts a
 * new page, where the header row is drawn again. Lines alternate a light stripe.
 */
function drawTable(
  doc: Pdf,
  heading: string,
  columns: readonly TableColumn[],
  rows: readonly string[][],
): void {
  const widths = columnWidths(doc, columns);
  const first = rows[0];
  const opening =
    headingHeight(doc, heading, 12) +
    headerHeight(doc, columns) +
    (first ? cellsHeight(doc, first, widths, PDF_FONT.regular) : 0);
  if (doc.y + opening > bottomOf(doc)) doc.addPage();
  drawHeading(doc, heading, 12);
  drawHeader(doc, columns);
  rows.forEach((cells, index) => {
    if (doc.y + cellsHeight(doc, cells, widths, PDF_FONT.regular) > bottomOf(doc)) {
      doc.addPage();
      drawHeader(doc, columns);
    }
    drawCells(doc, cells, columns, {
      font: PDF_FONT.regular,
      color: '#111111',
      fill: index % 2 === 1 ? STRIPE : undefined,
    });
  });
  doc
    .moveTo(doc.page.margins.left, doc.y)
    .lineTo(doc.page.margins.left + contentWidth(doc), doc.y)
    .lineWidth(0.75)
    .stroke(BLUE);
  doc.y += 18;
}

/** The three counts side by side in light-blue boxes: the figure large, its label under it. */
function drawCounts(doc: Pdf, counts: ReadonlyArray<[label: string, value: number]>): void {
  const gap = 12;
  const boxWidth = (contentWidth(doc) - gap * (counts.length - 1)) / counts.length;
  const boxHeight = 58;
  const top = doc.y;
  counts.forEach(([label, value], index) => {
    const x = doc.page.margins.left + index * (boxWidth + gap);
    doc.roundedRect(x, top, boxWidth, boxHeight, 6).fill(LIGHT_BLUE);
    doc
      .font(PDF_FONT.bold)
      .fontSize(22)
      .fillColor(BLUE)
      .text(formatNumber(value), x + 10, top + 8, { width: boxWidth - 20, lineBreak: false });
    doc
      .font(PDF_FONT.regular)
      .fontSize(10)
      .fillColor('#222222')
      .text(pdfText(label), x + 10, top + 36, { width: boxWidth - 20, lineBreak: false, ellipsis: true });
  });
  doc.x = doc.page.margins.left;
  doc.y = top + boxHeight + 20;
}

function countRows(rows: EditionResults['byIsland'], language: Language): string[][] {
  return rows.map((row) => [
    countLabel(row.label, language),
    formatNumber(row.applicants),
    formatNumber(row.distinguished),
  ]);
}

function countColumns(label: string, language: Language): TableColumn[] {
  return [
    { header: label, width: 6 },
    { header: text(language, 'report.applicants'), width: 2, align: 'right' },
    { header: text(language, 'report.distinguished'), width: 2, align: 'right' },
  ];
}

function companyCells(company: DistinguishedCompany, language: Language): string[] {
  return [
    company.companyName,
    company.nif,
    localized(company.island, language) || '—',
    sectionLabel(company.section, language) || '—',
    formatDisplayDate(company.validUntil, language),
    text(language, `sealStatuses.${company.status}`),
    company.sealCode,
    yesNoText(company.isRenewal, language),
  ];
}

function companyColumns(language: Language): TableColumn[] {
  return [
    { header: text(language, 'report.company'), width: 24 },
    { header: text(language, 'report.nif'), width: 8 },
    { header: text(language, 'report.island'), width: 9 },
    { header: text(language, 'report.section'), width: 20 },
    { header: text(language, 'report.validUntil'), width: 12 },
    { header: text(language, 'report.status'), width: 8 },
    { header: text(language, 'report.code'), width: 10 },
    { header: text(language, 'report.renewal'), width: 9 },
  ];
}

/**
 * The edition's results as an A4 landscape PDF: the title naming the edition, the three counts (applications
 * submitted, distinguished, unqualified), the tables by island and by CAE section, then every distinguished
 * company (and whether it renews a seal of an earlier edition), its header row repeated on each page the list runs
 * onto. Every page's footer says when the report
 * was generated and 'page / pages'.
 */
export async function resultsReportPdf(
  results: EditionResults,
  language: Language,
  generatedAt: Date,
  /** The edition's funnel (an admin's report): its steps, after the counts. */
  funnel?: EditionFunnel,
  /** The edition's appeals still pending (an admin's report, docs/adr/0031-appeals.md): after the funnel. */
  pendingAppeals?: readonly PendingAppealLine[],
): Promise<Buffer> {
  const title = text(language, 'report.title', { edition: editionName(language, results.edition) });
  const doc = createPdf({
    size: 'A4',
    layout: 'landscape',
    margins: {
      top: REPORT_MARGIN,
      left: REPORT_MARGIN,
      right: REPORT_MARGIN,
      bottom: REPORT_MARGIN + FOOTER_HEIGHT,
    },
    bufferPages: true,
    lang: language,
    displayTitle: true,
    info: { Title: title, CreationDate: generatedAt },
  });
  const done = pdfBytes(doc);

  const titleTop = doc.y;
  drawEmblem(doc, doc.page.margins.left, titleTop, 30);
  doc
    .font(PDF_FONT.bold)
    .fontSize(18)
    .fillColor(BLUE)
    .text(pdfText(title), doc.page.margins.left + 42, titleTop + 6, { width: contentWidth(doc) - 42 });
  doc.y = Math.max(doc.y, titleTop + 30) + 16;
  drawCounts(doc, [
    [text(language, 'report.applicants'), results.applicants],
    [text(language, 'report.distinguished'), results.distinguished],
    [text(language, 'report.unqualified'), results.unqualified],
  ]);
  if (funnel) {
    const rows = funnelRows(funnel, language);
    drawTable(
      doc,
      rows.title,
      [
        { header: rows.headers[0], width: 6 },
        { header: rows.headers[1], width: 2, align: 'right' },
        { header: rows.headers[2], width: 2, align: 'right' },
      ],
      rows.steps.map(([label, count, conversion]) => [
        label,
        formatNumber(count),
        conversion === null ? '—' : formatNumber(conversion * 100, { percent: true, decimals: 1 }),
      ]),
    );
  }
  if (pendingAppeals) {
    const rows = pendingAppealRows(pendingAppeals, language);
    drawTable(
      doc,
      rows.title,
      [
        { header: rows.headers[0], width: 5 },
        { header: rows.headers[1], width: 2 },
        { header: rows.headers[2], width: 2 },
        { header: rows.headers[3], width: 3 },
      ],
      rows.lines.map((line) => [line[0], line[1], formatDisplayDate(line[2], language), line[3]]),
    );
  }
  drawTable(
    doc,
    text(language, 'report.byIsland'),
    countColumns(text(language, 'report.island'), language),
    countRows(results.byIsland, language),
  );
  drawTable(
    doc,
    text(language, 'report.bySection'),
    countColumns(text(language, 'report.section'), language),
    countRows(results.bySection, language),
  );
  drawTable(
    doc,
    text(language, 'report.list'),
    companyColumns(language),
    results.companies.map((company) => companyCells(company, language)),
  );

  drawPageFooters(
    doc,
    (page, pages) => `${page} / ${pages}`,
    text(language, 'report.generated', { date: formatDisplayDate(generatedAt, language, { time: true }) }),
  );
  doc.end();
  return done;
}

// ---------------------------------------------------------------------------------------------------------
// The edition's funnel in the report

/** The funnel's title, its column headers and its steps as (label, count, share of the previous step). */
function funnelRows(funnel: EditionFunnel, language: Language) {
  const funnelText = (key: string, params?: Record<string, string | number>) =>
    translate(language, `insightsWeb:funnel.${key}`, params);
  const stepLabel = (step: string) => funnelText(`steps.${step}`, { year: funnel.edition.indicatorYear });
  return {
    title: funnelText('title', { edition: editionName(language, funnel.edition) }),
    headers: [funnelText('step'), funnelText('companies'), funnelText('conversion')] as const,
    stepLabel,
    groupHeader: funnelText(funnel.by === 'island' ? 'byIsland' : 'byCaeSection'),
    none: funnelText('none'),
    mail: (['sent', 'failed', 'optedOut'] as const).map(
      (name) => [`${funnelText('mail.title')}: ${funnelText(`mail.${name}`)}`, funnel.mail[name]] as const,
    ),
    steps: funnel.steps.map((step) => [stepLabel(step.step), step.count, step.conversion] as const),
  };
}

const SHARE_FORMAT = '0.0%';

/** A sheet of the funnel: its steps with the share of the previous one, the same per group, and the mail figures. */
function funnelSheet(workbook: ExcelJS.Workbook, funnel: EditionFunnel, language: Language): void {
  const rows = funnelRows(funnel, language);
  const sheet = workbook.addWorksheet(sheetName(rows.title));
  sheet.columns = [{ width: 48 }, ...funnel.steps.map(() => ({ width: 18 }))];
  sheet.addRow([rows.title]).font = { bold: true, size: 14 };
  boldRow(sheet.addRow([...rows.headers]));
  for (const [label, count, conversion] of rows.steps) {
    const row = sheet.addRow([label, count, conversion]);
    row.getCell(2).numFmt = COUNT_FORMAT;
    row.getCell(3).numFmt = SHARE_FORMAT;
  }
  sheet.addRow([]);
  boldRow(sheet.addRow([rows.groupHeader, ...funnel.steps.map((step) => rows.stepLabel(step.step))]));
  for (const group of funnel.groups) {
    const label = group.label
      ? `${group.code ? `${group.code} – ` : ''}${localized(group.label, language)}`
      : rows.none;
    const row = sheet.addRow([label, ...group.steps.map((step) => step.count)]);
    group.steps.forEach((_, index) => {
      row.getCell(index + 2).numFmt = COUNT_FORMAT;
    });
  }
  sheet.addRow([]);
  for (const [label, value] of rows.mail) sheet.addRow([label, value]).getCell(2).numFmt = COUNT_FORMAT;
}

// ---------------------------------------------------------------------------------------------------------
// The edition's pending appeals in the report (docs/adr/0031-appeals.md)

/** An appeal still waiting for its decision, as the report lists it. */
export interface PendingAppealLine {
  companyName: string;
  nif: string;
  /** When the company appealed (ISO). */
  createdAt: string;
  /** An admin proposed an outcome that waits for a second admin. */
  proposed: boolean;
}

/** The section's title (with the count), its column headers and its lines (company, NIF, appealed on, state). */
function pendingAppealRows(appeals: readonly PendingAppealLine[], language: Language) {
  const t = (key: string, params?: Record<string, string | number>) =>
    translate(language, `appeals:report.${key}`, params);
  return {
    title: t('title', { count: appeals.length }),
    headers: [t('company'), t('nif'), t('appealedOn'), t('state')] as const,
    lines: appeals.map(
      (appeal) =>
        [
          appeal.companyName,
          appeal.nif,
          appeal.createdAt,
          t(appeal.proposed ? 'waitingConfirmation' : 'waitingProposal'),
        ] as const,
    ),
  };
}

/** A sheet of the pending appeals: the title with their count, then one row each. */
function pendingAppealsSheet(
  workbook: ExcelJS.Workbook,
  appeals: readonly PendingAppealLine[],
  language: Language,
): void {
  const rows = pendingAppealRows(appeals, language);
  const sheet = workbook.addWorksheet(sheetName(translate(language, 'appeals:report.sheet')));
  sheet.columns = [{ width: 40 }, { width: 14 }, { width: 16 }, { width: 30 }];
  sheet.addRow([rows.title]).font = { bold: true, size: 14 };
  boldRow(sheet.addRow([...rows.headers]));
  for (const [company, nif, createdAt, state] of rows.lines) {
    sheet.addRow([company, nif, spreadsheetDate(createdAt), state]).getCell(3).numFmt = DATE_FORMAT;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Results report, XLSX

/** A worksheet name Excel accepts: none of []:*?/\ and at most 31 characters. */
function sheetName(value: string): string {
  return value.replace(/[[\]:*?/\\]/g, '-').slice(0, 31);
}

const DATE_FORMAT = 'yyyy-mm-dd';
const COUNT_FORMAT = '#,##0';

function boldRow(row: ExcelJS.Row): ExcelJS.Row {
  row.font = { bold: true };
  return row;
}

/**
 * The edition's results as an .xlsx of three sheets: the counts (applications submitted, distinguished,
 * unqualified) under the title; the tables by island and by CAE section, one under the other; the
 * distinguished companies, its header row bold, filtered and frozen, a renewal (a seal of an earlier edition held)
 * marked Yes. Counts are number cells, validity dates date cells (the Cape Verde day).
 */
export async function resultsReportXlsx(
  results: EditionResults,
  language: Language,
  /** A last column of the list marking some companies (a partner's assisted ones), by NIF. */
  marked?: { header: string; yes: string; nifs: ReadonlySet<string> },
  /** The edition's funnel (an admin's report): a sheet of its steps, overall and per group, and its mail. */
  funnel?: EditionFunnel,
  /** The edition's appeals still pending (an admin's report): a sheet of their own. */
  pendingAppeals?: readonly PendingAppealLine[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const edition = editionName(language, results.edition);
  if (results.edition.resultsPublishedAt) workbook.created = new Date(results.edition.resultsPublishedAt);

  const summary = workbook.addWorksheet(sheetName(edition));
  summary.columns = [{ width: 34 }, { width: 14 }];
  summary.addRow([text(language, 'report.title', { edition })]).font = { bold: true, size: 14 };
  summary.addRow([]);
  for (const [key, value] of [
    ['applicants', results.applicants],
    ['distinguished', results.distinguished],
    ['unqualified', results.unqualified],
  ] as const) {
    const row = summary.addRow([text(language, `report.${key}`), value]);
    row.getCell(1).font = { bold: true };
    row.getCell(2).numFmt = COUNT_FORMAT;
  }

  const counts = workbook.addWorksheet(
    sheetName(`${text(language, 'report.byIsland')} · ${text(language, 'report.bySection')}`),
  );
  counts.columns = [{ width: 60 }, { width: 24 }, { width: 24 }];
  const countTable = (heading: string, label: string, rows: EditionResults['byIsland']) => {
    counts.addRow([heading]).font = { bold: true, size: 12 };
    boldRow(
      counts.addRow([label, text(language, 'report.applicants'), text(language, 'report.distinguished')]),
    );
    for (const item of rows) {
      const row = counts.addRow([countLabel(item.label, language), item.applicants, item.distinguished]);
      row.getCell(2).numFmt = COUNT_FORMAT;
      row.getCell(3).numFmt = COUNT_FORMAT;
    }
  };
  countTable(text(language, 'report.byIsland'), text(language, 'report.island'), results.byIsland);
  counts.addRow([]);
  countTable(text(language, 'report.bySection'), text(language, 'report.section'), results.bySection);

  const list = workbook.addWorksheet(sheetName(text(language, 'report.list')), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  const headers = ['company', 'nif', 'island', 'section', 'validUntil', 'status', 'code', 'renewal'] as const;
  list.columns = [40, 12, 18, 48, 14, 14, 18, 16, ...(marked ? [16] : [])].map((width) => ({ width }));
  boldRow(
    list.addRow([
      ...headers.map((key) => text(language, `report.${key}`)),
      ...(marked ? [marked.header] : []),
    ]),
  );
  list.autoFilter = {
    from: { row: 1, column: 1 },
    to: { row: 1, column: headers.length + (marked ? 1 : 0) },
  };
  for (const company of results.companies) {
    const row = list.addRow([
      company.companyName,
      company.nif,
      localized(company.island, language),
      sectionLabel(company.section, language),
      spreadsheetDate(company.validUntil),
      text(language, `sealStatuses.${company.status}`),
      company.sealCode,
      yesNoText(company.isRenewal, language),
      ...(marked ? [marked.nifs.has(company.nif) ? marked.yes : ''] : []),
    ]);
    row.getCell(5).numFmt = DATE_FORMAT;
  }
  if (funnel) funnelSheet(workbook, funnel, language);
  if (pendingAppeals) pendingAppealsSheet(workbook, pendingAppeals, language);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

// ---------------------------------------------------------------------------------------------------------
// Zip

/** Names Windows keeps for devices, with or without an extension ('CON', 'aux.pdf', 'COM1.txt'). */
const RESERVED_NAME = /^(?:con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(?:\.|$)/i;
/** A name's length in UTF-8 bytes kept below every file system's 255. */
const MAX_NAME_BYTES = 200;

/**
 * A zip entry's name that unpacks as itself on Windows, macOS and Linux: no folders ('/' and '\' become '_', so no
 * file lands outside where it is unpacked), none of the characters Windows refuses (<>:"|?* and control
 * characters), no trailing dots or spaces (Windows drops them), no device name (CON.pdf becomes _CON.pdf), and at
 * most MAX_NAME_BYTES bytes, the extension kept.
 */
function entryName(name: string): string {
  let safe = name
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced
    .replace(/[/\\<>:"|?*\u0000-\u001f\u007f]/g, '_')
    .trim()
    .replace(/[. ]+$/, '');
  if (RESERVED_NAME.test(safe)) safe = `_${safe}`;
  if (Buffer.byteLength(safe) > MAX_NAME_BYTES) {
    const dot = safe.lastIndexOf('.');
    const extension = dot > 0 && safe.length - dot <= 10 ? safe.slice(dot) : '';
    let stem = safe.slice(0, safe.length - extension.length);
    while (Buffer.byteLength(stem + extension) > MAX_NAME_BYTES) stem = [...stem].slice(0, -1).join('');
    safe = stem + extension;
  }
  return safe === '' || /^\.+$/.test(safe) ? 'document.pdf' : safe;
}

/**
 * Every name unique (ignoring case, as Windows and macOS unpack): the second 'a.pdf' becomes 'a-2.pdf', the
 * third 'a-3.pdf', skipping any suffixed name already taken.
 */
export function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((raw) => {
    const name = entryName(raw);
    const dot = name.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let suffix = 2; taken.has(candidate.toLowerCase()); suffix += 1) {
      candidate = `${stem}-${suffix}${extension}`;
    }
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** A file for the zip: its bytes, or a function that opens its stream when the zip comes to it. */
export type ZipEntry = { name: string; data: Buffer } | { name: string; open: () => Promise<Readable> };

/** A stream that calls `open` only when first read, then passes the opened stream's content on. */
function lazyStream(open: () => Promise<Readable>): Readable {
  return Readable.from(
    (async function* () {
      yield* await open();
    })(),
    { objectMode: false },
  );
}

/**
 * The files in one zip, stored as they are (PDFs are compressed already), under unique names, as a stream:
 * entries given by `open` are read one at a time as the zip is written, so none is held whole in memory.
 */
export function documentsZipStream(files: ReadonlyArray<ZipEntry>): Readable {
  const archive = archiver('zip', { store: true });
  const names = uniqueNames(files.map((file) => file.name));
  files.forEach((file, index) => {
    const name = names[index] ?? `document-${index + 1}.pdf`;
    archive.append('data' in file ? file.data : lazyStream(file.open), { name });
  });
  archive.on('warning', (error) => archive.destroy(error));
  void archive.finalize().catch((error: unknown) => archive.destroy(error as Error));
  return archive;
}

/** The zip of `documentsZipStream`, whole in memory. */
export async function documentsZip(files: ReadonlyArray<ZipEntry>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of documentsZipStream(files)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

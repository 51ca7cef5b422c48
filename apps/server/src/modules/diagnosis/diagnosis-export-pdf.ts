import {
  type Diagnosis,
  type DiagnosisIndicator,
  formatNumber,
  groupByType,
  indicatorValueText,
  type Language,
  localized,
  targetText,
} from '@excelencia/domain';
import { createPdf, drawPageFooters, PDF_FONT, type Pdf, pdfBytes, pdfText } from '../../platform/pdf.ts';
import {
  annualisedNote,
  changeText,
  createdOn,
  exportText,
  inputPeriod,
  previousValueOf,
  type Status,
  sheetWithPeriod,
  statusOf,
  statusText,
  summary,
  typeLabel,
} from './diagnosis-export-shared.ts';

/**
 * The PDF export of a saved self-diagnosis: a pure function from the diagnosis and the reader's language to the
 * file's bytes.
 */

const BODY = PDF_FONT.regular;
const BOLD = PDF_FONT.bold;
const ITALIC = PDF_FONT.italic;

/** '1 234.5 (Companies: 7)'; null when the sector has too few companies or the company has no sector. */
function sectorText(indicator: DiagnosisIndicator, language: Language): string | null {
  const sector = indicator.sector;
  if (!sector) return null;
  return `${indicatorValueText(sector.median, indicator.target)} (${exportText(language, 'companies')}: ${formatNumber(sector.companies)})`;
}

/** The values a ratio used, on one line: 'AT 9 570 000 · VN 10 900 000 (annualised …) · AT [Previous] 8 600 000'. */
function inputsText(indicator: DiagnosisIndicator, language: Language): string {
  return indicator.inputs
    .map((input) => {
      const period = input.period === 'previous' ? ` [${inputPeriod(input, language)}]` : '';
      const annualised = input.annualisedValue
        ? ` (${exportText(language, 'annualisedShort')} ${formatNumber(input.annualisedValue)})`
        : '';
      return `${input.name}${period} ${formatNumber(input.value) || '—'}${annualised}`;
    })
    .join(' · ');
}

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

/**
 * The diagnosis as an A4 PDF in Arimo (Helvetica's metrics): title, company, sheets, type, creation date and the
 * summary, then one section per criterion type with a label/value block per indicator (formula, value,
 * target, status or the reason it is not computable, previous value and change for a comparison, sector
 * median, recommendation). A block never splits across pages; every page carries "Page x of y".
 */
export async function diagnosisPdf(diagnosis: Diagnosis, language: Language): Promise<Buffer> {
  const title = exportText(language, 'title');
  const doc = createPdf({
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
  const done = pdfBytes(doc);

  drawHeading(doc, title, 18);
  doc.y += 4;
  const header: PdfRow[] = [
    { label: exportText(language, 'company'), value: diagnosis.companyName },
    { label: exportText(language, 'sheet'), value: sheetWithPeriod(diagnosis.balanceSheet, language) },
  ];
  if (diagnosis.previousBalanceSheet) {
    header.push({
      label: exportText(language, 'previousSheet'),
      value: sheetWithPeriod(diagnosis.previousBalanceSheet, language),
    });
  }
  header.push(
    { label: exportText(language, 'type'), value: typeLabel(diagnosis, language) },
    { label: exportText(language, 'createdAt'), value: createdOn(diagnosis, language) },
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

  drawPageFooters(doc, (page, pages) => exportText(language, 'page', { page, pages }));
  doc.end();
  return done;
}

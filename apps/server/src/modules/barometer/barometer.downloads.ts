import {
  type BarometerCell,
  type BarometerEditionCell,
  type BarometerResponse,
  DISCLOSURE_TEXT_PARAMS,
  type Language,
  type LocalizedText,
  translate,
} from '@excelencia/domain';
import ExcelJS from 'exceljs';

/**
 * The barometer's downloads (docs/adr/0033-barometer-disclosure-control.md): the same cells as the JSON answer,
 * already under disclosure control, as rows in the file's language; a suppressed cell has no figure and its note
 * says why. CSV (comma-separated, UTF-8, decimals with a dot, as the JSON writes them) and XLSX (numbers).
 */

type Row = (string | number | null)[];

const t = (language: Language, key: string, params?: Record<string, string | number>) =>
  translate(language, `barometer:${key}`, params);

const localized = (text: LocalizedText, language: Language) => text[language] || text.pt;

function groupName(cell: { groupKey: string | null; groupLabel: LocalizedText | null }, language: Language) {
  if (cell.groupLabel) return localized(cell.groupLabel, language);
  return cell.groupKey === null ? t(language, 'notStated') : cell.groupKey;
}

const note = (cell: { suppressed: string | null }, language: Language) =>
  cell.suppressed === null ? '' : t(language, `suppressed.${cell.suppressed}`, DISCLOSURE_TEXT_PARAMS);

function criteriaTable(answer: BarometerResponse, language: Language, numeric: boolean): Row[] {
  const figure = (value: string | null) => (value === null ? null : numeric ? Number(value) : value);
  const header = [
    'criterionCode',
    'criterion',
    'group',
    'count',
    'q1',
    'median',
    'q3',
    'meetingShare',
    'note',
  ].map((key) => t(language, `download.${key}`));
  const rows: Row[] = [header];
  for (const criterion of answer.criteria) {
    const line = (cell: BarometerCell, group: string): Row => [
      criterion.code,
      localized(criterion.description, language),
      group,
      cell.count,
      figure(cell.q1),
      figure(cell.median),
      figure(cell.q3),
      figure(cell.meetingShare),
      note(cell, language),
    ];
    rows.push(line(criterion.overall, t(language, 'all')));
    for (const cell of criterion.rows) rows.push(line(cell, groupName(cell, language)));
  }
  return rows;
}

function editionsTable(answer: BarometerResponse, language: Language): Row[] {
  const header = ['edition', 'group', 'registered', 'applied', 'distinguished', 'renewals', 'note'].map(
    (key) => t(language, `download.${key}`),
  );
  const rows: Row[] = [header];
  for (const edition of answer.editions) {
    const line = (cell: BarometerEditionCell, group: string): Row => [
      edition.number,
      group,
      cell.registered,
      cell.applied,
      cell.distinguished,
      cell.renewals,
      note(cell, language),
    ];
    rows.push(line(edition.overall, t(language, 'all')));
    for (const cell of edition.byGroup) rows.push(line(cell, groupName(cell, language)));
  }
  return rows;
}

/** Only the criterion of that code, when given. */
export function narrowed(answer: BarometerResponse, criterion: string | undefined): BarometerResponse {
  if (!criterion) return answer;
  return { ...answer, criteria: answer.criteria.filter((item) => item.code === criterion) };
}

/** A text a spreadsheet would take for a formula (=, +, -, @ first; a number is not one), quoted off. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One table as CSV: the criteria's cells or the editions' counts. */
export function barometerCsv(
  answer: BarometerResponse,
  language: Language,
  table: 'criteria' | 'editions',
): string {
  const rows =
    table === 'criteria' ? criteriaTable(answer, language, false) : editionsTable(answer, language);
  return `${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** The workbook: a sheet of the criteria's cells and one of the editions' counts, headers bold and frozen. */
export async function barometerXlsx(answer: BarometerResponse, language: Language): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const add = (name: string, rows: Row[], widths: number[]) => {
    const sheet = workbook.addWorksheet(name.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
    for (const row of rows) sheet.addRow(row);
    sheet.getRow(1).font = { bold: true };
    widths.forEach((width, index) => {
      sheet.getColumn(index + 1).width = width;
    });
  };
  add(
    t(language, 'download.sheetName', { year: answer.year ?? '' }),
    criteriaTable(answer, language, true),
    [14, 40, 30, 12, 14, 14, 14, 16, 40],
  );
  add(
    t(language, 'download.editionsSheetName'),
    editionsTable(answer, language),
    [10, 30, 14, 14, 14, 14, 40],
  );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The download's name without extension: barometro-2025-island (in the file's language). */
export function downloadName(answer: BarometerResponse, language: Language): string {
  return t(language, 'download.fileName', { year: answer.year ?? '', by: answer.by });
}

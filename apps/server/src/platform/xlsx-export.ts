import { PassThrough } from 'node:stream';
import { EXPORT_LIMIT_PARAMS, type Language, MAX_EXPORT_ROWS, translate } from '@excelencia/domain';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

/** One column of an exported sheet: its header (a catalog key, translated) and how to read a row's cell. */
export interface ExportColumn<T> {
  header: string;
  value(row: T, language: Language): string | number | boolean | Date | null | undefined;
  width?: number;
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `<name>-<yyyy-mm-dd>.xlsx`, with any '/' of a resource path turned into '-'. */
export function exportFileName(name: string, now = new Date()): string {
  return `${name.replaceAll('/', '-')}-${now.toISOString().slice(0, 10)}.xlsx`;
}

/**
 * Streams an .xlsx to the reply: one sheet, a bold header row in the caller's language, an autofilter on
 * it, the first row frozen, then at most MAX_EXPORT_ROWS rows as `rows` yields them. When there were more, a
 * last line says so (the headers are gone by then, so the file itself carries it).
 */
export function sendXlsx<T>(
  reply: FastifyReply,
  options: {
    name: string;
    language: Language;
    columns: readonly ExportColumn<T>[];
    rows: AsyncIterable<T>;
  },
): FastifyReply {
  const { columns, language } = options;
  const stream = new PassThrough();
  const write = async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet(options.name.replaceAll('/', '-').slice(0, 31), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = columns.map((column) => ({
      header: translate(language, column.header),
      width: column.width ?? 24,
    }));
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: Math.max(columns.length, 1) } };
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    let written = 0;
    let truncated = false;
    for await (const row of options.rows) {
      if (written >= MAX_EXPORT_ROWS) {
        truncated = true;
        break;
      }
      sheet.addRow(columns.map((column) => column.value(row, language) ?? null)).commit();
      written += 1;
    }
    if (truncated) {
      sheet.addRow([]).commit();
      const note = sheet.addRow([translate(language, 'reference:table.exportLimited', EXPORT_LIMIT_PARAMS)]);
      note.font = { italic: true };
      note.commit();
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => {
    reply.log.error({ err: error }, 'xlsx export failed');
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  reply.header('content-type', XLSX_MIME);
  reply.header('content-disposition', `attachment; filename="${exportFileName(options.name)}"`);
  return reply.send(stream);
}

import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * The portal's PDF documents: pdfkit with Arimo (SIL Open Font License) embedded. Arimo has the metrics of
 * Helvetica, so a layout measured for the standard font holds, and it draws what Helvetica's WinAnsi cannot:
 * '≥' and '≤' in targets, company names in any Latin, Greek or Cyrillic script.
 */

export type Pdf = PDFKit.PDFDocument;

/** The names the fonts are registered under, for doc.font(). */
export const PDF_FONT = { regular: 'Body', bold: 'Body-Bold', italic: 'Body-Italic' } as const;

const require = createRequire(import.meta.url);
const FONT_FILES: Record<(typeof PDF_FONT)[keyof typeof PDF_FONT], string> = {
  [PDF_FONT.regular]: require.resolve('@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf'),
  [PDF_FONT.bold]: require.resolve('@expo-google-fonts/arimo/700Bold/Arimo_700Bold.ttf'),
  [PDF_FONT.italic]: require.resolve(
    '@expo-google-fonts/arimo/400Regular_Italic/Arimo_400Regular_Italic.ttf',
  ),
};

/** A pdfkit document with the fonts registered and the regular one current (a font is embedded once drawn). */
export function createPdf(options: PDFKit.PDFDocumentOptions): Pdf {
  const doc: Pdf = new PDFDocument(options);
  for (const [name, file] of Object.entries(FONT_FILES)) doc.registerFont(name, file);
  doc.font(PDF_FONT.regular);
  return doc;
}

/** Text as drawn: composed accents (one glyph each), a tab as a space. */
export function pdfText(text: string): string {
  return text.normalize('NFC').replace(/\t/g, ' ');
}

/** The document's bytes once doc.end() is called; call it before drawing, so no chunk is missed. */
export function pdfBytes(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/**
 * Every page's footer, drawn once the document is laid out (created with bufferPages: true): a thin rule, `left`
 * (e.g. when the document was generated) on the left and `pageText(page, pages)` on the right, pages numbered from 1,
 * in grey 8 pt. The bottom margin is lifted while the footer is drawn, so writing in it does not start a new page.
 */
export function drawPageFooters(
  doc: Pdf,
  pageText: (page: number, pages: number) => string,
  left?: string,
): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const x = doc.page.margins.left;
    const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
    const y = doc.page.height - Math.max(bottom, 30) / 2 - 4;
    doc
      .moveTo(x, y - 6)
      .lineTo(x + width, y - 6)
      .lineWidth(0.5)
      .stroke('#999999');
    doc.font(PDF_FONT.regular).fontSize(8).fillColor('#666666');
    if (left) doc.text(pdfText(left), x, y, { width: width / 2, lineBreak: false });
    doc.text(pdfText(pageText(index - range.start + 1, range.count)), x + width / 2, y, {
      width: width / 2,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}

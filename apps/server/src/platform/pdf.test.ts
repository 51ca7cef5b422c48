import { describe, expect, it } from 'vitest';
import { pageCount, pdfTexts } from '../../test/support/pdf-text.ts';
import { createPdf, drawPageFooters, pdfBytes } from './pdf.ts';

describe('drawPageFooters', () => {
  it('numbers every page from 1 of the total and writes the left text, without adding a page', async () => {
    const doc = createPdf({ size: 'A4', margin: 40, bufferPages: true });
    const done = pdfBytes(doc);
    doc.text('Primeira');
    doc.addPage().text('Segunda');
    doc.addPage().text('Terceira');
    drawPageFooters(doc, (page, pages) => `Página ${page} de ${pages}`, 'Gerado a 28/11/2026');
    doc.end();
    const pdf = await done;

    expect(pageCount(pdf)).toBe(3);
    const texts = pdfTexts(pdf);
    expect(texts).toHaveLength(3);
    texts.forEach((page, index) => {
      expect(page).toContain(`Página ${index + 1} de 3`);
      expect(page).toContain('Gerado a 28/11/2026');
    });
  });
});

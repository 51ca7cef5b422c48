import {
  answerLines,
  ESG_PILLARS,
  type EsgResponse,
  formatDisplayDate,
  formatNumber,
  type Language,
  localized,
  orderedItems,
  translate,
} from '@excelencia/domain';
import { createPdf, drawPageFooters, PDF_FONT, type Pdf, pdfBytes, pdfText } from '../../platform/pdf.ts';
import type { EsgRespondent } from './esg.repository.ts';

const BODY = PDF_FONT.regular;
const BOLD = PDF_FONT.bold;
const BLUE = '#0032ad';
const GREY = '#555555';

const t = (language: Language, key: string, params?: Record<string, string | number>) =>
  translate(language, `esg:${key}`, params);

/** A score as the web shows it: '65 %', '42.9 %' (at most 1 decimal, docs/adr/0023); a dash without one. */
function percentText(value: number | null | undefined): string {
  return value === null || value === undefined ? '—' : formatNumber(value, { decimals: 1, percent: true });
}

/**
 * A company's ESG answers as an A4 PDF: form, company, period and status; the scores per pillar and overall
 * with the sector median where at least five companies of the CAE section answered; then every question with
 * its answer, section by section. Every page carries "Page x of y".
 */
export async function esgResponsePdf(
  response: EsgResponse,
  language: Language,
  respondent?: EsgRespondent,
): Promise<Buffer> {
  const title = localized(response.formTitle, language);
  const doc: Pdf = createPdf({
    size: 'A4',
    margin: 48,
    bufferPages: true,
    lang: language,
    displayTitle: true,
    info: { Title: `${title} – ${response.companyName}` },
  });
  const done = pdfBytes(doc);
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  doc.font(BOLD).fontSize(18).fillColor(BLUE).text(pdfText(title), { width });
  doc.moveDown(0.3);
  doc.font(BODY).fontSize(11).fillColor('#111111');
  doc.text(pdfText(`${t(language, 'pdf.company')}: ${response.companyName}`));
  if (respondent) {
    // Who answered, as the export's columns name them: NIF, island and CAE section.
    doc.text(`${t(language, 'export.nif')}: ${respondent.nif}`);
    const island = localized(respondent.island, language);
    if (island) doc.text(pdfText(`${t(language, 'export.island')}: ${island}`));
    if (respondent.section) {
      const section = `${respondent.section.code} – ${localized(respondent.section.description, language)}`;
      doc.text(pdfText(`${t(language, 'export.section')}: ${section}`));
    }
  }
  doc.text(`${t(language, 'pdf.period')}: ${response.period}`);
  doc.text(
    `${t(language, 'pdf.status')}: ${t(language, `responseStatus.${response.status}`)}${
      response.submittedAt ? ` – ${formatDisplayDate(response.submittedAt, language)}` : ''
    }`,
  );
  doc.moveDown();

  if (response.scores) {
    doc.font(BOLD).fontSize(13).fillColor(BLUE).text(t(language, 'scores.title'));
    doc.moveDown(0.3);
    const sector = response.sector;
    const rows = [
      ...ESG_PILLARS.map((pillar) => ({
        label: t(language, `pillars.${pillar}`),
        value: response.scores?.pillars.find((p) => p.pillar === pillar)?.percent,
        median: sector?.pillars.find((p) => p.pillar === pillar)?.median ?? null,
      })),
      {
        label: t(language, 'scores.overall'),
        value: response.scores.overall.percent,
        median: sector?.overall ?? null,
      },
    ];
    const columns = [width * 0.4, width * 0.25, width * 0.35];
    const header = [
      t(language, 'scores.pillar'),
      t(language, 'scores.score'),
      t(language, 'scores.sectorMedian'),
    ];
    const drawRow = (cells: string[], font: string) => {
      const y = doc.y;
      let x = doc.page.margins.left;
      doc.font(font).fontSize(10).fillColor('#111111');
      cells.forEach((cell, index) => {
        doc.text(pdfText(cell), x, y, { width: (columns[index] ?? 0) - 6 });
        x += columns[index] ?? 0;
      });
      doc.x = doc.page.margins.left;
      doc.y = y + 16;
    };
    drawRow(header, BOLD);
    for (const row of rows) {
      drawRow(
        [
          row.label,
          percentText(row.value),
          row.median
            ? `${percentText(row.median.median)} (${t(language, 'scores.companies', { count: row.median.companies })})`
            : t(language, 'scores.noMedian'),
        ],
        BODY,
      );
    }
    doc.moveDown();
  }

  for (const section of response.definition.sections) {
    if (doc.y > doc.page.height - 140) doc.addPage();
    doc
      .font(BOLD)
      .fontSize(13)
      .fillColor(BLUE)
      .text(t(language, `pillars.${section.pillar}`), { width });
    doc.moveDown(0.3);
    for (const question of orderedItems(section.questions)) {
      const label = `${question.order}. ${localized(question.label, language)}`;
      const lines = answerLines(question, response.answers[question.id], language);
      const answer = lines.length ? lines.join('\n') : t(language, 'pdf.noAnswer');
      doc.font(BOLD).fontSize(10);
      const height =
        doc.heightOfString(label, { width }) + doc.font(BODY).heightOfString(answer, { width }) + 10;
      if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
      doc.font(BOLD).fontSize(10).fillColor('#111111').text(pdfText(label), { width });
      doc.font(BODY).fontSize(10).fillColor(GREY).text(pdfText(answer), { width });
      doc.moveDown(0.5);
    }
    doc.moveDown(0.5);
  }

  drawPageFooters(doc, (page, pages) => t(language, 'pdf.page', { page, pages }));
  doc.end();
  return done;
}

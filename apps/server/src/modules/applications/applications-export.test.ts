import { inflateSync } from 'node:zlib';
import { type DistinguishedCompany, EditionResults, translate } from '@excelencia/domain';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { pageCount, pdfTexts, pdfTitle } from '../../../test/support/pdf-text.ts';
import { certificatePdf, documentsZip, resultsReportPdf, resultsReportXlsx } from './applications-export.ts';

/** The applications area's documents read back as a PDF viewer, a spreadsheet or an unzip tool would. */

const text = (pt: string, en: string, fr: string) => ({ pt, en, fr });

// ---------------------------------------------------------------------------------------------------------
// Reading the files back

interface RgbImage {
  width: number;
  height: number;
  pixels: Buffer;
}

/** The PDF's colour images (8-bit RGB, FlateDecode, as pdfkit embeds a PNG), their pixels inflated. */
function pdfImages(pdf: Buffer): RgbImage[] {
  const source = pdf.toString('latin1');
  const images: RgbImage[] = [];
  for (const match of source.matchAll(/<<([^>]*\/Subtype \/Image[^>]*)>>\s*stream\r?\n/g)) {
    const dictionary = match[1] ?? '';
    if (!dictionary.includes('/ColorSpace /DeviceRGB')) continue;
    const number = (key: string) => Number(new RegExp(`/${key} (\\d+)`).exec(dictionary)?.[1]);
    const start = (match.index ?? 0) + match[0].length;
    const pixels = inflateSync(pdf.subarray(start, start + number('Length')));
    images.push({ width: number('Width'), height: number('Height'), pixels });
  }
  return images;
}

/**
 * The QR symbol an image shows, as rows of dark (true) and light modules: the dark pixels' bounding box is the
 * symbol (finder patterns sit in three corners), the top-left finder's first row is 7 modules wide, and each
 * module is read at its centre.
 */
function readQr(image: RgbImage): boolean[][] {
  const dark = (x: number, y: number) => (image.pixels[(y * image.width + x) * 3] ?? 255) < 128;
  let top = -1;
  let left = image.width;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < image.height; y += 1) {
    for (let x = 0; x < image.width; x += 1) {
      if (!dark(x, y)) continue;
      if (top < 0) top = y;
      bottom = y;
      left = Math.min(left, x);
      right = Math.max(right, x);
    }
  }
  let finder = 0;
  while (dark(left + finder, top)) finder += 1;
  const module = finder / 7;
  const size = Math.round((right - left + 1) / module);
  expect(Math.round((bottom - top + 1) / module)).toBe(size);
  return Array.from({ length: size }, (_, row) =>
    Array.from({ length: size }, (_, column) =>
      dark(Math.floor(left + (column + 0.5) * module), Math.floor(top + (row + 0.5) * module)),
    ),
  );
}

/** The QR symbols qrcode makes for a text, at each error-correction level. */
function qrSymbols(value: string): boolean[][][] {
  return (['L', 'M', 'Q', 'H'] as const).map((level) => {
    const { modules } = QRCode.create(value, { errorCorrectionLevel: level });
    return Array.from({ length: modules.size }, (_, row) =>
      Array.from({ length: modules.size }, (_, column) => Boolean(modules.get(row, column))),
    );
  });
}

async function readWorkbook(buffer: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  return workbook;
}

function rowValues(sheet: ExcelJS.Worksheet, number: number): unknown[] {
  return (sheet.getRow(number).values as unknown[]).slice(1);
}

function findRow(sheet: ExcelJS.Worksheet, first: unknown): ExcelJS.Row {
  for (let number = 1; number <= sheet.rowCount; number += 1) {
    if (sheet.getRow(number).getCell(1).value === first) return sheet.getRow(number);
  }
  throw new Error(`no row starting with ${String(first)}`);
}

// ---------------------------------------------------------------------------------------------------------
// Data

const VERIFY_URL = 'https://excelencia.cv/app/verificar/K3P9X2M7Q1ZD';

const CERTIFICATE = {
  companyName: 'Pérola do Atlântico, Lda.',
  nif: '254123987',
  edition: { number: 2, year: 2025, indicatorYear: 2024 },
  // 00:30 UTC is still the 25th in Cape Verde (UTC-1).
  validUntil: '2026-11-26T00:30:00Z',
  issuedAt: '2025-11-26T00:30:00Z',
  code: 'K3P9X2M7Q1ZD',
  verifyUrl: VERIFY_URL,
};

const SANTIAGO = text('Santiago', 'Santiago', 'Santiago');
const SAL = text('Sal', 'Sal', 'Sal');
const COMMERCE = {
  code: 'G',
  description: text(
    'Comércio por grosso e a retalho',
    'Wholesale and retail trade',
    'Commerce de gros et de détail',
  ),
};

function company(index: number): DistinguishedCompany {
  const number = String(index + 1).padStart(3, '0');
  return {
    companyName: `Companhia ${number} Lda`,
    nif: String(200000000 + index),
    island: index % 10 === 9 ? null : index % 2 === 0 ? SANTIAGO : SAL,
    city: null,
    section: index % 4 === 3 ? null : COMMERCE,
    sealCode: `SEAL${number}`,
    validUntil: '2026-11-25T12:00:00Z',
    status: index === 4 ? 'suspended' : 'valid',
    currentName: null,
    renamedAt: null,
    isRenewal: index === 1,
  };
}

function results(count: number): EditionResults {
  return EditionResults.parse({
    edition: {
      id: '6f1c1e2a-3b4d-4c5e-8f60-718293a4b5c6',
      number: 2,
      year: 2025,
      resultsPublishedAt: '2025-11-25T12:00:00Z',
    },
    applicants: count + 37,
    distinguished: count,
    unqualified: 37,
    byIsland: [
      { label: SANTIAGO, applicants: 90, distinguished: 60 },
      { label: SAL, applicants: 55, distinguished: 48 },
      { label: null, applicants: 12, distinguished: 12 },
    ],
    bySection: [
      { label: text('G – Comércio', 'G – Trade', 'G – Commerce'), applicants: 120, distinguished: 90 },
      { label: null, applicants: 37, distinguished: 30 },
    ],
    companies: Array.from({ length: count }, (_, index) => company(index)),
  });
}

// ---------------------------------------------------------------------------------------------------------

describe('certificatePdf', () => {
  it('is a one-page PDF titled with the certificate and the company', async () => {
    const pdf = await certificatePdf({ ...CERTIFICATE, language: 'pt' });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(1);
    expect(pdfTitle(pdf)).toBe('Certificado de Estatuto Excelência – Pérola do Atlântico, Lda.');
    // Landscape A4.
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 841.89 595.28]');
  });

  it.each([
    [
      'pt',
      [
        'Certificado de Estatuto Excelência',
        'Certifica-se que a empresa',
        'Pérola do Atlântico, Lda.',
        'NIF 254123987',
        'obteve o estatuto Excelência na 2.ª edição (2025), com base nos indicadores de 2024.',
        'Válido até 25 - novembro - 2026',
        'Código K3P9X2M7Q1ZD',
        '25 - novembro - 2025',
      ],
    ],
    [
      'en',
      [
        'Excelência Status Certificate',
        'This certifies that',
        'Pérola do Atlântico, Lda.',
        'Tax number (NIF) 254123987',
        'based on the 2024 indicators.',
        'Valid until 25 November 2026',
        'Code K3P9X2M7Q1ZD',
      ],
    ],
  ] as const)('prints the company, NIF, edition, validity and code in %s', async (language, expected) => {
    const all = pdfTexts(await certificatePdf({ ...CERTIFICATE, language })).join('\n');
    for (const line of expected) expect(all).toContain(line);
  });

  it('draws a name outside WinAnsi as written, in the embedded font', async () => {
    const companyName = 'Łódź Ωmega Ţară − Συν, Lda.';
    const pdf = await certificatePdf({ ...CERTIFICATE, companyName, language: 'pt' });
    expect(pdfTexts(pdf).join('\n')).toContain(companyName);
    expect(pdf.toString('latin1')).not.toContain('/BaseFont /Helvetica');
  });

  it('carries a QR code of the check page, with the check line under it', async () => {
    const pdf = await certificatePdf({ ...CERTIFICATE, language: 'en' });
    const images = pdfImages(pdf);
    expect(images).toHaveLength(1);
    const [image] = images;
    if (!image) throw new Error('no image');
    const symbol = readQr(image);
    expect(qrSymbols(VERIFY_URL)).toContainEqual(symbol);
    // A symbol of another code's page would differ.
    expect(qrSymbols(VERIFY_URL.replace('K3P9', 'K3P8'))).not.toContainEqual(symbol);
    const all = pdfTexts(pdf).join(' ').replace(/\s+/g, ' ');
    expect(all).toContain(`Check that this certificate is valid at ${VERIFY_URL}`);
  });
});

describe('resultsReportPdf', () => {
  it('lists all 120 distinguished companies in order over several pages, the header on each', async () => {
    const data = results(120);
    const pdf = await resultsReportPdf(data, 'pt', new Date('2025-11-26T15:04:00Z'));
    const pages = pdfTexts(pdf);
    const count = pageCount(pdf);
    expect(count).toBeGreaterThanOrEqual(3);
    expect(pages).toHaveLength(count);
    const all = pages.join('\n');

    expect(all).toContain('Relatório de resultados — 2.ª edição (2025)');
    const firstPage = (pages[0] ?? '').split('\n');
    for (const line of [
      '157',
      'Candidaturas submetidas',
      '120',
      'Empresas distinguidas',
      '37',
      'Não qualificadas',
    ]) {
      expect(firstPage).toContain(line);
    }
    expect(all).toContain('Por ilha');
    expect(all).toContain('Por secção CAE');
    // A count row without an island or section.
    expect(all.match(/Sem dados/g)).toHaveLength(2);

    // Every company exactly once, in order; each page that lists some repeats the header row.
    const positions = data.companies.map((item) => all.indexOf(item.companyName));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const item of data.companies) {
      expect(all.split(item.companyName)).toHaveLength(2);
    }
    const listPages = pages.filter((page) => /Companhia \d{3} Lda/.test(page));
    expect(listPages.length).toBeGreaterThanOrEqual(2);
    for (const page of listPages) {
      for (const header of [
        'Empresa',
        'NIF',
        'Ilha',
        'Secção CAE',
        'Válido até',
        'Estado',
        'Código',
        'Renovação',
      ]) {
        expect(page.split('\n')).toContain(header);
      }
    }
    expect(all).toContain('G – Comércio por grosso e a retalho');
    expect(all).toContain('25 - novembro - 2026');
    expect(all).toContain('SEAL120');
    expect(all).toContain('Suspenso');
    // Company 002 renews a seal of an earlier edition: Sim after its seal code; company 003 does not: Não.
    const lines = all.split('\n');
    expect(lines[lines.indexOf('SEAL002') + 1]).toBe('Sim');
    expect(lines[lines.indexOf('SEAL003') + 1]).toBe('Não');

    pages.forEach((page, index) => {
      expect(page).toContain('Gerado em 26 - novembro - 2025, 14:04');
      expect(page).toContain(`${index + 1} / ${count}`);
    });
  });

  it('fits a short result on one page, in French', async () => {
    const pdf = await resultsReportPdf(results(3), 'fr', new Date('2025-11-26T15:04:00Z'));
    expect(pageCount(pdf)).toBe(1);
    expect(pdfTitle(pdf)).toBe('Rapport des résultats — 2e édition (2025)');
    const all = pdfTexts(pdf).join('\n');
    expect(all).toContain('Entreprises distinguées');
    expect(all).toContain('Aucune donnée');
    expect(all).toContain('G – Commerce de gros et de détail');
    expect(all).toContain('Généré le 26 novembre 2025, 14:04');
  });
});

describe('resultsReportXlsx', () => {
  it('has the counts, the tables by island and section, and every company with its date', async () => {
    const workbook = await readWorkbook(await resultsReportXlsx(results(120), 'en'));
    const edition = translate('en', 'applications:editionName', { number: 2, year: 2025 });
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      edition,
      'By island · By CAE section',
      'Distinguished companies',
    ]);
    const [summary, counts, list] = workbook.worksheets;
    if (!summary || !counts || !list) throw new Error('missing sheets');

    expect(summary.getRow(1).getCell(1).value).toBe(`Results report — ${edition}`);
    expect(rowValues(summary, findRow(summary, 'Applications submitted').number)).toEqual([
      'Applications submitted',
      157,
    ]);
    expect(rowValues(summary, findRow(summary, 'Companies distinguished').number)).toEqual([
      'Companies distinguished',
      120,
    ]);
    expect(rowValues(summary, findRow(summary, 'Unqualified').number)).toEqual(['Unqualified', 37]);

    const islandHeader = findRow(counts, 'Island');
    expect(islandHeader.font?.bold).toBe(true);
    expect(rowValues(counts, islandHeader.number)).toEqual([
      'Island',
      'Applications submitted',
      'Companies distinguished',
    ]);
    expect(rowValues(counts, islandHeader.number + 1)).toEqual(['Santiago', 90, 60]);
    expect(rowValues(counts, islandHeader.number + 3)).toEqual(['No data', 12, 12]);
    const sectionHeader = findRow(counts, 'CAE section');
    expect(rowValues(counts, sectionHeader.number + 1)).toEqual(['G – Trade', 120, 90]);
    expect(rowValues(counts, sectionHeader.number + 2)).toEqual(['No data', 37, 30]);

    expect(rowValues(list, 1)).toEqual([
      'Company',
      'NIF',
      'Island',
      'CAE section',
      'Valid until',
      'Status',
      'Code',
      'Renewal',
    ]);
    expect(list.getRow(1).font?.bold).toBe(true);
    expect(list.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(list.rowCount).toBe(121);
    expect(rowValues(list, 2)).toEqual([
      'Companhia 001 Lda',
      '200000000',
      'Santiago',
      'G – Wholesale and retail trade',
      new Date('2026-11-25T00:00:00Z'),
      'Valid',
      'SEAL001',
      'No',
    ]);
    expect(list.getRow(3).getCell(8).value).toBe('Yes');
    expect(list.getRow(2).getCell(5).numFmt).toBe('yyyy-mm-dd');
    expect(list.getRow(6).getCell(6).value).toBe('Suspended');
    expect(list.getRow(121).getCell(1).value).toBe('Companhia 120 Lda');
    expect((list.getColumn(1).width ?? 0) > 20).toBe(true);
  });
});

describe('documentsZip', () => {
  it('holds every file unchanged under unique names', async () => {
    const files = [
      { name: 'relatorio.pdf', data: Buffer.from('%PDF-1.7 first') },
      { name: 'relatorio.pdf', data: Buffer.from('%PDF-1.7 second') },
      { name: 'relatorio-2.pdf', data: Buffer.from('%PDF-1.7 third') },
      { name: 'Relatorio.PDF', data: Buffer.from('%PDF-1.7 fourth') },
      { name: '../fora.pdf', data: Buffer.from('%PDF-1.7 fifth') },
      { name: 'relatorio.pdf', data: Buffer.alloc(200_000, 7) },
    ];
    const zip = await JSZip.loadAsync(await documentsZip(files));
    const names = Object.keys(zip.files);
    expect(names).toEqual([
      'relatorio.pdf',
      'relatorio-2.pdf',
      'relatorio-2-2.pdf',
      'Relatorio-3.PDF',
      '.._fora.pdf',
      'relatorio-4.pdf',
    ]);
    for (const [index, name] of names.entries()) {
      const entry = zip.file(name);
      if (!entry) throw new Error(`no ${name}`);
      expect(Buffer.from(await entry.async('uint8array')).equals(files[index]?.data ?? Buffer.alloc(0))).toBe(
        true,
      );
    }
  });

  it('names every entry so that it unpacks as itself on Windows, macOS and Linux', async () => {
    const pdf = Buffer.from('%PDF-1.7');
    const given = [
      'CON.pdf',
      'aux',
      'nul.tar.pdf',
      'com1.PDF',
      'relatorio.pdf...',
      'relatorio. . ',
      'a<b>c:d"e|f?g*h.pdf',
      'tab\there.pdf',
      '...',
      'console.pdf',
      `${'é'.repeat(300)}.pdf`,
    ];
    const zip = await JSZip.loadAsync(await documentsZip(given.map((name) => ({ name, data: pdf }))));
    const names = Object.keys(zip.files);
    expect(names.slice(0, 10)).toEqual([
      '_CON.pdf',
      '_aux',
      '_nul.tar.pdf',
      '_com1.PDF',
      'relatorio.pdf',
      'relatorio',
      'a_b_c_d_e_f_g_h.pdf',
      'tab_here.pdf',
      'document.pdf',
      'console.pdf',
    ]);
    const long = names[10] ?? '';
    expect(long.endsWith('.pdf')).toBe(true);
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(200);
    expect(long.startsWith('éé')).toBe(true);
  });

  it('makes an empty zip of no files', async () => {
    const zip = await JSZip.loadAsync(await documentsZip([]));
    expect(Object.keys(zip.files)).toEqual([]);
  });
});

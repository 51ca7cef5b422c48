import { type Language, translate } from '@excelencia/domain';
import ExcelJS from 'exceljs';

const RULES = ['columns', 'noBlank', 'noTotals', 'xlsx', 'accounts', 'balanced'] as const;

/** Sample lines of the template: accounts of the self-diagnosis tree, debit total = credit total. */
const SAMPLE_LINES: Array<[string, Record<Language, string>, number, number]> = [
  ['11', { pt: 'Caixa', en: 'Cash on hand', fr: 'Caisse' }, 1500, 0],
  ['12', { pt: 'Depósitos à ordem', en: 'Demand deposits', fr: 'Dépôts à vue' }, 8500, 0],
  ['51', { pt: 'Capital', en: 'Share capital', fr: 'Capital social' }, 0, 10000],
];

/** One line of a trial balance as the template lays it out: account, description, debit, credit. */
export type TrialBalanceRow = [account: string, description: string, debit: number, credit: number];

/**
 * A workbook whose first sheet is a trial balance in the template's layout: the header (account, description,
 * accumulated debit, accumulated credit) in a language, frozen and bold, then the given lines.
 */
export function trialBalanceWorkbook(
  language: Language,
  lines: readonly TrialBalanceRow[],
): ExcelJS.Workbook {
  const t = (key: string) => translate(language, `balanceSheets:${key}`);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t('columns.account').slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = [
    { header: t('columns.account'), width: 14 },
    { header: t('columns.description'), width: 40 },
    { header: t('columns.debit'), width: 20, style: { numFmt: '#,##0.00' } },
    { header: t('columns.credit'), width: 20, style: { numFmt: '#,##0.00' } },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const line of lines) sheet.addRow(line);
  return workbook;
}

/**
 * The trial-balance template in a language: a first sheet with the header and three sample lines
 * (trialBalanceWorkbook), and a second sheet with its rules: .xlsx, the four columns (account, description,
 * accumulated debit and credit), no blank lines or values, no ledger or class totals.
 */
export async function balanceSheetTemplate(language: Language): Promise<Buffer> {
  const t = (key: string) => translate(language, `balanceSheets:${key}`);
  const workbook = trialBalanceWorkbook(
    language,
    SAMPLE_LINES.map(([account, description, debit, credit]) => [
      account,
      description[language],
      debit,
      credit,
    ]),
  );
  const rules = workbook.addWorksheet(t('templateRules.sheetName').slice(0, 31));
  rules.columns = [{ width: 110 }];
  rules.addRow([t('templateRules.title')]).font = { bold: true };
  for (const rule of RULES) rules.addRow([`• ${t(`templateRules.${rule}`)}`]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

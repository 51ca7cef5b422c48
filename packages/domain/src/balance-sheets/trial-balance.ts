import { Decimal } from '../decimal.ts';
import { accountLeaf, type LeafIndex, leafIndex } from './line-assignment.ts';
import { formatNumber, parseNumberInput } from './numbers.ts';
import { rollUp, type TreeLevelNode } from './tree.ts';

/**
 * The check of an uploaded trial balance (balancete): columns account, description, accumulated debit,
 * accumulated credit, as the template's rules sheet says. Fed row by row by the server's streaming reader; pure.
 *
 * Cells are 0-based: cells[0] is column A (with exceljs, pass `row.values.slice(1)`, its values are 1-based).
 * A cell may be a string, a number, null/undefined (or a hole: blank), or an exceljs cell object (formula
 * result, rich text, hyperlink).
 */

export type TrialBalanceLine = {
  row: number;
  account: string;
  description: string;
  debit: Decimal;
  credit: Decimal;
};

/** A problem of the sheet: `key` is a catalog key translated with `params`; `row` is absent for the sheet as a whole. */
export type SheetProblem = {
  row?: number;
  column?: string;
  key: string;
  params?: Record<string, string | number>;
};

export type TrialBalanceResult =
  | {
      ok: true;
      lines: TrialBalanceLine[];
      /** Every node code of the tree → its value (leaves by aggregation, parents rolled up). */
      aggregates: Map<string, Decimal>;
      totals: { debit: Decimal; credit: Decimal };
    }
  | { ok: false; problems: SheetProblem[] };

export const TRIAL_BALANCE_COLUMNS = ['account', 'description', 'debit', 'credit'] as const;
export type TrialBalanceColumn = (typeof TRIAL_BALANCE_COLUMNS)[number];

/** Lower case, no accents, no punctuation, single spaces. */
function normalizeHeader(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Which column a header cell names (pt, en or fr), by its words. */
export function headerColumn(text: string): TrialBalanceColumn | null {
  const words = normalizeHeader(text);
  if (/\bdebit/.test(words)) return 'debit'; // débito, debit, débit
  if (/\bcredit/.test(words)) return 'credit'; // crédito, credit, crédit
  if (/\b(descri|designa|libelle|intitule|nome|name)/.test(words)) return 'description';
  if (/\b(conta|contas|account|accounts|compte|comptes|codigo|code|numero|number|n)\b/.test(words)) {
    return 'account';
  }
  return null;
}

const TOTAL_TEXT = /^(total|totais|totaux|subtotal|sub total|sous total|soma|somme|sum)\b/;

/**
 * Whether a text is a totals label (TOTAL_TEXT once normalized). Every such label starts with s or t, so a
 * text whose first letter or digit is anything else is not one; that is decided without normalizing when the
 * text is ASCII up to that character (as account codes and most descriptions are).
 */
function isTotalText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128) break; // accents and other scripts: normalize
    if (code >= 48 && code <= 57) return false;
    const lower = code | 32;
    if (lower >= 97 && lower <= 122) {
      if (lower !== 115 && lower !== 116) return false;
      break;
    }
  }
  return TOTAL_TEXT.test(normalizeHeader(text));
}

function columnLetter(index: number): string {
  let letters = '';
  let n = index + 1;
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/**
 * The longest text a cell of the four columns may hold (an account, a description, an amount are far shorter).
 * Longer is refused, counting any padding; a reader may cut a text at MAX_CELL_TEXT + 1 characters.
 */
export const MAX_CELL_TEXT = 1000;

type CellValue =
  | { kind: 'blank' }
  | { kind: 'tooLong' }
  | { kind: 'text'; text: string }
  | { kind: 'number'; value: number }
  | { kind: 'other'; text: string };

/** Shared: a blank cell carries nothing (every cell of a 50 000-line upload is read, see ADR 0008). */
const BLANK: CellValue = Object.freeze({ kind: 'blank' });
const TOO_LONG: CellValue = Object.freeze({ kind: 'tooLong' });

/** The value of a cell, formula results and rich text unwrapped. */
function readCell(cell: unknown): CellValue {
  if (cell === null || cell === undefined) return BLANK;
  if (typeof cell === 'number')
    return Number.isFinite(cell) ? { kind: 'number', value: cell } : { kind: 'other', text: String(cell) };
  if (typeof cell === 'string') {
    if (cell.length > MAX_CELL_TEXT) return TOO_LONG;
    const text = cell.trim();
    return text === '' ? BLANK : { kind: 'text', text };
  }
  if (typeof cell === 'object' && !(cell instanceof Date)) {
    const object = cell as Record<string, unknown>;
    if ('result' in object) return readCell(object.result);
    if ('formula' in object || 'sharedFormula' in object) return BLANK;
    if (Array.isArray(object.richText)) {
      return readCell(
        object.richText.map((part) => String((part as { text?: unknown }).text ?? '')).join(''),
      );
    }
    if ('text' in object) return readCell(object.text);
  }
  return { kind: 'other', text: cell instanceof Date ? cell.toISOString().slice(0, 10) : String(cell) };
}

function cellText(cell: CellValue): string {
  if (cell.kind === 'text') return cell.text;
  if (cell.kind === 'number') return String(cell.value);
  if (cell.kind === 'other') return cell.text;
  return '';
}

/** An account code: 1 to 10 digits. */
const ACCOUNT_CODE = /^\d{1,10}$/;

/** ACCOUNT_CODE.test(text), without the regular expression. */
function isAccountCode(text: string): boolean {
  if (text.length === 0 || text.length > 10) return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

/** Amounts above this are refused (numeric(20,2) and the exactness of spreadsheet numbers). */
const MAX_AMOUNT = Decimal.fromInteger(1_000_000_000_000_000);

const SIX_DECIMALS = /^(-?)(\d{1,15})\.(\d\d)(\d{4})$/;

/**
 * A spreadsheet number as an amount: a double, whose 6-decimal text is exact enough for cents, rounded half
 * to even to cents; null at MAX_AMOUNT and beyond. The same value as
 * `Decimal.fromString(value.toFixed(6)).round(2)` with the MAX_AMOUNT check, worked out on the text.
 */
function numberAmount(value: number): Decimal | null {
  // Fast paths, same values: an integer; under 10^9, a number within a quarter of a cent of a whole number
  // of cents once multiplied by 100 (the product's rounding error is under 1.6 × 10^-5 there, and toFixed(6)
  // moves the value by 5 × 10^-7 at most, so its cents round to the same whole number, far from a tie); a
  // number whose shortest text has at most 6 decimals and that is under 2^32 (its doubles are then less than
  // 10^-6 apart, so toFixed(6) is that text, zero-padded).
  if (Number.isSafeInteger(value) && value > -1e15 && value < 1e15) {
    return value === 0 ? Decimal.ZERO : Decimal.fromInteger(value);
  }
  if (value > -1e9 && value < 1e9) {
    const scaled = value * 100;
    const units = Math.round(scaled);
    if (Math.abs(scaled - units) < 0.25) return Decimal.of(BigInt(units), 2);
  }
  if (value > -4294967296 && value < 4294967296) {
    const text = String(value);
    const dot = text.indexOf('.');
    if (dot > 0 && text.length - dot <= 7 && text.indexOf('e') < 0) {
      const fraction = `${text.slice(dot + 1)}00000`;
      let units = Number(text.slice(0, dot).replace('-', '')) * 100 + Number(fraction.slice(0, 2));
      const rest = fraction.slice(2, 6);
      if (rest > '5000' || (rest === '5000' && units % 2 === 1)) units += 1;
      return Decimal.of(BigInt(value < 0 ? -units : units), 2);
    }
  }
  const match = SIX_DECIMALS.exec(value.toFixed(6));
  if (!match) return null; // MAX_AMOUNT (10^15) or more: 16+ digits, or exponent notation from 10^21 on
  const [, sign, whole = '', hundredths = '', rest = ''] = match;
  let units = BigInt(whole + hundredths);
  if (rest > '5000' || (rest === '5000' && (hundredths.charCodeAt(1) & 1) === 1)) units += 1n;
  return Decimal.of(sign ? -units : units, 2);
}

/**
 * numberAmount's value in cents as a number, where its first two shortcuts give it and it is a safe integer
 * (an amount under 10^13, or under 10^9 within a quarter cent of whole cents); NaN for any other number,
 * which numberAmount then reads.
 */
function quickCents(value: number): number {
  if (Number.isSafeInteger(value) && value > -1e13 && value < 1e13) return value * 100;
  if (value > -1e9 && value < 1e9) {
    const scaled = value * 100;
    const units = Math.round(scaled);
    if (Math.abs(scaled - units) < 0.25) return units;
  }
  return Number.NaN;
}

/** An amount of quickCents as numberAmount gives it (its fields normalized, so equal values are eq). */
function centsAmount(cents: number): Decimal {
  return cents === 0 ? Decimal.ZERO : Decimal.fromCents(cents);
}

/** cents(value) as a number when it is a safe integer, else NaN (the sums then go through bigint). */
function centsNumber(value: Decimal): number {
  const units = cents(value);
  return units >= -MAX_SAFE_CENTS && units <= MAX_SAFE_CENTS ? Number(units) : Number.NaN;
}
const MAX_SAFE_CENTS = BigInt(Number.MAX_SAFE_INTEGER);

function readAmount(cell: CellValue): Decimal | null {
  if (cell.kind === 'number') return numberAmount(cell.value);
  if (cell.kind !== 'text') return null;
  const value = parseNumberInput(cell.text);
  if (!value?.abs().lt(MAX_AMOUNT)) return null;
  return value.round(2);
}

/** An amount of at most 2 decimals (as readAmount gives) in cents. */
function cents(value: Decimal): bigint {
  return value.scale === 2 ? value.units : value.scale === 1 ? value.units * 10n : value.units * 100n;
}

export class TrialBalanceChecker {
  /** Which leaf a line feeds (assignLine, the rule the diagnosis shows too). */
  private readonly index: LeafIndex;
  private readonly tree: TreeLevelNode[];
  private readonly maxRows: number;
  private readonly maxProblems: number;
  private columns: Partial<Record<TrialBalanceColumn, number>> | null = null;
  private readonly problems: SheetProblem[] = [];
  private problemCount = 0;
  private readonly lines: TrialBalanceLine[] = [];
  /** Each line's debit and credit in cents, NaN where that is not a safe integer (the sums use bigint then). */
  private readonly debitCents: number[] = [];
  private readonly creditCents: number[] = [];
  /** The indexes of the account, description, debit and credit columns once the header has them all. */
  private allColumns: [number, number, number, number] | null = null;
  private pendingBlankRows: number[] = [];
  private dataRows = 0;
  private tooManyRows = false;

  constructor(tree: TreeLevelNode[], options: { maxRows?: number; maxProblems?: number } = {}) {
    this.tree = tree;
    this.index = leafIndex(tree);
    this.maxRows = options.maxRows ?? 50_000;
    this.maxProblems = options.maxProblems ?? 100;
  }

  /** True once reading further is pointless (too many rows or problems): the reader may stop early. */
  get stopped(): boolean {
    return this.tooManyRows || this.problemCount > this.maxProblems;
  }

  private problem(problem: SheetProblem): void {
    this.problemCount++;
    if (this.problems.length < this.maxProblems) this.problems.push(problem);
  }

  /** Convenience for a reader: the first non-blank row is the header, the others are lines. */
  row(cells: unknown[], row: number): void {
    if (this.columns) this.line(cells, row);
    else if (cells.some((cell) => readCell(cell).kind !== 'blank')) this.header(cells, row);
  }

  /** The header row: finds the four columns by name (pt, en, fr), in any order. */
  header(cells: unknown[], row: number): void {
    const columns: Partial<Record<TrialBalanceColumn, number>> = {};
    cells.forEach((cell, index) => {
      const column = headerColumn(cellText(readCell(cell)));
      if (column && columns[column] === undefined) columns[column] = index;
    });
    this.columns = columns;
    const { account, description, debit, credit } = columns;
    this.allColumns =
      account === undefined || description === undefined || debit === undefined || credit === undefined
        ? null
        : [account, description, debit, credit];
    for (const column of TRIAL_BALANCE_COLUMNS) {
      if (columns[column] === undefined) this.problem({ row, key: `balanceSheets:missingColumn.${column}` });
    }
  }

  private where(column: TrialBalanceColumn): string | undefined {
    const index = this.columns?.[column];
    return index === undefined ? undefined : columnLetter(index);
  }

  /** One line after the header. */
  line(cells: unknown[], row: number): void {
    if (this.tooManyRows) return;
    const all = this.allColumns;
    if (
      all !== null &&
      this.pendingBlankRows.length === 0 &&
      this.dataRows < this.maxRows &&
      this.cleanLine(cells, row, all)
    ) {
      return;
    }
    const columns = this.columns ?? {};
    const get = (column: TrialBalanceColumn): CellValue => {
      const index = columns[column];
      return index === undefined ? BLANK : readCell(cells[index]);
    };
    const account = get('account');
    const description = get('description');
    const debit = get('debit');
    const credit = get('credit');
    if (
      account.kind === 'blank' &&
      description.kind === 'blank' &&
      debit.kind === 'blank' &&
      credit.kind === 'blank'
    ) {
      // Blank rows count only when a line follows them (trailing formatted rows are not lines).
      this.pendingBlankRows.push(row);
      return;
    }
    this.dataRows += this.pendingBlankRows.length + 1;
    if (this.dataRows > this.maxRows) {
      this.tooManyRows = true;
      this.lines.length = 0;
      this.debitCents.length = 0;
      this.creditCents.length = 0;
      return;
    }
    for (const blank of this.pendingBlankRows) this.problem({ row: blank, key: 'balanceSheets:blankLine' });
    this.pendingBlankRows = [];

    const read = { account, description, debit, credit };
    const tooLong =
      account.kind === 'tooLong' ||
      description.kind === 'tooLong' ||
      debit.kind === 'tooLong' ||
      credit.kind === 'tooLong'
        ? TRIAL_BALANCE_COLUMNS.filter((column) => read[column].kind === 'tooLong')
        : [];
    if (tooLong.length > 0) {
      for (const column of tooLong) {
        this.problem({
          row,
          column: this.where(column),
          key: 'balanceSheets:cellTooLong',
          params: { max: formatNumber(MAX_CELL_TEXT) },
        });
      }
      return;
    }

    const accountText = cellText(account);
    const descriptionText = cellText(description);
    if (isTotalText(accountText) || isTotalText(descriptionText)) {
      this.problem({ row, column: this.where('account'), key: 'balanceSheets:totalRow' });
      return;
    }
    // A missing column is reported once, at the header: its cells are not checked line by line.
    let ok = TRIAL_BALANCE_COLUMNS.every((column) => columns[column] !== undefined);
    const missing = (column: TrialBalanceColumn) => columns[column] === undefined;
    let accountCode = '';
    if (missing('account')) {
      ok = false;
    } else if (account.kind === 'blank') {
      this.problem({ row, column: this.where('account'), key: 'balanceSheets:blankValue' });
      ok = false;
    } else {
      accountCode = account.kind === 'number' ? String(account.value) : accountText;
      if (!ACCOUNT_CODE.test(accountCode)) {
        this.problem({
          row,
          column: this.where('account'),
          key: 'balanceSheets:malformedAccount',
          params: { value: accountCode.slice(0, 40) },
        });
        ok = false;
      }
    }
    if (description.kind === 'blank' && !missing('description')) {
      this.problem({ row, column: this.where('description'), key: 'balanceSheets:blankValue' });
      ok = false;
    }
    const amounts: Decimal[] = [];
    for (const column of ['debit', 'credit'] as const) {
      const cell = column === 'debit' ? debit : credit;
      if (missing(column)) continue;
      if (cell.kind === 'blank') {
        this.problem({ row, column: this.where(column), key: 'balanceSheets:blankValue' });
        ok = false;
        continue;
      }
      const amount = readAmount(cell);
      if (!amount) {
        this.problem({
          row,
          column: this.where(column),
          key: 'balanceSheets:notANumber',
          params: { value: cellText(cell).slice(0, 40) },
        });
        ok = false;
        continue;
      }
      amounts.push(amount);
    }
    if (ok) {
      const [debitValue, creditValue] = amounts as [Decimal, Decimal];
      this.lines.push({
        row,
        account: accountCode,
        description: descriptionText,
        debit: debitValue,
        credit: creditValue,
      });
      this.debitCents.push(centsNumber(debitValue));
      this.creditCents.push(centsNumber(creditValue));
    }
  }

  /**
   * The line a clean trial balance mostly has, taken as `line` takes it without its cell objects: the account
   * a text or a number, the description a text, the amounts numbers (what the reader gives for them), none blank
   * or too long, no totals row, a well-formed account, amounts quickCents reads. With no blank rows pending and
   * the row limit not reached (the caller's part), `line` would keep it as it is kept here, reporting nothing.
   * False, having done nothing, for any other line: `line` then checks it.
   */
  private cleanLine(cells: unknown[], row: number, all: [number, number, number, number]): boolean {
    const account = cells[all[0]];
    const description = cells[all[1]];
    const debit = cells[all[2]];
    const credit = cells[all[3]];
    if (typeof description !== 'string' || typeof debit !== 'number' || typeof credit !== 'number') {
      return false;
    }
    let accountCode: string;
    if (typeof account === 'string') {
      if (account.length > MAX_CELL_TEXT) return false;
      accountCode = account.trim();
    } else if (typeof account === 'number' && Number.isFinite(account)) {
      accountCode = String(account);
    } else {
      return false;
    }
    if (description.length > MAX_CELL_TEXT) return false;
    const descriptionText = description.trim();
    if (descriptionText === '' || !isAccountCode(accountCode)) return false;
    if (isTotalText(accountCode) || isTotalText(descriptionText)) return false;
    const debitCents = quickCents(debit);
    const creditCents = quickCents(credit);
    if (Number.isNaN(debitCents) || Number.isNaN(creditCents)) return false;
    this.dataRows++;
    this.lines.push({
      row,
      account: accountCode,
      description: descriptionText,
      debit: centsAmount(debitCents),
      credit: centsAmount(creditCents),
    });
    this.debitCents.push(debitCents);
    this.creditCents.push(creditCents);
    return true;
  }

  /**
   * Ledger and class totals: an account that is a prefix of another; duplicated accounts. (A trial balance is
   * most often listed by account already: then it is not sorted again.) Its own method, as each of finish's
   * loops: the engine optimizes a loop while it runs, and a short method's loop with all it needs.
   */
  private ledgerProblems(): void {
    const byAccount = (a: TrialBalanceLine, b: TrialBalanceLine) =>
      a.account < b.account ? -1 : a.account > b.account ? 1 : a.row - b.row;
    let inOrder = true;
    for (let i = 1; inOrder && i < this.lines.length; i++) {
      inOrder = byAccount(this.lines[i - 1] as TrialBalanceLine, this.lines[i] as TrialBalanceLine) <= 0;
    }
    const sorted = inOrder ? this.lines : [...this.lines].sort(byAccount);
    for (let i = 0; i + 1 < sorted.length; i++) {
      const line = sorted[i] as TrialBalanceLine;
      const next = sorted[i + 1] as TrialBalanceLine;
      if (next.account === line.account) {
        this.problem({
          row: next.row,
          column: this.where('account'),
          key: 'balanceSheets:duplicateAccount',
          params: { account: line.account, other: line.row },
        });
      } else if (next.account.startsWith(line.account)) {
        this.problem({
          row: line.row,
          column: this.where('account'),
          key: 'balanceSheets:ledgerTotal',
          params: { account: line.account, other: next.account },
        });
      }
    }
  }

  /**
   * The lines' leaves (reporting the unknown accounts but for ledger totals, rows in `totals`), and the sums in
   * cents (every amount has at most 2 decimals), exact as Decimal's without a Decimal per step: in numbers while
   * every amount and sum is a safe integer (each step is then exact), else again in bigint.
   */
  private sums(totals: Set<number | undefined>): {
    debitCents: bigint;
    creditCents: bigint;
    leafCents: Map<string, bigint>;
  } {
    const count = this.lines.length;
    const leaves: Array<TreeLevelNode | undefined> = new Array(count);
    const leafSums = new Map<string, number>();
    let debitSum = 0;
    let creditSum = 0;
    let exact = true;
    let current: TreeLevelNode | undefined;
    let currentSum = 0;
    for (let i = 0; i < count; i++) {
      const line = this.lines[i] as TrialBalanceLine;
      const lineDebit = this.debitCents[i] as number;
      const lineCredit = this.creditCents[i] as number;
      const debitSide = Number.isNaN(lineDebit + lineCredit)
        ? line.debit.cmp(line.credit) >= 0
        : lineDebit >= lineCredit;
      const leaf = accountLeaf(this.index, line.account, debitSide);
      leaves[i] = leaf;
      debitSum += lineDebit;
      creditSum += lineCredit;
      if (!Number.isSafeInteger(debitSum) || !Number.isSafeInteger(creditSum)) exact = false;
      if (!leaf) {
        if (totals.has(line.row)) continue;
        this.problem({
          row: line.row,
          column: this.where('account'),
          key: 'balanceSheets:unknownAccount',
          params: { account: line.account },
        });
        continue;
      }
      // Lines in account order mostly feed the leaf the previous line fed: its sum is kept at hand.
      if (leaf !== current) {
        if (current !== undefined) leafSums.set(current.code, currentSum);
        current = leaf;
        currentSum = leafSums.get(leaf.code) ?? 0;
      }
      currentSum += leaf.nature === 'debit' ? lineDebit - lineCredit : lineCredit - lineDebit;
      if (!Number.isSafeInteger(currentSum)) exact = false;
    }
    if (current !== undefined) leafSums.set(current.code, currentSum);
    const leafCents = new Map<string, bigint>();
    if (exact) {
      for (const [code, sum] of leafSums) leafCents.set(code, BigInt(sum));
      return { debitCents: BigInt(debitSum), creditCents: BigInt(creditSum), leafCents };
    }
    let debitCents = 0n;
    let creditCents = 0n;
    for (let i = 0; i < count; i++) {
      const line = this.lines[i] as TrialBalanceLine;
      const lineDebit = cents(line.debit);
      const lineCredit = cents(line.credit);
      debitCents += lineDebit;
      creditCents += lineCredit;
      const leaf = leaves[i];
      if (!leaf) continue;
      const net = leaf.nature === 'debit' ? lineDebit - lineCredit : lineCredit - lineDebit;
      leafCents.set(leaf.code, (leafCents.get(leaf.code) ?? 0n) + net);
    }
    return { debitCents, creditCents, leafCents };
  }

  finish(): TrialBalanceResult {
    if (!this.columns) {
      for (const column of TRIAL_BALANCE_COLUMNS)
        this.problem({ key: `balanceSheets:missingColumn.${column}` });
    }
    if (this.tooManyRows) {
      return {
        ok: false,
        problems: [{ key: 'balanceSheets:tooManyRows', params: { max: formatNumber(this.maxRows) } }],
      };
    }
    this.ledgerProblems();
    const totals = new Set(
      this.problems.filter((p) => p.key === 'balanceSheets:ledgerTotal').map((p) => p.row),
    );
    const { debitCents, creditCents, leafCents } = this.sums(totals);
    const debit = Decimal.of(debitCents, 2);
    const credit = Decimal.of(creditCents, 2);
    if (this.problemCount === 0 && this.lines.length === 0) this.problem({ key: 'balanceSheets:noLines' });
    if (this.problemCount === 0 && !debit.eq(credit)) {
      this.problem({
        key: 'balanceSheets:debitCreditMismatch',
        params: {
          debit: formatNumber(debit),
          credit: formatNumber(credit),
          difference: formatNumber(debit.sub(credit)),
        },
      });
    }
    if (this.problemCount > 0) {
      const problems = [...this.problems].sort(
        (a, b) => (a.row ?? Number.MAX_SAFE_INTEGER) - (b.row ?? Number.MAX_SAFE_INTEGER),
      );
      if (this.problemCount > problems.length) {
        problems.push({
          key: 'balanceSheets:tooManyProblems',
          params: { max: formatNumber(this.maxProblems) },
        });
      }
      return { ok: false, problems };
    }
    return {
      ok: true,
      lines: this.lines,
      aggregates: rollUp(
        this.tree,
        new Map([...leafCents].map(([code, value]) => [code, Decimal.of(value, 2)] as const)),
      ),
      totals: { debit, credit },
    };
  }
}

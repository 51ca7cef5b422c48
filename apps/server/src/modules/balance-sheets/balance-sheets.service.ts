import { readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  type AdminBalanceSheetItem,
  type BalanceSheetComparison,
  type BalanceSheetDetail,
  type BalanceSheetItem,
  type BalanceSheetLineItem,
  balanceCheck,
  buildBalanceTree,
  byPeriodNewestFirst,
  type CompanyCapability,
  costLineValue,
  Decimal,
  displayFileName,
  formatNumber,
  type Language,
  latestPerPeriod,
  normalizeFrequency,
  type Page,
  periodResultInEquity,
  previousPeriodSheet,
  rollUp,
  type SaveBalanceSheetEntry,
  type SelfDiagnosisTree,
  storedFileName,
  type TreeLevelNode,
  withPeriodTags,
} from '@excelencia/domain';
import type { AuthContext } from '../../auth/types.ts';
import { type Database, type Executor, readTogether } from '../../db/client.ts';
import type { Actor } from '../../platform/actor.ts';
import { writeAudit } from '../../platform/audit/audit.ts';
import { AppError, notFound, staleVersion } from '../../platform/errors.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { keysetPages, pageWindow } from '../../platform/listing.ts';
import { XLSX_MIME } from '../../platform/xlsx-export.ts';
import { assertCompanyAccess } from '../../policies/company-access.ts';
import { selfDiagnosisTree } from '../reference/index.ts';
import {
  ADMIN_SHEET_ORDER,
  type AdminSheetRow,
  adminSheetCount,
  adminSheetsAfter,
  adminSheetsPage,
  adminSheetsWhere,
  deleteSheetValues,
  insertSheet,
  insertSheetLines,
  insertSheetValues,
  lineCountOfSheet,
  linesOfSheet,
  markSheetDeleted,
  type SheetRow,
  setSheetFile,
  sheetOfCompany,
  sheetsOfCompanies,
  sheetsOfCompany,
  sheetWithCompanyName,
  updateSheetPeriodAtVersion,
  valuesOfSheet,
} from './balance-sheets.repository.ts';
import type { AdminBalanceSheetQuery } from './balance-sheets.schemas.ts';
import { checkTrialBalanceFile } from './trial-balance-file.ts';

/** The audit entity of balance-sheet changes. */
export const BALANCE_SHEETS_ENTITY = 'balance-sheets';
export const BALANCE_SHEET_FILE_KIND = 'balance-sheet';

const LINES_PAGE_SIZE = 100;

// ---- presenting ---------------------------------------------------------------------------------------------

type Periodic = SheetRow & { dateInsert: string; frequency: ReturnType<typeof normalizeFrequency> };

const periodic = (row: SheetRow): Periodic => ({
  ...row,
  dateInsert: row.createdAt.toISOString(),
  frequency: normalizeFrequency(row.typeFrequence),
});

/**
 * The company's sheets as the list shows them: latest per period, tagged, latest period first; with
 * `includeReplaced`, the sheets superseded by a later one of their period too, marked replaced.
 */
function presentCompanySheets(rows: SheetRow[], includeReplaced = false): BalanceSheetItem[] {
  const kept = withPeriodTags(latestPerPeriod(rows.map(periodic)));
  const keptIds = new Set(kept.map((sheet) => sheet.id));
  const items = kept.map((sheet) => presentWithin(sheet, kept, false));
  if (includeReplaced) {
    for (const row of rows) if (!keptIds.has(row.id)) items.push(presentOne(row, rows));
  }
  return items.sort(byPeriodNewestFirst);
}

/** One sheet presented among its company's kept sheets (it may itself be superseded by a newer upload). */
function presentOne(row: SheetRow, companyRows: SheetRow[]): BalanceSheetItem {
  const kept = latestPerPeriod(companyRows.map(periodic));
  const replaced = !kept.some((sheet) => sheet.id === row.id);
  const tagged = withPeriodTags(replaced ? [...kept, periodic(row)] : kept);
  const self = tagged.find((sheet) => sheet.id === row.id);
  if (!self) throw new Error('the sheet vanished from its own list');
  return presentWithin(self, tagged, replaced);
}

function presentWithin(
  sheet: Periodic & { tag: string },
  all: Array<Periodic & { tag: string }>,
  replaced: boolean,
) {
  const previous = previousPeriodSheet(sheet, all);
  const item: BalanceSheetItem = {
    id: sheet.id,
    companyId: sheet.companyId,
    startDate: sheet.startDate,
    endDate: sheet.endDate,
    dateInsert: sheet.dateInsert,
    typeFrequence: sheet.frequency,
    tag: sheet.tag,
    source: sheet.source,
    fileName: sheet.fileName ? displayFileName(sheet.fileName) : null,
    version: sheet.version,
    replaced,
  };
  if (previous) {
    item.previousBalanceSheetId = previous.id;
    item.previousBalanceSheetFileName = previous.fileName ? displayFileName(previous.fileName) : null;
  }
  return item;
}

const decimal = (value: string) => Decimal.fromString(value);
const amount = (value: Decimal) => value.round(2).toFixed(2);

/** Every node of the tree, depth first. */
function nodesOf(tree: TreeLevelNode[]): TreeLevelNode[] {
  const out: TreeLevelNode[] = [];
  const walk = (nodes: TreeLevelNode[]) => {
    for (const node of nodes) {
      out.push(node);
      walk(node.children);
    }
  };
  walk(tree);
  return out;
}

const isLeaf = (node: TreeLevelNode) => node.children.length === 0;

// ---- the service --------------------------------------------------------------------------------------------

export interface UploadInput {
  startDate: string;
  endDate: string;
  typeFrequence: string;
  /** The upload, already on disk (a temporary file the caller removes). */
  path: string;
  originalName: string;
}

export type EntryInput = SaveBalanceSheetEntry & {
  allowAssetsMinusOneWithZeroEquityAndLiabilities?: boolean;
};

/**
 * Balance sheets of companies: upload of a trial balance (.xlsx, checked and aggregated through the
 * self-diagnosis tree), entry by hand, the company's list and views, and the admin's list and comparator.
 * Company users act only on the companies linked to them (404 otherwise); admins on any.
 */
export function createBalanceSheetsService(deps: {
  db: Database;
  fileStore: FileStore;
  /**
   * Called inside the transaction of every change to a company's sheets (derived indicator values), with the
   * periods changed: where a sheet was added, corrected or deleted, and where a corrected sheet was before.
   */
  onSheetsChanged?: (
    tx: Executor,
    companyId: string,
    periods: Array<{ startDate: string; endDate: string }>,
  ) => Promise<void>;
}) {
  const { db, fileStore } = deps;
  const sheetsChanged = (
    tx: Executor,
    companyId: string,
    ...periods: Array<{ startDate: string; endDate: string }>
  ) => deps.onSheetsChanged?.(tx, companyId, periods);

  async function tree(executor: Executor = db): Promise<TreeLevelNode[]> {
    return buildBalanceTree(await selfDiagnosisTree(executor));
  }

  /**
   * Admins may act on every company; a company user only on theirs (another id answers 404), reading in any role
   * and changing the sheets as an owner or accountant ('prepare', docs/adr/0028-company-teams.md).
   */
  const assertMayAccess = (caller: AuthContext, companyId: string, need: CompanyCapability = 'read') =>
    assertCompanyAccess(db, caller, companyId, need);

  async function sheetOf(executor: Executor, companyId: string, id: string): Promise<SheetRow> {
    const row = await sheetOfCompany(executor, companyId, id);
    if (!row) throw notFound();
    return row;
  }

  /**
   * The sheet as read (docs/adr/0018): its stored amounts with the period's result still in the income
   * statement counted in equity (periodResultInEquity, applied to the stored values as the diagnosis engine
   * applies it), and what was added where. The balance check reads a sheet by the same rule
   * (financialPosition), so a sheet it accepts shows Ativo = Capital próprio + Passivo.
   */
  async function detailOf(executor: Executor, row: SheetRow): Promise<BalanceSheetDetail> {
    const [others, stored, lines, nodes] = await readTogether(executor, [
      () => sheetsOfCompany(executor, row.companyId),
      () => valuesOfSheet(executor, row.id),
      () => lineCountOfSheet(executor, row.id),
      () => tree(executor),
    ]);
    const read = periodResultInEquity(
      nodes,
      new Map(Object.entries(stored).map(([code, value]) => [code, decimal(value)])),
    );
    const values = Object.fromEntries(
      [...read.values]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([code, value]) => [code, amount(value)]),
    );
    return {
      ...presentOne(row, others),
      values,
      periodResultAdded: read.added ? { amount: amount(read.added.amount), codes: read.added.codes } : null,
      linesCount: lines,
    };
  }

  async function writeValues(executor: Executor, id: string, values: Map<string, Decimal>): Promise<void> {
    await insertSheetValues(
      executor,
      [...values].map(([nodeCode, value]) => ({ balanceSheetId: id, nodeCode, value: amount(value) })),
    );
  }

  /**
   * Leaf values entered by hand → every node's value. Missing leaves give 'Fill all fields!'; cost lines are
   * stored on their natural side; the balance check must pass.
   */
  function entryValues(nodes: TreeLevelNode[], input: EntryInput): Map<string, Decimal> {
    const all = nodesOf(nodes);
    const leaves = all.filter(isLeaf);
    const known = new Set(all.map((node) => node.code));
    const unknown = Object.keys(input.values).filter((code) => !known.has(code));
    if (unknown.length > 0) {
      throw new AppError(400, 'validation_failed', 'balanceSheets:checkData', {
        details: unknown.map((code) => ({ path: `values.${code}`, message: 'balanceSheets:checkData' })),
      });
    }
    const missing: string[] = [];
    const leafValues = new Map<string, Decimal>();
    for (const leaf of leaves) {
      const text = input.values[leaf.code];
      const value = text === undefined || text.trim() === '' ? undefined : Decimal.tryFromString(text.trim());
      if (value === undefined) {
        missing.push(leaf.code);
        continue;
      }
      leafValues.set(leaf.code, costLineValue(value, leaf.isCostLine));
    }
    if (missing.length > 0) {
      throw new AppError(400, 'fill_all_fields', 'balanceSheets:fillAllFields', {
        details: missing.map((code) => ({ path: `values.${code}`, message: 'balanceSheets:fillAllFields' })),
      });
    }
    const rolled = rollUp(nodes, leafValues);
    const check = balanceCheck(rolled, nodes, {
      allowAssetsMinusOneWithZeroEquityAndLiabilities:
        input.allowAssetsMinusOneWithZeroEquityAndLiabilities ?? false,
    });
    if (check.status === 'mismatch') {
      // The message's figures as numbers are displayed (docs/adr/0023), not as stored.
      throw new AppError(400, 'assets_mismatch', 'balanceSheets:assetsMismatch', {
        params: { difference: formatNumber(check.difference) },
        details: [
          {
            path: 'values',
            message: 'balanceSheets:assetsMismatchDifference',
            params: {
              difference: formatNumber(check.difference),
              assets: formatNumber(check.assets),
              equity: formatNumber(check.equity),
              liabilities: formatNumber(check.liabilities),
            },
          },
        ],
      });
    }
    return rolled;
  }

  function assertPeriod(startDate: string, endDate: string): void {
    if (endDate < startDate) {
      throw new AppError(400, 'validation_failed', 'balanceSheets:endBeforeStart', {
        details: [{ path: 'endDate', message: 'balanceSheets:endBeforeStart' }],
      });
    }
  }

  return {
    tree,

    /** The self-diagnosis tree the entry form and the statements are built from. */
    selfDiagnosisTree: (): Promise<SelfDiagnosisTree> => selfDiagnosisTree(db),

    async list(
      caller: AuthContext,
      companyId: string,
      options: { includeReplaced?: boolean } = {},
    ): Promise<BalanceSheetItem[]> {
      await assertMayAccess(caller, companyId);
      return presentCompanySheets(await sheetsOfCompany(db, companyId), options.includeReplaced);
    },

    async get(caller: AuthContext, companyId: string, id: string): Promise<BalanceSheetDetail> {
      await assertMayAccess(caller, companyId);
      return detailOf(db, await sheetOf(db, companyId, id));
    },

    /** The original upload, streamed. */
    async file(
      caller: AuthContext,
      companyId: string,
      id: string,
    ): Promise<{ stream: Readable; size: number; name: string }> {
      await assertMayAccess(caller, companyId);
      const row = await sheetOf(db, companyId, id);
      if (!row.fileId) throw notFound();
      const stored = await fileStore.open(db, row.fileId);
      if (!stored) throw notFound();
      return {
        stream: stored.stream,
        size: stored.file.size,
        name: displayFileName(row.fileName ?? stored.file.originalName),
      };
    },

    async lines(
      caller: AuthContext,
      companyId: string,
      id: string,
      page: number,
    ): Promise<Page<BalanceSheetLineItem>> {
      await assertMayAccess(caller, companyId);
      await sheetOf(db, companyId, id);
      const [rows, total] = await Promise.all([
        linesOfSheet(db, id, { limit: LINES_PAGE_SIZE, offset: (page - 1) * LINES_PAGE_SIZE }),
        lineCountOfSheet(db, id),
      ]);
      return {
        items: rows.map((row) => ({
          row: row.rowNumber,
          account: row.account,
          description: row.description,
          debit: row.debit,
          credit: row.credit,
        })),
        total,
        page,
        pageSize: LINES_PAGE_SIZE,
      };
    },

    /**
     * Checks an uploaded trial balance (container, then content, streaming) and, when it passes, stores the
     * file, the sheet, its lines and aggregates and an audit row in one transaction. A refusal stores nothing.
     * The file's content goes to the blob store last, once every row of the sheet is in: a failing insert rolls
     * back before anything is written to disk (a blob already stored may be left only by a failed commit).
     */
    async upload(
      caller: AuthContext,
      actor: Actor,
      companyId: string,
      input: UploadInput,
      language: Language,
    ): Promise<BalanceSheetItem> {
      await assertMayAccess(caller, companyId, 'prepare');
      assertPeriod(input.startDate, input.endDate);
      const result = await checkTrialBalanceFile(input.path, await tree(), language);

      const data = await readFile(input.path);
      const fileName = storedFileName(input.originalName, Number(input.endDate.slice(0, 4)), Date.now());
      return db.transaction(async (tx) => {
        const row = await insertSheet(tx, {
          companyId,
          startDate: input.startDate,
          endDate: input.endDate,
          typeFrequence: normalizeFrequency(input.typeFrequence),
          source: 'upload',
          fileName,
          createdBy: caller.accountId,
        });
        if (!row) throw new Error('inserting the balance sheet returned nothing');
        await insertSheetLines(
          tx,
          result.lines.map((line) => ({
            balanceSheetId: row.id,
            rowNumber: line.row,
            account: line.account,
            description: line.description,
            debit: amount(line.debit),
            credit: amount(line.credit),
          })),
        );
        await writeValues(tx, row.id, result.aggregates);
        await sheetsChanged(tx, companyId, row);
        const stored = await fileStore.put(tx, {
          data,
          originalName: fileName,
          mime: XLSX_MIME,
          kind: BALANCE_SHEET_FILE_KIND,
          ownerAccountId: caller.accountId,
        });
        const sheet = await setSheetFile(tx, row.id, stored.id);
        if (!sheet) throw new Error('the balance sheet vanished in its own transaction');
        const item = presentOne(sheet, await sheetsOfCompany(tx, companyId));
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'upload',
          entity: BALANCE_SHEETS_ENTITY,
          entityId: row.id,
          companyId,
          after: {
            ...item,
            lines: result.lines.length,
            totals: { debit: amount(result.totals.debit), credit: amount(result.totals.credit) },
          },
          requestId: actor.requestId,
        });
        return item;
      });
    },

    async createEntry(
      caller: AuthContext,
      actor: Actor,
      companyId: string,
      input: EntryInput,
    ): Promise<BalanceSheetDetail> {
      const admin = await assertMayAccess(caller, companyId, 'prepare');
      assertPeriod(input.startDate, input.endDate);
      const values = entryValues(await tree(), input);
      return db.transaction(async (tx) => {
        const row = await insertSheet(tx, {
          companyId,
          startDate: input.startDate,
          endDate: input.endDate,
          typeFrequence: normalizeFrequency(input.typeFrequence),
          source: 'entry',
          createdBy: caller.accountId,
        });
        if (!row) throw new Error('inserting the balance sheet returned nothing');
        await writeValues(tx, row.id, values);
        await sheetsChanged(tx, companyId, row);
        const detail = await detailOf(tx, row);
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'create',
          entity: BALANCE_SHEETS_ENTITY,
          entityId: row.id,
          companyId,
          after: { ...detail, byAdmin: admin },
          requestId: actor.requestId,
        });
        return detail;
      });
    },

    /** Replaces the values of any sheet (uploaded or entered) with checked ones; the version must match. */
    async updateEntry(
      caller: AuthContext,
      actor: Actor,
      companyId: string,
      id: string,
      input: EntryInput,
    ): Promise<BalanceSheetDetail> {
      const admin = await assertMayAccess(caller, companyId, 'prepare');
      assertPeriod(input.startDate, input.endDate);
      const values = entryValues(await tree(), input);
      return db.transaction(async (tx) => {
        const before = await sheetOf(tx, companyId, id);
        if (input.version !== undefined && input.version !== before.version) throw staleVersion();
        const beforeDetail = await detailOf(tx, before);
        const row = await updateSheetPeriodAtVersion(tx, id, before.version, {
          startDate: input.startDate,
          endDate: input.endDate,
          typeFrequence: normalizeFrequency(input.typeFrequence),
        });
        if (!row) throw staleVersion();
        await deleteSheetValues(tx, id);
        await writeValues(tx, id, values);
        await sheetsChanged(tx, companyId, before, row);
        const detail = await detailOf(tx, row);
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'update',
          entity: BALANCE_SHEETS_ENTITY,
          entityId: id,
          companyId,
          before: beforeDetail,
          after: { ...detail, byAdmin: admin },
          requestId: actor.requestId,
        });
        return detail;
      });
    },

    async remove(caller: AuthContext, actor: Actor, companyId: string, id: string): Promise<void> {
      await assertMayAccess(caller, companyId, 'prepare');
      await db.transaction(async (tx) => {
        const row = await sheetOf(tx, companyId, id);
        const deleted = await markSheetDeleted(tx, id);
        if (!deleted) throw notFound();
        await sheetsChanged(tx, companyId, row);
        await writeAudit(tx, {
          actorAccountId: actor.accountId,
          action: 'delete',
          entity: BALANCE_SHEETS_ENTITY,
          entityId: id,
          companyId,
          before: presentOne(row, await sheetsOfCompany(tx, companyId)),
          requestId: actor.requestId,
        });
      });
    },

    // ---- admin ----

    async adminList(query: AdminBalanceSheetQuery): Promise<Page<AdminBalanceSheetItem>> {
      const where = adminSheetsWhere(query);
      const [rows, total] = await Promise.all([
        adminSheetsPage(db, where, pageWindow(query)).then((page) => presentAdminRows(db, page)),
        adminSheetCount(db, where),
      ]);
      return { items: rows, total, page: query.page, pageSize: query.pageSize };
    },

    adminExportRows(query: AdminBalanceSheetQuery): AsyncIterable<AdminBalanceSheetItem> {
      const where = adminSheetsWhere(query);
      const pages = keysetPages({
        order: ADMIN_SHEET_ORDER,
        size: ADMIN_EXPORT_BATCH,
        read: (page) => adminSheetsAfter(db, where, page),
      });
      return (async function* () {
        for await (const rows of pages) yield* await presentAdminRows(db, rows);
      })();
    },

    /** Two sheets' values by node code, with right − left for every node either holds. */
    async compare(leftId: string, rightId: string): Promise<BalanceSheetComparison> {
      const load = async (id: string) => {
        const row = await sheetWithCompanyName(db, id);
        if (!row) throw notFound();
        const detail = await detailOf(db, row.sheet);
        return { ...detail, companyName: row.companyName };
      };
      const [left, right] = await Promise.all([load(leftId), load(rightId)]);
      const codes = new Set([...Object.keys(left.values), ...Object.keys(right.values)]);
      const order = nodesOf(await tree()).map((node) => node.code);
      const sorted = [
        ...order.filter((code) => codes.has(code)),
        ...[...codes].filter((c) => !order.includes(c)),
      ];
      return {
        left,
        right,
        rows: sorted.map((code) => {
          const l = left.values[code] ?? null;
          const r = right.values[code] ?? null;
          return {
            code,
            left: l,
            right: r,
            difference: amount(
              (r === null ? Decimal.ZERO : decimal(r)).sub(l === null ? Decimal.ZERO : decimal(l)),
            ),
          };
        }),
      };
    },
  };
}

const ADMIN_EXPORT_BATCH = 500;

async function presentAdminRows(db: Executor, rows: AdminSheetRow[]): Promise<AdminBalanceSheetItem[]> {
  if (rows.length === 0) return [];
  // Tags count from each company's first annual sheet: read those companies' sheets once.
  const companyIds = [...new Set(rows.map((row) => row.sheet.companyId))];
  const all = await sheetsOfCompanies(db, companyIds);
  return rows.map((row) => ({
    ...presentOne(
      row.sheet,
      all.filter((sheet) => sheet.companyId === row.sheet.companyId),
    ),
    companyName: row.companyName,
    nif: row.nif,
  }));
}

export type BalanceSheetsService = ReturnType<typeof createBalanceSheetsService>;

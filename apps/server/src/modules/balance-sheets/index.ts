/**
 * The area's front door (docs/adr/0027): the routes and services app.ts wires, and what other areas use: which
 * uploaded sheets count, the kept-sheet rule as SQL (the overview).
 */
export { keptSheetWhere } from './balance-sheets.repository.ts';
export { balanceSheetsRoutes } from './balance-sheets.routes.ts';
export { createBalanceSheetsService } from './balance-sheets.service.ts';
export { balanceTreeRoutes } from './balance-tree.routes.ts';
export { type TrialBalanceRow, trialBalanceWorkbook } from './template.ts';

/** What other areas use of the balance-sheets area: which uploaded sheets count (the kept-sheet rule, as SQL). */
export { keptSheetWhere } from './balance-sheets.repository.ts';

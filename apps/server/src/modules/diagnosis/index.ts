/**
 * What other areas (and the seed) use of the diagnosis area: the indicator values kept per sheet, and the kept-sheet
 * rule with the engine's view of a sheet, which eligibility reads.
 */
export {
  activeCriteria,
  balanceTree,
  engineSheet,
  type KeptSheet,
  keptSheets,
  refreshCompanyIndicators,
  refreshSheetIndicators,
  sheetValues,
} from './indicators.ts';

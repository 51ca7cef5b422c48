/**
 * The area's front door (docs/adr/0027): the routes and services app.ts wires, and what other areas use: the
 * indicator values kept per sheet, and the kept-sheet rule with the engine's view of a sheet (eligibility).
 */
export { diagnosisRoutes } from './diagnosis.routes.ts';
export { createDiagnosisService } from './diagnosis.service.ts';
export { createStatisticsBuilder, type StatisticsBuilder } from './diagnosis.statistics.ts';
export {
  activeCriteria,
  balanceTree,
  createIndicatorRefresher,
  engineSheet,
  type IndicatorRefresher,
  type KeptSheet,
  keptSheets,
  refreshCompanyIndicators,
  refreshSheetIndicators,
  sheetValues,
} from './indicators.ts';

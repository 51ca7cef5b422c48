/**
 * What other areas use of the applications area: the partner area reads an edition's results, their report and the
 * eligibility of the companies it assists.
 */
export { resultsReportXlsx } from './applications-export.ts';
export { computeEligibility, latestAnnualYear } from './eligibility.ts';
export type { ResultsService } from './results.service.ts';

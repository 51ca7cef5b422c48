/**
 * The area's front door (docs/adr/0027): the routes and services app.ts wires, and what other areas use: an
 * edition's results, their report, the eligibility of the companies it assists and whether an application is a
 * renewal (the partner area).
 */
export { appealsRoutes } from './appeals.routes.ts';
export { createAppealsService } from './appeals.service.ts';
export { heldEarlierSeal, liveFileCount } from './applications.repository.ts';
export { applicationsRoutes } from './applications.routes.ts';
export { createApplicationsService } from './applications.service.ts';
export { resultsReportXlsx } from './applications-export.ts';
export { validityOf } from './document-validity.ts';
export { editionsRoutes } from './editions.routes.ts';
export { createEditionsService } from './editions.service.ts';
export { computeEligibility, latestAnnualYear } from './eligibility.ts';
export { applicationMessagesRoutes } from './messages.routes.ts';
export { createApplicationMessagesService } from './messages.service.ts';
/** Submitted applications, the funnel's 'applied' (the results count the same). */
export { submitted as submittedApplicationWhere } from './results.repository.ts';
export type { ResultsService } from './results.service.ts';
export { createResultsService } from './results.service.ts';

/** The area's front door (docs/adr/0027): what the composition (app.ts) wires. */

export { visitsRoutes } from './visits.routes.ts';
export { createVisitsService } from './visits.service.ts';

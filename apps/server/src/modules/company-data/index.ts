/** The area's front door (docs/adr/0027): what the composition (app.ts, jobs.ts, main.ts, the seed) wires. */
export { activityRoutes } from './activity.routes.ts';
export { createActivityService } from './activity.service.ts';
export { closureRoutes } from './closure.routes.ts';
export { createClosureService } from './closure.service.ts';
export { exportsRoutes } from './exports.routes.ts';
export { createExportsService, exportJobs } from './exports.service.ts';

/** The area's front door (docs/adr/0027): what the composition (app.ts, main.ts, the seed) wires. */
export { esgRoutes } from './esg.routes.ts';
export { createEsgService } from './esg.service.ts';

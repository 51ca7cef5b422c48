/** The area's front door (docs/adr/0027): what the composition (app.ts, main.ts, the seed) wires. */
export { funnelRoutes } from './funnel.routes.ts';
export { createFunnelService } from './funnel.service.ts';
export { overviewRoutes } from './overview.routes.ts';
export { createOverviewService } from './overview.service.ts';

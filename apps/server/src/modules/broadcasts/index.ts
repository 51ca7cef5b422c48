/**
 * The area's front door (docs/adr/0027): broadcasts to a filtered audience (docs/adr/0032-broadcasts.md), their
 * routes and the job that sends them, for the composition (app.ts, jobs.ts).
 */
export { broadcastsJob } from './broadcasts.job.ts';
export { broadcastsRoutes } from './broadcasts.routes.ts';
export { type BroadcastsService, createBroadcastsService } from './broadcasts.service.ts';

/**
 * The area's front door (docs/adr/0027): an edition's automatic mail (the schedule, its switches, the job that
 * sends what is due) and the reminders opt-out, for the composition (app.ts, jobs.ts).
 */

export { automationsJob } from './automations.job.ts';
export { automationsRoutes } from './automations.routes.ts';
export { type AutomationsService, createAutomationsService } from './automations.service.ts';

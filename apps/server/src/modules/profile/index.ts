/** The area's front door (docs/adr/0027): what the composition (app.ts, main.ts, the seed) wires. */
export { profileRoutes } from './profile.routes.ts';
export { createProfileService } from './profile.service.ts';

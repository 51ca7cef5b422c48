/**
 * The area's front door (docs/adr/0027): the routes and services app.ts wires, and what other areas use: where an
 * account's profile picture is served (the profile).
 */
export { accountsRoutes } from './accounts.routes.ts';
export { createAccountsService, profilePicturePath } from './accounts.service.ts';

/**
 * The area's front door (docs/adr/0027): the routes and services app.ts wires, and what other areas use: the account
 * writes a partner's member management shares with it.
 */
export {
  deleteSessionsOfAccount,
  insertAccount,
  revokeApiTokensOfAccount,
  updateAccountBumpingVersion,
} from './users.repository.ts';
export { usersRoutes } from './users.routes.ts';
export { createUsersService } from './users.service.ts';

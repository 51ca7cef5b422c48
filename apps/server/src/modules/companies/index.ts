/**
 * The area's front door (docs/adr/0027): the routes and services app.ts wires, and what other areas use: the name-
 * or-NIF search condition of the admin lists.
 */
export { nameOrNifCondition } from './companies.repository.ts';
export { companiesRoutes } from './companies.routes.ts';
export { createCompaniesService } from './companies.service.ts';
export { membersRoutes } from './members.routes.ts';
export { createMembersService } from './members.service.ts';
export { createNameChangesService } from './name-changes.service.ts';

/** What other areas use of the companies area: the name-or-NIF search condition of the admin lists. */
export { nameOrNifCondition } from './companies.repository.ts';

/** What other areas use of the registration area: which claim holds a NIF (a confirmed company or a pending one). */
export { nifHolder } from './registration.repository.ts';

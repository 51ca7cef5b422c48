/**
 * What every company page takes from the teams area: the user's role in the selected company and the note saying
 * why a control is gone. The dashboard's table of companies and the admin's members list are imported from their
 * components by the one page each that shows them, so that the other pages do not carry them.
 */
export { RoleNote } from './components/role-note.tsx';
export { useCompanyCan, useCompanyRole } from './use-company-role.ts';

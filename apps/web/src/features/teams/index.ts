/**
 * What the other features take from the teams area: the user's role in the selected company, the note saying
 * why a control is gone, the members list (admin and partner views) and the dashboard's table of companies.
 */
export { CompaniesOverview } from './components/companies-overview.tsx';
export { CompanyMembersList } from './components/members-list.tsx';
export { RoleNote } from './components/role-note.tsx';
export { useCompanyCan, useCompanyRole } from './use-company-role.ts';

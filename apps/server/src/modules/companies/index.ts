/** What other areas use of the companies area: who may act for a company. */
export { assertCompanyAccess, isMember } from './company-access.ts';

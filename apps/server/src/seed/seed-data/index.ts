export { CAE_DIVISIONS, CAE_SECTIONS } from './cae.ts';
export { COMPANY_SITUATIONS, COMPANY_TYPES, EMPLOYEE_RANGES, PARTNER_TYPES } from './companies.ts';
export { APPLICATION_CRITERIA, CRITERIA, CRITERION_TYPES, SELF_DIAGNOSIS_CRITERIA } from './criteria.ts';
export { CITIES, ISLANDS } from './islands.ts';
export { SELF_DIAGNOSIS_TREE, treeNodeCodes } from './self-diagnosis.ts';
export type * from './types.ts';

/** What other areas use of the reference area: the self-diagnosis tree (categories, criteria and formulas) as the engine reads it. */

export { createReferenceService } from './reference.service.ts';
export { selfDiagnosisTree } from './self-diagnosis-tree.ts';

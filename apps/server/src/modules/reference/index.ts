/**
 * The area's front door (docs/adr/0027): the routes and services app.ts wires, and what other areas use: the self-
 * diagnosis tree (categories, criteria and formulas) as the engine reads it.
 */
export { referenceRoutes } from './reference.routes.ts';
export { createReferenceService } from './reference.service.ts';
export { selfDiagnosisTree } from './self-diagnosis-tree.ts';

export * from './appeals.ts';
export * from './documents.ts';
export * from './editions.ts';
export * from './eligibility.ts';
export * from './failed-criteria.ts';
export * from './milestones.ts';
export * from './schemas.ts';
export * from './messages.ts';

export * from './documents.ts';
export * from './editions.ts';
export * from './eligibility.ts';
export * from './schemas.ts';

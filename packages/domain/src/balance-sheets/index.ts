export * from './closing.ts';
export * from './file-names.ts';
export * from './line-assignment.ts';
export * from './numbers.ts';
export * from './periods.ts';
export * from './schemas.ts';
export * from './tree.ts';
export * from './trial-balance.ts';

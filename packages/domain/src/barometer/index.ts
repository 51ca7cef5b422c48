export * from './disclosure.ts';
export * from './schemas.ts';
export * from './thresholds.ts';

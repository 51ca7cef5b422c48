export * from './engine.ts';
export * from './schemas.ts';
export * from './statistics.ts';

export * from './engine.ts';
export * from './schemas.ts';

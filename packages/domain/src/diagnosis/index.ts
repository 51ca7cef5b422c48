export * from './display.ts';
export * from './engine.ts';
export * from './labels.ts';
export * from './schemas.ts';
export * from './what-if.ts';

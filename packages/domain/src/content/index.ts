export * from './schemas.ts';
export * from './text.ts';

export * from './disclosure.ts';
export * from './schemas.ts';

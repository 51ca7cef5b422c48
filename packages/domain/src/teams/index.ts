export * from './roles.ts';
export * from './schemas.ts';

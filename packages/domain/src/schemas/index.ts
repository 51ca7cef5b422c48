export * from './accounts.ts';
export * from './companies.ts';
export * from './errors.ts';
export * from './health.ts';
export * from './reference.ts';
export * from './registration.ts';
export * from './session.ts';
export * from './users.ts';

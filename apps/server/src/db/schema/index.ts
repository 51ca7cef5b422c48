export * from './accounts.ts';
export * from './applications.ts';
export * from './balance-sheets.ts';
export * from './companies.ts';
export * from './diagnosis.ts';
export * from './platform.ts';
export * from './reference.ts';
export * from './registration.ts';

export * from './callback-url.ts';
export * from './dates.ts';
export * from './i18n/catalogs.ts';
export * from './i18n/define.ts';
export * from './ids.ts';
export * from './languages.ts';
export * from './roles.ts';
export * from './schemas/index.ts';

export * from './display.ts';
export * from './sample-form.ts';
export * from './schemas.ts';
export * from './scoring.ts';

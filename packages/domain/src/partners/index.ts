export * from './follow-requests.ts';
export * from './schemas.ts';

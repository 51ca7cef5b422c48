export { startIdp } from './server.ts';
export type { IdpClient, IdpLogger, IdpOptions, RunningIdp } from './types.ts';

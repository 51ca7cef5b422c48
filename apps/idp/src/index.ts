export { startIdp } from './server.ts';
export type { IdpClient, IdpLogger, IdpMail, IdpOptions, RunningIdp } from './types.ts';

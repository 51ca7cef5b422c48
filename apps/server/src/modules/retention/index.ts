/**
 * The area's front door (docs/adr/0027): what the composition (app.ts, main.ts, the seed) wires, and the address
 * an erased account is left with (the company closure erases accounts as the sweep does).
 */
export { erasedEmail } from './retention.repository.ts';
export { enforceRetention } from './retention.ts';

/** The area's front door (docs/adr/0027): what the composition (app.ts, main.ts, the seed) wires. */
export { enforceRetention } from './retention.ts';

import { config } from 'zod';

// Imported first by main.tsx, before any schema is built: the schemas validate without compiling code at run
// time, since the CSP allows no eval (script-src 'self').
config({ jitless: true });

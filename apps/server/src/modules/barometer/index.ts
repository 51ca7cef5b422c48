/**
 * The public barometer (docs/adr/0033-barometer-disclosure-control.md): the routes and service app.ts wires, and
 * the service the server-rendered page reads.
 */
export { barometerRoutes } from './barometer.routes.ts';
export { type BarometerService, createBarometerService } from './barometer.service.ts';

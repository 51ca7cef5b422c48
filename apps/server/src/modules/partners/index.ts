/** The area's front door (docs/adr/0027): what the composition (app.ts, main.ts, the seed) wires. */
export { createApiTokensService } from './api-tokens.service.ts';
export { createConsentsService } from './consents.service.ts';
export { createFollowRequestsService } from './follow-requests.service.ts';
export { partnerAreaRoutes } from './partner-area.routes.ts';
export { createPartnerAreaService } from './partner-area.service.ts';
export { partnersRoutes } from './partners.routes.ts';
export { createPartnersService } from './partners.service.ts';

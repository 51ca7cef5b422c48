/** The area's front door (docs/adr/0027): what the composition (app.ts, main.ts, the seed) wires. */
export { createCampaignSender } from './campaign-sender.ts';
export { newsletterRoutes } from './newsletter.routes.ts';
export { createNewsletterService } from './newsletter.service.ts';
/** The mail helpers broadcasts reuse: a sanitised body's plain text, and its site paths made absolute. */
export { absoluteUrls, htmlToText } from './newsletter-mails.ts';

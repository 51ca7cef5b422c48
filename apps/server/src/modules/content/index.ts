/**
 * The area's front door (docs/adr/0027): the routes and services app.ts wires, and what other areas use: the rich-
 * text rule, what HTML a text written in the admin may keep (the newsletter).
 */
export { contentRoutes } from './content.routes.ts';
export { createContentService } from './content.service.ts';
export { createContentImagesService } from './content-images.service.ts';
export { sanitizeRichText } from './sanitize.ts';

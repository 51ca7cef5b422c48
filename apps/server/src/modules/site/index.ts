/** The area's front door (docs/adr/0027): what the composition (app.ts, main.ts, the seed) wires. */
export { firstAnswers, withFirstAnswers } from './first-answers.ts';
export { loadPageRenderer } from './page-renderer.ts';
export { createPageShell } from './page-shell.ts';
export { pageViewOf } from './page-views.ts';
export { signInPages } from './sign-in-pages.ts';
export { siteRoutes } from './site.routes.ts';
export { webPageStatus } from './web-pages.ts';

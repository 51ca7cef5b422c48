import './lib/zod-config.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import { myCompaniesQueryOptions } from './features/companies/my-companies.ts';
import { sessionQueryOptions } from './features/session/queries.ts';
import { API_BASE } from './lib/api-client.ts';
import { hasFirstAnswer } from './lib/first-answers.ts';
import { firstLanguage, initI18n } from './lib/i18n.ts';
import { nextTask } from './lib/next-task.ts';
import { listedPreloads, preloadModules } from './lib/preload-modules.ts';
import { createQueryClient, keepFreshFromPage } from './lib/query-client.ts';
import { readSsrData } from './lib/ssr-data.ts';

/**
 * The app: signed-in areas and the pages the browser renders. A page the server rendered for a visitor does
 * not run it; its islands run from src/islands.tsx (docs/adr/0014). A signed-in page the server rendered is
 * hydrated (docs/adr/0037).
 */
const language = firstLanguage(window.location.pathname);
document.documentElement.lang = language;

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

/**
 * The lazy routes of the address, loaded before hydrating: the same components the server rendered with. Each
 * route's code is asked for in a task of its own (the bundler's helper links each file the route needs that is not
 * linked yet: on a rendered page, preloadModules has linked them), and all of it is fetched at once.
 */
async function loadMatchedRoutes(): Promise<void> {
  const loading: Promise<void>[] = [];
  for (const { route } of matchRoutes(routes, window.location) ?? []) {
    const lazy = route.lazy;
    if (typeof lazy !== 'function') continue;
    const loaded = lazy().then((parts) => {
      Object.assign(route, { ...parts, lazy: undefined });
    });
    // Awaited below, with the others: not an unhandled rejection while the next route is asked for.
    loaded.catch(() => undefined);
    loading.push(loaded);
    await nextTask();
  }
  await Promise.all(loading);
}

const queryClient = createQueryClient();
const rendered = readSsrData();
if (rendered?.queries) {
  // A signed-in page the server rendered: its answers are in the cache before hydration, and the tree hydrates
  // over the server's HTML. boot.js started it once the page had loaded (docs/adr/0037).
  hydrate(queryClient, rendered.queries);
  keepFreshFromPage(queryClient);
  void hydrateRendered(root, new Date(rendered.renderedAt));
} else {
  // The page's texts in its language come first: nothing renders with a key in place of its text. i18next starts
  // at once (initI18n), so the router, created meanwhile, loads the matched routes' code while the texts arrive.
  const texts = initI18n(language);
  const router = createBrowserRouter(routes);
  // A signed-in page came with its session and a company user's companies (docs/adr/0025): they are in the cache
  // before the first render, which then draws the page instead of a loading screen.
  if (hasFirstAnswer('/auth/session')) void queryClient.prefetchQuery(sessionQueryOptions());
  if (hasFirstAnswer(`${API_BASE}/me/companies`)) void queryClient.prefetchQuery(myCompaniesQueryOptions());
  void texts.then(() => {
    // A transition: React renders the page in slices and lets the phone answer in between (no long task).
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <Providers queryClient={queryClient}>
            <RouterProvider router={router} />
          </Providers>
        </StrictMode>,
      );
    });
  });
}

/**
 * Hydrates a page the server rendered, its steps in tasks of their own (docs/adr/0038): the app's code, the
 * files of the page's routes asked for a few per task (docs/adr/0039), the matched routes' code, the texts, the
 * router, then the tree in a transition (React yields to the phone between components). A phone answers a tap
 * between the steps.
 */
async function hydrateRendered(root: HTMLElement, renderedAt: Date): Promise<void> {
  await nextTask();
  await preloadModules(listedPreloads());
  const routesLoaded = loadMatchedRoutes();
  await nextTask();
  const texts = initI18n(language);
  await Promise.all([texts, routesLoaded]);
  await nextTask();
  const router = createBrowserRouter(routes, { hydrationData: { loaderData: {} } });
  await nextTask();
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <Providers queryClient={queryClient} renderedAt={renderedAt}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
}

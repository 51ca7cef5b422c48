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
import { firstLanguage, initI18n } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { readSsrData } from './lib/ssr-data.ts';

const language = firstLanguage(window.location.pathname);
document.documentElement.lang = language;

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

/**
 * The lazy routes of the address, loaded before the first render: a server-rendered page hydrates with the
 * same components it was rendered with, not a loading screen.
 */
async function loadMatchedRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}

async function start(): Promise<void> {
  const ssr = readSsrData();
  // The page's texts in its language come first: nothing renders with a key in place of its text.
  await Promise.all([initI18n(language), ssr ? loadMatchedRoutes() : undefined]);
  if (!ssr) {
    createRoot(root as HTMLElement).render(
      <StrictMode>
        <Providers>
          <RouterProvider router={createBrowserRouter(routes)} />
        </Providers>
      </StrictMode>,
    );
    return;
  }
  const queryClient = createQueryClient();
  hydrate(queryClient, ssr.queries);
  const router = createBrowserRouter(routes, { hydrationData: { loaderData: {} } });
  // As a transition, hydration yields to the browser every few milliseconds instead of one long task: the
  // page, readable already, stays responsive while it becomes interactive.
  startTransition(() => {
    hydrateRoot(
      root as HTMLElement,
      <StrictMode>
        <Providers queryClient={queryClient} renderedAt={new Date(ssr.renderedAt)}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
}

void start();

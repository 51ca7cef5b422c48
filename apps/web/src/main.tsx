import './lib/zod-config.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import { myCompaniesQueryOptions } from './features/companies/my-companies.ts';
import { sessionQueryOptions } from './features/session/queries.ts';
import { API_BASE } from './lib/api-client.ts';
import { hasFirstAnswer } from './lib/first-answers.ts';
import { firstLanguage, initI18n } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';

/**
 * The app: signed-in areas and the pages the browser renders. A page the server rendered for a visitor does
 * not run it; its islands run from src/islands.tsx (docs/adr/0014).
 */
const language = firstLanguage(window.location.pathname);
document.documentElement.lang = language;

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// The page's texts in its language come first: nothing renders with a key in place of its text. i18next starts
// at once (initI18n), so the router, created meanwhile, loads the matched routes' code while the texts arrive.
const texts = initI18n(language);
const router = createBrowserRouter(routes);
// A signed-in page came with its session and a company user's companies (docs/adr/0025): they are in the cache
// before the first render, which then draws the page instead of a loading screen.
const queryClient = createQueryClient();
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

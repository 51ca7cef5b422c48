import './lib/zod-config.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import { firstLanguage, initI18n } from './lib/i18n.ts';

/**
 * The app: signed-in areas and the pages the browser renders. A page the server rendered for a visitor does
 * not run it; its islands run from src/islands.tsx (docs/adr/0014).
 */
const language = firstLanguage(window.location.pathname);
document.documentElement.lang = language;

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// The page's texts in its language come first: nothing renders with a key in place of its text.
void initI18n(language).then(() => {
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={createBrowserRouter(routes)} />
      </Providers>
    </StrictMode>,
  );
});

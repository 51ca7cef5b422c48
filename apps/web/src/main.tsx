import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { firstLanguage, initI18n } from './lib/i18n.ts';

const language = firstLanguage(window.location.pathname);
document.documentElement.lang = language;

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

// The page's texts in its language come first: nothing renders with a key in place of its text.
void initI18n(language).then(() =>
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);

import { useEffect } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { firstLanguage } from '../lib/i18n.ts';
import { LoadingScreen } from '../ui/loading-screen.tsx';
import { ModalHost } from '../ui/modal-host.tsx';

export function AppRoot() {
  // Marks the page as interactive once the app runs it (src/islands.tsx does the same on a visitor's page):
  // end-to-end tests wait for it before they click.
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return (
    <>
      <Outlet />
      <ModalHost />
      <ScrollRestoration />
    </>
  );
}

/**
 * `/` and any path without a language go under the first language: the route's, then the browser's, then the
 * stored choice, then pt.
 */
export function RedirectToLanguage() {
  const location = useLocation();
  return <Navigate replace to={`/${firstLanguage('')}/${location.search}${location.hash}`} />;
}

/** A route failed to render or its code failed to load: the loading screen's error text. */
export function RouteError() {
  return <LoadingScreen failed />;
}

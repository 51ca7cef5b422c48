import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, Outlet, ScrollRestoration, useLocation } from 'react-router';
import { firstLanguage } from '../lib/i18n.ts';
import { LoadingScreen } from '../ui/loading-screen.tsx';
import { useModalState } from '../ui/modal-store.ts';

const ModalHost = lazy(() =>
  import('../ui/modal-host.tsx').then((module) => ({ default: module.ModalHost })),
);

/** The app's one modal, its code loaded when the first modal is asked for (most pages open none). */
function DeferredModalHost() {
  const { opened } = useModalState();
  const [needed, setNeeded] = useState(opened);
  if (opened && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <ModalHost />
    </Suspense>
  ) : null;
}

export function AppRoot() {
  // Marks the page as interactive once the app runs it (src/islands.tsx does the same on a visitor's page):
  // end-to-end tests wait for it before they click. A signed-in page the server rendered stays inert until then
  // (docs/adr/0037).
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
    document.getElementById('root')?.removeAttribute('inert');
  }, []);
  return (
    <>
      <Outlet />
      <DeferredModalHost />
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

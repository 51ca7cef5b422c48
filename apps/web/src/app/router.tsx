import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingScreen } from '../ui/loading-screen.tsx';
import { AppRoot, RedirectToLanguage, RouteError } from './app-root.tsx';
import { LanguageGate, NotFoundRedirect } from './language-gate.tsx';
import { BareLayout } from './layouts/bare-layout.tsx';
import { PublicLayout } from './layouts/public-layout.tsx';
import { type PageDef, signedInPages } from './navigation.ts';

/** A lazy route whose component is the named export `name` of a module loaded on first visit. */
function lazyComponent<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return async () => ({ Component: (await load())[name] });
}

function signedInPageRoute(page: PageDef): RouteObject {
  const route = { path: page.path.slice(1), handle: { page } };
  if (page.page === 'pending') {
    return { ...route, lazy: lazyComponent(() => import('../ui/pending-page.tsx'), 'PendingPage') };
  }
  if (page.page === 'reference') {
    return {
      ...route,
      lazy: lazyComponent(() => import('../features/reference/pages/reference-page.tsx'), 'ReferencePage'),
    };
  }
  if (page.page === 'profile') {
    return {
      ...route,
      lazy: lazyComponent(() => import('../features/users/pages/profile-page.tsx'), 'ProfilePage'),
    };
  }
  switch (page.area) {
    case 'admin':
      return {
        ...route,
        lazy: lazyComponent(
          () => import('../features/admin/pages/admin-dashboard-page.tsx'),
          'AdminDashboardPage',
        ),
      };
    case 'company':
      return {
        ...route,
        lazy: lazyComponent(
          () => import('../features/company/pages/company-dashboard-page.tsx'),
          'CompanyDashboardPage',
        ),
      };
    default:
      return {
        ...route,
        lazy: lazyComponent(
          () => import('../features/partner/pages/partner-dashboard-page.tsx'),
          'PartnerDashboardPage',
        ),
      };
  }
}

const publicPages = () => import('../features/public/pages/public-pages.tsx');

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppRoot />,
    hydrateFallbackElement: <LoadingScreen />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <RedirectToLanguage /> },
      {
        path: ':lang',
        element: <LanguageGate />,
        children: [
          {
            element: <PublicLayout />,
            children: [
              { index: true, lazy: lazyComponent(publicPages, 'HomePage') },
              { path: 'public/sobre', lazy: lazyComponent(publicPages, 'AboutPage') },
              { path: 'public/candidaturas', lazy: lazyComponent(publicPages, 'ApplicationsInfoPage') },
              { path: 'public/autodiagnostico', lazy: lazyComponent(publicPages, 'SelfDiagnosisInfoPage') },
              { path: 'public/faqs', lazy: lazyComponent(publicPages, 'FaqPage') },
            ],
          },
          {
            element: <BareLayout />,
            children: [
              {
                path: 'register',
                lazy: lazyComponent(
                  () => import('../features/public/pages/register-page.tsx'),
                  'RegisterPage',
                ),
              },
              {
                path: '404',
                lazy: lazyComponent(
                  () => import('../features/public/pages/not-found-page.tsx'),
                  'NotFoundPage',
                ),
              },
            ],
          },
          {
            lazy: lazyComponent(() => import('./layouts/signed-in-layout.tsx'), 'SignedInLayout'),
            children: signedInPages().map(signedInPageRoute),
          },
          { path: '*', element: <NotFoundRedirect /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);

import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { currentLanguage, firstLanguage, i18n } from '../lib/i18n.ts';
import { loadMessages } from '../lib/load-messages.ts';
import type { MessageGroup } from '../lib/message-groups.ts';
import { LoadingScreen } from '../ui/loading-screen.tsx';
import { AppRoot, RedirectToLanguage, RouteError } from './app-root.tsx';
import { LanguageGate, NotFoundRedirect } from './language-gate.tsx';
import { type PageDef, signedInPages } from './navigation.ts';

/** A lazy route whose component is the named export `name` of a module loaded on first visit. */
function lazyComponent<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return async () => ({ Component: (await load())[name] });
}

/**
 * A lazy route's code with the texts of `groups` (lib/message-groups.ts) in the language shown, so that the route
 * renders with its texts. On a first load this runs while the router is created, before i18next has its language.
 */
function withTexts<T>(load: () => Promise<T>, groups: readonly MessageGroup[]): () => Promise<T> {
  return async () => {
    // The server's render (entry-server.tsx) has every text in i18next instances of its own: only the code loads.
    if (typeof window === 'undefined') return load();
    const language = i18n.isInitialized ? currentLanguage() : firstLanguage(window.location.pathname);
    const [loaded] = await Promise.all([
      load(),
      ...groups.map((group) => loadMessages(i18n, language, group)),
    ]);
    return loaded;
  };
}

/** A signed-in page: its code comes with the texts of the signed-in areas (docs/adr/0025). */
function signedInRoute(page: PageDef): RouteObject {
  const route = signedInPageRoute(page);
  return typeof route.lazy === 'function'
    ? { ...route, lazy: withTexts(route.lazy, ['public', 'signedIn']) }
    : route;
}

const companySheets = () => import('../features/balance-sheets/pages/company-pages.tsx');
const adminSheets = () => import('../features/balance-sheets/pages/admin-pages.tsx');
/** The balance-sheet pages by page kind. */
const BALANCE_SHEET_PAGES: Partial<Record<PageDef['page'], RouteObject['lazy']>> = {
  balanceSheet: lazyComponent(
    () => import('../features/balance-sheets/pages/balance-sheet-page.tsx'),
    'BalanceSheetPage',
  ),
  balances: lazyComponent(companySheets, 'BalancesPage'),
  demonstrations: lazyComponent(companySheets, 'DemonstrationsPage'),
  others: lazyComponent(companySheets, 'OthersPage'),
  adminBalanceSheets: lazyComponent(adminSheets, 'AdminBalanceSheetsPage'),
  adminBalanceComparator: lazyComponent(adminSheets, 'AdminComparatorPage'),
  adminBalanceDataEntry: lazyComponent(adminSheets, 'AdminDataEntryPage'),
};

/** The self-diagnosis pages by page kind; charts load in their own chunks from these pages. */
const DIAGNOSIS_PAGES: Partial<Record<PageDef['page'], RouteObject['lazy']>> = {
  diagnosis: lazyComponent(
    () => import('../features/diagnosis/pages/company-diagnosis-page.tsx'),
    'DiagnosisPage',
  ),
  indicatorStatistics: lazyComponent(
    () => import('../features/diagnosis/pages/company-indicators-page.tsx'),
    'IndicatorsPage',
  ),
  adminDiagnosis: lazyComponent(
    () => import('../features/diagnosis/pages/admin-diagnosis-page.tsx'),
    'AdminDiagnosisPage',
  ),
  adminStatistics: lazyComponent(
    () => import('../features/diagnosis/pages/admin-statistics-page.tsx'),
    'AdminStatisticsPage',
  ),
};

/** The applications area: editions, evaluation, results (admin and partner) and the company's application. */
const APPLICATION_PAGES: Partial<Record<PageDef['page'], RouteObject['lazy']>> = {
  adminEditions: lazyComponent(
    () => import('../features/applications/pages/admin-editions-page.tsx'),
    'AdminEditionsPage',
  ),
  adminApplications: lazyComponent(
    () => import('../features/applications/pages/admin-applications-page.tsx'),
    'AdminApplicationsPage',
  ),
  adminApplicationResults: lazyComponent(
    () => import('../features/applications/pages/admin-results-page.tsx'),
    'AdminResultsPage',
  ),
  partnerApplicationResults: lazyComponent(
    () => import('../features/applications/pages/partner-results-page.tsx'),
    'PartnerResultsPage',
  ),
  partnerRegister: lazyComponent(
    () => import('../features/partners/pages/partner-register-page.tsx'),
    'PartnerRegisterPage',
  ),
  companyApplication: lazyComponent(
    () => import('../features/applications/pages/company-application-page.tsx'),
    'CompanyApplicationPage',
  ),
};

/** The ESG area: the admins' form builder and results, the company's survey (charts load from these pages). */
const ESG_PAGES: Partial<Record<PageDef['page'], RouteObject['lazy']>> = {
  adminEsg: lazyComponent(() => import('../features/esg/pages/admin-esg-page.tsx'), 'AdminEsgPage'),
  companyEsg: lazyComponent(() => import('../features/esg/pages/company-esg-page.tsx'), 'CompanyEsgPage'),
};

/** The content manager's screens (features/content); the rich-text editor loads in its own chunk from them. */
const CONTENT_PAGES: Partial<Record<PageDef['page'], RouteObject['lazy']>> = {
  adminHomeContent: lazyComponent(
    () => import('../features/content/pages/home-content-page.tsx'),
    'HomeContentPage',
  ),
  adminRegulations: lazyComponent(
    () => import('../features/content/pages/regulations-page.tsx'),
    'RegulationsPage',
  ),
  adminBlogContent: lazyComponent(
    () => import('../features/content/pages/blog-content-page.tsx'),
    'BlogContentPage',
  ),
  adminGalleryContent: lazyComponent(
    () => import('../features/content/pages/gallery-content-page.tsx'),
    'GalleryContentPage',
  ),
  adminTestimoniesContent: lazyComponent(
    () => import('../features/content/pages/testimonies-content-page.tsx'),
    'TestimoniesContentPage',
  ),
  adminFaqContent: lazyComponent(
    () => import('../features/content/pages/faq-content-page.tsx'),
    'FaqContentPage',
  ),
  adminNewsletter: lazyComponent(
    () => import('../features/newsletter/pages/admin-newsletter-page.tsx'),
    'AdminNewsletterPage',
  ),
  adminBroadcasts: lazyComponent(
    () => import('../features/broadcasts/pages/admin-broadcasts-page.tsx'),
    'AdminBroadcastsPage',
  ),
};

/** The company's data as its own (features/company-data): its activity, its exports and closing its account. */
const COMPANY_DATA_PAGES: Partial<Record<PageDef['page'], RouteObject['lazy']>> = {
  companyActivity: lazyComponent(
    () => import('../features/company-data/pages/company-activity-page.tsx'),
    'CompanyActivityPage',
  ),
  companyData: lazyComponent(
    () => import('../features/company-data/pages/company-data-page.tsx'),
    'CompanyDataPage',
  ),
};

function signedInPageRoute(page: PageDef): RouteObject {
  const route = { path: page.path.slice(1), handle: { page } };
  if (page.page === 'reference') {
    return {
      ...route,
      lazy: lazyComponent(() => import('../features/reference/pages/reference-page.tsx'), 'ReferencePage'),
    };
  }
  if (page.page === 'profile') {
    return {
      ...route,
      lazy: lazyComponent(() => import('../features/profile/pages/profile-page.tsx'), 'ProfilePage'),
    };
  }
  if (page.page === 'companyProfile') {
    return {
      ...route,
      lazy: lazyComponent(
        () => import('../features/companies/pages/company-profile-page.tsx'),
        'CompanyProfilePage',
      ),
    };
  }
  if (page.page === 'adminCompanies') {
    return {
      ...route,
      lazy: lazyComponent(
        () => import('../features/companies/pages/admin-companies-page.tsx'),
        'AdminCompaniesPage',
      ),
    };
  }
  if (page.page === 'companyTeam') {
    return {
      ...route,
      lazy: lazyComponent(() => import('../features/teams/pages/team-page.tsx'), 'TeamPage'),
    };
  }
  const balanceSheetPage = BALANCE_SHEET_PAGES[page.page];
  if (balanceSheetPage) return { ...route, lazy: balanceSheetPage };
  const diagnosisPage = DIAGNOSIS_PAGES[page.page];
  if (diagnosisPage) return { ...route, lazy: diagnosisPage };
  const applicationPage = APPLICATION_PAGES[page.page];
  if (applicationPage) return { ...route, lazy: applicationPage };
  const esgPage = ESG_PAGES[page.page];
  if (esgPage) return { ...route, lazy: esgPage };
  const contentPage = CONTENT_PAGES[page.page];
  if (contentPage) return { ...route, lazy: contentPage };
  const companyDataPage = COMPANY_DATA_PAGES[page.page];
  if (companyDataPage) return { ...route, lazy: companyDataPage };
  switch (page.area) {
    case 'admin':
      return {
        ...route,
        lazy: lazyComponent(
          () => import('../features/overview/pages/admin-dashboard-page.tsx'),
          'AdminDashboardPage',
        ),
      };
    case 'company':
      return {
        ...route,
        lazy: lazyComponent(
          () => import('../features/companies/pages/company-dashboard-page.tsx'),
          'CompanyDashboardPage',
        ),
      };
    default:
      return {
        ...route,
        lazy: lazyComponent(
          () => import('../features/partners/pages/partner-dashboard-page.tsx'),
          'PartnerDashboardPage',
        ),
      };
  }
}

const publicPages = () => import('../features/site/pages/public-pages.tsx');
const newsPages = () => import('../features/site/pages/news-pages.tsx');
const galleryPage = () => import('../features/site/pages/gallery-page.tsx');
const sitePages = () => import('../features/site/pages/site-pages.tsx');
const accessibilityPage = () => import('../features/site/pages/accessibility-page.tsx');
const directoryPage = () => import('../features/companies/pages/directory-page.tsx');
const publicCompanyPage = () => import('../features/companies/pages/public-company-page.tsx');
const resultsPages = () => import('../features/applications/pages/public-results-pages.tsx');
const registerPage = () => import('../features/registration/pages/register-page.tsx');
const confirmPage = () => import('../features/registration/pages/confirm-page.tsx');
const invitationPage = () => import('../features/registration/pages/invitation-page.tsx');

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
            // The public layout and its texts come with the first public page the app shows (a visitor's first page
            // is rendered by the server and runs its islands instead): a signed-in page needs neither.
            lazy: withTexts(
              lazyComponent(() => import('./layouts/public-layout.tsx'), 'PublicLayout'),
              ['public'],
            ),
            children: [
              { index: true, lazy: lazyComponent(publicPages, 'HomePage') },
              { path: 'public/sobre', lazy: lazyComponent(publicPages, 'AboutPage') },
              { path: 'public/elegibilidade', lazy: lazyComponent(publicPages, 'EligibilityPage') },
              { path: 'public/sustentabilidade', lazy: lazyComponent(publicPages, 'SustainabilityPage') },
              { path: 'public/candidaturas', lazy: lazyComponent(publicPages, 'ApplicationsInfoPage') },
              { path: 'public/autodiagnostico', lazy: lazyComponent(publicPages, 'SelfDiagnosisInfoPage') },
              { path: 'public/faqs', lazy: lazyComponent(publicPages, 'FaqPage') },
              { path: 'public/privacy', lazy: lazyComponent(sitePages, 'PrivacyPage') },
              { path: 'public/acessibilidade', lazy: lazyComponent(accessibilityPage, 'AccessibilityPage') },
              { path: 'public/regulation', lazy: lazyComponent(sitePages, 'RegulationPage') },
              { path: 'public/news', lazy: lazyComponent(newsPages, 'NewsListPage') },
              { path: 'public/news/:slug', lazy: lazyComponent(newsPages, 'NewsArticlePage') },
              { path: 'public/gallery', lazy: lazyComponent(galleryPage, 'GalleryPage') },
              { path: 'public/testimonies', lazy: lazyComponent(sitePages, 'TestimoniesPage') },
              { path: 'public/events', lazy: lazyComponent(sitePages, 'EventsPage') },
              { path: 'public/sitemap', lazy: lazyComponent(sitePages, 'SitemapPage') },
              { path: 'public/companies', lazy: lazyComponent(directoryPage, 'DirectoryPage') },
              { path: 'public/companies/:id', lazy: lazyComponent(publicCompanyPage, 'PublicCompanyPage') },
              { path: 'public/distinguidas', lazy: lazyComponent(resultsPages, 'DistinguishedPage') },
              { path: 'public/selo/:code', lazy: lazyComponent(resultsPages, 'SealVerificationPage') },
              {
                path: 'public/barometro',
                lazy: lazyComponent(
                  () => import('../features/barometer/pages/barometer-page.tsx'),
                  'BarometerPage',
                ),
              },
              {
                path: 'public/balance-sheet-template',
                lazy: lazyComponent(
                  () => import('../features/balance-sheets/pages/template-section.tsx'),
                  'TemplatePage',
                ),
              },
            ],
          },
          {
            lazy: withTexts(
              lazyComponent(() => import('./layouts/bare-layout.tsx'), 'BareLayout'),
              ['public'],
            ),
            children: [
              { path: 'register', lazy: lazyComponent(registerPage, 'RegisterPage') },
              { path: 'register/confirm', lazy: lazyComponent(confirmPage, 'ConfirmRegistrationPage') },
              { path: 'register/invitation', lazy: lazyComponent(invitationPage, 'InvitationPage') },
              {
                path: '404',
                lazy: lazyComponent(
                  () => import('../features/site/pages/not-found-page.tsx'),
                  'NotFoundPage',
                ),
              },
            ],
          },
          {
            // The layout draws with the start texts (menus, top bar); each page brings the areas' texts.
            lazy: lazyComponent(() => import('./layouts/signed-in-layout.tsx'), 'SignedInLayout'),
            children: signedInPages().map(signedInRoute),
          },
          { path: '*', element: <NotFoundRedirect /> },
        ],
      },
    ],
  },
];

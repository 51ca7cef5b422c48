/**
 * The kinds of signed-in pages and what the router hands a page about itself: the shell's menu (app/navigation.ts)
 * is written in these terms, and the features read them (usePageDef) without importing the shell.
 */

export type Area = 'admin' | 'company' | 'partner' | 'users';

/**
 * 'reference': an admin parametrization screen (features/reference), chosen by the page's path.
 * 'adminCompanies' / 'companyProfile': the companies area (features/companies).
 */
export type PageKind =
  | 'dashboard'
  | 'profile'
  | 'reference'
  | 'adminCompanies'
  | 'companyProfile'
  | 'balanceSheet'
  | 'balances'
  | 'demonstrations'
  | 'others'
  | 'adminBalanceSheets'
  | 'adminBalanceComparator'
  | 'adminBalanceDataEntry'
  | 'diagnosis'
  | 'indicatorStatistics'
  | 'adminDiagnosis'
  | 'adminStatistics'
  | 'adminEditions'
  | 'adminApplications'
  | 'adminApplicationResults'
  | 'companyApplication'
  | 'adminEsg'
  | 'companyEsg'
  | 'partnerApplicationResults'
  | 'partnerRegister'
  | 'adminHomeContent'
  | 'adminRegulations'
  | 'adminBlogContent'
  | 'adminGalleryContent'
  | 'adminTestimoniesContent'
  | 'adminFaqContent'
  | 'companyTeam'
  | 'adminNewsletter'
  | 'adminBroadcasts'
  | 'companyActivity'
  | 'companyData';

export interface PageDef {
  id: string;
  area: Area;
  path: string;
  page: PageKind;
  /** i18n keys of the breadcrumbs: area, groups, then the page itself (its title). */
  crumbKeys: readonly string[];
  titleKey: string;
}

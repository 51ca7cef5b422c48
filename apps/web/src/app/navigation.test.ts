import { LANGUAGES, translate } from '@excelencia/domain';
import { describe, expect, it } from 'vitest';
import { groupsContaining, type MenuNode, signedInPages, visibleMenu } from './navigation.ts';

/** Every signed-in route the menus must offer (company, admin, partner and the profile page). */
const SPEC_ROUTES = [
  '/company/dashboard',
  '/company/balance-sheet',
  '/company/balances',
  '/company/demonstrations',
  '/company/others',
  '/company/diagnosis',
  '/company/statistic',
  '/company/application',
  '/company/esg',
  '/company/team',
  '/company/activity',
  '/company/data',
  '/admin/dashboard',
  '/admin/company',
  '/admin/admin',
  '/admin/company-type',
  '/admin/employee-range',
  '/admin/section',
  '/admin/devision',
  '/admin/islands',
  '/admin/cities',
  '/admin/criterion',
  '/admin/criterion-type',
  '/admin/company-situation',
  '/admin/esg',
  '/admin/self-diagnosis/headings',
  '/admin/self-diagnosis/sub-headings',
  '/admin/self-diagnosis/categories',
  '/admin/self-diagnosis/sub-categories',
  '/admin/partners-type',
  '/admin/partners-entities',
  '/admin/partners',
  '/admin/diagnosis-config',
  '/admin/diagnosis',
  '/admin/application',
  '/admin/application-result',
  '/admin/statistic',
  '/admin/content-managment/home-content',
  '/admin/content-managment/regularization',
  '/admin/content-managment/blog-content',
  '/admin/content-managment/gallery-content',
  '/admin/content-managment/testimonies-content',
  '/admin/content-managment/newsletter-content',
  '/admin/broadcasts',
  '/admin/content-managment/faq-content',
  '/partner/register',
  '/partner/application-result',
  '/partner/dashboard',
  '/users/profile',
  // The company's own profile, reached from the company dashboard.
  '/company/profile',
  // The further admin screens (balance sheets, balance comparator, data entry).
  '/admin/balance-sheets',
  '/admin/balance-comparator',
  '/admin/balance-data-entry',
];

function paths(nodes: readonly MenuNode[]): string[] {
  return nodes.flatMap((node) => (node.kind === 'item' ? [node.path] : paths(node.children)));
}

describe('signed-in pages', () => {
  const pages = signedInPages();

  it('has exactly one page per signed-in route', () => {
    expect(pages.map((page) => page.path).sort()).toEqual([...SPEC_ROUTES].sort());
  });

  it('gives every page a title and breadcrumbs in pt, en and fr', () => {
    for (const page of pages) {
      for (const language of LANGUAGES) {
        for (const key of page.crumbKeys)
          expect(translate(language, key), `${language} ${key}`).not.toBe(key);
      }
    }
  });

  it('builds breadcrumbs through the nested groups', () => {
    const islands = pages.find((page) => page.path === '/admin/islands');
    expect(islands?.crumbKeys.map((key) => translate('en', key))).toEqual([
      'Administration',
      'Parametrization',
      'Location',
      'Islands',
    ]);
    expect(groupsContaining('/admin/islands')).toEqual(['admin.parametrization', 'admin.location']);
  });
});

describe('side menu per role', () => {
  it('shows an admin only the admin menu, with every admin page', () => {
    const menu = visibleMenu(['admin', 'uma_authorization']);
    expect(menu.map((section) => section.area)).toEqual(['admin']);
    expect(paths(menu[0]?.nodes ?? [])).toHaveLength(
      SPEC_ROUTES.filter((r) => r.startsWith('/admin/')).length,
    );
  });

  it('shows a company user its 12 items and a partner its 3', () => {
    const company = visibleMenu(['company', 'uma_authorization']);
    expect(company.map((section) => section.area)).toEqual(['company']);
    expect(paths(company[0]?.nodes ?? [])).toHaveLength(12);
    const partner = visibleMenu(['partner', 'uma_authorization']);
    expect(paths(partner[0]?.nodes ?? [])).toEqual([
      '/partner/register',
      '/partner/application-result',
      '/partner/dashboard',
    ]);
  });

  it('hides everything from a user without a role', () => {
    expect(visibleMenu(['uma_authorization'])).toEqual([]);
  });
});

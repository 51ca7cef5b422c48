import type { Role } from '@excelencia/domain';
import type { Area, PageDef, PageKind } from '../lib/pages.ts';

export type { Area, PageDef, PageKind };

/**
 * The one definition of the signed-in menus and of the pages they lead to (docs/adr/0004).
 * Every item carries the roles that see it; the side menu filters, the router builds one lazy route
 * per item. Paths are written without the language prefix.
 */

export interface MenuItem {
  kind: 'item';
  id: string;
  path: string;
  /** shell:menu.items.<labelId> */
  labelId: string;
  roles: readonly Role[];
  page: PageKind;
}

export interface MenuGroup {
  kind: 'group';
  id: string;
  /** shell:menu.groups.<labelId> */
  labelId: string;
  children: readonly MenuNode[];
}

export type MenuNode = MenuItem | MenuGroup;

export interface MenuSection {
  area: Area;
  nodes: readonly MenuNode[];
}

function item(area: Area, path: string, labelId: string, page: PageKind = 'dashboard'): MenuItem {
  const roles: readonly Role[] = area === 'users' ? ['company', 'partner'] : [area];
  return { kind: 'item', id: `${area}.${path}`, path: `/${area}/${path}`, labelId, roles, page };
}

function group(id: string, labelId: string, children: readonly MenuNode[]): MenuGroup {
  return { kind: 'group', id, labelId, children };
}

const admin = (path: string, labelId: string) => item('admin', path, labelId);
/** A parametrization screen of the reference-data area. */
const reference = (path: string, labelId: string) => item('admin', path, labelId, 'reference');
/** A screen of the content manager (features/content). */
const content = (path: string, labelId: string, page: PageKind) =>
  item('admin', `content-managment/${path}`, labelId, page);
const company = (path: string, labelId: string) => item('company', path, labelId);
const partner = (path: string, labelId: string) => item('partner', path, labelId);

export const MENU: readonly MenuSection[] = [
  {
    area: 'admin',
    nodes: [
      admin('dashboard', 'dashboard'),
      item('admin', 'company', 'companies', 'adminCompanies'),
      item('admin', 'balance-sheets', 'balanceSheets', 'adminBalanceSheets'),
      item('admin', 'balance-comparator', 'balanceComparator', 'adminBalanceComparator'),
      item('admin', 'balance-data-entry', 'dataEntry', 'adminBalanceDataEntry'),
      group('admin.parametrization', 'parametrization', [
        reference('admin', 'users'),
        reference('company-type', 'companyType'),
        reference('employee-range', 'employeeRange'),
        group('admin.cae', 'cae', [reference('section', 'caeSection'), reference('devision', 'caeDivision')]),
        group('admin.location', 'location', [reference('islands', 'islands'), reference('cities', 'cities')]),
        reference('criterion', 'criterion'),
        reference('criterion-type', 'criterionType'),
        reference('company-situation', 'companySituation'),
        item('admin', 'esg', 'esg', 'adminEsg'),
        group('admin.self-diagnosis', 'diagnosis', [
          reference('self-diagnosis/headings', 'headings'),
          reference('self-diagnosis/sub-headings', 'subHeadings'),
          reference('self-diagnosis/categories', 'categories'),
          reference('self-diagnosis/sub-categories', 'subCategories'),
        ]),
        reference('partners-type', 'partnersType'),
        reference('partners-entities', 'partnersEntities'),
        reference('partners', 'partners'),
        item('admin', 'diagnosis-config', 'diagnosisConfig', 'adminEditions'),
      ]),
      item('admin', 'diagnosis', 'diagnosis', 'adminDiagnosis'),
      group('admin.applications', 'applications', [
        item('admin', 'application', 'applicationList', 'adminApplications'),
        item('admin', 'application-result', 'applicationResults', 'adminApplicationResults'),
      ]),
      item('admin', 'statistic', 'statistic', 'adminStatistics'),
      group('admin.content', 'content', [
        content('home-content', 'homeContent', 'adminHomeContent'),
        content('regularization', 'regulations', 'adminRegulations'),
        content('blog-content', 'blogContent', 'adminBlogContent'),
        content('gallery-content', 'galleryContent', 'adminGalleryContent'),
        content('testimonies-content', 'testimoniesContent', 'adminTestimoniesContent'),
        item('admin', 'content-managment/newsletter-content', 'newsletterContent', 'adminNewsletter'),
        item('admin', 'broadcasts', 'broadcasts', 'adminBroadcasts'),
        content('faq-content', 'faqContent', 'adminFaqContent'),
      ]),
    ],
  },
  {
    area: 'company',
    nodes: [
      company('dashboard', 'dashboard'),
      item('company', 'balance-sheet', 'balanceSheet', 'balanceSheet'),
      item('company', 'balances', 'balances', 'balances'),
      item('company', 'demonstrations', 'demonstrations', 'demonstrations'),
      item('company', 'others', 'others', 'others'),
      item('company', 'diagnosis', 'selfDiagnosis', 'diagnosis'),
      item('company', 'statistic', 'statistic', 'indicatorStatistics'),
      item('company', 'application', 'applications', 'companyApplication'),
      item('company', 'esg', 'esg', 'companyEsg'),
      item('company', 'activity', 'activity', 'companyActivity'),
      item('company', 'data', 'companyData', 'companyData'),
      item('company', 'team', 'team', 'companyTeam'),
    ],
  },
  {
    area: 'partner',
    nodes: [
      item('partner', 'register', 'partnerRegister', 'partnerRegister'),
      group('partner.applications', 'applications', [
        item('partner', 'application-result', 'applicationResults', 'partnerApplicationResults'),
      ]),
      partner('dashboard', 'dashboard'),
    ],
  },
];

/** /users/profile: reached from the Profile button, not from the menu. */
export const PROFILE_ITEM: MenuItem = item('users', 'profile', 'profile', 'profile');

/** /company/profile: the selected company's profile, reached from the dashboard and the company selector. */
export const COMPANY_PROFILE_ITEM: MenuItem = item('company', 'profile', 'companyProfile', 'companyProfile');

/** Every signed-in page: one per menu item, plus the profile. */
export function signedInPages(): PageDef[] {
  const out: PageDef[] = [];
  const visit = (area: Area, node: MenuNode, trail: readonly string[]) => {
    if (node.kind === 'group') {
      for (const child of node.children) visit(area, child, [...trail, `shell:menu.groups.${node.labelId}`]);
      return;
    }
    const titleKey = `shell:menu.items.${node.labelId}`;
    out.push({
      id: node.id,
      area,
      path: node.path,
      page: node.page,
      crumbKeys: [...trail, titleKey],
      titleKey,
    });
  };
  const extra: MenuSection[] = [
    { area: 'users', nodes: [PROFILE_ITEM] },
    { area: 'company', nodes: [COMPANY_PROFILE_ITEM] },
  ];
  for (const section of [...MENU, ...extra]) {
    for (const node of section.nodes) visit(section.area, node, [`shell:menu.areas.${section.area}`]);
  }
  return out;
}

/** The menu as a user with these roles sees it: items they lack a role for are gone, empty groups too. */
export function visibleMenu(roles: readonly string[]): MenuSection[] {
  const keep = (node: MenuNode): MenuNode | null => {
    if (node.kind === 'item') return node.roles.some((role) => roles.includes(role)) ? node : null;
    const children = node.children.map(keep).filter((child): child is MenuNode => child !== null);
    return children.length > 0 ? { ...node, children } : null;
  };
  return MENU.map((section) => ({
    area: section.area,
    nodes: section.nodes.map(keep).filter((node): node is MenuNode => node !== null),
  })).filter((section) => section.nodes.length > 0);
}

/** The ids of the groups on the way to a path, to open them when the page is shown. */
export function groupsContaining(path: string): string[] {
  const found: string[] = [];
  const visit = (node: MenuNode, trail: readonly string[]): boolean => {
    if (node.kind === 'item') {
      if (node.path === path) found.push(...trail);
      return node.path === path;
    }
    return node.children.some((child) => visit(child, [...trail, node.id]));
  };
  for (const section of MENU) for (const node of section.nodes) visit(node, []);
  return found;
}

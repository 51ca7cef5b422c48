/**
 * Size budgets of the web build, computed from Vite's build manifest: which files a page loads before it is
 * interactive, how many compressed bytes of JavaScript that is, and how many requests. Pure: the caller
 * reads the build (scripts/check-budgets.ts); the unit test feeds synthetic builds.
 */

/** One entry of Vite's .vite/manifest.json. */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export interface BuildFacts {
  manifest: Manifest;
  /** Brotli-compressed size of each built file, by its path in dist (`assets/index-abc.js`). */
  compressedBytes: Readonly<Record<string, number>>;
  /** The npm packages bundled into each JavaScript file (.vite/chunk-packages.json). */
  chunkPackages: Readonly<Record<string, readonly string[]>>;
  /** Images, icons and fonts the HTML page itself links to (the favicon), by path in dist. */
  htmlAssets: readonly string[];
}

export interface PageBudget {
  name: string;
  /**
   * Manifest keys of what the page runs: `index.html` (the entry) and the source of each lazy module its
   * routes load (`src/features/site/pages/public-pages.tsx`). Their static imports are followed.
   */
  modules: readonly string[];
  /** Modules the page loads when the build has them (the message catalogs of its language). */
  optionalModules?: readonly string[];
  /**
   * Modules whose styles alone the page links: a page the server renders for a visitor carries the app's and
   * its route's styles, and runs its islands instead of their scripts (docs/adr/0014).
   */
  styleModules?: readonly string[];
  /** Files the page loads as they are, by path in dist (/boot.js, which starts the islands). */
  files?: readonly string[];
  maxJsBytes: number;
  maxRequests?: number;
  /**
   * Packages that must not be in the page (charts, dates, dropzone and rich text on a visitor's page); a
   * scope alone (`@tiptap`) stands for all its packages.
   */
  forbiddenPackages?: readonly string[];
}

export interface PageFigures {
  name: string;
  jsFiles: string[];
  cssFiles: string[];
  otherFiles: string[];
  jsBytes: number;
  cssBytes: number;
  /** The HTML page, its scripts and styles, and the images and fonts they reference. */
  requests: number;
  forbiddenFound: string[];
  failures: string[];
}

/** Every file a page loads: the modules, their static imports (transitively), their styles and assets. */
export function pageFiles(
  manifest: Manifest,
  modules: readonly string[],
): { js: string[]; css: string[]; assets: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const assets = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string, from?: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) {
      throw new Error(
        from
          ? `The build manifest has no ${key} (imported by ${from}).`
          : `The build manifest has no ${key}: a budget names a module that is not an entry or a lazy route (moved or renamed?).`,
      );
    }
    if (chunk.file.endsWith('.css')) css.add(chunk.file);
    else js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const file of chunk.assets ?? []) assets.add(file);
    for (const imported of chunk.imports ?? []) visit(imported, key);
  };
  for (const module of modules) visit(module);
  return { js: [...js].sort(), css: [...css].sort(), assets: [...assets].sort() };
}

function bytesOf(facts: BuildFacts, file: string): number {
  const bytes = facts.compressedBytes[file];
  if (bytes === undefined) throw new Error(`No compressed size for ${file}.`);
  return bytes;
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** The figures of one page and the budgets it breaks (none when it is within all of them). */
export function measurePage(facts: BuildFacts, budget: PageBudget): PageFigures {
  const optional = (budget.optionalModules ?? []).filter((module) => facts.manifest[module] !== undefined);
  const run = pageFiles(facts.manifest, [...budget.modules, ...optional]);
  const styled = pageFiles(facts.manifest, budget.styleModules ?? []);
  const extra = budget.files ?? [];
  const files = {
    js: [...new Set([...run.js, ...extra.filter((file) => file.endsWith('.js'))])].sort(),
    css: [...new Set([...run.css, ...styled.css])].sort(),
    assets: [...new Set([...run.assets, ...styled.assets])].sort(),
  };
  const jsBytes = files.js.reduce((sum, file) => sum + bytesOf(facts, file), 0);
  const cssBytes = files.css.reduce((sum, file) => sum + bytesOf(facts, file), 0);
  const otherFiles = [...new Set([...files.assets, ...facts.htmlAssets])].sort();
  const requests = 1 + files.js.length + files.css.length + otherFiles.length;
  const forbidden = budget.forbiddenPackages ?? [];
  const isForbidden = (name: string) =>
    forbidden.some((entry) => name === entry || name.startsWith(`${entry}/`));
  const forbiddenFound = [
    ...new Set(files.js.flatMap((file) => (facts.chunkPackages[file] ?? []).filter(isForbidden))),
  ].sort();
  const failures: string[] = [];
  if (jsBytes > budget.maxJsBytes) {
    failures.push(`${budget.name}: ${kb(jsBytes)} of compressed JavaScript, over ${kb(budget.maxJsBytes)}`);
  }
  if (budget.maxRequests !== undefined && requests > budget.maxRequests) {
    failures.push(`${budget.name}: ${requests} requests, over ${budget.maxRequests}`);
  }
  for (const name of forbiddenFound) {
    const where = files.js.filter((file) => facts.chunkPackages[file]?.includes(name));
    failures.push(`${budget.name}: loads ${name} (${where.join(', ')})`);
  }
  return {
    name: budget.name,
    jsFiles: files.js,
    cssFiles: files.css,
    otherFiles,
    jsBytes,
    cssBytes,
    requests,
    forbiddenFound,
    failures,
  };
}

export function checkBudgets(
  facts: BuildFacts,
  budgets: readonly PageBudget[],
): { pages: PageFigures[]; failures: string[] } {
  const pages = budgets.map((budget) => measurePage(facts, budget));
  return { pages, failures: pages.flatMap((page) => page.failures) };
}

/** The figures as a small table, each next to its budget. */
export function formatTable(pages: readonly PageFigures[], budgets: readonly PageBudget[]): string {
  const rows = pages.map((page) => {
    const budget = budgets.find((b) => b.name === page.name);
    return [
      page.name,
      `${kb(page.jsBytes)} / ${budget ? kb(budget.maxJsBytes) : '-'}`,
      String(page.jsFiles.length),
      kb(page.cssBytes),
      `${page.requests} / ${budget?.maxRequests ?? '-'}`,
      page.failures.length === 0 ? 'ok' : 'OVER',
    ];
  });
  const header = ['page', 'JS (brotli) / budget', 'JS files', 'CSS (brotli)', 'requests / budget', ''];
  const widths = header.map((cell, column) =>
    Math.max(cell.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  return [header, ...rows]
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** Chart, date, dropzone, rich-text and spreadsheet code: only the screens that use them load it. */
export const HEAVY_PACKAGES = [
  'recharts',
  '@mantine/charts',
  '@mantine/dates',
  '@mantine/dropzone',
  '@mantine/tiptap',
  '@tiptap',
  'prosemirror-model',
  'prosemirror-view',
  'exceljs',
  'xlsx',
] as const;

/** The islands build's manifest keys, merged into the app's under this prefix (scripts/check-budgets.ts). */
export const ISLANDS_PREFIX = 'islands:';

/** The entry and the signed-in layout: the start of every signed-in page. */
const SIGNED_IN_SHELL = ['index.html', 'src/app/layouts/signed-in-layout.tsx'] as const;
/** The texts the signed-in layout draws with (apps/web/src/lib/message-groups.ts). */
const SHELL_TEXTS = ['virtual:messages/pt/start'] as const;
/** A signed-in page loads the areas' texts with its own code. */
const SIGNED_IN_PAGE_TEXTS = [
  ...SHELL_TEXTS,
  'virtual:messages/pt/public',
  'virtual:messages/pt/signedIn',
] as const;

/**
 * The signed-in pages people open on a phone (the bench's signed-in pages): each loads the shell and its own
 * chunk, and none of them loads chart, date, dropzone, rich-text or spreadsheet code before it is shown (their
 * charts and editors come in chunks of their own, when drawn).
 */
const SIGNED_IN_PAGES: ReadonlyArray<
  readonly [name: string, module: string, uses?: readonly (typeof HEAVY_PACKAGES)[number][]]
> = [
  ['company dashboard (signed in)', 'src/features/companies/pages/company-dashboard-page.tsx'],
  // The screens with date fields (ui/form/date-fields.tsx) load the date pickers with their page.
  ['trial-balance upload', 'src/features/balance-sheets/pages/balance-sheet-page.tsx', ['@mantine/dates']],
  ['self-diagnosis', 'src/features/diagnosis/pages/company-diagnosis-page.tsx'],
  ['company indicators', 'src/features/diagnosis/pages/company-indicators-page.tsx'],
  [
    'application (company)',
    'src/features/applications/pages/company-application-page.tsx',
    ['@mantine/dates'],
  ],
  ['ESG form (company)', 'src/features/esg/pages/company-esg-page.tsx'],
  [
    'applications list (admin)',
    'src/features/applications/pages/admin-applications-page.tsx',
    ['@mantine/dates'],
  ],
  ['home-content editor (admin)', 'src/features/content/pages/home-content-page.tsx', ['@mantine/dates']],
  ['partner dashboard', 'src/features/partners/pages/partner-dashboard-page.tsx'],
];
const SIGNED_IN_PAGE_MAX_JS_BYTES = 375 * 1024;

/** The portal's budgets (docs/architecture.md, 3). */
export const BUDGETS: readonly PageBudget[] = [
  {
    // Rendered by the server: the app's and the route's styles, boot.js, and the islands (docs/adr/0014).
    name: "visitor's first page (/pt/)",
    modules: [`${ISLANDS_PREFIX}src/islands.tsx`],
    styleModules: ['index.html', 'src/features/site/pages/public-pages.tsx'],
    files: ['boot.js'],
    maxJsBytes: 120 * 1024,
    maxRequests: 15,
    forbiddenPackages: HEAVY_PACKAGES,
  },
  {
    // What every signed-in page runs before its own chunk: the app, the signed-in layout and the texts it draws
    // with (docs/adr/0025). 191 KB as built (React DOM, React Router, zod, Mantine's core, i18next and TanStack
    // Query are 139 KB of it); the areas' texts, the menus' and selects' popovers, the modal and the warning before
    // the session ends load later, each when it is needed.
    name: 'signed-in shell (first load)',
    modules: SIGNED_IN_SHELL,
    optionalModules: SHELL_TEXTS,
    maxJsBytes: 200 * 1024,
    forbiddenPackages: HEAVY_PACKAGES,
  },
  ...SIGNED_IN_PAGES.map(
    ([name, module, uses = []]): PageBudget => ({
      name,
      modules: [...SIGNED_IN_SHELL, module],
      optionalModules: SIGNED_IN_PAGE_TEXTS,
      maxJsBytes: SIGNED_IN_PAGE_MAX_JS_BYTES,
      forbiddenPackages: HEAVY_PACKAGES.filter((name) => !uses.includes(name)),
    }),
  ),
];

import { describe, expect, it } from 'vitest';
import {
  BUDGETS,
  type BuildFacts,
  checkBudgets,
  HEAVY_PACKAGES,
  type Manifest,
  type PageBudget,
  pageFiles,
} from './budgets.ts';

const KB = 1024;

/** A small build: an entry with a shared chunk, a home route and a chart route. */
function build(sizes: Record<string, number> = {}, packages: Record<string, string[]> = {}): BuildFacts {
  const manifest: Manifest = {
    'index.html': {
      file: 'assets/index-a1.js',
      src: 'index.html',
      isEntry: true,
      imports: ['_vendor-b2.js'],
      dynamicImports: ['src/home.tsx', 'src/charts.tsx'],
      css: ['assets/index-c3.css'],
    },
    '_vendor-b2.js': { file: 'assets/vendor-b2.js', assets: ['assets/font-d4.woff2'] },
    'src/home.tsx': {
      file: 'assets/home-e5.js',
      src: 'src/home.tsx',
      isDynamicEntry: true,
      imports: ['index.html', '_vendor-b2.js', '_title-f6.js'],
    },
    '_title-f6.js': { file: 'assets/title-f6.js', imports: ['_vendor-b2.js'] },
    'src/charts.tsx': {
      file: 'assets/charts-g7.js',
      src: 'src/charts.tsx',
      isDynamicEntry: true,
      imports: ['index.html', '_recharts-h8.js'],
    },
    '_recharts-h8.js': { file: 'assets/recharts-h8.js' },
  };
  return {
    manifest,
    compressedBytes: {
      'assets/index-a1.js': 30 * KB,
      'assets/vendor-b2.js': 50 * KB,
      'assets/home-e5.js': 10 * KB,
      'assets/title-f6.js': 2 * KB,
      'assets/charts-g7.js': 5 * KB,
      'assets/recharts-h8.js': 90 * KB,
      'assets/index-c3.css': 8 * KB,
      'assets/font-d4.woff2': 20 * KB,
      ...sizes,
    },
    chunkPackages: {
      'assets/index-a1.js': [],
      'assets/vendor-b2.js': ['react', 'react-dom'],
      'assets/home-e5.js': [],
      'assets/title-f6.js': ['@mantine/core'],
      'assets/charts-g7.js': [],
      'assets/recharts-h8.js': ['recharts', '@mantine/charts'],
      ...packages,
    },
    htmlAssets: ['favicon.svg'],
  };
}

const visitor: PageBudget = {
  name: 'visitor',
  modules: ['index.html', 'src/home.tsx'],
  maxJsBytes: 120 * KB,
  maxRequests: 15,
  forbiddenPackages: HEAVY_PACKAGES,
};

describe('page budgets', () => {
  it("follows a page's static imports once each, with their styles and fonts", () => {
    expect(pageFiles(build().manifest, visitor.modules)).toEqual({
      js: ['assets/home-e5.js', 'assets/index-a1.js', 'assets/title-f6.js', 'assets/vendor-b2.js'],
      css: ['assets/index-c3.css'],
      assets: ['assets/font-d4.woff2'],
    });
  });

  it('passes a page within its budgets and reports its figures', () => {
    const { pages, failures } = checkBudgets(build(), [visitor]);
    expect(failures).toEqual([]);
    expect(pages[0]).toMatchObject({ jsBytes: 92 * KB, cssBytes: 8 * KB, requests: 8, forbiddenFound: [] });
  });

  it('fails an oversize bundle', () => {
    const { failures } = checkBudgets(build({ 'assets/vendor-b2.js': 79 * KB }), [visitor]);
    expect(failures).toEqual(['visitor: 121.0 KB of compressed JavaScript, over 120.0 KB']);
  });

  it('fails a page of too many requests', () => {
    const { failures } = checkBudgets(build(), [{ ...visitor, maxRequests: 7 }]);
    expect(failures).toEqual(['visitor: 8 requests, over 7']);
  });

  it("fails a visitor's page that loads chart code, and not a page allowed to", () => {
    const leaked = build({}, { 'assets/title-f6.js': ['@mantine/core', '@mantine/charts', '@tiptap/pm'] });
    const { failures } = checkBudgets(leaked, [
      visitor,
      { name: 'statistics', modules: ['index.html', 'src/charts.tsx'], maxJsBytes: 300 * KB },
    ]);
    expect(failures).toEqual([
      'visitor: loads @mantine/charts (assets/title-f6.js)',
      'visitor: loads @tiptap/pm (assets/title-f6.js)',
    ]);
  });

  it('counts an optional module only when the build has it', () => {
    const facts = build();
    facts.manifest['virtual:messages/pt/public'] = { file: 'assets/messages-i9.js', isDynamicEntry: true };
    const withCatalog = {
      ...facts,
      compressedBytes: { ...facts.compressedBytes, 'assets/messages-i9.js': 3 * KB },
    };
    const budget = {
      ...visitor,
      optionalModules: ['virtual:messages/pt/public', 'virtual:messages/en/signedIn'],
    };
    expect(checkBudgets(withCatalog, [budget]).pages[0]).toMatchObject({ jsBytes: 95 * KB, requests: 9 });
    expect(checkBudgets(build(), [budget]).pages[0]).toMatchObject({ jsBytes: 92 * KB, requests: 8 });
  });

  it("counts a rendered page's styles without their scripts, its islands and the files it loads as they are", () => {
    const facts = build({
      'assets/islands-i1.js': 6 * KB,
      'assets/islands-lib-i2.js': 80 * KB,
      'boot.js': 1 * KB,
    });
    facts.manifest['islands:src/islands.tsx'] = {
      file: 'assets/islands-i1.js',
      isEntry: true,
      imports: ['islands:_islands-lib-i2.js'],
    };
    facts.manifest['islands:_islands-lib-i2.js'] = { file: 'assets/islands-lib-i2.js' };
    const rendered: PageBudget = {
      ...visitor,
      modules: ['islands:src/islands.tsx'],
      styleModules: ['index.html', 'src/home.tsx'],
      files: ['boot.js'],
    };
    const [page] = checkBudgets(facts, [rendered]).pages;
    // 6 + 80 + 1 KB of scripts; the app's 92 KB are not loaded, its 8 KB of styles and its font are.
    expect(page).toMatchObject({
      jsFiles: ['assets/islands-i1.js', 'assets/islands-lib-i2.js', 'boot.js'],
      cssFiles: ['assets/index-c3.css'],
      jsBytes: 87 * KB,
      cssBytes: 8 * KB,
    });
    // The HTML, 3 scripts, 1 stylesheet, the font and the favicon.
    expect(page?.requests).toBe(7);
  });

  it('refuses a budget naming a module the build does not have', () => {
    expect(() => checkBudgets(build(), [{ ...visitor, modules: ['index.html', 'src/moved.tsx'] }])).toThrow(
      /no src\/moved.tsx/,
    );
  });
});

describe("the portal's signed-in budgets", () => {
  it('measure the signed-in shell and each signed-in page from the entry, the signed-in layout and the texts, none allowed heavy code', () => {
    const signedIn = BUDGETS.filter((budget) =>
      budget.modules.includes('src/app/layouts/signed-in-layout.tsx'),
    );
    expect(signedIn.map((budget) => budget.name)).toEqual(
      expect.arrayContaining([
        'signed-in shell (first load)',
        'company dashboard (signed in)',
        'trial-balance upload',
        'self-diagnosis',
        'application (company)',
        'ESG form (company)',
        'applications list (admin)',
        'partner dashboard',
      ]),
    );
    for (const budget of signedIn) {
      expect(budget.modules[0]).toBe('index.html');
      // The shell draws with the start texts; a page brings the public and signed-in texts with its code.
      expect(budget.optionalModules).toEqual(
        budget.name === 'signed-in shell (first load)'
          ? ['virtual:messages/pt/start']
          : ['virtual:messages/pt/start', 'virtual:messages/pt/public', 'virtual:messages/pt/signedIn'],
      );
      // Only a screen with date fields may load the date pickers with its page; nothing else heavy, anywhere.
      const allowed = HEAVY_PACKAGES.filter((name) => !budget.forbiddenPackages?.includes(name));
      expect(allowed).toEqual(
        [
          'trial-balance upload',
          'application (company)',
          'applications list (admin)',
          'home-content editor (admin)',
        ].includes(budget.name)
          ? ['@mantine/dates']
          : [],
      );
    }
    const shell = signedIn.find((budget) => budget.name === 'signed-in shell (first load)');
    expect(Math.max(...signedIn.map((budget) => budget.maxJsBytes))).toBeGreaterThan(shell?.maxJsBytes ?? 0);
  });

  it('fail a signed-in page whose start loads chart or rich-text code', () => {
    const facts = build({}, { 'assets/home-e5.js': ['@tiptap/core'], 'assets/title-f6.js': ['recharts'] });
    const budget: PageBudget = {
      name: 'a signed-in page',
      modules: ['index.html', 'src/home.tsx'],
      maxJsBytes: 400 * KB,
      forbiddenPackages: HEAVY_PACKAGES,
    };
    expect(checkBudgets(facts, [budget]).failures).toEqual([
      'a signed-in page: loads @tiptap/core (assets/home-e5.js)',
      'a signed-in page: loads recharts (assets/title-f6.js)',
    ]);
  });
});

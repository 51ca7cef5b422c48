/**
 * The size check of `npm test`, run after the web build: prints what the visitor's first page and a
 * signed-in dashboard load (compressed JavaScript, requests) and exits 1 when a budget is exceeded or a
 * visitor's page loads chart, date, dropzone or rich-text code. Bytes are deterministic: no timing here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import {
  BUDGETS,
  type BuildFacts,
  checkBudgets,
  formatTable,
  ISLANDS_PREFIX,
  type Manifest,
} from './budgets.ts';

/** apps/web/dist, or the build folder given as the first argument. */
const dist = process.argv[2] ?? fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No build manifest at ${manifestPath}: run npm run build first.`);
  process.exit(1);
}

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

/** The .br file the build wrote beside it, or the file compressed here the same way. */
function brotliBytes(file: string): number {
  const path = join(dist, file);
  if (existsSync(`${path}.br`)) return readFileSync(`${path}.br`).length;
  return brotliCompressSync(readFileSync(path), {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
  }).length;
}

/** The islands build's manifest (apps/web/vite.config.ts), its keys prefixed so that they join the app's. */
function islandsManifest(): Manifest {
  const path = join(dist, '.vite/islands-manifest.json');
  if (!existsSync(path)) return {};
  const prefix = (key: string) => `${ISLANDS_PREFIX}${key}`;
  return Object.fromEntries(
    Object.entries(readJson<Manifest>(path)).map(([key, chunk]) => [
      prefix(key),
      { ...chunk, ...(chunk.imports ? { imports: chunk.imports.map(prefix) } : {}) },
    ]),
  );
}

const manifest = { ...readJson<Manifest>(manifestPath), ...islandsManifest() };
const islandsPackages = join(dist, '.vite/islands-chunk-packages.json');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
/** What the HTML links to besides scripts and styles (icons, preloaded fonts and images). */
const htmlAssets = [
  ...html.matchAll(/<link\s[^>]*rel="(?:icon|preload|apple-touch-icon)"[^>]*href="\/([^"]+)"/g),
]
  .map((match) => match[1] ?? '')
  .filter((file) => existsSync(join(dist, file)));
const files = new Set([
  ...Object.values(manifest).flatMap((chunk) => [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]),
  ...BUDGETS.flatMap((budget) => budget.files ?? []),
]);
const facts: BuildFacts = {
  manifest,
  compressedBytes: Object.fromEntries([...files].map((file) => [file, brotliBytes(file)])),
  chunkPackages: {
    ...readJson<Record<string, string[]>>(join(dist, '.vite/chunk-packages.json')),
    ...(existsSync(islandsPackages) ? readJson<Record<string, string[]>>(islandsPackages) : {}),
  },
  htmlAssets,
};

const { pages, failures } = checkBudgets(facts, BUDGETS);
console.log(formatTable(pages, BUDGETS));
if (failures.length > 0) {
  console.error(`\nBudgets exceeded:\n${failures.map((failure) => `  - ${failure}`).join('\n')}`);
  process.exit(1);
}

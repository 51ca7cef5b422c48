import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { lazySchemas } from './lazy-schemas.ts';
import { mantineStableIds } from './mantine-stable-ids.ts';
import { messageCatalogs } from './message-catalogs.ts';

/** The portal server (apps/server) listens here in development and serves /app, /auth and /dev. */
const PORTAL_SERVER = 'http://localhost:3000';

/** Text files worth compressing; images, fonts in woff2 and archives are compressed already. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest|map)$/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, at the highest levels: the server
 * (@fastify/static with `preCompressed`) sends them as they are, so no request pays for compressing.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'excelencia:precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // A failed build wrote nothing: its own error is the one to see.
      if (!existsSync(outDir)) return;
      // .vite/ holds the build manifest, read by tools and never served.
      // The islands build writes into the same folder after the app's: what is compressed already stays.
      const all = new Set(await readdir(outDir, { recursive: true }));
      const files = [...all].filter(
        (file) => COMPRESSIBLE.test(file) && !file.startsWith('.vite') && !all.has(`${file}.br`),
      );
      await Promise.all(
        files.map(async (file) => {
          const path = join(outDir, file);
          const content = await readFile(path);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * The islands build writes no stylesheet: an island is a part of a page whose styles the page links already (the
 * app's and its route's, apps/server/src/modules/site/page-shell.ts), with the same class names.
 */
function withoutStyles(): Plugin {
  return {
    name: 'excelencia:islands-without-styles',
    generateBundle(_options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) {
        if (fileName.endsWith('.css')) delete bundle[fileName];
        else if (output.type === 'chunk') output.viteMetadata?.importedCss.clear();
      }
    },
  };
}

/** The npm package a module id belongs to (`@scope/name` or `name`), or undefined for the app's own code. */
function packageOf(moduleId: string): string | undefined {
  const path = moduleId.replaceAll('\\', '/');
  const at = path.lastIndexOf('/node_modules/');
  if (at < 0) return undefined;
  const [first, second] = path.slice(at + '/node_modules/'.length).split('/');
  return first?.startsWith('@') ? `${first}/${second}` : first;
}

/**
 * Writes .vite/chunk-packages.json: the npm packages bundled into each JavaScript chunk, so that the budget
 * check can tell which pages load chart, date, dropzone or rich-text code.
 */
function chunkPackages(fileName: string): Plugin {
  return {
    name: 'excelencia:chunk-packages',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      const packages: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const names = new Set(output.moduleIds.map(packageOf).filter((name) => name !== undefined));
        packages[output.fileName] = [...names].sort();
      }
      this.emitFile({
        type: 'asset',
        fileName,
        source: `${JSON.stringify(packages, null, 2)}\n`,
      });
    },
  };
}

/**
 * Three builds (`npm run build`): the browser's app into dist/; the islands of the pages rendered for visitors
 * (src/islands.tsx, `vite build --mode islands`) into dist/ beside it, with their own chunks and manifest, so
 * that none of the app's libraries ships with them (docs/adr/0014); and the server renderer of the public pages
 * (src/entry-server.tsx, `vite build --ssr`) into dist-ssr/, which the portal server imports (docs/adr/0010).
 */
export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [
    react(),
    mantineStableIds(),
    lazySchemas(),
    messageCatalogs(),
    precompress(),
    chunkPackages(mode === 'islands' ? '.vite/islands-chunk-packages.json' : '.vite/chunk-packages.json'),
    ...(mode === 'islands' ? [withoutStyles()] : []),
  ],
  server: {
    port: 5173,
    proxy: {
      '/app': PORTAL_SERVER,
      '/auth': PORTAL_SERVER,
      '/dev': PORTAL_SERVER,
    },
  },
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, sourcemap: false, target: 'node20', copyPublicDir: false }
    : mode === 'islands'
      ? {
          outDir: 'dist',
          emptyOutDir: false,
          sourcemap: false,
          copyPublicDir: false,
          manifest: '.vite/islands-manifest.json',
          rolldownOptions: {
            input: 'src/islands.tsx',
            // The islands in one file and their libraries in another: two requests for a visitor's page.
            output: {
              codeSplitting: { groups: [{ name: 'islands-lib', test: /node_modules/, tags: ['$initial'] }] },
            },
          },
        }
      : {
          outDir: 'dist',
          emptyOutDir: true,
          sourcemap: false,
          chunkSizeWarningLimit: 600,
          // The budget check (scripts/check-budgets.ts) reads which chunks and styles each page loads from here.
          manifest: true,
          rolldownOptions: {
            output: {
              codeSplitting: {
                // What every page runs at start comes in two files (libraries, the app's own code) instead of some
                // thirty small ones: on a phone each request costs a round trip. Lazy routes keep their own chunks.
                groups: [
                  { name: 'vendor', test: /node_modules/, tags: ['$initial'], priority: 2 },
                  { name: 'app', tags: ['$initial'], priority: 1 },
                  // The domain's code the lazy routes share (schemas, rules, formats) in one chunk, not one per file.
                  // Split by the routes that use it (entriesAware), so that a page loads the schemas it parses and
                  // not every area's; the small parts are merged into their neighbours.
                  {
                    name: 'domain',
                    test: /[\\/]packages[\\/]domain[\\/]/,
                    priority: 0,
                    entriesAware: true,
                    entriesAwareMergeThreshold: 8 * 1024,
                  },
                ],
              },
            },
          },
        },
}));

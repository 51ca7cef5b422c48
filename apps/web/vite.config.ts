import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      // .vite/ holds the build manifest, read by tools and never served.
      const files = (await readdir(outDir, { recursive: true })).filter(
        (file) => COMPRESSIBLE.test(file) && !file.startsWith('.vite'),
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

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/app': PORTAL_SERVER,
      '/auth': PORTAL_SERVER,
      '/dev': PORTAL_SERVER,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // The budget check (scripts/check-budgets.ts) reads which chunks and styles each page loads from here.
    manifest: true,
  },
});

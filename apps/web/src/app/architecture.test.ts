import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The web app's layers (docs/architecture.md, "Layers and the gate"), lowest first: lib/ (API client, i18n,
 * language), ui/ (shared components), features/ (one folder per area), app/ (router, layouts, navigation), and the
 * entries that start it (main.tsx, entry-server.tsx, islands). An import points to its own layer or lower, never up;
 * testing/ serves the tests of every layer, and a test may render its screen inside the app's layouts.
 */
const SRC = fileURLToPath(new URL('..', import.meta.url));

const LAYERS: { name: string; prefixes: string[] }[] = [
  { name: 'lib', prefixes: ['lib/'] },
  { name: 'ui', prefixes: ['ui/'] },
  { name: 'features', prefixes: ['features/'] },
  { name: 'app', prefixes: ['app/'] },
  { name: 'entries', prefixes: ['main.tsx', 'entry-server.tsx', 'islands.tsx', 'islands/'] },
];

function layerOf(path: string): number {
  return LAYERS.findIndex((layer) => layer.prefixes.some((prefix) => path.startsWith(prefix)));
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)'(\.[^']*)'/gm;

function upwardImports(): string[] {
  const found: string[] = [];
  for (const file of sources(SRC)) {
    const from = relative(SRC, file);
    const fromLayer = layerOf(from);
    if (fromLayer < 0) continue;
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const target = relative(SRC, resolve(dirname(file), match[1] as string));
      const toLayer = layerOf(target);
      if (toLayer > fromLayer && !/\.test\.tsx?$/.test(from)) {
        const line = text.slice(0, match.index).split('\n').length;
        found.push(
          `${from}:${line} imports ${target}: runs up from ${LAYERS[fromLayer]?.name} to ${LAYERS[toLayer]?.name}`,
        );
      }
    }
  }
  return found;
}

describe('the web imports', () => {
  it('never run up a layer (lib < ui < features < app < the entries)', () => {
    expect(upwardImports()).toEqual([]);
  });

  it('know each layer (the gate can fail)', () => {
    expect(layerOf('features/companies/pages/dashboard.tsx')).toBeGreaterThan(layerOf('ui/notify.ts'));
    expect(layerOf('app/layouts/signed-in.tsx')).toBeGreaterThan(
      layerOf('features/companies/pages/dashboard.tsx'),
    );
    expect(
      [..."import { x } from '../../app/router.tsx';".matchAll(IMPORT)].map((match) => match[1]),
    ).toEqual(['../../app/router.tsx']);
  });
});

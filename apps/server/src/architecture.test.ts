import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server's walls (docs/architecture.md, "Layers and the gate"): an import points to its own layer or lower, and
 * an area is reached from outside it (another area, app.ts, main.ts, the seed) only through its index.ts. Test files
 * may also import the composition (app.ts, the seed) to drive what they test through the whole portal.
 */
const SRC = fileURLToPath(new URL('.', import.meta.url));

/** Lowest first. A file's layer is the first entry whose prefix its path (relative to src/) starts with. */
const LAYERS: { name: string; prefixes: string[] }[] = [
  { name: 'platform', prefixes: ['db/', 'config.ts', 'platform/'] },
  { name: 'auth', prefixes: ['auth/', 'policies/'] },
  { name: 'modules', prefixes: ['modules/'] },
  { name: 'composition', prefixes: ['app.ts', 'jobs.ts', 'main.ts', 'seed/', 'dev/'] },
];

function layerOf(path: string): number {
  return LAYERS.findIndex((layer) => layer.prefixes.some((prefix) => path.startsWith(prefix)));
}

function areaOf(path: string): string | undefined {
  return /^modules\/([^/]+)\//.exec(path)?.[1];
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Relative specifiers of static imports, re-exports and dynamic imports, with their line numbers. */
function importsOf(file: string): { line: number; specifier: string }[] {
  const found: { line: number; specifier: string }[] = [];
  const text = readFileSync(file, 'utf8');
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)'(\.[^']*)'/gm;
  for (const match of text.matchAll(pattern)) {
    const line = text.slice(0, match.index).split('\n').length;
    found.push({ line, specifier: match[1] as string });
  }
  return found;
}

function violations(): string[] {
  const found: string[] = [];
  for (const file of sources(SRC)) {
    const from = relative(SRC, file);
    const fromLayer = layerOf(from);
    const fromArea = areaOf(from);
    for (const { line, specifier } of importsOf(file)) {
      const target = relative(SRC, resolve(dirname(file), specifier));
      if (target.startsWith('..')) continue; // test/support and the packages: not a layer of src/
      const at = `${from}:${line} imports ${target}`;
      const toLayer = layerOf(target);
      // A test may build the whole portal (app.ts, the seed) to drive its layer through HTTP.
      const testOfComposition = from.endsWith('.test.ts') && LAYERS[toLayer]?.name === 'composition';
      if (fromLayer >= 0 && toLayer > fromLayer && !testOfComposition) {
        found.push(`${at}: runs up from ${LAYERS[fromLayer]?.name} to ${LAYERS[toLayer]?.name}`);
        continue;
      }
      const toArea = areaOf(target);
      // The composition wires the areas through their front doors too; a test outside the areas may reach in.
      const outsider = !fromArea && !from.endsWith('.test.ts');
      if (
        toArea &&
        toArea !== fromArea &&
        (fromArea || outsider) &&
        target !== `modules/${toArea}/index.ts`
      ) {
        found.push(`${at}: another area's internals (import modules/${toArea}/index.ts)`);
      }
    }
  }
  return found;
}

describe('the server imports', () => {
  it('never run up a layer and reach other areas only through their index.ts', () => {
    expect(violations()).toEqual([]);
  });

  it('find both kinds of wrong import (the gate can fail)', () => {
    const text =
      "import { a } from '../users/users.repository.ts';\nconst b = await import('../../app.ts');\n";
    const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)'(\.[^']*)'/gm;
    expect([...text.matchAll(pattern)].map((match) => match[1])).toEqual([
      '../users/users.repository.ts',
      '../../app.ts',
    ]);
    expect(layerOf('app.ts')).toBeGreaterThan(layerOf('modules/users/users.service.ts'));
    expect(layerOf('modules/users/users.service.ts')).toBeGreaterThan(layerOf('auth/guard.ts'));
    expect(areaOf('modules/users/users.repository.ts')).toBe('users');
  });
});

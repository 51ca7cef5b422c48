import type { Plugin } from 'vite';

/** Mantine's `useId` (@mantine/hooks), in every build that bundles it. */
const MANTINE_USE_ID = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/**
 * Mantine's `useId` with React's own id, and without the random id Mantine puts in its place once mounted
 * (docs/adr/0038). The random one is set from a layout effect, so every Mantine input, menu and popover of a page
 * drew itself a second time, synchronously, in the task that mounted or hydrated it: on a phone, a long task
 * after the page's hydration. React's `useId` is the same on the server and in the browser and unique within a
 * root (the islands have a prefix each, src/islands.tsx); Mantine's first render used it already, so the ids the
 * server writes do not change.
 */
export function mantineStableIds(): Plugin {
  return {
    name: 'excelencia:mantine-stable-ids',
    enforce: 'pre',
    load(id) {
      if (!MANTINE_USE_ID.test(id)) return undefined;
      return [
        "import { useId as useReactId } from 'react';",
        'function useId(staticId) {',
        '  const reactId = useReactId();',
        "  return typeof staticId === 'string' ? staticId : 'mantine-' + reactId.replace(/:/g, '');",
        '}',
        'export { useId };',
      ].join('\n');
    },
  };
}

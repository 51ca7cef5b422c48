import { defineConfig } from 'vitest/config';

if (!process.versions.node.startsWith('24.')) {
  throw new Error(`Run the tests through npm scripts (Node 24); this is Node ${process.versions.node}.`);
}

/**
 * The web's per-language catalog chunks (apps/web/message-catalogs.ts) as empty modules: the DOM tests load every
 * catalog at once in dom-setup.ts.
 */
const emptyMessageCatalogs = {
  name: 'empty-message-catalogs',
  resolveId: (id: string) => (id.startsWith('virtual:messages/') ? `\0${id}` : undefined),
  load: (id: string) =>
    id.startsWith('\0virtual:messages/')
      ? 'export const messages = {}; export const languageNames = {};'
      : undefined,
};

export default defineConfig({
  test: {
    // Two test files at a time on the 2-core machines of CI and the developers (vitest's default is one fewer
    // than the cores): most of a server test file's time is spent waiting on its database, its identity provider
    // or a child process, so the second worker fills those waits.
    maxWorkers: 2,
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], testTimeout: 60_000 } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'], testTimeout: 60_000 } },
      {
        // Components whose logic matters, rendered in a test DOM (Mantine's stubs in dom-setup.ts). Each file runs in
        // a VM context of its own in a worker thread (vmThreads): its modules, mocks and test DOM are its own, as with
        // a process per file, without starting one (the project: 256 s → 113 s on a busy 2-core machine).
        plugins: [emptyMessageCatalogs],
        test: {
          name: 'web-dom',
          pool: 'vmThreads',
          include: ['apps/web/src/**/*.dom.test.tsx'],
          environment: 'happy-dom',
          testTimeout: 60_000,
          setupFiles: ['apps/web/src/testing/dom-setup.ts'],
        },
      },
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'], testTimeout: 60_000 } },
      // The time limits below are there to end a hung test, not to measure speed: they are generous, so that a
      // test starting child processes (the CLIs, a second portal) passes on a busy 2-core CI machine too.
      { test: { name: 'idp', include: ['apps/idp/**/*.test.ts'], testTimeout: 60_000 } },
      {
        test: {
          name: 'server',
          include: ['apps/server/**/*.test.ts'],
          // The files of a worker share one module graph instead of importing the app afresh each (a fifth of the
          // suite's time was imports: 644 s → 411 s on PGlite on a quiet 2-core machine). Every file builds its
          // own app, database and identity provider (test/support/context.ts), and the server keeps no state in
          // its modules, so nothing passes from one file to the next; no server test mocks a module.
          isolate: false,
          // The migrations run once per run; each file's database starts as a copy of the migrated one.
          globalSetup: ['apps/server/test/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});

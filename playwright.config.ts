import { defineConfig } from '@playwright/test';

if (!process.versions.node.startsWith('24.')) {
  throw new Error(`Run the e2e suite through npm scripts (Node 24); this is Node ${process.versions.node}.`);
}

const PORT = 3100;
const IDP_PORT = 3101;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A failed test keeps its trace (each action with the page's DOM before and after it), without the screencast:
    // taking screenshots all along made the tests about a tenth slower on a 2-core machine.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node scripts/e2e-server.ts',
    url: `http://localhost:${PORT}/app/api/v1/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: { PORT: String(PORT), IDP_PORT: String(IDP_PORT) },
  },
});

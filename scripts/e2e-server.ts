/**
 * The portal as `npm start` runs it (built-in identity provider, PGlite, demo data), on a fresh data folder
 * for the e2e suite. Playwright starts and stops it.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dataDir = fileURLToPath(new URL('../test-results/e2e-data', import.meta.url));
rmSync(dataDir, { recursive: true, force: true });
const port = process.env.PORT ?? '3100';
const server = spawn(
  process.execPath,
  [fileURLToPath(new URL('../apps/server/src/main.ts', import.meta.url))],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      DEMO_DATA: 'true',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
  },
);
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => server.kill('SIGTERM'));
server.on('exit', (code) => process.exit(code ?? 0));

/**
 * Runs the server's integration suite a second time against PostgreSQL (TEST_DATABASE_URL),
 * as `npm test` and CI do. Without TEST_DATABASE_URL it says so and does nothing.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const url = process.env.TEST_DATABASE_URL;
if (!url) {
  console.log(
    'TEST_DATABASE_URL is not set: skipping the PostgreSQL run of the integration suite (README, Tests).',
  );
  process.exit(0);
}
console.log(`Integration suite against PostgreSQL (${new URL(url).host})`);
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const run = spawnSync(process.execPath, [vitest, 'run', '--project', 'server'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(run.status ?? 1);

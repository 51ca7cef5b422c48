import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Config, loadConfig } from '../../src/config.ts';

export const TEST_PUBLIC_URL = 'http://localhost:4200';
export const TEST_CLIENT_ID = 'portal';
export const TEST_CLIENT_SECRET = 'portal-test-secret-0123456789';

/** A configuration as the tests run the server: quiet logs, a temporary data folder, no built web app. */
export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  return loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: TEST_PUBLIC_URL,
    DATA_DIR: dataDir,
    ISSUER_URL: 'http://127.0.0.1:9/realms/excelencia',
    CLIENT_ID: TEST_CLIENT_ID,
    CLIENT_SECRET: TEST_CLIENT_SECRET,
    SESSION_SECRET: 'test-session-secret-0123456789-abcdef',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
    // Tests read what they just wrote, also straight into the database; the tests of the kept answers turn them on.
    PUBLIC_CACHE_MS: '0',
    ...env,
  });
}

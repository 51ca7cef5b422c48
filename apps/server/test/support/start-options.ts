import { readFileSync } from 'node:fs';

/**
 * The Node options `npm start` starts the portal with (the root package.json's start script, `node <options>
 * apps/server/src/main.ts`): for the processes that run the portal as it runs (main-process.test.ts, the bench's
 * deadline rush), so that what they measure is what `npm start` gives. README, "What npm start runs".
 */
export function startNodeOptions(): string[] {
  const manifest = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const start = manifest.scripts.start ?? '';
  const command = /(?:^|&&)\s*node\s+((?:-\S+\s+)*)apps\/server\/src\/main\.ts\s*$/.exec(start);
  if (!command) throw new Error(`package.json's start script runs no apps/server/src/main.ts: ${start}`);
  return (command[1] ?? '').split(/\s+/).filter(Boolean);
}

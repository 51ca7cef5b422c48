import { readFileSync } from 'node:fs';

/**
 * How `npm start` starts the portal (the root package.json's start script, `VAR=value … node <options>
 * apps/server/src/main.ts`): the environment it sets and Node's options, for the processes that run the portal as
 * it runs (main-process.test.ts, the bench's deadline rush), so that what they measure is what `npm start` gives.
 * README, "What npm start runs".
 */
export function startCommand(): { env: Record<string, string>; nodeOptions: string[] } {
  const manifest = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const start = manifest.scripts.start ?? '';
  const command = /(?:^|&&)\s*((?:[A-Z_]+=\S*\s+)*)node\s+((?:-\S+\s+)*)apps\/server\/src\/main\.ts\s*$/.exec(
    start,
  );
  if (!command) throw new Error(`package.json's start script runs no apps/server/src/main.ts: ${start}`);
  const words = (text: string | undefined) => (text ?? '').split(/\s+/).filter(Boolean);
  return {
    env: Object.fromEntries(words(command[1]).map((word) => word.split('=', 2) as [string, string])),
    nodeOptions: words(command[2]),
  };
}

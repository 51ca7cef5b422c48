import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCommand } from './support/start-options.ts';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'excelencia-main-'));
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/**
 * Starts the portal as `npm start` does (its environment and Node options, without building the web app), on its own ports and
 * data folder.
 */
function start(
  port: number,
  env: Record<string, string> = {},
): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let output = '';
  const { env: startEnv, nodeOptions } = startCommand();
  const child = spawn(process.execPath, [...nodeOptions, MAIN], {
    env: {
      ...process.env,
      ...startEnv,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: String(port),
      IDP_PORT: String(port + 1),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

type Portal = ReturnType<typeof start>;

/**
 * Starts the portal on a random port (the identity provider and `extraPorts` beside it) and waits until it answers.
 * A port another process holds is tried again elsewhere; any other exit before answering fails with its output.
 */
async function startAnswering(
  env: (port: number) => Record<string, string> = () => ({}),
): Promise<{ portal: Portal; port: number; health: Response }> {
  for (let attempt = 1; ; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const portal = start(port, env(port));
    let exited = false;
    void portal.exited.then(() => {
      exited = true;
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        return { portal, port, health: await fetch(`http://127.0.0.1:${port}/app/api/v1/health`) };
      } catch {
        if (exited && portal.output().includes('EADDRINUSE') && attempt < 3) break;
        if (exited) throw new Error(`The portal exited before answering:\n${portal.output()}`);
        if (Date.now() > deadline) {
          portal.child.kill('SIGKILL');
          throw new Error(`The portal did not answer within 60 s:\n${portal.output()}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }
}

type Option = { id: string };

/** A visitor's registration through the public API (options, CSRF double-submit cookie), as the form sends it. */
async function register(port: number, email: string): Promise<number> {
  const base = `http://127.0.0.1:${port}/app/api/v1`;
  const first = async (path: string) => ((await (await fetch(`${base}${path}`)).json()) as Option[])[0]?.id;
  const caeSectionId = await first('/public/options/cae-sections');
  const caeDivisionId = await first(`/public/options/cae-divisions?sectionId=${caeSectionId}`);
  const islandId = await first('/public/options/islands');
  const cityId = await first(`/public/options/cities?islandId=${islandId}`);
  const csrf = ((await (await fetch(`http://127.0.0.1:${port}/auth/csrf`)).json()) as { csrfToken: string })
    .csrfToken;
  const password = 'Registo!Seguro-2026';
  const response = await fetch(`${base}/registrations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `portal_csrf=${csrf}`, 'x-csrf-token': csrf },
    body: JSON.stringify({
      companyName: 'Persistência, Lda',
      responsibleName: 'Ana Lima',
      email,
      phone: '+238 991 00 00',
      nif: '299999991',
      password,
      confirmPassword: password,
      caeSectionId,
      caeDivisionId,
      islandId,
      cityId,
      acceptedTerms: true,
      language: 'pt',
    }),
  });
  return response.status;
}

describe('the server process', () => {
  it('starts, answers, stops cleanly on SIGTERM, and a second start keeps the data folder', async () => {
    for (const run of [1, 2]) {
      const { portal, port, health } = await startAnswering();
      expect(health.status, portal.output()).toBe(200);
      expect(portal.output()).toContain(`Excelência portal: open http://localhost:${port}/`);
      const email = 'persiste@empresa.cv';
      if (run === 1) expect(await register(port, email)).toBe(202);
      else {
        // The first run's registration and its confirmation mail are still there.
        const mail = await (await fetch(`http://127.0.0.1:${port}/dev/mail`)).text();
        expect(mail).toContain(email);
      }
      portal.child.kill('SIGTERM');
      expect(await portal.exited, portal.output()).toBe(0);
      const log = portal
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg?: string; signal?: string });
      expect(
        log.some((line) => line.msg === 'shutting down' && line.signal === 'SIGTERM'),
        `run ${run}`,
      ).toBe(true);
      // After the exit nothing listens any more.
      await expect(fetch(`http://127.0.0.1:${port}/app/api/v1/health`)).rejects.toThrow();
    }
  }, 150_000);

  it("keeps V8's young generation to 2 × 16 MiB, whatever the machine's memory (README, What npm start runs)", async () => {
    // Node sizes the young generation from the heap limit it derives from the machine's memory: 2 × 64 MiB on a
    // machine of 16 GiB or more, which the rush's uploads fill with their chunks between collections.
    const { portal, port, health } = await startAnswering((port) => ({ METRICS_PORT: String(port + 2) }));
    try {
      expect(health.status, portal.output()).toBe(200);
      const metrics = await (await fetch(`http://127.0.0.1:${port + 2}/metrics`)).text();
      const newSpace = /^nodejs_heap_space_size_total_bytes\{space="new"\} (\d+)/m.exec(metrics);
      expect(newSpace, metrics.slice(0, 2000)).not.toBeNull();
      expect(Number(newSpace?.[1])).toBeLessThanOrEqual(2 * 16 * 1024 * 1024);
    } finally {
      portal.child.kill('SIGTERM');
      await portal.exited;
    }
  }, 90_000);
});

import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

/** Reads a JSON file, or returns undefined when it does not exist. */
export async function readJsonFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return JSON.parse(text) as unknown;
}

/**
 * Writes JSON atomically: a temporary file beside the target, then a rename, so a crash never
 * leaves a half-written file. Files are readable by the owner only (they hold secrets).
 */
export async function writeJsonFileAtomic(path: string, value: unknown): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, path);
}

/**
 * Serialises writes of one file: each save waits for the previous one, and saves requested while
 * one is running collapse into a single write of the latest state.
 */
export class SerialWriter {
  readonly #path: string;
  readonly #snapshot: () => unknown;
  #running: Promise<void> = Promise.resolve();
  #pending: Promise<void> | undefined;

  constructor(path: string, snapshot: () => unknown) {
    this.#path = path;
    this.#snapshot = snapshot;
  }

  save(): Promise<void> {
    if (this.#pending) return this.#pending;
    const next = this.#running.then(async () => {
      this.#pending = undefined;
      await writeJsonFileAtomic(this.#path, this.#snapshot());
    });
    this.#pending = next;
    this.#running = next.catch(() => undefined);
    return next;
  }

  /** Resolves once every requested write has finished. */
  async flush(): Promise<void> {
    await this.#running;
  }
}

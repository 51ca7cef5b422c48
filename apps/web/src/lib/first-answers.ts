/**
 * The answers the server sent with a signed-in page (`<script type="application/json" id="first-answers">`,
 * apps/server/src/modules/site/first-answers.ts, docs/adr/0025): the session and a company user's companies,
 * by API path. The app's first GET of such a path takes its answer from here instead of the network, once,
 * and only while the page has just loaded; every later call goes to the server.
 */

/** How long after the page's start an answer sent with it is still taken as fresh. */
export const FIRST_ANSWERS_FRESH_MS = 30_000;

let answers: Map<string, unknown> | null = null;

function read(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  if (typeof document === 'undefined') return answers;
  const block = document.getElementById('first-answers');
  if (!block?.textContent) return answers;
  try {
    const parsed = JSON.parse(block.textContent) as unknown;
    if (parsed && typeof parsed === 'object') {
      for (const [path, body] of Object.entries(parsed)) answers.set(path, body);
    }
  } catch {
    // A damaged block: the app asks the server as usual.
  }
  block.remove();
  return answers;
}

/** The answer sent with the page for a GET of `path`, taken once; undefined when there is none or it is stale. */
export function takeFirstAnswer(path: string, now = performance.now()): unknown {
  const found = read();
  if (!found.has(path)) return undefined;
  const body = found.get(path);
  found.delete(path);
  return now <= FIRST_ANSWERS_FRESH_MS ? body : undefined;
}

/** Whether the page came with an answer for a GET of `path` not taken yet. */
export function hasFirstAnswer(path: string): boolean {
  return read().has(path);
}

/** Reads the block now (the app does so before its first render) or, in tests, forgets what was read. */
export function resetFirstAnswers(): void {
  answers = null;
}

/** Keeps at most this many entries; the oldest go first. */
const MAX_ENTRIES = 10_000;

/**
 * What a sign-in request (an oidc-provider interaction, by uid) has done so far between two of its pages: the
 * password checked and the code still to come, or the secret shown for enrolment. In memory only: after a
 * restart the user starts the step again. An interaction uid is bound to its browser by the provider's cookie,
 * which every route checks before reading this.
 */
export class InteractionSteps<T> {
  readonly #entries = new Map<string, { value: T; expiresAt: number }>();
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(ttlMs: number, now: () => number) {
    this.#ttlMs = ttlMs;
    this.#now = now;
  }

  get(uid: string): T | undefined {
    const entry = this.#entries.get(uid);
    if (!entry) return undefined;
    if (entry.expiresAt > this.#now()) return entry.value;
    this.#entries.delete(uid);
    return undefined;
  }

  set(uid: string, value: T): void {
    this.#entries.delete(uid);
    this.#entries.set(uid, { value, expiresAt: this.#now() + this.#ttlMs });
    while (this.#entries.size > MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }

  delete(uid: string): void {
    this.#entries.delete(uid);
  }
}

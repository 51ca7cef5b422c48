export interface LoginGuardLimits {
  /** Failures of one (account, address) pair before any wait: a few typing mistakes cost nothing. */
  freePairFailures: number;
  /** The first wait of a pair; each further failure doubles it, up to `maxPairWaitMs`. */
  basePairWaitMs: number;
  maxPairWaitMs: number;
  /** Failures from one address, across every account, before the address has to wait (many users behind a NAT). */
  freeAddressFailures: number;
  baseAddressWaitMs: number;
  /** Kept short: a correct password of another account behind the same address is never held for long. */
  maxAddressWaitMs: number;
  /** A pair or address without a failure for this long starts again from nothing. */
  quietMs: number;
  /** How long a successful sign-in from an address exempts that pair from the address's wait. */
  knownPairMs: number;
}

export const DEFAULT_LIMITS: LoginGuardLimits = {
  freePairFailures: 3,
  basePairWaitMs: 1_000,
  maxPairWaitMs: 60_000,
  freeAddressFailures: 100,
  baseAddressWaitMs: 1_000,
  maxAddressWaitMs: 10_000,
  quietMs: 15 * 60_000,
  knownPairMs: 30 * 24 * 60 * 60_000,
};

/** Keeps at most this many keys per table; the oldest go first (a flood of made-up e-mails stays bounded). */
const MAX_KEYS = 10_000;

interface Failures {
  count: number;
  lastAt: number;
  waitUntil: number;
}

/** Failures per key with a growing wait: free failures, then base, 2 × base, 4 × base … capped. */
class WaitTable {
  readonly #entries = new Map<string, Failures>();
  readonly #free: number;
  readonly #baseMs: number;
  readonly #maxMs: number;
  readonly #quietMs: number;

  constructor(free: number, baseMs: number, maxMs: number, quietMs: number) {
    this.#free = free;
    this.#baseMs = baseMs;
    this.#maxMs = maxMs;
    this.#quietMs = quietMs;
  }

  #current(key: string, now: number): Failures | undefined {
    const entry = this.#entries.get(key);
    if (entry && entry.lastAt <= now - this.#quietMs) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  waitUntil(key: string, now: number): number | undefined {
    const until = this.#current(key, now)?.waitUntil;
    return until !== undefined && until > now ? until : undefined;
  }

  fail(key: string, now: number): void {
    const entry = this.#current(key, now) ?? { count: 0, lastAt: now, waitUntil: 0 };
    entry.count += 1;
    entry.lastAt = now;
    const beyond = entry.count - this.#free;
    entry.waitUntil = beyond > 0 ? now + Math.min(this.#baseMs * 2 ** (beyond - 1), this.#maxMs) : 0;
    // Re-inserted so that the map's order is the order of the last failure (the oldest are trimmed first).
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    trim(this.#entries);
  }

  clear(key: string): void {
    this.#entries.delete(key);
  }

  clearWhere(matches: (key: string) => boolean): void {
    for (const key of this.#entries.keys()) if (matches(key)) this.#entries.delete(key);
  }
}

function trim(table: Map<string, unknown>): void {
  while (table.size > MAX_KEYS) {
    const oldest = table.keys().next().value;
    if (oldest === undefined) break;
    table.delete(oldest);
  }
}

const pairKey = (email: string, address: string) => `${email}\n${address}`;

/**
 * Brute-force protection of the sign-in form (ADR 0019), on Keycloak's model: temporary, growing waits, never a
 * lock a stranger can put on an account.
 * - Each (account, address) pair gets a few free failures, then a wait that doubles with each further failure
 *   (1 s, 2 s, 4 s … at most 60 s), forgotten after 15 quiet minutes. The owner signing in from another address
 *   is not held, and a password reset clears every wait of the account.
 * - An address gets a wait only after many failures across accounts (100), at most 10 s; a pair that signed in
 *   successfully from that address in the last 30 days is not held by it.
 * Attempts refused during a wait are not checked and do not count. Keys are e-mails whether or not an account
 * has them, so the waits say nothing about who has an account. Wrong one-time codes count like wrong passwords.
 */
export class LoginGuard {
  readonly #pairs: WaitTable;
  readonly #addresses: WaitTable;
  readonly #knownPairs = new Map<string, number>();
  readonly #limits: LoginGuardLimits;
  readonly #now: () => number;

  constructor(limits: LoginGuardLimits = DEFAULT_LIMITS, now: () => number = Date.now) {
    this.#limits = limits;
    this.#pairs = new WaitTable(
      limits.freePairFailures,
      limits.basePairWaitMs,
      limits.maxPairWaitMs,
      limits.quietMs,
    );
    this.#addresses = new WaitTable(
      limits.freeAddressFailures,
      limits.baseAddressWaitMs,
      limits.maxAddressWaitMs,
      limits.quietMs,
    );
    this.#now = now;
  }

  #isKnown(key: string, now: number): boolean {
    const until = this.#knownPairs.get(key);
    if (until === undefined) return false;
    if (until > now) return true;
    this.#knownPairs.delete(key);
    return false;
  }

  /** When the wait of this sign-in attempt ends (epoch ms), or undefined when it may be checked now. */
  waitUntil(email: string, address: string): number | undefined {
    const now = this.#now();
    const key = pairKey(email, address);
    const pair = this.#pairs.waitUntil(key, now);
    const shared = this.#isKnown(key, now) ? undefined : this.#addresses.waitUntil(address, now);
    if (pair === undefined) return shared;
    return shared === undefined ? pair : Math.max(pair, shared);
  }

  /** Seconds left of a wait that ends at `until` (at least 1). */
  secondsUntil(until: number): number {
    return Math.max(1, Math.ceil((until - this.#now()) / 1000));
  }

  recordFailure(email: string, address: string): void {
    const now = this.#now();
    this.#pairs.fail(pairKey(email, address), now);
    this.#addresses.fail(address, now);
  }

  /** A correct password (and code): the pair's failures are forgotten and the pair becomes known. */
  recordSuccess(email: string, address: string): void {
    const key = pairKey(email, address);
    this.#pairs.clear(key);
    this.#knownPairs.delete(key);
    this.#knownPairs.set(key, this.#now() + this.#limits.knownPairMs);
    trim(this.#knownPairs);
  }

  /** Forgets every wait of the account, from every address (a password reset). */
  clearAccount(email: string): void {
    const prefix = `${email}\n`;
    this.#pairs.clearWhere((key) => key.startsWith(prefix));
  }
}

export interface LoginGuardLimits {
  /** Failed attempts on one account within `windowMs` that lock it. */
  maxAccountFailures: number;
  /** Failed attempts from one address within `windowMs` that block it. */
  maxAddressFailures: number;
  windowMs: number;
  /** How long a lock or block lasts from the failure that triggered it. */
  lockMs: number;
}

export const DEFAULT_LIMITS: LoginGuardLimits = {
  maxAccountFailures: 5,
  maxAddressFailures: 50,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
};

/** Keeps at most this many keys per table; the oldest go first (a flood of made-up e-mails stays bounded). */
const MAX_KEYS = 10_000;

class FailureTable {
  readonly #failures = new Map<string, number[]>();
  readonly #lockedUntil = new Map<string, number>();
  readonly #limit: number;
  readonly #limits: LoginGuardLimits;

  constructor(limit: number, limits: LoginGuardLimits) {
    this.#limit = limit;
    this.#limits = limits;
  }

  lockedUntil(key: string, now: number): number | undefined {
    const until = this.#lockedUntil.get(key);
    if (until === undefined) return undefined;
    if (until > now) return until;
    this.#lockedUntil.delete(key);
    this.#failures.delete(key);
    return undefined;
  }

  fail(key: string, now: number): void {
    const recent = (this.#failures.get(key) ?? []).filter((at) => at > now - this.#limits.windowMs);
    recent.push(now);
    this.#failures.delete(key);
    this.#failures.set(key, recent);
    if (recent.length >= this.#limit) this.#lockedUntil.set(key, now + this.#limits.lockMs);
    this.#trim();
  }

  clear(key: string): void {
    this.#failures.delete(key);
  }

  #trim(): void {
    for (const table of [this.#failures, this.#lockedUntil] as Map<string, unknown>[]) {
      while (table.size > MAX_KEYS) {
        const oldest = table.keys().next().value;
        if (oldest === undefined) break;
        table.delete(oldest);
      }
    }
  }
}

/**
 * Brute-force protection of the sign-in form: an account is locked for 15 minutes after 5 failed attempts
 * within 15 minutes (whether or not the e-mail exists, so the lock says nothing about existence), and an
 * address that fails too often is blocked the same way.
 */
export class LoginGuard {
  readonly #accounts: FailureTable;
  readonly #addresses: FailureTable;
  readonly #now: () => number;

  constructor(limits: LoginGuardLimits = DEFAULT_LIMITS, now: () => number = Date.now) {
    this.#accounts = new FailureTable(limits.maxAccountFailures, limits);
    this.#addresses = new FailureTable(limits.maxAddressFailures, limits);
    this.#now = now;
  }

  /** When the account's lock ends (epoch ms), or undefined if it is not locked. */
  accountLockedUntil(email: string): number | undefined {
    return this.#accounts.lockedUntil(email, this.#now());
  }

  addressBlockedUntil(address: string): number | undefined {
    return this.#addresses.lockedUntil(address, this.#now());
  }

  recordFailure(email: string, address: string): void {
    const now = this.#now();
    this.#accounts.fail(email, now);
    this.#addresses.fail(address, now);
  }

  recordSuccess(email: string): void {
    this.#accounts.clear(email);
  }
}

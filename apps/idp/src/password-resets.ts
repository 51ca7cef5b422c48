import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { readJsonFile, SerialWriter } from './json-file.ts';

/** How long a password reset link works. */
export const RESET_LINK_MINUTES = 60;
/** A new link for the same account is not sent more often than this (a form sent twice sends one mail). */
export const RESET_RESEND_SECONDS = 60;

interface StoredReset {
  /** sha256 of the token: the link's secret is never stored. */
  tokenHash: string;
  accountId: string;
  issuedAt: number;
  expiresAt: number;
  /** The sign-in interaction the request came from, to return to it when it is still open. */
  interactionUid: string | null;
}

interface StoredResets {
  version: 1;
  resets: StoredReset[];
}

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Password reset links: a random token per request, stored as its hash with the account and an expiry, in
 * memory and, with a data directory, in password-resets.json. A link works once: using it removes it and every
 * other link of the account; a newer request replaces the older link.
 */
export class PasswordResets {
  #resets: StoredReset[] = [];
  readonly #writer: SerialWriter | undefined;
  readonly #now: () => number;

  private constructor(file: string | undefined, now: () => number) {
    this.#now = now;
    this.#writer = file
      ? new SerialWriter(file, (): StoredResets => ({ version: 1, resets: this.#resets }))
      : undefined;
  }

  static async open(dataDir: string | undefined, now: () => number = Date.now): Promise<PasswordResets> {
    const file = dataDir ? join(dataDir, 'password-resets.json') : undefined;
    const store = new PasswordResets(file, now);
    if (file) {
      const stored = (await readJsonFile(file)) as StoredResets | undefined;
      store.#resets = (stored?.resets ?? []).filter((reset) => reset.expiresAt > now());
    }
    return store;
  }

  async flush(): Promise<void> {
    await this.#writer?.flush();
  }

  #live(): StoredReset[] {
    const now = this.#now();
    this.#resets = this.#resets.filter((reset) => reset.expiresAt > now);
    return this.#resets;
  }

  /** Whether a link was issued for the account within the last RESET_RESEND_SECONDS. */
  recentlyIssued(accountId: string): boolean {
    const since = this.#now() - RESET_RESEND_SECONDS * 1000;
    return this.#live().some((reset) => reset.accountId === accountId && reset.issuedAt > since);
  }

  /** A new link's token for the account (older links of the account stop working). */
  async issue(accountId: string, interactionUid: string | null): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.#now();
    this.#resets = this.#live().filter((reset) => reset.accountId !== accountId);
    this.#resets.push({
      tokenHash: hashOf(token),
      accountId,
      issuedAt: now,
      expiresAt: now + RESET_LINK_MINUTES * 60_000,
      interactionUid,
    });
    await this.#writer?.save();
    return token;
  }

  /** The link's account and interaction while it is unused and unexpired; undefined otherwise. */
  find(token: string): { accountId: string; interactionUid: string | null } | undefined {
    if (!/^[\w-]{20,100}$/.test(token)) return undefined;
    const tokenHash = hashOf(token);
    const reset = this.#live().find((candidate) => candidate.tokenHash === tokenHash);
    return reset ? { accountId: reset.accountId, interactionUid: reset.interactionUid } : undefined;
  }

  /** Uses the link: removes it and every other link of its account, and returns what it was for. */
  async consume(token: string): Promise<{ accountId: string; interactionUid: string | null } | undefined> {
    const found = this.find(token);
    if (!found) return undefined;
    this.#resets = this.#resets.filter((reset) => reset.accountId !== found.accountId);
    await this.#writer?.save();
    return found;
  }
}

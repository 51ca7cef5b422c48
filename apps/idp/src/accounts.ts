import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { type Role, SIGNED_IN_ROLE } from '@excelencia/domain';
import { hash, verify } from '@node-rs/argon2';
import { readJsonFile, SerialWriter } from './json-file.ts';

/** Realm roles an account may be given; every account also has uma_authorization (Keycloak's default role). */
export const ASSIGNABLE_ROLES = ['admin', 'company', 'partner'] as const satisfies readonly Role[];
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export function isAssignableRole(name: string): name is AssignableRole {
  return (ASSIGNABLE_ROLES as readonly string[]).includes(name);
}

/** A time-based one-time password (RFC 6238: SHA-1, 6 digits, 30 s) of an account, Keycloak's `otp` credential. */
export interface TotpCredential {
  /** The credential's id (GET users/:id/credentials, kc_action=delete_credential:<id>). */
  id: string;
  /** The shared secret, base32; it must be read to check codes, so it is kept as is (accounts.json is the owner's only). */
  secret: string;
  createdTimestamp: number;
  /** The time step of the last accepted code: no code of that step or an earlier one is accepted again. */
  lastTimeStep: number;
  /** SHA-256 of the recovery codes not used yet (each works once). */
  recoveryCodeHashes: string[];
}

export interface Account {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  enabled: boolean;
  emailVerified: boolean;
  attributes: Record<string, string[]>;
  roles: AssignableRole[];
  passwordHash: string | null;
  createdTimestamp: number;
  /** Two-factor sign-in; absent or null when the account has none. */
  totp?: TotpCredential | null;
}

export interface NewAccount {
  email: string;
  firstName?: string;
  lastName?: string;
  enabled?: boolean;
  emailVerified?: boolean;
  attributes?: Record<string, string[]>;
  password?: string;
}

export type AccountChanges = Partial<
  Pick<Account, 'email' | 'firstName' | 'lastName' | 'enabled' | 'emailVerified' | 'attributes'>
>;

export class DuplicateEmailError extends Error {
  constructor() {
    super('User exists with same email');
  }
}

/** The realm roles of an account as they appear in tokens (realm_access.roles). */
export function realmRolesOf(account: Account): string[] {
  return [...account.roles, SIGNED_IN_ROLE];
}

/** The `name` claim: first and last name, trimmed (as Keycloak builds it). */
export function fullNameOf(account: Account): string {
  return `${account.firstName} ${account.lastName}`.trim();
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

interface StoredAccounts {
  version: 1;
  accounts: Account[];
}

// A hash of a random password, verified against when the e-mail is unknown so that both cases take as long.
let unknownAccountHash: Promise<string> | undefined;
function hashForUnknownAccounts(): Promise<string> {
  unknownAccountHash ??= hash(randomUUID());
  return unknownAccountHash;
}

/**
 * Accounts of the realm, kept in memory and, with a data directory, in accounts.json (written atomically
 * after each change). Passwords are stored only as argon2id hashes.
 */
export class AccountStore {
  readonly #byId = new Map<string, Account>();
  readonly #idByEmail = new Map<string, string>();
  readonly #writer: SerialWriter | undefined;

  private constructor(file: string | undefined) {
    this.#writer = file
      ? new SerialWriter(file, (): StoredAccounts => ({ version: 1, accounts: [...this.#byId.values()] }))
      : undefined;
  }

  static async open(dataDir: string | undefined): Promise<AccountStore> {
    const file = dataDir ? join(dataDir, 'accounts.json') : undefined;
    const store = new AccountStore(file);
    if (file) {
      const stored = (await readJsonFile(file)) as StoredAccounts | undefined;
      for (const account of stored?.accounts ?? []) store.#index(account);
    }
    return store;
  }

  #index(account: Account): void {
    this.#byId.set(account.id, account);
    this.#idByEmail.set(account.email, account.id);
  }

  async #persist(): Promise<void> {
    await this.#writer?.save();
  }

  async flush(): Promise<void> {
    await this.#writer?.flush();
  }

  list(): Account[] {
    return [...this.#byId.values()].sort((a, b) => a.createdTimestamp - b.createdTimestamp);
  }

  findById(id: string): Account | undefined {
    return this.#byId.get(id);
  }

  findByEmail(email: string): Account | undefined {
    const id = this.#idByEmail.get(normalizeEmail(email));
    return id === undefined ? undefined : this.#byId.get(id);
  }

  async create(input: NewAccount): Promise<Account> {
    const email = normalizeEmail(input.email);
    if (this.#idByEmail.has(email)) throw new DuplicateEmailError();
    const passwordHash = input.password === undefined ? null : await hash(input.password);
    // Checked again: another creation may have finished while the password was hashed.
    if (this.#idByEmail.has(email)) throw new DuplicateEmailError();
    const account: Account = {
      id: randomUUID(),
      email,
      firstName: input.firstName?.trim() ?? '',
      lastName: input.lastName?.trim() ?? '',
      enabled: input.enabled ?? true,
      emailVerified: input.emailVerified ?? false,
      attributes: input.attributes ?? {},
      roles: [],
      passwordHash,
      createdTimestamp: Date.now(),
    };
    this.#index(account);
    await this.#persist();
    return account;
  }

  async update(id: string, changes: AccountChanges): Promise<Account | undefined> {
    const account = this.#byId.get(id);
    if (!account) return undefined;
    if (changes.email !== undefined) {
      const email = normalizeEmail(changes.email);
      const owner = this.#idByEmail.get(email);
      if (owner !== undefined && owner !== id) throw new DuplicateEmailError();
      this.#idByEmail.delete(account.email);
      account.email = email;
      this.#idByEmail.set(email, id);
    }
    if (changes.firstName !== undefined) account.firstName = changes.firstName.trim();
    if (changes.lastName !== undefined) account.lastName = changes.lastName.trim();
    if (changes.enabled !== undefined) account.enabled = changes.enabled;
    if (changes.emailVerified !== undefined) account.emailVerified = changes.emailVerified;
    if (changes.attributes !== undefined) account.attributes = changes.attributes;
    await this.#persist();
    return account;
  }

  async remove(id: string): Promise<boolean> {
    const account = this.#byId.get(id);
    if (!account) return false;
    this.#byId.delete(id);
    this.#idByEmail.delete(account.email);
    await this.#persist();
    return true;
  }

  async setPassword(id: string, password: string): Promise<boolean> {
    const account = this.#byId.get(id);
    if (!account) return false;
    account.passwordHash = await hash(password);
    await this.#persist();
    return true;
  }

  /** Turns two-factor sign-in on with this credential (replacing any earlier one). */
  async setTotp(id: string, credential: TotpCredential): Promise<boolean> {
    const account = this.#byId.get(id);
    if (!account) return false;
    account.totp = credential;
    await this.#persist();
    return true;
  }

  async removeTotp(id: string): Promise<boolean> {
    const account = this.#byId.get(id);
    if (!account?.totp) return false;
    account.totp = null;
    await this.#persist();
    return true;
  }

  /**
   * Records that a code of `timeStep` was accepted, unless one of that step or a later one already was (then
   * false: a replay). Checked and changed before any await, so two requests with the same code cannot both pass.
   */
  async acceptTotpStep(id: string, timeStep: number): Promise<boolean> {
    const totp = this.#byId.get(id)?.totp;
    if (!totp || timeStep <= totp.lastTimeStep) return false;
    totp.lastTimeStep = timeStep;
    await this.#persist();
    return true;
  }

  /** Uses up a recovery code (by its hash); false when the account has no such unused code. */
  async spendRecoveryCode(id: string, codeHash: string): Promise<boolean> {
    const totp = this.#byId.get(id)?.totp;
    const index = totp?.recoveryCodeHashes.indexOf(codeHash) ?? -1;
    if (!totp || index < 0) return false;
    totp.recoveryCodeHashes.splice(index, 1);
    await this.#persist();
    return true;
  }

  async addRoles(id: string, roles: readonly AssignableRole[]): Promise<boolean> {
    const account = this.#byId.get(id);
    if (!account) return false;
    account.roles = ASSIGNABLE_ROLES.filter((role) => account.roles.includes(role) || roles.includes(role));
    await this.#persist();
    return true;
  }

  async removeRoles(id: string, roles: readonly AssignableRole[]): Promise<boolean> {
    const account = this.#byId.get(id);
    if (!account) return false;
    account.roles = account.roles.filter((role) => !roles.includes(role));
    await this.#persist();
    return true;
  }

  /** The account whose password matches, or undefined; takes as long whether the e-mail exists or not. */
  async verifyPassword(email: string, password: string): Promise<Account | undefined> {
    const account = this.findByEmail(email);
    if (!account?.passwordHash) {
      await verify(await hashForUnknownAccounts(), password).catch(() => false);
      return undefined;
    }
    const matches = await verify(account.passwordHash, password).catch(() => false);
    return matches ? account : undefined;
  }
}

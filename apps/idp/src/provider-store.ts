import { join } from 'node:path';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { readJsonFile, SerialWriter } from './json-file.ts';

interface Entry {
  payload: AdapterPayload;
  /** Epoch milliseconds, or null for no expiry. */
  expiresAt: number | null;
}

interface StoredState {
  version: 1;
  entries: [key: string, entry: Entry][];
}

/** Models whose entries carry a grantId and go away when their grant is revoked. */
const GRANT_MEMBERS = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

const SWEEP_INTERVAL_MS = 60_000;

/**
 * The provider's storage (sessions, grants, interactions, codes, refresh tokens), one per instance,
 * in memory and, with a data directory, in provider-state.json, so a restarted development server keeps
 * its sign-in sessions and refresh tokens. Expired entries are dropped lazily and by a periodic sweep.
 */
export class ProviderStore {
  readonly #entries = new Map<string, Entry>();
  readonly #sessionByUid = new Map<string, string>();
  readonly #byUserCode = new Map<string, string>();
  readonly #byGrant = new Map<string, Set<string>>();
  readonly #writer: SerialWriter | undefined;
  readonly #onWriteError: (error: unknown) => void;
  #lastSweep = Date.now();

  private constructor(file: string | undefined, onWriteError: (error: unknown) => void) {
    this.#onWriteError = onWriteError;
    this.#writer = file
      ? new SerialWriter(file, (): StoredState => {
          this.#sweep();
          return { version: 1, entries: [...this.#entries] };
        })
      : undefined;
  }

  static async open(
    dataDir: string | undefined,
    onWriteError: (error: unknown) => void,
  ): Promise<ProviderStore> {
    const file = dataDir ? join(dataDir, 'provider-state.json') : undefined;
    const store = new ProviderStore(file, onWriteError);
    if (file) {
      const stored = (await readJsonFile(file)) as StoredState | undefined;
      for (const [key, entry] of stored?.entries ?? []) store.#set(key, entry);
      store.#sweep();
    }
    return store;
  }

  async flush(): Promise<void> {
    await this.#writer?.flush();
  }

  /** The adapter factory oidc-provider takes as its `adapter` option. */
  readonly adapterFor = (model: string): Adapter => {
    const key = (id: string) => `${model}:${id}`;
    return {
      upsert: async (id, payload, expiresIn) => {
        this.#delete(key(id));
        const expiresAt = typeof expiresIn === 'number' ? Date.now() + expiresIn * 1000 : null;
        this.#set(key(id), { payload, expiresAt });
        this.#changed();
      },
      find: async (id) => this.#find(key(id)),
      findByUid: async (uid) => {
        const id = this.#sessionByUid.get(uid);
        return id === undefined ? undefined : this.#find(id);
      },
      findByUserCode: async (userCode) => {
        const id = this.#byUserCode.get(userCode);
        return id === undefined ? undefined : this.#find(id);
      },
      consume: async (id) => {
        const entry = this.#entries.get(key(id));
        if (entry) {
          entry.payload.consumed = Math.floor(Date.now() / 1000);
          this.#changed();
        }
      },
      destroy: async (id) => {
        this.#delete(key(id));
        this.#changed();
      },
      revokeByGrantId: async (grantId) => {
        for (const member of this.#byGrant.get(grantId) ?? []) this.#delete(member);
        this.#byGrant.delete(grantId);
        this.#changed();
      },
    };
  };

  #find(key: string): AdapterPayload | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt !== null && entry.expiresAt <= Date.now()) {
      this.#delete(key);
      return undefined;
    }
    return entry.payload;
  }

  #set(key: string, entry: Entry): void {
    this.#entries.set(key, entry);
    const model = key.slice(0, key.indexOf(':'));
    const { uid, userCode, grantId } = entry.payload;
    if (model === 'Session' && uid) this.#sessionByUid.set(uid, key);
    if (userCode) this.#byUserCode.set(userCode, key);
    if (grantId && GRANT_MEMBERS.has(model)) {
      const members = this.#byGrant.get(grantId) ?? new Set<string>();
      members.add(key);
      this.#byGrant.set(grantId, members);
    }
  }

  #delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    const { uid, userCode, grantId } = entry.payload;
    if (uid && this.#sessionByUid.get(uid) === key) this.#sessionByUid.delete(uid);
    if (userCode && this.#byUserCode.get(userCode) === key) this.#byUserCode.delete(userCode);
    if (grantId) {
      const members = this.#byGrant.get(grantId);
      members?.delete(key);
      if (members?.size === 0) this.#byGrant.delete(grantId);
    }
  }

  #sweep(): void {
    const now = Date.now();
    this.#lastSweep = now;
    for (const [key, entry] of this.#entries) {
      if (entry.expiresAt !== null && entry.expiresAt <= now) this.#delete(key);
    }
  }

  #changed(): void {
    if (Date.now() - this.#lastSweep > SWEEP_INTERVAL_MS) this.#sweep();
    // A lost write only costs the sessions kept across a restart: report it and carry on.
    this.#writer?.save().catch(this.#onWriteError);
  }
}

import { isNifPrefix, type LocalizedText, searchText } from '@excelencia/domain';
import type { Database } from '../../db/client.ts';
import {
  allCities,
  allIslands,
  directoryChangesCounter,
  listedCompaniesInOrder,
} from './companies.repository.ts';

/**
 * The public directory's search, answered from memory: which listed companies match a name fragment or a NIF
 * prefix, in the directory's order, and how many. The database keeps a counter of the changes to what the
 * directory shows (the `directory_changes` sequence, moved on by triggers on companies, cities and islands), so
 * each search first reads that counter and rebuilds the index when it has moved: a change committed before the
 * search is always seen, whichever instance made it.
 *
 * The counter is read by one query at a time, shared by the searches that wait for it. A search joins only a
 * read that starts after it arrived (a read starts on the event loop's next turn, so searches arriving together
 * share it), so it never takes an answer older than itself.
 *
 * What matches is exactly what the SQL condition of the admin's list matches (`nameOrNifCondition`): the folded
 * term inside the generated search_text, or, for a digits-only term, a NIF beginning with it. The order is the
 * database's own (company name, then id), read with the rows. The index keeps what a directory row shows too (the
 * city and island shared between the companies that have them), so a search reads nothing else.
 */
export interface DirectoryIndex {
  /** The index as of now: current with every change committed before this call. */
  current(): Promise<DirectorySnapshot>;
}

export interface DirectorySnapshot {
  /** The counter value the index was read at (equal values: equal answers). */
  version: number;
  /** The matches of `search` in directory order: their total and the rows of the window asked for. */
  search(search: string | undefined, window: { limit: number; offset: number }): DirectoryMatches;
}

export interface DirectoryMatches {
  total: number;
  rows: DirectoryRow[];
}

/** A place as the directory prints it: its name in each language. */
export interface DirectoryPlace {
  id: string;
  description: LocalizedText;
}

/** What a directory row shows of a listed company. */
export interface DirectoryRow {
  company: {
    id: string;
    companyName: string;
    nif: string;
    establishmentDate: string | null;
    createdAt: Date;
    contactPhone: string | null;
    contactEmail: string | null;
    phone: string | null;
    website: string | null;
  };
  city: DirectoryPlace | null;
  island: DirectoryPlace | null;
}

interface Snapshot {
  /** The listed companies in directory order, and their search text and NIF. */
  rows: DirectoryRow[];
  texts: string[];
  nifs: string[];
  /** For each trigram of a search text, the positions (ascending) of the texts that contain it. */
  trigrams: Map<string, Int32Array>;
  /** The positions sorted by NIF. */
  byNif: Int32Array;
}

const TRIGRAM = 3;

function trigramsOf(text: string): Set<string> {
  const found = new Set<string>();
  for (let i = 0; i + TRIGRAM <= text.length; i++) found.add(text.slice(i, i + TRIGRAM));
  return found;
}

function buildSnapshot(rows: DirectoryRow[], texts: string[]): Snapshot {
  const postings = new Map<string, number[]>();
  texts.forEach((text, position) => {
    for (const trigram of trigramsOf(text)) {
      let list = postings.get(trigram);
      if (!list) {
        list = [];
        postings.set(trigram, list);
      }
      list.push(position);
    }
  });
  const trigrams = new Map<string, Int32Array>();
  for (const [trigram, list] of postings) trigrams.set(trigram, Int32Array.from(list));
  const nifs = rows.map((row) => row.company.nif);
  const byNif = Int32Array.from(rows.keys()).sort((a, b) => {
    const left = nifs[a] ?? '';
    const right = nifs[b] ?? '';
    return left < right ? -1 : left > right ? 1 : a - b;
  });
  return { rows, texts, nifs, trigrams, byNif };
}

/** The listed companies with what their rows show, in directory order, and their search texts. */
async function readListed(db: Database): Promise<{ rows: DirectoryRow[]; texts: string[] }> {
  const [listed, cityRows, islandRows] = await Promise.all([
    listedCompaniesInOrder(db),
    allCities(db),
    allIslands(db),
  ]);
  const islandById = new Map(islandRows.map((island) => [island.id, island]));
  const placeById = new Map(
    cityRows.map((city) => [
      city.id,
      {
        city: { id: city.id, description: city.description },
        island: (city.islandId ? islandById.get(city.islandId) : undefined) ?? null,
      },
    ]),
  );
  const texts: string[] = [];
  const rows = listed.map(({ cityId, text, ...company }): DirectoryRow => {
    texts.push(text);
    const place = cityId ? placeById.get(cityId) : undefined;
    return { company, city: place?.city ?? null, island: place?.island ?? null };
  });
  return { rows, texts };
}

/** Positions whose search text contains the folded term: through its rarest trigram when it has one. */
function nameMatches(snapshot: Snapshot, folded: string): number[] {
  const { texts } = snapshot;
  if (folded.length < TRIGRAM) {
    const found: number[] = [];
    for (let position = 0; position < texts.length; position++) {
      if (texts[position]?.includes(folded)) found.push(position);
    }
    return found;
  }
  let rarest: Int32Array | undefined;
  for (const trigram of trigramsOf(folded)) {
    const list = snapshot.trigrams.get(trigram);
    if (!list) return [];
    if (!rarest || list.length < rarest.length) rarest = list;
  }
  const found: number[] = [];
  for (const position of rarest ?? []) {
    if (texts[position]?.includes(folded)) found.push(position);
  }
  return found;
}

/** Positions whose NIF begins with the digits, in position order. */
function nifMatches(snapshot: Snapshot, digits: string): number[] {
  const { byNif, nifs } = snapshot;
  let low = 0;
  let high = byNif.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((nifs[byNif[middle] ?? 0] ?? '') < digits) low = middle + 1;
    else high = middle;
  }
  const found: number[] = [];
  for (let i = low; i < byNif.length; i++) {
    const position = byNif[i] ?? 0;
    if (!nifs[position]?.startsWith(digits)) break;
    found.push(position);
  }
  return found.sort((a, b) => a - b);
}

/** The union of two ascending lists, ascending. */
function union(left: number[], right: number[]): number[] {
  if (right.length === 0) return left;
  if (left.length === 0) return right;
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length || j < right.length) {
    const a = left[i] ?? Number.POSITIVE_INFINITY;
    const b = right[j] ?? Number.POSITIVE_INFINITY;
    out.push(Math.min(a, b));
    if (a <= b) i++;
    if (b <= a) j++;
  }
  return out;
}

/** The search as `nameOrNifCondition` writes it in SQL: null means every listed company. */
function matchesOf(snapshot: Snapshot, search: string | undefined): number[] | null {
  const term = (search ?? '').trim();
  if (!term) return null;
  const folded = searchText(term);
  const digits = term.replace(/\s/g, '');
  const byNif = isNifPrefix(digits) ? nifMatches(snapshot, searchText(digits)) : undefined;
  if (!folded) return byNif ?? null;
  const byName = nameMatches(snapshot, folded);
  return byNif ? union(byName, byNif) : byName;
}

/** The window of the matches of `search` in a snapshot. */
function searchIn(snapshot: Snapshot, search: string | undefined, window: { limit: number; offset: number }) {
  const matches = matchesOf(snapshot, search);
  const total = matches ? matches.length : snapshot.rows.length;
  const end = Math.min(total, window.offset + window.limit);
  const rows: DirectoryRow[] = [];
  for (let i = window.offset; i < end; i++) {
    const row = snapshot.rows[matches ? (matches[i] ?? 0) : i];
    if (row) rows.push(row);
  }
  return { total, rows };
}

export function createDirectoryIndex(db: Database): DirectoryIndex {
  let current: DirectorySnapshot | null = null;
  let building: { version: number; snapshot: Promise<DirectorySnapshot> } | null = null;
  let reading: Promise<number> | null = null;
  let nextRead: Promise<number> | null = null;

  async function readCounter(): Promise<number> {
    return directoryChangesCounter(db);
  }

  /**
   * The counter as read by a query that started after this call. A read starts on the event loop's next turn, so
   * the searches that arrive together share it (PGlite answers in this process, so reads would rarely overlap).
   */
  function counter(): Promise<number> {
    if (!reading) {
      reading = new Promise<void>((resolve) => setImmediate(resolve)).then(readCounter).finally(() => {
        reading = null;
      });
      return reading;
    }
    nextRead ??= reading
      .catch(() => undefined)
      .then(() => {
        nextRead = null;
        return counter();
      });
    return nextRead;
  }

  function snapshotAt(version: number): Promise<DirectorySnapshot> {
    if (current?.version === version) return Promise.resolve(current);
    if (building?.version === version) return building.snapshot;
    const snapshot = readListed(db)
      .then(({ rows, texts }): DirectorySnapshot => {
        const built = buildSnapshot(rows, texts);
        const handle = {
          version,
          search: (search, window) => searchIn(built, search, window),
        } satisfies DirectorySnapshot;
        if (!current || current.version < version) current = handle;
        return handle;
      })
      .finally(() => {
        if (building?.snapshot === snapshot) building = null;
      });
    building = { version, snapshot };
    return snapshot;
  }

  return {
    async current() {
      return snapshotAt(await counter());
    },
  };
}

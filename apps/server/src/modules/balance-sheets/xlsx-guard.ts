import { type FileHandle, open } from 'node:fs/promises';
import { Readable, type TransformOptions } from 'node:stream';
import { createInflateRaw, type ZlibOptions } from 'node:zlib';

/** Limits of an uploaded workbook, checked on the zip container before any spreadsheet parser sees it. */
export const XLSX_LIMITS = {
  /** Sum of the declared uncompressed sizes of all entries. */
  maxUncompressedBytes: 100 * 1024 * 1024,
  /** Uncompressed ÷ compressed size of any one entry. */
  maxRatio: 200,
  maxEntries: 10_000,
  /** The declared size of xl/sharedStrings.xml: the reader keeps every shared string in memory. */
  maxSharedStringsBytes: 20 * 1024 * 1024,
} as const;

const SHARED_STRINGS = 'xl/sharedStrings.xml';

export type XlsxRefusal = 'not_xlsx' | 'zip_bomb';

export class XlsxGuardError extends Error {
  readonly reason: XlsxRefusal;
  constructor(reason: XlsxRefusal, detail: string) {
    super(`${reason}: ${detail}`);
    this.name = 'XlsxGuardError';
    this.reason = reason;
  }
}

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_MIN = 22;
const MAX_COMMENT = 0xffff;
/** A field at its maximum means the real value is in a ZIP64 record: more than any upload we accept. */
const U16_MAX = 0xffff;
const U32_MAX = 0xffffffff;

const notXlsx = (detail: string) => new XlsxGuardError('not_xlsx', detail);
const bomb = (detail: string) => new XlsxGuardError('zip_bomb', detail);

/**
 * Reads the zip central directory of a file (End Of Central Directory record → the entries' names and sizes)
 * without decompressing anything. Throws XlsxGuardError('not_xlsx') when the file is not a plain zip.
 */
export async function readZipDirectory(path: string): Promise<ZipEntry[]> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    if (size < EOCD_MIN + 4) throw notXlsx('too short');
    const magic = Buffer.alloc(4);
    await handle.read(magic, 0, 4, 0);
    if (magic.readUInt32LE(0) !== LOCAL_SIGNATURE) throw notXlsx('no zip magic');

    const tailLength = Math.min(size, EOCD_MIN + MAX_COMMENT);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    let eocd = -1;
    for (let i = tailLength - EOCD_MIN; i >= 0; i -= 1) {
      if (
        tail.readUInt32LE(i) === EOCD_SIGNATURE &&
        i + EOCD_MIN + tail.readUInt16LE(i + 20) === tailLength
      ) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw notXlsx('no end of central directory');
    const entryCount = tail.readUInt16LE(eocd + 10);
    const directorySize = tail.readUInt32LE(eocd + 12);
    const directoryOffset = tail.readUInt32LE(eocd + 16);
    if (entryCount === U16_MAX || directorySize === U32_MAX || directoryOffset === U32_MAX) {
      throw notXlsx('zip64 archive');
    }
    if (entryCount > XLSX_LIMITS.maxEntries) throw bomb('too many entries');
    if (directoryOffset + directorySize > size - tailLength + eocd)
      throw notXlsx('central directory out of file');

    const directory = Buffer.alloc(directorySize);
    await handle.read(directory, 0, directorySize, directoryOffset);
    const entries: ZipEntry[] = [];
    let at = 0;
    for (let i = 0; i < entryCount; i += 1) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_SIGNATURE) {
        throw notXlsx('broken central directory');
      }
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      if (at + 46 + nameLength > directory.length) throw notXlsx('broken central directory');
      entries.push({
        name: directory.toString('utf8', at + 46, at + 46 + nameLength),
        method: directory.readUInt16LE(at + 10),
        compressedSize: directory.readUInt32LE(at + 20),
        uncompressedSize: directory.readUInt32LE(at + 24),
        localHeaderOffset: directory.readUInt32LE(at + 42),
      });
      at += 46 + nameLength + extraLength + commentLength;
    }
    return entries;
  } finally {
    await handle.close();
  }
}

/**
 * Refuses archives whose declared sizes would exhaust memory or disk once inflated (realSizeRefusal then holds
 * every entry to its declared size).
 */
export function checkDeclaredSizes(entries: ZipEntry[]): void {
  let total = 0;
  for (const entry of entries) {
    if (entry.compressedSize === U32_MAX || entry.uncompressedSize === U32_MAX) throw bomb('zip64 entry');
    total += entry.uncompressedSize;
    if (total > XLSX_LIMITS.maxUncompressedBytes) throw bomb('uncompressed total over the limit');
    if (entry.name === SHARED_STRINGS && entry.uncompressedSize > XLSX_LIMITS.maxSharedStringsBytes) {
      throw bomb('shared strings over the limit');
    }
    if (entry.uncompressedSize > 0) {
      if (
        entry.compressedSize === 0 ||
        entry.uncompressedSize / entry.compressedSize > XLSX_LIMITS.maxRatio
      ) {
        throw bomb(`compression ratio of ${entry.name}`);
      }
    }
  }
}

/**
 * Where the data of an entry starts, from its local header (whose name and extra field lengths may differ from
 * the central directory's). Throws XlsxGuardError('not_xlsx') on a broken local header.
 */
async function entryDataStart(handle: FileHandle, entry: ZipEntry): Promise<number> {
  const header = Buffer.alloc(30);
  await handle.read(header, 0, 30, entry.localHeaderOffset);
  if (header.readUInt32LE(0) !== LOCAL_SIGNATURE) throw notXlsx('broken local header');
  return entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
}

/** Size of the chunks an entry is inflated into (zlib's default, 16 KiB, makes the guard take twice as long). */
const INFLATE_CHUNK = 256 * 1024;

const READ_CHUNK = 64 * 1024;

/** How much of an entry entryContent inflates ahead of its reader. */
const READ_AHEAD = 4 * INFLATE_CHUNK;

/**
 * `length` bytes of the file from `start`, in chunks. Read with the handle's own `read` rather than a read
 * stream per entry: each such stream leaves a listener on the shared handle (Node warns past ten entries).
 */
async function* byteRange(handle: FileHandle, start: number, length: number): AsyncGenerator<Buffer> {
  let position = start;
  let left = length;
  while (left > 0) {
    const buffer = Buffer.allocUnsafe(Math.min(left, READ_CHUNK));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
    if (bytesRead === 0) throw notXlsx('entry runs past the end of the file');
    position += bytesRead;
    left -= bytesRead;
    yield buffer.subarray(0, bytesRead);
  }
}

/**
 * The content of one entry of the zip open in `handle`, streamed: stored (method 0) or inflated (method 8).
 * For an entry readDeclaredXlsx has passed; its reader counts what it gets and stops at more than the entry
 * declares (inflatedBeyondDeclared), so it reads no more than checkDeclaredSizes allowed, realSizeRefusal having
 * passed or not.
 */
export async function entryContent(handle: FileHandle, entry: ZipEntry): Promise<Readable> {
  const dataStart = await entryDataStart(handle, entry);
  if (entry.method !== 0 && entry.method !== 8) throw notXlsx(`compression method ${entry.method}`);
  if (entry.compressedSize === 0) return Readable.from([]);
  const source = Readable.from(byteRange(handle, dataStart, entry.compressedSize));
  if (entry.method === 0) return source;
  // Up to READ_AHEAD inflated while the reader parses what it has (zlib works off the main thread).
  const options: ZlibOptions & TransformOptions = {
    chunkSize: INFLATE_CHUNK,
    readableHighWaterMark: READ_AHEAD,
  };
  const inflate = createInflateRaw(options);
  source.on('error', (error) => inflate.destroy(error));
  return source.pipe(inflate);
}

/**
 * Inflates the entries once, counting bytes and keeping none, so a central directory that understates sizes cannot
 * slip a bomb past checkDeclaredSizes. Answers the refusal and the entry refused (the first of `entries` that
 * inflates beyond what it declares, or does not inflate; the later ones unread); null when they all pass. Errors
 * other than refusals (reading the file) are thrown.
 */
export async function realSizeRefusal(
  path: string,
  entries: ZipEntry[],
): Promise<{ entry: ZipEntry; error: XlsxGuardError } | null> {
  const handle = await open(path, 'r');
  try {
    for (const entry of entries) {
      try {
        await checkRealSize(handle, entry);
      } catch (error) {
        if (error instanceof XlsxGuardError) return { entry, error };
        throw error;
      }
    }
    return null;
  } finally {
    await handle.close();
  }
}

async function checkRealSize(handle: FileHandle, entry: ZipEntry): Promise<void> {
  if (entry.compressedSize === 0) return;
  const dataStart = await entryDataStart(handle, entry);
  if (entry.method === 0) {
    if (entry.compressedSize !== entry.uncompressedSize) throw notXlsx('stored entry size mismatch');
    return;
  }
  if (entry.method !== 8) throw notXlsx(`compression method ${entry.method}`);
  const source = Readable.from(byteRange(handle, dataStart, entry.compressedSize));
  const inflate = createInflateRaw({ chunkSize: INFLATE_CHUNK });
  let inflated = 0;
  await new Promise<void>((resolve, reject) => {
    const fail = (error: Error) => {
      source.unpipe(inflate);
      source.destroy();
      inflate.destroy();
      reject(error);
    };
    inflate.on('data', (chunk: Buffer) => {
      inflated += chunk.length;
      if (inflated > entry.uncompressedSize) fail(inflatedBeyondDeclared(entry));
    });
    inflate.on('end', resolve);
    inflate.on('error', () => fail(notXlsx(`${entry.name} does not inflate`)));
    source.on('error', fail);
    source.pipe(inflate);
  });
}

const REQUIRED_ENTRIES = ['[Content_Types].xml', 'xl/workbook.xml'];

/**
 * The entries of the file at `path` when its container is an .xlsx's and what it declares is within
 * XLSX_LIMITS: zip magic, a readable central directory holding [Content_Types].xml and xl/workbook.xml,
 * declared sizes and ratios within the limits (realSizeRefusal then checks that no entry inflates beyond its
 * declared size). Throws XlsxGuardError.
 */
export async function readDeclaredXlsx(path: string): Promise<ZipEntry[]> {
  const entries = await readZipDirectory(path);
  const names = new Set(entries.map((entry) => entry.name));
  for (const required of REQUIRED_ENTRIES) {
    if (!names.has(required)) throw notXlsx(`no ${required}`);
  }
  checkDeclaredSizes(entries);
  return entries;
}

/** An entry that inflates beyond its declared size, found while reading it (see entryContent). */
export function inflatedBeyondDeclared(entry: ZipEntry): XlsxGuardError {
  return bomb(`${entry.name} inflates beyond its declared size`);
}
